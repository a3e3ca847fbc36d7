"""tests/classgame: the class game (classroom/: the lesson, its tables and its server; scenes/classroom/: its screens): the room, the server and its limits, phones without a browser, the projector.

Tier: fast; a test that plays whole games or starts servers is marked ``slow`` itself."""

from tests.support.tiers import FAST, folder_tier

pytest_collection_modifyitems = folder_tier(__file__, FAST)
