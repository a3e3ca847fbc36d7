"""Make the one-folder build a teacher without Python starts with a double click.

    pip install -r requirements-build.txt
    python tools/build_app.py                 # dist/6takes/ and dist/6takes-<system>-<machine>.zip

The folder holds the executable ``6takes`` (``6takes.exe`` on Windows) and everything it needs:
the Python runtime, pygame, the digit sprites, the translations and the phone page.  The app
finds those through :func:`game.resources.resource`, so it starts from any folder.  Run the same
command on Windows or macOS to build for that system (PyInstaller builds for the system it runs
on).  ``--help`` lists the options.

PyInstaller empties ``<dist>/6takes/`` and ``<work>/6takes/`` before it writes them.  So the build
writes only into a folder it made or one holding an earlier build of its own (the file
``.6takes-build`` it leaves in each); any other ``--dist`` or ``--work`` (one holding files, a file,
a loop of links) is refused in one line before anything is touched.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import sys
import time
from pathlib import Path
from typing import NoReturn

PROJECT = Path(__file__).resolve().parent.parent
NAME = "6takes"
DATA_FOLDERS = ("sprites", "web", "locale")
"""The app's own files that are not Python: found at run time through ``resource()``."""
PACKAGES = ("game", "bots", "lab", "tournament", "cluster", "classroom", "live", "store", "cli", "scenes")
"""The app's packages: every module is bundled, also those imported only by name."""
RUNTIME_DISTRIBUTIONS = ("pygame-ce", "aiohttp", "segno", "psutil", "choix")
FONT_PACKAGE = "fontpkg_fira_sans_condensed"
"""The typeface's package: its font files are data, collected whole (with their licence)."""
CHART_PACKAGE = "pygal"
"""The lesson report's charts: pygal reads its style sheets (data files) as it draws."""
"""The runtime requirements (``requirements.txt``) whose top-level compiled modules PyInstaller's
import scan cannot see (a mypyc-compiled helper has a hashed name)."""
LEFT_OUT = ("tkinter", "pytest", "hypothesis", "selenium", "mypy", "ruff", "PyInstaller", "babel",
            "distributed", "dask")
"""Installed beside the app for development, never imported by it at run time - and Dask, which only
``--cluster`` needs (a university's cluster runs from a checkout, not from a teacher's build)."""


MARKER = ".6takes-build"
"""The file the build leaves in ``--dist`` and ``--work``: a folder holding it is the build's own,
which a later build may empty and remake."""
MARKER_TEXT = "A build of 6 Takes! made by tools/build_app.py, which empties and remakes this folder.\n"
PROG = "build_app.py"


class OneLineErrorParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


class FolderRefused(Exception):
    """A ``--dist`` or ``--work`` folder the build may not write into; the message says why."""


def folder_argument(text: str) -> Path:
    """An argument type: a folder's path; an empty one (a shell variable not set) is refused, not
    read as the current folder."""
    if not text:
        raise argparse.ArgumentTypeError("expected a folder, not an empty text")
    return Path(text)


def parse_arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = OneLineErrorParser(
        prog="tools/build_app.py",
        description="Make the one-folder build of the app (dist/6takes/) and a .zip of it.",
        epilog=f"--dist and --work must be new or empty folders, or hold an earlier build (its {MARKER} file): "
               "the build replaces what it made there before.")
    parser.add_argument("--dist", type=folder_argument, default=PROJECT / "dist",
                        help="the folder that gets 6takes/ and the .zip (default: dist/)")
    parser.add_argument("--work", type=folder_argument, default=PROJECT / "build",
                        help="PyInstaller's working folder (default: build/)")
    parser.add_argument("--no-zip", action="store_true", help="make the folder only")
    return parser.parse_args(argv)


def shown(path: Path) -> str:
    """``path`` on one line: as it is, or quoted with escapes if it holds a line break."""
    text = str(path)
    return text if text.isprintable() else repr(text)


def holds_marker(folder: Path) -> bool:
    """Whether ``folder`` holds an earlier build's marker (a regular file, not a link to one)."""
    marker = folder / MARKER
    return not marker.is_symlink() and marker.is_file()


def checked_folder(flag: str, given: Path) -> Path:
    """``given`` (the value of ``flag``) resolved, if the build may write into it: a folder not there
    yet, an empty one, or one holding :data:`MARKER`.  :class:`FolderRefused` otherwise."""
    try:
        folder = given.resolve()
        entries = sorted(os.listdir(folder))
    except FileNotFoundError:
        return folder
    except NotADirectoryError:
        raise FolderRefused(f"{flag} {shown(given)}: not a folder") from None
    except RuntimeError:  # a loop of symbolic links, before Python 3.13
        raise FolderRefused(f"{flag} {shown(given)}: a loop of symbolic links") from None
    except OSError as problem:  # a loop of symbolic links since Python 3.13, a folder that cannot be read
        raise FolderRefused(f"{flag} {shown(given)}: {problem.strerror or problem}") from None
    if entries and not holds_marker(folder):
        listed = ", ".join(shown(Path(entry)) for entry in entries[:3]) + (", ..." if len(entries) > 3 else "")
        raise FolderRefused(f"{flag} {shown(given)}: it holds files ({listed}) but no earlier build (no {MARKER} "
                            "file): choose a new or empty folder")
    return folder


def checked_folders(dist: Path, work: Path) -> tuple[Path, Path]:
    """``--dist`` and ``--work`` resolved, if the build may write into both, and neither is a
    folder the other's build empties; :class:`FolderRefused` otherwise."""
    dist_folder, work_folder = checked_folder("--dist", dist), checked_folder("--work", work)
    if dist_folder == work_folder:
        raise FolderRefused("--dist and --work must be two folders, not one")
    for flag, inner, outer in (("--work", work_folder, dist_folder), ("--dist", dist_folder, work_folder)):
        if inner.is_relative_to(outer / NAME):
            raise FolderRefused(f"{flag} {shown(inner)} is inside {shown(outer / NAME)}, which the build empties")
    return dist_folder, work_folder


def make_own(folder: Path) -> None:
    """Make ``folder`` if need be and mark it as the build's own."""
    folder.mkdir(parents=True, exist_ok=True)
    if not holds_marker(folder):
        (folder / MARKER).write_text(MARKER_TEXT, encoding="utf-8")


def data_arguments() -> list[str]:
    """PyInstaller's ``--add-data`` for each data folder, kept at the same place in the build.
    Only the compiled catalogs of ``locale/`` are needed; the ``.po`` sources come along, small."""
    separator = ";" if sys.platform == "win32" else ":"
    return [f"--add-data={PROJECT / folder}{separator}{folder}" for folder in DATA_FOLDERS]


def top_level_compiled_modules() -> list[str]:
    """The top-level extension modules the runtime distributions install (``abc__mypyc``)."""
    from importlib.metadata import PackageNotFoundError, files  # noqa: PLC0415 - read only while building

    found = []
    for distribution in RUNTIME_DISTRIBUTIONS:
        try:
            listed = files(distribution) or []
        except PackageNotFoundError:
            continue
        for path in listed:
            if len(path.parts) == 1 and path.suffix in (".so", ".pyd"):
                found.append(path.name.partition(".")[0])
    return found


def pyinstaller_arguments(dist: Path, work: Path) -> list[str]:
    arguments = [
        str(PROJECT / "main.py"), f"--name={NAME}", "--onedir", "--noconfirm", "--clean",
        "--console",  # the commands print; the menu opens its own window
        f"--distpath={dist}", f"--workpath={work}", f"--specpath={work}",
        f"--paths={PROJECT}", "--log-level=WARN",
        *data_arguments(),
    ]
    arguments += [f"--collect-submodules={package}" for package in PACKAGES]
    arguments += [f"--collect-data={FONT_PACKAGE}", f"--hidden-import={FONT_PACKAGE}"]
    arguments += [f"--collect-data={CHART_PACKAGE}", f"--hidden-import={CHART_PACKAGE}"]
    arguments += [f"--hidden-import={module}" for module in top_level_compiled_modules()]
    arguments += [f"--exclude-module={module}" for module in LEFT_OUT]
    return arguments


def folder_size(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file() and not path.is_symlink())


def zip_name() -> str:
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform)
    return f"{NAME}-{system}-{platform.machine().lower()}"


def build(dist: Path, work: Path, make_zip: bool) -> int:
    """Build into ``dist`` and ``work`` (checked by :func:`checked_folders`); the exit code."""
    try:
        import PyInstaller.__main__ as pyinstaller  # noqa: PLC0415 - PyInstaller is a build requirement: without it one line says how to install it
    except ImportError:
        print(f"{PROG}: needs PyInstaller: pip install -r requirements-build.txt", file=sys.stderr)
        return 1
    make_own(dist)
    make_own(work)
    started = time.monotonic()
    try:
        pyinstaller.run(pyinstaller_arguments(dist, work))
    except SystemExit as stop:  # PyInstaller says why it stopped, and exits
        if stop.code not in (0, None):
            print(f"{PROG}: PyInstaller stopped (exit code {stop.code})", file=sys.stderr)
            return 1
    folder = dist / NAME
    executable = folder / (NAME + (".exe" if sys.platform == "win32" else ""))
    if not executable.is_file():
        print(f"{PROG}: PyInstaller made no {executable}", file=sys.stderr)
        return 1
    print(f"Built {folder} ({folder_size(folder) / 1e6:.0f} MB) in {time.monotonic() - started:.0f} s; "
          f"start it with {executable}")
    if make_zip:
        archive = shutil.make_archive(str(dist / zip_name()), "zip", root_dir=dist, base_dir=NAME)
        print(f"Zipped to {archive} ({Path(archive).stat().st_size / 1e6:.0f} MB)")
    return 0


def main(argv: list[str] | None = None) -> int:
    arguments = parse_arguments(argv)
    try:
        dist, work = checked_folders(arguments.dist, arguments.work)
    except FolderRefused as refused:
        print(f"{PROG}: error: {refused}; nothing was touched", file=sys.stderr)
        return 2
    try:
        return build(dist, work, not arguments.no_zip)
    except OSError as problem:
        where = shown(Path(problem.filename)) if problem.filename else ""
        print(f"{PROG}: error: {where}: {problem.strerror or problem}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
