"""A game being played, without pygame: what the screens and the class lesson both run.

* :mod:`.seats` - who sits where (a person, a phone, a computer player, a bot);
* :mod:`.session` - one table's game as it is played and shown, step by step
  (:class:`~.session.TableSession`), with :mod:`.thinker` - its computer players and bots
  deciding on worker threads;
* :mod:`.resume` and :mod:`.saving` - an unfinished game kept in the history and resumed, a
  finished one saved as a record;
* :mod:`.making` - puzzles made from computer games on a worker thread (the practice screen's,
  and a class's warm-up when none are stored).

No rule lives here: the engine (``game/``) makes every placement.
"""
