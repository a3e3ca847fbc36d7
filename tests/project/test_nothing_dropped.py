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

REWRITTEN = {
    "| `--seed S` | reproduce a deal; a seed you give": "docs/teaching.md's play options: a drawn seed is no longer "
                                                     "shown where the class reads (issue 41)",
    "The app needs `pygame-ce`": "docs/contributing.md's Dependencies, all but its last sentence ('Once .venv "
                                 "exists ... runs any of the commands below'), which is now in README.md's "
                                 "Quick start and docs/contributing.md's Set-up for developers",
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
