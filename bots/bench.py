"""Benching: a bot that fails its first answer in :data:`BENCH_AFTER` games in a row sits out
the rest of a run - a tournament, or ``simulate`` - its seat played at random, with a report
saying why, and its program not started again.  A bot that never answers would otherwise cost
its start-up and the wall-clock backstop in every game.

Which games a bot sits out depends only on the games before, in index order; the runs that play
games in parallel (worker processes, a cluster) hand each share out with the streaks known then,
and play it again when those turn out to be wrong (see :mod:`tournament.dispatch` and
:mod:`lab.simulate`), so the results never depend on who played what.
"""

from __future__ import annotations

from typing import Sequence

from game.i18n import N_, ngettext
from game.kinds import is_bot_kind, parse_bot_kind
from .failures import BENCHED, Disqualification, Sentence

BENCH_AFTER = 2
"""A bot that fails its first answer in this many of its games in a row is benched for the rest."""

BenchState = tuple[tuple[str, int, str], ...]
"""Each bot kind with a streak: ``(kind, first answers failed in a row (at most BENCH_AFTER),
the hint of the last failure)``, sorted: equal states play the same games."""


SITS_OUT_TOURNAMENT = N_("it failed its first answer in {count} games in a row, so it sits out the rest of the "
                         "tournament")
SITS_OUT_RUN = N_("it failed its first answer in {count} games in a row, so it sits out the rest of the run")


def bench_report(seat: int, kind: str, hint: str, sits_out: str = SITS_OUT_RUN) -> Disqualification:
    """Why a benched bot's seat played at random: it failed its first answer in too many games
    in a row (``sits_out``: of the run, or :data:`SITS_OUT_TOURNAMENT`); the hint of its last
    failure comes along."""
    parsed = parse_bot_kind(kind)
    return Disqualification(seat, parsed[0] if parsed else kind, 0, 0, BENCHED, Sentence(sits_out, count=BENCH_AFTER),
                            "", (), hint, first_answer=True)


class KindStreaks:
    """``simulate``'s streaks, by bot kind (every seat of a kind is that bot), game after game."""

    def __init__(self, state: BenchState = ()) -> None:
        self.streaks = {kind: (count, hint) for kind, count, hint in state}

    def benched(self, kind: str) -> bool:
        return self.streaks.get(kind, (0, ""))[0] >= BENCH_AFTER

    def seated(self, kinds: Sequence[str]) -> list[str]:
        """The kinds to start for a game: a benched bot's seat is a ``random`` player."""
        return ["random" if self.benched(kind) else kind for kind in kinds]

    def after_game(self, kinds: Sequence[str], reports: Sequence[Disqualification]) -> list[Disqualification]:
        """The game's reports with one for each benched seat; the streaks move on (a kind fails a game
        when one of its seats fails its first answer)."""
        benched = [bench_report(seat, kind, self.streaks[kind][1]) for seat, kind in enumerate(kinds)
                   if self.benched(kind)]
        failed = {kinds[report.seat]: report.hint for report in reports if report.first_answer}
        for kind in dict.fromkeys(kinds):
            if not is_bot_kind(kind) or self.benched(kind):
                continue
            if kind in failed:
                self.streaks[kind] = (self.streaks.get(kind, (0, ""))[0] + 1, failed[kind])
            else:
                self.streaks.pop(kind, None)
        return [*reports, *benched]

    def state(self) -> BenchState:
        return tuple(sorted((kind, count, hint) for kind, (count, hint) in self.streaks.items()))


def benched_line(name: str, kind: str, games: int) -> str:
    """The summary's last word on a bot benched for ``games`` games."""
    return ngettext("{name} ({kind}) failed its first answer in {count} games in a row, so it sat out the rest "
                    "of the run: its seat played at random in {games} game",
                    "{name} ({kind}) failed its first answer in {count} games in a row, so it sat out the rest "
                    "of the run: its seat played at random in {games} games", games).format(
        name=name, kind=kind, count=BENCH_AFTER, games=games)
