"""tests/web: the phone page (web/) in real headless Chromium windows at phone size.

Tier: slow - every test starts a browser and plays through the class server."""

from tests.support.tiers import SLOW, folder_tier

pytest_collection_modifyitems = folder_tier(__file__, SLOW)
