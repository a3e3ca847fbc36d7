"""The batched engine: many games advanced together as arrays, for the strategy lab and the playouts.

The reference engine (:mod:`game.engine`) plays one game, one placement at a time, keeping
everything a screen or a record shows.  Here thousands of games are at the same turn, every
array holds one value per game (games last), and a turn is a few hundred array operations
whatever the number of games.  It stands on numpy, so it is not part of the standard-library
core; the engine stays the referee (``tests/game/test_batch.py`` replays batched games
through it, placement by placement).

* :mod:`game.batch.games` - whole games of ``random`` and ``heuristic`` players, every
  preset and 2-10 players (``main.py simulate``);
* :mod:`game.batch.rollouts` - playouts to the end of a round for many options and sampled
  worlds (the ``mc`` player and the review);
* :mod:`game.batch.tables` - the rules on many tables at once;
* :mod:`game.batch.heuristic` - the ``heuristic`` player's choices, bit for bit;
* :mod:`game.batch.mersenne` and :mod:`game.batch.draws` - the deals of ``random.Random(seed)``
  and the ``random`` players' counter-based choices;
* :mod:`game.batch.sorting` and :mod:`game.batch.memory` - sorting and finding minima across
  games; keeping freed memory for the next temporary.
"""
