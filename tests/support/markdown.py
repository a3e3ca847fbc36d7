"""Reading the project's Markdown as GitHub shows it: headings and their anchors, links, blocks.

The documentation tests (every link resolves, nothing of the old README dropped) share this, so
both read a page the same way: text inside ``` fences is code, never a heading or a link."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

FENCE = "```"
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
LINK = re.compile(r"!?\[([^\]]*)\]\(([^)\s]*)[^)]*\)")
"""A link or an image: group 1 its text, group 2 its target (a title after the target is ignored)."""
INLINE_CODE = re.compile(r"`[^`]*`")
EXTERNAL = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|//)", re.IGNORECASE)


@dataclass(frozen=True)
class Line:
    """One line of a page, with its number (from 1) and whether it is inside a code fence."""

    number: int
    text: str
    in_code: bool


def lines(text: str) -> Iterator[Line]:
    """Every line, marking those inside ``` fences (the fence lines themselves count as code)."""
    in_code = False
    for number, line in enumerate(text.splitlines(), start=1):
        fence = line.lstrip().startswith(FENCE)
        yield Line(number, line, in_code or fence)
        if fence:
            in_code = not in_code


def headings(text: str) -> list[str]:
    """The text of every heading outside code, in order (a ``# comment`` in a code block is none)."""
    found = (HEADING.match(line.text) for line in lines(text) if not line.in_code)
    return [match.group(2) for match in found if match]


def github_slug(heading: str) -> str:
    """The anchor GitHub gives a heading: its plain text lower-cased, punctuation dropped, spaces as hyphens.

    Link targets and code marks go first (their text stays); then every character that is not a
    letter, a digit, ``_``, ``-`` or a space goes, and each space becomes one ``-``."""
    plain = LINK.sub(r"\1", heading).replace("`", "").lower()
    return re.sub(r"[^\w\- ]", "", plain).replace(" ", "-")


def anchors(text: str) -> set[str]:
    """Every anchor of a page: each heading's slug, a repeated one suffixed -1, -2... as GitHub does."""
    seen: dict[str, int] = {}
    result: set[str] = set()
    for heading in headings(text):
        slug = github_slug(heading)
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        result.add(slug if count == 0 else f"{slug}-{count}")
    return result


def prose(text: str) -> str:
    """The page with code blanked out (fenced blocks and `inline code`), line breaks kept where they were."""
    kept = "\n".join("" if line.in_code else line.text for line in lines(text))
    return INLINE_CODE.sub(lambda match: "\n" * match.group(0).count("\n"), kept)


def link_targets(text: str) -> Iterator[tuple[int, str]]:
    """(line number, target) of every link and image outside code; a link's text may wrap onto the next line."""
    page = prose(text)
    for match in LINK.finditer(page):
        yield page.count("\n", 0, match.start()) + 1, match.group(2)


def is_relative(target: str) -> bool:
    """A link into the project (a file, a file's anchor, an anchor of the same page), not a web address."""
    return bool(target) and not EXTERNAL.match(target)
