"""Bot tournaments for a class: many tables of four, ratings, a leaderboard.

* :mod:`.schedule` - who sits at each table: every pair of entrants meets
  about equally often, and every deal is played once per seat rotation
  (duplicate), so the luck of the cards cancels out.
* :mod:`.results` - the append-only results file that makes a tournament
  resumable: one line per finished game, keyed by its index.
* :mod:`.runner` - playing the games, in worker processes if asked.
* :mod:`.standings` - ratings (a Bradley-Terry model fitted with ``choix`` to all the games
  at once, so their order changes nothing), bootstrap intervals, mean place,
  mean penalty per round, wins, head-to-head, disqualifications.
* :mod:`.report` - the leaderboard as text, JSON and one self-contained HTML page;
  :mod:`.outputs` writes them to files.

``main.py tournament`` is :mod:`cli.tournament`.  Importing the package imports
nothing else: the command line is built without loading the rating library.
"""
