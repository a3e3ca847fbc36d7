"""Make the one-folder build a teacher without Python starts with a double click.

    pip install -r requirements-build.txt
    python tools/build_app.py                 # dist/6takes/ and dist/6takes-<system>-<machine>.zip

The folder holds the executable ``6takes`` (``6takes.exe`` on Windows) and everything it needs:
the Python runtime, pygame, the digit sprites, the translations and the phone page.  The app
finds those through :func:`game.resources.resource`, so it starts from any folder.  Run the same
command on Windows or macOS to build for that system (PyInstaller builds for the system it runs
on).  ``--help`` lists the options.
"""

from __future__ import annotations

import argparse
import platform
import shutil
import sys
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
NAME = "6takes"
DATA_FOLDERS = ("sprites", "web", "locale")
"""The app's own files that are not Python: found at run time through ``resource()``."""
PACKAGES = ("game", "cli", "scenes")
"""The app's packages: every module is bundled, also those imported only by name."""
RUNTIME_DISTRIBUTIONS = ("pygame-ce", "aiohttp", "segno", "psutil", "choix")
FONT_PACKAGE = "fontpkg_fira_sans_condensed"
"""The typeface's package: its font files are data, collected whole (with their licence)."""
"""The runtime requirements (``requirements.txt``) whose top-level compiled modules PyInstaller's
import scan cannot see (a mypyc-compiled helper has a hashed name)."""
LEFT_OUT = ("tkinter", "pytest", "hypothesis", "selenium", "mypy", "ruff", "PyInstaller", "babel",
            "distributed", "dask")
"""Installed beside the app for development, never imported by it at run time - and Dask, which only
``--cluster`` needs (a university's cluster runs from a checkout, not from a teacher's build)."""


def parse_arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="tools/build_app.py",
        description="Make the one-folder build of the app (dist/6takes/) and a .zip of it.")
    parser.add_argument("--dist", type=Path, default=PROJECT / "dist",
                        help="the folder that gets 6takes/ and the .zip (default: dist/)")
    parser.add_argument("--work", type=Path, default=PROJECT / "build",
                        help="PyInstaller's working folder (default: build/)")
    parser.add_argument("--no-zip", action="store_true", help="make the folder only")
    return parser.parse_args(argv)


def data_arguments() -> list[str]:
    """PyInstaller's ``--add-data`` for each data folder, kept at the same place in the build.
    Only the compiled catalogs of ``locale/`` are needed; the ``.po`` sources come along, small."""
    separator = ";" if sys.platform == "win32" else ":"
    return [f"--add-data={PROJECT / folder}{separator}{folder}" for folder in DATA_FOLDERS]


def top_level_compiled_modules() -> list[str]:
    """The top-level extension modules the runtime distributions install (``abc__mypyc``)."""
    from importlib.metadata import PackageNotFoundError, files

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
    arguments += [f"--hidden-import={module}" for module in top_level_compiled_modules()]
    arguments += [f"--exclude-module={module}" for module in LEFT_OUT]
    return arguments


def folder_size(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file() and not path.is_symlink())


def zip_name() -> str:
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform)
    return f"{NAME}-{system}-{platform.machine().lower()}"


def build(dist: Path, work: Path, make_zip: bool) -> int:
    try:
        import PyInstaller.__main__ as pyinstaller  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError:
        print("build_app.py: needs PyInstaller: pip install -r requirements-build.txt", file=sys.stderr)
        return 1
    started = time.monotonic()
    try:
        pyinstaller.run(pyinstaller_arguments(dist.resolve(), work.resolve()))
    except SystemExit as stop:  # PyInstaller says why it stopped, and exits
        if stop.code not in (0, None):
            print(f"build_app.py: PyInstaller stopped (exit code {stop.code})", file=sys.stderr)
            return 1
    folder = dist / NAME
    executable = folder / (NAME + (".exe" if sys.platform == "win32" else ""))
    if not executable.is_file():
        print(f"build_app.py: PyInstaller made no {executable}", file=sys.stderr)
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
        return build(arguments.dist, arguments.work, not arguments.no_zip)
    except OSError as problem:
        print(f"build_app.py: {problem.filename or ''}: {problem.strerror or problem}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("build_app.py: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
