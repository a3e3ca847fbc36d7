"""What the one-folder build (``tools/build_app.py``) needs at run time that a checkout does not.

A checkout starts its helper processes with the Python interpreter (``python -c CODE``).  In a
build, ``sys.executable`` is the app itself, so the app runs such a helper when it is started as
``6takes -c CODE ARGS...``: the code runs with ``sys.argv`` set as Python would set it.
"""

from __future__ import annotations

import sys
from typing import Sequence


def is_frozen() -> bool:
    """True in the one-folder build."""
    return bool(getattr(sys, "frozen", False))


def program_name() -> str:
    """How the user starts the app: ``6takes`` in a build, ``main.py`` in a checkout."""
    return "6takes" if is_frozen() else "main.py"


def run_helper_script(arguments: Sequence[str]) -> bool:
    """In a build, run ``-c CODE ARGS...`` as ``python -c`` would and return True; otherwise
    (or in a checkout, where ``-c`` is nobody's option) return False."""
    if not is_frozen() or len(arguments) < 2 or arguments[0] != "-c":
        return False
    code = arguments[1]
    sys.argv = ["-c", *arguments[2:]]
    exec(compile(code, "<helper>", "exec"), {"__name__": "__main__"})
    return True
