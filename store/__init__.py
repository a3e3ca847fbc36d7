"""What the app keeps in the data folder: the history of games (SQLite, :mod:`.history`) with its
puzzles, a class's students and lessons, games and rooms kept to be resumed, and the one checked,
atomic writer of every output file (:mod:`.outputs`)."""
