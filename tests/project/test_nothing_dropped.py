"""Splitting the README dropped nothing: every section, paragraph, table row and line of code of the
1,082-line README (kept as it was in tests/data/readme-before-the-split.md) is in README.md or a page
of docs/, word for word.

Whitespace and line breaks do not count, nor do link targets (a link into a section that moved now
names the section's new page).  The few paragraphs rewritten for the new pages are listed in
REWRITTEN with where their content went; the test checks each of them really is gone, so the list
stays true.  Rewriting another paragraph on purpose: add its first words to REWRITTEN."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from tests.conftest import PROJECT
from tests.support.markdown import FENCE, HEADING, headings

BEFORE = PROJECT / "tests" / "data" / "readme-before-the-split.md"
PAGES = [PROJECT / "README.md", *sorted((PROJECT / "docs").glob("*.md"))]
TABLE_RULE = re.compile(r"^\|(\s*:?-+:?\s*\|)+$")
LINK_TARGET = re.compile(r"\]\([^)]*\)")

SECTIONS = {
    "6 Takes! classroom simulator": "README.md",
    "Quick start": "README.md",
    "Without Python: the one-folder build": "README.md",
    "The rules": "docs/teaching.md",
    "Playing: the app": "docs/teaching.md",
    "Text is sized for a projector": "docs/teaching.md",
    "The worked example": "docs/teaching.md",
    "Replays": "docs/teaching.md",
    "The history of games": "docs/teaching.md",
    "Predict, then review": "docs/teaching.md",
    "Play with the whole class": "docs/teaching.md",
    "Every phone has a job: the class predicts": "docs/teaching.md",
    "Each student's review on their phone, the teacher's lesson report": "docs/teaching.md",
    "Every student playing: many tables": "docs/teaching.md",
    "Strategy lab: `simulate`": "docs/lab.md",
    "Computer players": "docs/lab.md",
    "Bots: write your own player": "docs/lab.md",
    "Tournaments for a class": "docs/lab.md",
    "A league on a cluster": "docs/lab.md",
    "Languages": "docs/teaching.md",
    "Project layout": "docs/contributing.md",
    "The engine in five lines": "docs/contributing.md",
}
"""Each section heading of the old README, and the page that has a section of the same name now.
Parts of three sections live elsewhere too: the developer half of Quick start (the test tiers,
the dependencies) in docs/contributing.md, the `review` command of Predict, then review in
docs/lab.md, and the translators' half of Languages in docs/contributing.md."""

ISSUE_45 = "docs/lab.md, rewritten with the figures measured on the batched engine (issue 45)"
REWRITTEN = {
    "The test command runs everything (about 5 minutes": "docs/contributing.md's The test tiers, with the times "
                                                          "measured now (the whole suite about 25 minutes)",
    "**A stopped class game goes on.**": "docs/teaching.md's same paragraph: a room of many tables is kept too, "
                                         "--resume --port, a damaged kept game set aside",
    "When every table is done, the projector shows the **class results**": "docs/teaching.md's same paragraph: a "
                                                                          "room of many tables is kept now",
    "[--tables auto|N] [--table-size N] [--shuffle]": "docs/teaching.md's class synopsis, with --students N",
    "With `--tables auto` (or **T** in the lobby)": "docs/teaching.md's Every student playing: many tables, with "
                                                    "--students N and the fair share of places",
    "The web server listens only while the lobby": "docs/teaching.md's paragraph of the same start: limits that "
                                                   "protect the computer, not count addresses (issue 40)",
    "| 40 connections, 5 snap games": "docs/teaching.md's class figures, measured again with a phone per address",
    "| 40 connections, 2 classic games": "docs/teaching.md's class figures, measured again with a phone per address",
    "| the same with all 40 simulated phones": "docs/teaching.md's class figures, measured again",
    "| 40 phones in a room of many tables": "docs/teaching.md's class figures, measured again",
    "| the projector's frame with the overview": "docs/teaching.md's class figures, measured again",
    "| memory (RSS) after each of 5 lessons": "docs/teaching.md's class figures, measured again",
    "The third line is slow because": "docs/teaching.md: 'The line with one process is slow because ...'",
    "| `--seed S` | reproduce a deal; a seed you give": "docs/teaching.md's play options: a drawn seed is no longer "
                                                     "shown where the class reads (issue 41)",
    "The rule, measured on every screen in all five languages": "docs/teaching.md's same paragraph: key hints "
                                                                "never under 14 px (issue 49)",
    "| `--names A,B,C,D` | one name per seat": "docs/teaching.md's play options: --names names the humans in every "
                                               "mode, or every seat (issue 49)",
    "**Review** (V on the results screen, F2": "docs/teaching.md's same paragraph: the sentence says its points are "
                                               "to the end of the round, and a row's why (issue 49)",
    "| `game/` | the rules engine at its top level": "docs/contributing.md's Project layout: game/ and the wings, "
                                                   "top-level packages named for their jobs (issue 52)",
    "The history also keeps the unfinished games the menu can resume": "docs/teaching.md's same paragraph, "
                                                                      "with store/unfinished.py (issue 52)",
    "Where the scheduler and workers share their cores": "docs/lab.md's same paragraph, with cluster/__init__.py "
                                                         "(issue 52)",
    "The app needs `pygame-ce`": "docs/contributing.md's Dependencies, all but its last sentence ('Once .venv "
                                 "exists ... runs any of the commands below'), which is now in README.md's "
                                 "Quick start and docs/contributing.md's Set-up for developers",
    # Issue 42 (docs/lab.md, docs/bot-protocol.md): the order hint for a failure at any question, bots that wait
    # for input, simulate's benching, every process counted, the cluster as documented, bad addresses.
    "With bots, the summary also says": "docs/lab.md's Strategy lab, with `benched` and simulate's benching",
    "A bot is a program, in any language": "docs/lab.md's Bots, the hint after a failure at any question",
    "| `--clock cpu\\|wall` |": "docs/lab.md's Tournaments table: a double-forked daemon counts, waiting for input",
    "**Start-up is free.**": "docs/lab.md's Tournaments: waiting for input, the game's questions probed",
    "Start a scheduler on one machine": "docs/lab.md's A league on a cluster: in the project's folder, no PYTHONPATH",
    "PYTHONPATH=/path/to/6takes dask worker": "docs/lab.md's A league on a cluster: `dask worker` as it comes",
    'python main.py tournament --bot ada="python3 bots/ada.py" ... --out league --cluster tcp://lab-server':
        "docs/lab.md's A league on a cluster: a tournament that runs as written",
    "On a SLURM cluster, `dask-jobqueue` starts": "docs/lab.md's A league on a cluster: its job script is tested",
    "It submits the jobs (each a worker": "docs/lab.md's A league on a cluster: dask-jobqueue's defaults",
    "`python bench/cluster.py --quiet-workers` starts": "docs/lab.md's A league on a cluster: the helpers are "
                                                       "plain child processes",
    "Measured with `python bench/ai.py` (classic rules, `mc` at 100 ms per":
        "docs/lab.md's Computer players: each figure with the load it was taken at (issue 50)",
    "Measured with `python bench/review_quality.py`":
        "docs/lab.md's Reviewing a game: the bench's description, now saying the review plays on the batched engine",
    "| mean loss per decision: `random` / `heuristic` / `mc` | 2.22": ISSUE_45,
    "| review of one seat of a 7-turn game | median 0.55 s": ISSUE_45,
    "When a student's game ends, their phone shows their **review**":
        "docs/teaching.md's section of the same name: the workers' lifecycle and priority, and a table of the "
        "figures measured on the batched engine (issue 45)",
    "Games are played, counted and written a chunk at a time":
        "docs/lab.md's Strategy lab and its new section The batched engine (issue 45)",
    "| `simulate --games 20000 --json` (4 `random`, snap) / minimal loop (49,500": ISSUE_45,
    "| the same with `--record FILE` | **0.43**": ISSUE_45,
    "| the engine's API alone (`Game` actions) / minimal loop | 0.33": ISSUE_45,
    "| `--jobs 2` / `--jobs 1`, `random`, 200,000 games": ISSUE_45,
    "| `--jobs 2` / `--jobs 1`, `mc --rollouts 24`, 400 games | **1.84**": ISSUE_45,
    "| peak memory at 10,000 / 1,000,000 / 10,000,000 games": ISSUE_45,
    "The `--jobs` speed-ups need two otherwise idle cores: with other programs": ISSUE_45,
    "* **`random`** - the assignment's":
        "docs/lab.md's Computer players: the same list, mc's search described on the batched engine",
    "| classic, `mc` vs 3 `random`, 250 games": ISSUE_45,
    "| snap, `mc` vs 3 `random`, 600 games: `mc`'s penalty per game | **2.64**": ISSUE_45,
    "| classic, duplicate `mc,heuristic,random,random`, 60 deals": ISSUE_45 + " (the row kept, as measured before)",
    "| classic, duplicate `heuristic,random,random,random`, 1000 deals: `heuristic` minus `random` per game":
        ISSUE_45,
    "| longest `mc` decision at 100 ms | 111 ms": ISSUE_45,
    "| `scenes/` | the app's screens, one folder each":
        "docs/contributing.md's layout table: the table's model moved to live/ and classroom/ (issue 52)",
}
"""The first words of each old block that is not word for word in the new pages, and where it went."""


def squeeze(text: str) -> str:
    """Text as compared: link targets emptied, every run of whitespace one space."""
    return " ".join(LINK_TARGET.sub("]()", text).split())


def blocks(text: str) -> Iterator[str]:
    """The units that must survive: each paragraph or list, each table row, each line of code."""
    paragraph: list[str] = []
    in_code = False
    for line in text.splitlines() + [""]:
        stripped = line.strip()
        if stripped.startswith(FENCE) or in_code or stripped.startswith("|") or not stripped or HEADING.match(line):
            if paragraph:
                yield " ".join(paragraph)
                paragraph = []
            if stripped.startswith(FENCE):
                in_code = not in_code
            elif (in_code or stripped.startswith("|")) and stripped and not TABLE_RULE.match(stripped):
                yield stripped
        else:
            paragraph.append(stripped)


def dropped(before: str, pages: list[str]) -> list[str]:
    """The blocks of ``before`` found in none of ``pages``."""
    now = squeeze("\n\n".join(pages))
    return [block for block in blocks(before) if squeeze(block) not in now]


def now_pages() -> list[str]:
    return [page.read_text() for page in PAGES]


def test_every_old_section_has_its_place() -> None:
    old = headings(BEFORE.read_text())
    assert sorted(old) == sorted(SECTIONS), "a heading of the old README is missing from SECTIONS (or listed twice)"
    missing = [f"{name} (in {page})" for name, page in SECTIONS.items()
               if name not in headings((PROJECT / page).read_text())]
    assert missing == [], f"sections no longer where SECTIONS says: {missing}"


def test_every_paragraph_table_row_and_code_line_is_kept() -> None:
    lost = [block for block in dropped(BEFORE.read_text(), now_pages()) if not block.startswith(tuple(REWRITTEN))]
    assert lost == [], "text of the old README found in no page (rewritten on purpose? list it in REWRITTEN):\n" \
        + "\n\n".join(lost)


@pytest.mark.parametrize("start", REWRITTEN)
def test_each_rewritten_block_is_really_rewritten(start: str) -> None:
    """An entry of REWRITTEN whose block is back word for word is stale: remove it."""
    gone = [block for block in dropped(BEFORE.read_text(), now_pages()) if block.startswith(start)]
    assert len(gone) == 1, f"REWRITTEN lists {start!r}, but no such block is missing"


def test_a_dropped_paragraph_row_or_line_is_caught() -> None:
    """The check can fail: lose a sentence, a table row or a line of code, and it names the block."""
    page = "Some text\nthat wraps.\n\n| a | b |\n| --- | --- |\n| 1 | [x](#y) |\n\n```\ncode line\n```\n"
    assert dropped(page, ["Some text that wraps.\n| a | b |\n| 1 | [x](other.md#y) |\ncode line"]) == []
    assert dropped(page, ["Some text\n| a | b |\n| 1 | x |\ncode line"]) == ["Some text that wraps.", "| 1 | [x](#y) |"]
    assert dropped(page, ["Some text that wraps. | a | b | | 1 | [x]() |"]) == ["code line"]
