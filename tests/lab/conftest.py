"""tests/lab: the strategy lab (lab/, main.py simulate).

Tier: fast; a test that plays whole games or starts servers is marked ``slow`` itself."""

from tests.support.tiers import FAST, folder_tier

pytest_collection_modifyitems = folder_tier(__file__, FAST)
