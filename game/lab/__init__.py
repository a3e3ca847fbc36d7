"""The strategy lab's machinery: ``main.py simulate`` at the speed of the machine.

* :mod:`game.lab.batched` - chunks of ``random`` and ``heuristic`` players' games on
  the batched engine (:mod:`game.batch`), thousands at once;
* :mod:`game.lab.text` - records written as JSON text directly;
* :mod:`game.lab.totals` - running totals and the summary (nothing per game kept);
* :mod:`game.lab.runner` - chunks of games, made as they are needed, played in
  this process or by workers fed a few chunks at a time, put back in order;
* :mod:`game.lab.records` - the records file: refused if it holds records
  (unless appending or overwriting), written a chunk at a time, cut back to
  the last whole record if a write fails.

:mod:`game.lab.simulate` runs a whole run on top of it; :mod:`cli.simulate` is its command line.
"""
