"""The class game, without pygame: students' phones play seats of a projected game.

The lesson runtime:

* :mod:`.lesson` - one class room from its lobby (and warm-up, :mod:`.class_warmup`) to its last
  deal, pumped by the app every frame whatever screen is on top, and pacing every table no
  screen steps (:mod:`.class_pace`);
* :mod:`.class_session` - one table's class game (a :class:`live.session.TableSession` whose
  student seats answer from phones), with :mod:`.class_views` (what each phone is shown),
  :mod:`.class_predicting` (the class's predictions), :mod:`.class_learning` (reviews and the
  lesson report), :mod:`.class_away` (a phone gone mid-game);
* :mod:`.class_room` - a room of many tables, each a class session behind its door, and
  :mod:`.kept_rooms` - such a room kept and resumed; :mod:`.class_settings` - how a room opens.

The network side:

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
