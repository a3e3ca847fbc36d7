"""Where the app keeps its history: the user's data folder, per platform.

Every game finished in the app is saved in the history database there
(unless ``--record`` names a JSON Lines file instead), and the scoreboard
reads it back.  ``games.jsonl``, the records file of earlier versions, is
imported into the history once and left in place.  The environment variable
``SIXTAKES_DATA_DIR`` overrides the folder (tests use it).  It should be on a
local disk: SQLite's write-ahead log is not safe on a network drive shared by
several computers.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP_FOLDER = "6takes"
RECORDS_FILE = "games.jsonl"
"""The records file of earlier versions (imported into the history once)."""
HISTORY_FILE = "history.sqlite3"
DATA_DIR_VARIABLE = "SIXTAKES_DATA_DIR"


def data_dir() -> Path:
    """The app's data folder (not created here)."""
    override = os.environ.get(DATA_DIR_VARIABLE)
    if override:
        return Path(override)
    home = Path.home()
    if sys.platform.startswith("win"):
        base = os.environ.get("APPDATA")
        return (Path(base) if base else home / "AppData" / "Roaming") / APP_FOLDER
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / APP_FOLDER
    xdg = os.environ.get("XDG_DATA_HOME")
    return (Path(xdg) if xdg else home / ".local" / "share") / APP_FOLDER


def default_records_path() -> Path:
    """The records file earlier versions appended every finished game to."""
    return data_dir() / RECORDS_FILE


def default_history_path() -> Path:
    """The history database every finished game in the app is saved in."""
    return data_dir() / HISTORY_FILE
