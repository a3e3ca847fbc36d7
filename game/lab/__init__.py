"""The strategy lab's machinery: ``main.py simulate`` at the speed of the machine.

* :mod:`game.lab.fastgame` - games of ``random`` players on a compact table,
  card for card the engine's games;
* :mod:`game.lab.text` - records written as JSON text directly;
* :mod:`game.lab.totals` - running totals and the summary (nothing per game kept);
* :mod:`game.lab.runner` - chunks of games, in this process or in a pool of
  workers fed a few chunks at a time, results put back in order.

:mod:`game.simulate` is the command line on top of it.
"""
