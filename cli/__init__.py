"""The command line of ``main.py``: one module per command, each adding its parser and running it.

* :mod:`cli.arguments` - the parser class (one-line errors) and the argument types every command shares;
* :mod:`cli.commands` - the whole parser, and ``main``, which hands each command to its module;
* :mod:`cli.play`, :mod:`cli.replay` (and ``example``), :mod:`cli.classroom` - commands that open a window;
* :mod:`cli.history`, :mod:`cli.simulate`, :mod:`cli.tournament`, :mod:`cli.review` - commands that print;
* :mod:`cli.progress` - the progress bar of long runs, on stderr.

This layer sits above ``game/`` and ``scenes/``: it turns flags into checked values and calls the
runners of ``game/`` or the app of ``scenes/``; neither of those ever imports it.  Parsers are built
on every run, so a command's heavy modules load only when it runs.
"""
