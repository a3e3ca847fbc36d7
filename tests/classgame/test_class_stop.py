"""Every stop is prompt and keeps everything (issue 38, items 2-4): the app stopped at the class
results while 12 students' reviews are being made exits without waiting for them - what it
leaves missing is made again by ``main.py lessons report latest``, whose report then has every
student's review - and the review workers end with the app, ``kill -9`` included.

The reviews are made slow on purpose (``--review-rollouts``, 100,000 sampled deals per
decision: many minutes of work), so an app that waited for them would never exit: every wait here is on
an event (a message, a process's end), with a deadline only a hang reaches."""

from __future__ import annotations

import csv
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from classroom.lesson_book import LessonBook
from store.history import open_history
from store.lessons import lessons
from tests.conftest import PROJECT, needs
from tests.support.waiting import eventually
from test_class_resume import in_background, start, wait_for
from test_class_room_resume import NAMES, RoomPhone

pytestmark = [needs("aiohttp"), needs("pygame"), needs("psutil"), pytest.mark.slow]

SLOW_REVIEWS = ["--review-rollouts", "100000"]


class ReviewedPhone(RoomPhone):
    """A phone that plays every turn and keeps its review's progress messages."""

    def __init__(self, name: str, address: str) -> None:
        super().__init__(name, address)
        self.go_on = True
        self.reviews: list[dict[str, Any]] = []

    async def _receive(self, ws: aiohttp.ClientWebSocketResponse, data: dict[str, Any]) -> None:
        if data["type"] == "review":
            self.reviews.append(data)
            return
        await super()._receive(ws, data)

    def done(self) -> bool:
        return False  # (listens until the app closes its socket)


def a_lesson_at_its_results(tmp_path: Path) -> tuple[subprocess.Popen[str], list[ReviewedPhone], Any]:
    """12 students at 3 tables played their game; the class results are on the projector and
    every student's review is being made (each phone was told so)."""
    phones = [ReviewedPhone(name, f"127.0.0.{40 + index}") for index, name in enumerate(NAMES)]
    app, port = start(["--port", "0", "--code", "TEST", "--tables", "3", "--start-at", "12", "--step-delay", "0",
                       "--no-predict", *SLOW_REVIEWS], tmp_path)
    playing = in_background(phones, port)  # type: ignore[arg-type]
    wait_for(lambda: all(phone.over() and phone.reviews for phone in phones), app, seconds=240)
    return app, phones, playing


def review_workers(app: subprocess.Popen[str]) -> list[Any]:
    import psutil

    return [child for child in psutil.Process(app.pid).children(recursive=True) if "python" in child.name()]


def gone(processes: list[Any]) -> bool:
    import psutil

    def ended(process: Any) -> bool:
        try:
            return process.status() == psutil.STATUS_ZOMBIE
        except psutil.NoSuchProcess:
            return True
    return all(ended(process) for process in processes)


def test_a_stop_at_the_class_results_does_not_wait_for_the_reviews_and_lessons_report_makes_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SIXTAKES_DATA_DIR", str(tmp_path))  # (the app's data folder: its history)
    app, phones, playing = a_lesson_at_its_results(tmp_path)
    try:
        workers = review_workers(app)
        assert workers, "the reviews are being made in worker processes"
        app.send_signal(signal.SIGTERM)
        _, err = app.communicate(timeout=120)  # (the reviews would take hours)
        playing.join(60)
    finally:
        if app.poll() is None:
            app.kill()
            app.communicate()
    assert app.returncode == 143, err
    assert not any(review.get("ready") for phone in phones for review in phone.reviews), "no review was waited for"
    eventually(lambda: gone(workers), seconds=60, what="the review workers end with the app")

    with open_history(tmp_path / "history.sqlite3", import_legacy=False) as history:
        [lesson] = lessons(history)
    book = LessonBook.reopen(lesson.number)
    assert book is not None and len(book.games) == 3 and len(book.missing_reviews()) == 12
    assert Path(lesson.report).exists(), "the report was written at the stop"

    report = subprocess.run([sys.executable, str(PROJECT / "main.py"), "lessons", "report", "latest"], cwd=PROJECT,
                            capture_output=True, text=True, timeout=1200)
    assert report.returncode == 0, report.stderr
    assert "12 reviews made" in report.stdout
    rows = list(csv.reader(Path(lesson.report).with_suffix(".csv").open(encoding="utf-8")))[1:]
    assert sorted(row[1] for row in rows) == sorted(NAMES) and all(row[7] for row in rows), "every student's review"


def test_after_kill_9_the_review_workers_are_gone(tmp_path: Path) -> None:
    app, _phones, playing = a_lesson_at_its_results(tmp_path)
    try:
        workers = review_workers(app)
        assert workers
        app.send_signal(signal.SIGKILL)
        app.communicate(timeout=60)
        playing.join(60)
    finally:
        if app.poll() is None:
            app.kill()
            app.communicate()
    eventually(lambda: gone(workers), seconds=60, what="the review workers end when the app is killed")
