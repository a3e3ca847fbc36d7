"""The strategy lab's machinery: ``main.py simulate`` at the speed of the machine.

* :mod:`lab.batched` - chunks of ``random`` and ``heuristic`` players' games on
  the batched engine (:mod:`game.batch`), thousands at once;
* :mod:`lab.text` - records written as JSON text directly;
* :mod:`lab.totals` - running totals and the summary (nothing per game kept);
* :mod:`lab.runner` - chunks of games, made as they are needed, played in
  this process or by workers fed a few chunks at a time, put back in order;
* :mod:`lab.records` - the records file: refused if it holds records
  (unless appending or overwriting), written a chunk at a time, cut back to
  the last whole record if a write fails.

:mod:`lab.simulate` runs a whole run on top of it; :mod:`cli.simulate` is its command line.
"""
