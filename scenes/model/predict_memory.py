"""What the app remembers of predict mode (key P) from one table to the next: whether it is on,
and each game's tally of predictions, which its results screen shows.

Pure Python (no pygame).  The app holds one (:attr:`scenes.base.AppContext.predicting`); a game's
tally lives as long as the game does.
"""

from __future__ import annotations

import weakref

from game.predict import Tally


class PredictMemory:
    """Predict mode as last chosen, and the tally of each game still shown somewhere."""

    def __init__(self) -> None:
        self.on = False
        """Predict mode as last chosen: the next table keeps it."""
        self._tallies: weakref.WeakKeyDictionary[object, Tally] = weakref.WeakKeyDictionary()

    def tally_of(self, game: object) -> Tally | None:
        """The predictions made during ``game`` (``None``: predict mode was never used in it)."""
        return self._tallies.get(game)

    def tally_for(self, game: object) -> Tally:
        """The tally of ``game``'s predictions, begun now if none was."""
        tally = self._tallies.get(game)
        if tally is None:
            tally = self._tallies[game] = Tally()
        return tally
