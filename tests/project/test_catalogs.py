"""The catalogs under locale/ are complete: every text the code marks is translated in every
language, none is fuzzy or stale, placeholders match, and each compiled .mo is its .po.

A newcomer who adds or changes a text sees this test fail until the catalogs are updated
("Translations: the catalogs" in docs/contributing.md says how)."""

from __future__ import annotations

import gettext
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.i18n import DOMAIN, LANGUAGES, SOURCE_LANGUAGE
from tests.conftest import needs

pytestmark = needs("babel")

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "locale"
TRANSLATED = [code for code in LANGUAGES if code != SOURCE_LANGUAGE]
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """The messages the code marks today, extracted as ``pybabel extract`` does."""
    from babel.messages.pofile import read_po

    pot = tmp_path_factory.mktemp("pot") / f"{DOMAIN}.pot"
    subprocess.run([sys.executable, "-c", "import sys; from babel.messages.frontend import main; sys.exit(main())",
                    "extract", "-F", "locale/babel.cfg", "-o", str(pot), "."],
                   cwd=ROOT, check=True, capture_output=True, timeout=120)
    with open(pot, "rb") as file:
        return read_po(file)


def _catalog(code: str):  # type: ignore[no-untyped-def]
    from babel.messages.pofile import read_po

    with open(LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po", "rb") as file:
        return read_po(file, locale=code)


def _key(message) -> str | tuple[str, ...]:  # type: ignore[no-untyped-def]
    return message.id if isinstance(message.id, str) else tuple(message.id)


def test_the_extraction_finds_the_marked_texts(template) -> None:  # type: ignore[no-untyped-def]
    ids = {_key(message) for message in template if message.id}
    assert "Penalty points" in ids
    assert ("point", "points") in ids
    assert len(ids) > 25


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_text_is_translated_and_none_is_stale(code: str, template) -> None:  # type: ignore[no-untyped-def]
    catalog = _catalog(code)
    wanted = {_key(message) for message in template if message.id}
    have = {_key(message): message for message in catalog if message.id}
    assert sorted(map(str, wanted - have.keys())) == [], f"missing from locale/{code}: run pybabel update"
    assert sorted(map(str, have.keys() - wanted)) == [], f"stale in locale/{code}: no longer in the code"
    assert [str(key) for key, message in have.items() if message.fuzzy] == [], f"fuzzy in locale/{code}"
    assert not catalog.obsolete, f"obsolete entries (#~) left in locale/{code}"
    untranslated = [str(key) for key, message in have.items()
                    if not message.string or (isinstance(message.string, tuple) and not all(message.string))]
    assert untranslated == [], f"untranslated in locale/{code}"
    for key, message in have.items():
        sources = [key] if isinstance(key, str) else list(key)
        forms = [message.string] if isinstance(message.string, str) else list(message.string)
        expected = {tuple(sorted(PLACEHOLDER.findall(source))) for source in sources}
        for form in forms:
            assert tuple(sorted(PLACEHOLDER.findall(form))) in expected, (code, key, form)


def without_tool_version(catalog: dict[object, str]) -> dict[object, str]:
    """A compiled catalog less the version of the Babel that compiled it (its header's
    "Generated-By" line): a newer Babel compiles the same texts."""
    header = "\n".join(line for line in catalog.get("", "").split("\n") if not line.startswith("Generated-By:"))
    return {**catalog, "": header}


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_compiled_catalog_is_its_source(code: str) -> None:
    """The .mo the app loads says exactly what the .po says (run ``pybabel compile`` after an edit)."""
    from babel.messages.mofile import write_mo

    compiled = io.BytesIO()
    write_mo(compiled, _catalog(code))
    compiled.seek(0)
    fresh = gettext.GNUTranslations(compiled)
    with open(LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.mo", "rb") as file:
        committed = gettext.GNUTranslations(file)
    assert without_tool_version(committed._catalog) == without_tool_version(fresh._catalog)  # type: ignore[attr-defined]
    assert committed.plural(1) == fresh.plural(1) and committed.plural(2) == fresh.plural(2)  # type: ignore[attr-defined]


def test_a_message_missing_from_a_catalog_is_caught(tmp_path: Path, template) -> None:  # type: ignore[no-untyped-def]
    """The check above is not blind: drop one translated message and it is missing."""
    catalog = _catalog("de")
    first = next(message for message in catalog if message.id)
    del catalog[first.id]
    have = {_key(message) for message in catalog if message.id}
    assert _key(first) in {_key(message) for message in template if message.id} - have
