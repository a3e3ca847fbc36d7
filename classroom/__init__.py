"""The class mode's network side: students' phones play seats of a projected game.

* :mod:`.protocol` - every message to and from the phones, as typed values, with one version;
* :mod:`.room` - the seats, the join code, each seat's secret (pure, no I/O);
* :mod:`.observation` - what one phone may see, built from the engine's view;
* :mod:`.server` - the web server (aiohttp) that serves ``web/`` and talks to
  the phones over WebSockets, on its own thread and event loop: :mod:`.transport`,
  :mod:`.connections`, :mod:`.handlers` (one per message type), :mod:`.delivery`,
  and :mod:`.bridge`, where it meets the app's thread;
* :mod:`.simclient` - simulated phones, for the tests and ``bench/class_load.py``.

No rule lives here: the engine checks every card and row a phone sends.
"""
