"""tests/bots: external bot programs (bots/): the protocol, clocks, process trees, the arena's order; the bots themselves are in tests/support/bots/.

Tier: fast; a test that plays whole games or starts servers is marked ``slow`` itself."""

from tests.support.tiers import FAST, folder_tier

pytest_collection_modifyitems = folder_tier(__file__, FAST)
