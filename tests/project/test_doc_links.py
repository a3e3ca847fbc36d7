"""Every relative link in README.md and docs/*.md leads somewhere: the file exists, and an #anchor
names a heading of that page by GitHub's rules.  A section that moves breaks the links into it here,
not in a reader's browser."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote

import pytest

from tests.conftest import PROJECT
from tests.support.markdown import anchors, github_slug, is_relative, link_targets

PAGES = [PROJECT / "README.md", *sorted((PROJECT / "docs").glob("*.md"))]


def broken_link(page: Path, target: str) -> str | None:
    """Why a relative link of ``page`` leads nowhere, or None when it resolves."""
    path_part, _, anchor = target.partition("#")
    destination = (page.parent / unquote(path_part)).resolve() if path_part else page
    if not destination.is_relative_to(PROJECT):
        return f"{target} leaves the project"
    if not destination.exists():
        return f"{target}: no file {destination.relative_to(PROJECT)}"
    if anchor and (destination.suffix != ".md" or unquote(anchor) not in anchors(destination.read_text())):
        return f"{target}: no heading with the anchor #{anchor} in {destination.relative_to(PROJECT)}"
    return None


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(PROJECT)))
def test_every_relative_link_resolves(page: Path) -> None:
    links = [(number, target) for number, target in link_targets(page.read_text()) if is_relative(target)]
    broken = [f"line {number}: {why}" for number, target in links if (why := broken_link(page, target))]
    assert broken == [], f"{page.relative_to(PROJECT)} has links that lead nowhere:\n" + "\n".join(broken)


def test_the_readme_links_every_page_of_docs() -> None:
    """The README is the front door: every page of docs/ is reachable from it."""
    readme_targets = {target.partition("#")[0] for _, target in link_targets((PROJECT / "README.md").read_text())}
    unreachable = [page.name for page in PAGES[1:] if f"docs/{page.name}" not in readme_targets]
    assert unreachable == [], f"README.md links to none of: {unreachable}"


@pytest.mark.parametrize(("heading", "slug"), [
    ("Strategy lab: `simulate`", "strategy-lab-simulate"),
    ("Without Python: the one-folder build", "without-python-the-one-folder-build"),
    ("Predict, then review", "predict-then-review"),
    ("Each student's review on their phone, the teacher's lesson report",
     "each-students-review-on-their-phone-the-teachers-lesson-report"),
    ("A & B", "a--b"),
    ("Grüße_aus [Köln](x.md)", "grüße_aus-köln"),
])
def test_anchors_follow_githubs_rules(heading: str, slug: str) -> None:
    assert github_slug(heading) == slug


def test_a_broken_link_and_a_missing_anchor_are_caught() -> None:
    """The check itself can fail: a missing file, a missing heading, a heading only inside code."""
    page = PROJECT / "docs" / "lab.md"
    assert broken_link(page, "no-such-page.md") is not None
    assert broken_link(page, "teaching.md#no-such-heading") is not None
    in_code = "prints: scheduler: tcp://10.1.2.3:40123 ... ; then, in another terminal:"  # a comment in lab.md's code
    assert broken_link(page, "#" + github_slug(in_code)) is not None
    assert broken_link(page, "teaching.md#play-with-the-whole-class") is None
    assert broken_link(page, "../README.md#run-a-lesson-in-five-minutes") is None
