"""tests/tournament: tournaments and the cluster (tournament/, cluster/).

Tier: fast; a test that plays whole games or starts servers is marked ``slow`` itself."""

from tests.support.tiers import FAST, folder_tier

pytest_collection_modifyitems = folder_tier(__file__, FAST)
