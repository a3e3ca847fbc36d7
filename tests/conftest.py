"""Shared test set-up: import the project from its folder; run pygame headless."""

import atexit
import contextlib
import os
import shutil
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["LANGUAGE"] = "en"  # the app speaks the system's language: English in tests, whatever the machine's

# The app appends every finished game to the user's records file: never the
# real one from tests.  One temporary folder for the run, removed at the end.
if "SIXTAKES_DATA_DIR" not in os.environ:
    _DATA_DIR = tempfile.mkdtemp(prefix="sixtakes-tests-")
    os.environ["SIXTAKES_DATA_DIR"] = _DATA_DIR
    atexit.register(shutil.rmtree, _DATA_DIR, ignore_errors=True)

PROJECT = Path(__file__).resolve().parent.parent
if str(PROJECT) not in sys.path:
    sys.path.insert(0, str(PROJECT))

from bots import proctree  # noqa: E402 - after the path is set

proctree.subreaper_allowed = False  # pytest never adopts orphans (the bot tests that need it run a child)


import pytest  # noqa: E402 - after the environment above is set

from tests.support.tiers import mark_long  # noqa: E402 - after the path is set


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The long tier (tests/support/tiers.py): left out of the README's command, run by CI after it."""
    mark_long(items)


@pytest.fixture(autouse=True)
def english_again():  # type: ignore[no-untyped-def]
    """Each test starts in English, whatever language an earlier one switched to."""
    yield
    from game import i18n

    i18n.install(i18n.SOURCE_LANGUAGE, i18n.gettext.NullTranslations())


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every label rendered (through ``scenes.kit.theme.text``) while the test runs."""
    from scenes.kit import theme

    labels: list[str] = []
    real = theme.text

    def recording(label: str, size: int, colour: theme.Colour = theme.TEXT, bold: bool = False):  # type: ignore[no-untyped-def]
        labels.append(label)
        return real(label, size, colour, bold)

    monkeypatch.setattr(theme, "text", recording)
    return labels



@pytest.fixture(autouse=True)
def own_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test its own data folder: what one test saves (a game, the menu's names, the
    language) never shows in another."""
    monkeypatch.setenv("SIXTAKES_DATA_DIR", str(tmp_path_factory.mktemp("data")))


@pytest.fixture
def app_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """A fresh data folder (history, settings) for an app the test opens and leaves open."""
    from tests.support.app_helpers import close_app

    folder = tmp_path / "data"
    monkeypatch.setenv("SIXTAKES_DATA_DIR", str(folder))
    yield folder
    close_app()


# Packages requirements.txt installs for particular features (the screens, bot process trees,
# the class game, tournament ratings, the browser tests, the static checks).  Where one is missing
# (tests run in an environment without `pip install -r requirements.txt`), the tests that
# need it are skipped and say which package to install; with the requirements installed,
# as in CI, they all run.
FEATURE_PACKAGES = {"pygame", "psutil", "aiohttp", "segno", "choix", "numpy", "scipy", "distributed", "dask", "selenium",
                    "mypy", "ruff", "babel"}


def needs(package: str) -> pytest.MarkDecorator:
    """Skip a test (or, as ``pytestmark``, a module) that runs a subprocess needing ``package``."""
    import importlib.util

    return pytest.mark.skipif(importlib.util.find_spec(package) is None,
                              reason=f"needs {package}: pip install -r requirements.txt")


def _missing_feature_package(error: BaseException) -> str | None:
    name = getattr(error, "name", None)
    from bots.proctree import PackageMissing

    if isinstance(error, (ModuleNotFoundError, PackageMissing)) and name and name.split(".")[0] in FEATURE_PACKAGES:
        return name.split(".")[0]
    return None


@contextlib.contextmanager
def _skipping_when_a_feature_package_is_missing():  # type: ignore[no-untyped-def]
    """Turn the error of a missing feature package into a skip that names the package."""
    try:
        yield
    except (ModuleNotFoundError, ValueError) as error:
        package = _missing_feature_package(error)
        if package is not None:
            pytest.skip(f"needs {package}: pip install -r requirements.txt")
        raise


@pytest.hookimpl(wrapper=True)
def pytest_pyfunc_call(pyfuncitem):  # type: ignore[no-untyped-def]
    with _skipping_when_a_feature_package_is_missing():
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_fixture_setup(fixturedef, request):  # type: ignore[no-untyped-def]
    """A fixture that needs a missing feature package skips its tests, as the tests themselves do."""
    with _skipping_when_a_feature_package_is_missing():
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector):  # type: ignore[no-untyped-def]
    report = yield
    if report.failed and getattr(report, "longrepr", None) is not None:
        text = str(report.longrepr)
        for package in FEATURE_PACKAGES:
            if f"No module named '{package}'" in text:
                report.outcome = "skipped"
                report.longrepr = (str(collector.path), 0, f"needs {package}: pip install -r requirements.txt")
                break
    return report
