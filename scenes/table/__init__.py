"""The table screen, as a composition: :class:`TableScene` and the components it draws with.

One file per visible area, each drawing from a :class:`scenes.table.frame.Frame`:
``background`` (felt, boxes), ``top_bar`` (where we are, the game, "?"),
``past`` (the looking-back marker and frame), ``rows``, ``motion``,
``players`` (the seats), ``caption``, ``hand``, ``queue``, ``explain_panel``,
``buttons``, ``hints``, ``curtain`` and ``bot_details``.  ``source`` holds
the live game and the replay behind one protocol.
"""

from .frame import Frame, FrameInfo
from .motion import MOTION_SECONDS, Motion
from .cursor import DELAYS, AutoClock, History, Move, Tape
from .scene import TableScene
from scenes.table.stepping import shot_name
from .source import LiveSource, ReplaySource, TableSource
from .text import fit_text, wrap_text
from .top_bar import EXAMPLE_MODE

__all__ = ["DELAYS", "EXAMPLE_MODE", "MOTION_SECONDS", "AutoClock", "Frame", "FrameInfo", "History",
           "LiveSource", "Motion", "Move", "ReplaySource", "TableScene", "TableSource", "Tape", "fit_text",
           "shot_name", "wrap_text"]
