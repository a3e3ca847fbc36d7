"""What the app remembers between lessons: ``settings.json`` in the app's data folder.

One small JSON object: the menu's language, the names typed in the menu per mode, the class
game's room settings.  Reading never fails (a missing or damaged file is no settings); writing
replaces the file at once (written beside it, then renamed) and keeps the other keys.  No
pygame here: the command line reads it too.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from store.storage import data_dir

SETTINGS_FILE = "settings.json"


def settings_path() -> Path:
    return data_dir() / SETTINGS_FILE


def read_settings() -> dict[str, Any]:
    """Every saved setting (an empty dict when there is none, or the file is damaged)."""
    try:
        settings = json.loads(settings_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return settings if isinstance(settings, dict) else {}


def saved(key: str) -> Any:
    """The setting ``key``, or ``None``."""
    return read_settings().get(key)


def save(key: str, value: Any) -> bool:
    """Remember ``value`` under ``key`` (the other settings are kept); whether it was written
    (a data folder that cannot be written only means the setting is not remembered)."""
    settings = read_settings()
    settings[key] = value
    path = settings_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(".tmp")
        temporary.write_text(json.dumps(settings, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        os.replace(temporary, path)
    except OSError:
        return False
    return True
