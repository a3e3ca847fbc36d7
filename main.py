"""6 Takes! classroom simulator: the app, and the headless strategy lab.

    python main.py                 open the menu
    python main.py play ...        start a game directly (see --help)
    python main.py replay FILE     step through a recorded game
    python main.py history ...     export or import the app's history of games
    python main.py class ...       the whole class plays from their phones (see --help)
    python main.py example         step through the worked example of the rules
    python main.py simulate ...    play many computer games without a window
    python main.py review FILE     which choices of a recorded game cost points
    python main.py tournament ...  a bot tournament with ratings and a leaderboard

Each command lives in its own module of ``cli/`` (see ``cli/__init__.py``).  The one-folder
build (``tools/build_app.py``) starts here too, as ``6takes``.
"""

from __future__ import annotations

import multiprocessing
import sys

from cli.commands import main
from cli.frozen import run_helper_script

if __name__ == "__main__":
    # In a build, the worker processes of simulate and tournament start this program again,
    # and so does a bot's watchdog (``6takes -c CODE``).
    multiprocessing.freeze_support()
    if not run_helper_script(sys.argv[1:]):
        sys.exit(main())
