"""The standings written to files: ``standings.json`` and ``standings.html`` in the results
folder, and a leaderboard page wherever asked."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence

from store.outputs import write_text_atomically
from . import report
from .standings import Standing


def write_outputs(table: Sequence[Standing], info: dict[str, Any], folder: Path | None, html: Path | None) -> None:
    """Write the standings into ``folder`` and the page to ``html`` (each if given); ``OSError``
    naming the file that could not be written."""
    data = json.dumps(report.to_dict(table, info), indent=1) + "\n"
    page = report.page(table, info)
    if folder is not None:
        write_atomically(folder / "standings.json", data)
        write_atomically(folder / "standings.html", page)
    if html is not None:
        write_atomically(html, page)


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` as the whole of ``path`` (checked first: see :mod:`store.outputs`); ``OSError``
    naming ``path`` if it cannot be."""
    try:
        write_text_atomically(path, text)
    except OSError as problem:
        raise OSError(problem.errno, problem.strerror, str(path)) from None
