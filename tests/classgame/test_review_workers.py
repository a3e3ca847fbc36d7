"""The review workers never outlive the app and never hold it up (issue 38).

Reviews here are long on purpose (ten million sampled worlds a decision: minutes of work
each), and no test waits for one: each waits on the event it needs - a worker started, a
worker busy (its processor time), a process ended, a worker gone - and checks that no review
got done meanwhile.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap

import psutil
import pytest

from game import SNAP, Game, Phase
from classroom.reviews import ReviewService
from game.engine import RoundLog
from tests.conftest import PROJECT
from tests.support.waiting import eventually

LONG = 10**7
"""Sampled worlds per decision: no review ends while a test runs."""
BUSY_SECONDS = 1.5
"""Processor time after which a worker is surely reviewing (starting one takes well under a second)."""
PATIENCE = 900.0
"""Seconds to wait for a worker to get that much processor time: on a loaded machine a worker of
low priority gets little, and only a hang should reach this."""


def finished_game() -> list[RoundLog]:
    game = Game(SNAP, 4, 5)
    while not game.is_over:
        game.play_cards([hand[len(hand) // 2] for hand in game.hands])
        while game.phase in (Phase.PLACE_CARD, Phase.CHOOSE_ROW):
            if game.phase is Phase.CHOOSE_ROW:
                game.choose_row(game.awaiting_row_choice, 0)  # type: ignore[arg-type]
            else:
                game.place_next()
    return game.rounds


def gone(process: psutil.Process) -> bool:
    """Ended (a zombie nobody has waited for yet counts: it runs no more)."""
    try:
        return process.status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True


def busy(workers: list[psutil.Process]) -> bool:
    try:
        return all(sum(worker.cpu_times()[:2]) > BUSY_SECONDS for worker in workers)
    except psutil.NoSuchProcess:
        return False


def new_children(parent: psutil.Process, before: set[int], count: int) -> list[psutil.Process]:
    """``parent``'s worker processes not in ``before``, once there are ``count`` (multiprocessing's
    resource tracker, a child too, is left out)."""
    try:
        children = [child for child in parent.children() if child.pid not in before
                    and "resource_tracker" not in " ".join(child.cmdline())]
    except psutil.NoSuchProcess:
        return []
    return children if len(children) >= count else []


@pytest.mark.slow
def test_close_ends_the_workers_mid_review() -> None:
    me = psutil.Process()
    before = {child.pid for child in me.children()}
    service = ReviewService(workers=1, rollouts=LONG)
    try:
        [review] = service.review_game(SNAP, 4, 5, finished_game(), [("ana", 1)])
        workers = eventually(lambda: new_children(me, before, 1), what="the review worker")
        eventually(lambda: busy(workers), what="the worker busy reviewing", seconds=PATIENCE)
    finally:
        service.close()
    assert review.done == 0  # close() did not wait for a single decision
    assert all(gone(worker) for worker in workers)


APP = textwrap.dedent("""
    import sys
    sys.path.insert(0, sys.argv[2])
    import psutil
    from classroom.reviews import ReviewService
    from game.rules import SNAP
    from tests.classgame.test_review_workers import LONG, PATIENCE, busy, finished_game, new_children
    from tests.support.waiting import eventually

    service = ReviewService()
    service.rollouts = LONG
    service.review_game(SNAP, 4, 5, finished_game(), [("ana", 1), ("ben", 2)])
    workers = eventually(lambda: new_children(psutil.Process(), set(), 2))
    eventually(lambda: busy(workers[:2]), seconds=PATIENCE)
    print(" ".join(str(worker.pid) for worker in workers), flush=True)
    if sys.argv[1] == "wait":
        sys.stdin.read()  # until killed
""")
"""The app, as far as reviews go: long reviews queued in a lesson's pool, its two workers busy
(their ids printed); then it waits to be killed, or ends without closing the pool."""


def start_app(mode: str) -> tuple[subprocess.Popen[str], list[psutil.Process]]:
    """The app above, and its worker processes (with the pool's helpers, if any)."""
    app = subprocess.Popen([sys.executable, "-c", APP, mode, str(PROJECT)], cwd=PROJECT, stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, text=True)
    assert app.stdout is not None
    line = app.stdout.readline()
    assert line.strip(), "the app printed no workers"
    workers = []
    for pid in line.split():
        try:
            workers.append(psutil.Process(int(pid)))
        except psutil.NoSuchProcess:  # already ended: nothing to check
            pass
    return app, workers


@pytest.mark.slow
def test_the_workers_end_when_the_app_is_killed() -> None:
    app, workers = start_app("wait")
    try:
        os.kill(app.pid, signal.SIGKILL)
        app.wait()
        eventually(lambda: all(gone(worker) for worker in workers), what="the workers ending with the app")
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()


@pytest.mark.slow
def test_the_app_ends_without_waiting_for_reviews_it_never_closed() -> None:
    """The interpreter's exit terminates the pool: no review of minutes holds it up."""
    app, workers = start_app("end")
    try:
        eventually(lambda: app.poll() is not None, what="the app ending")
        assert app.returncode == 0
        eventually(lambda: all(gone(worker) for worker in workers), what="its workers ending")
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
