"""The results of a tournament's games, and the folder that makes it resumable.

``--out DIR`` holds two files:

* ``tournament.json`` - what the tournament is (entrants, rules, seed,
  player options), written once; a rerun with other entrants or rules in the
  same folder is refused rather than mixed in.
* ``results.jsonl`` - one line per finished game, appended (and flushed) as
  each game ends, keyed by the game's index.  A rerun reads it, skips the
  games already there and plays the rest; a torn last line (a killed
  process) is cut off first.  Games finish in any order with several
  workers; the standings always take them in index order.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, TextIO

from game.i18n import _
from store.outputs import check_output_file, write_text_atomically

FORMAT = "6takes-tournament/1"
SETTINGS_FILE = "tournament.json"
RESULTS_FILE = "results.jsonl"


class TournamentFolderError(ValueError):
    """The ``--out`` folder cannot be used for this tournament; the message says why."""


@dataclass(frozen=True)
class GameOutcome:
    """One finished game, as the standings need it."""

    index: int
    """The game's number in the schedule, from 0."""
    seats: tuple[int, ...]
    """The entrant in each seat (indices into the entrants)."""
    scores: tuple[int, ...]
    """Each seat's penalty total."""
    rounds: int
    winners: tuple[int, ...]
    """Seats with the lowest total."""
    disqualified: tuple[dict[str, Any], ...] = ()
    """Each disqualified bot's report (``Disqualification.to_dict()`` plus ``text``)."""

    def to_json(self) -> str:
        return json.dumps({"game": self.index, "seats": list(self.seats), "scores": list(self.scores),
                           "rounds": self.rounds, "winners": list(self.winners),
                           "disqualified": list(self.disqualified)}, separators=(",", ":"))

    @staticmethod
    def from_json(line: str) -> "GameOutcome":
        data = json.loads(line)
        return GameOutcome(int(data["game"]), tuple(data["seats"]), tuple(data["scores"]), int(data["rounds"]),
                           tuple(data["winners"]), tuple(data.get("disqualified", ())))


class ResultsStore:
    """Where finished games go: a folder (resumable) or, without one, memory."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.outcomes: dict[int, GameOutcome] = {}
        self._stream: TextIO | None = None

    def open(self, settings: dict[str, Any]) -> None:
        """Check (or write) the settings, read the games already played, open for appending.

        :class:`TournamentFolderError` if the folder holds another tournament or a
        results line that cannot be read (other than a torn last line).
        """
        if self.folder is None:
            return
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            self._check_settings(settings)
            path = self.folder / RESULTS_FILE
            check_output_file(path)
            if path.exists():
                self._read(path)
            self._stream = open(path, "a", encoding="utf-8", newline="\n")
        except OSError as error:
            raise TournamentFolderError(f"{self.folder}: {error.strerror or error}") from None

    def _check_settings(self, settings: dict[str, Any]) -> None:
        assert self.folder is not None
        path = self.folder / SETTINGS_FILE
        wanted = {"format": FORMAT, **settings}
        if not path.exists():
            if (self.folder / RESULTS_FILE).exists():
                raise TournamentFolderError(_("{folder} has {results} but no {settings}; use another --out folder")
                                            .format(folder=self.folder, results=RESULTS_FILE, settings=SETTINGS_FILE))
            write_text_atomically(path, json.dumps(wanted, indent=1) + "\n")
            return
        try:
            found = json.loads(path.read_text(encoding="utf-8"))
        except (ValueError, UnicodeDecodeError):
            raise TournamentFolderError(_("{path} is not readable; use another --out folder").format(
                path=path)) from None
        if found != wanted:
            what = next((key for key in wanted if found.get(key) != wanted[key]), "format")
            raise TournamentFolderError(
                _("{folder} holds another tournament (its {what} differs); rerun it with its own "
                  "arguments, or use another --out folder").format(folder=self.folder, what=what))

    def _read(self, path: Path) -> None:
        data = path.read_bytes()
        end = data.rfind(b"\n") + 1
        if end < len(data):  # a torn last line: the game it was saving is played again
            with open(path, "r+b") as stream:
                stream.truncate(end)
        for number, line in enumerate(data[:end].decode("utf-8", "replace").splitlines(), start=1):
            if not line.strip():
                continue
            try:
                outcome = GameOutcome.from_json(line)
            except (ValueError, KeyError, TypeError):
                raise TournamentFolderError(_("{path}, line {line}: not a game result; use another --out folder")
                                            .format(path=path, line=number)) from None
            self.outcomes.setdefault(outcome.index, outcome)

    def add(self, outcome: GameOutcome) -> None:
        """Keep a finished game, and append it to the results file in one flushed write."""
        if outcome.index in self.outcomes:
            return
        self.outcomes[outcome.index] = outcome
        if self._stream is not None:
            self._stream.write(outcome.to_json() + "\n")
            self._stream.flush()

    def in_order(self, games: int) -> list[GameOutcome]:
        """The finished games among the first ``games``, by index."""
        return [self.outcomes[i] for i in sorted(self.outcomes) if i < games]

    def missing(self, indices: Iterable[int]) -> list[int]:
        return [i for i in indices if i not in self.outcomes]

    def close(self) -> None:
        if self._stream is not None:
            self._stream.close()
            self._stream = None


def stored_seed(folder: Path | None) -> int | None:
    """The seed a tournament in ``folder`` was started with, if there is one."""
    if folder is None:
        return None
    try:
        seed = json.loads((folder / "tournament.json").read_text(encoding="utf-8")).get("seed")
    except (OSError, ValueError, AttributeError):
        return None
    return seed if isinstance(seed, int) else None
