"""The command line speaks the language ``--lang`` picks: every command's help, its usage errors
(one line on stderr, exit 2, no traceback) and its printed summaries, whose numbers stay those of
the English run.  Machine-readable output (JSON, records) stays English.

Commands run in subprocesses, as a user runs them; the expected words come from the catalogs."""

from __future__ import annotations

import json
import os
import pickle
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import needs
from game.i18n import LANGUAGES, SOURCE_LANGUAGE

pytestmark = pytest.mark.slow  # long: left out of the fast tier (-m "not slow")

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [code for code in LANGUAGES if code != SOURCE_LANGUAGE]
NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?")


def catalog(code: str):  # type: ignore[no-untyped-def]
    from scenes.model.language import translations

    return translations(code)


def run(tmp_path: Path, *argv: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SIXTAKES_DATA_DIR": str(tmp_path / "data"), "LANGUAGE": "en"}
    return subprocess.run([sys.executable, "main.py", *argv], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout, env=env)


def run_hiding(tmp_path: Path, hide: str, *argv: str) -> subprocess.CompletedProcess[str]:
    """``main.py *argv`` in a Python where the statement ``hide`` has made a package look missing."""
    source = f"{hide}; import sys; sys.argv = ['main.py', *{list(argv)!r}]; from cli.commands import main; sys.exit(main())"
    env = {**os.environ, "SIXTAKES_DATA_DIR": str(tmp_path / "data"), "LANGUAGE": "en"}
    return subprocess.run([sys.executable, "-c", source], cwd=ROOT, capture_output=True, text=True, timeout=60, env=env)


def flat(text: str) -> str:
    """``text`` with its line breaks and runs of spaces as single spaces (argparse wraps help)."""
    return " ".join(text.split())


def one_error_line(result: subprocess.CompletedProcess[str], code: int = 2) -> str:
    assert result.returncode == code, result
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_commands_help_is_in_the_language(code: str, tmp_path: Path) -> None:
    say = catalog(code).gettext
    expected = {
        "simulate": ["number of games (default 1000)", "print the summary as one JSON object"],
        "tournament": ["never show the progress bar", "print the standings as one JSON object"],
        "history": ["write every game of the history to FILE", "add the records of FILE to the history"],
        "review": ["a records file (format 6takes-record/1)"],
        "replay": ["start in fullscreen (F11 toggles)", "a records file (format 6takes-record/1)"],
        "example": ["start in fullscreen (F11 toggles)", "the classroom rules, one round of 7 turns"],
        "play": ["start in fullscreen (F11 toggles)", "reproduce a deal (shown on screen)"],
    }
    for command, texts in expected.items():
        result = run(tmp_path, command, "--lang", code, "--help")
        assert result.returncode == 0, result
        shown = flat(result.stdout)
        assert shown.startswith(say("usage: ").strip()), (command, shown[:40])
        assert flat(say("show this help message and exit")) in shown, command
        assert say("options") + ":" in result.stdout, command
        for text in texts:
            assert say(text) != text, (code, text)  # the catalog has it...
            assert flat(say(text)) in shown, (command, say(text))  # ...and the help shows it
            assert text not in shown, (command, text)


@pytest.mark.parametrize("code", TRANSLATED)
def test_usage_errors_are_one_line_in_the_language(code: str, tmp_path: Path) -> None:
    say = catalog(code).gettext
    prefix = say("{prog}: error: {message} (see --help)").split("{message}")[0]
    bad_count = one_error_line(run(tmp_path, "simulate", "--lang", code, "--games", "-3"))
    assert bad_count.startswith(prefix.format(prog="main.py simulate"))
    assert say("expected a number >= {lowest}, not {value}").format(lowest=0, value=-3) in bad_count
    unknown = one_error_line(run(tmp_path, "--lang", code, "simulate", "--gmes", "3"))
    assert say("unrecognized arguments: %s") % "--gmes 3" in unknown
    missing = one_error_line(run(tmp_path, "review", "--lang", code, str(tmp_path / "nowhere.jsonl")))
    assert "nowhere.jsonl" in missing
    assert say("{path}: cannot read: {problem}").split(": ")[1].split("{")[0].strip() in missing


@needs("choix")
@pytest.mark.parametrize("code", TRANSLATED)
def test_a_tournament_without_entrants_is_one_line_in_the_language(code: str, tmp_path: Path) -> None:
    say = catalog(code).gettext
    nobody = one_error_line(run(tmp_path, "tournament", "--lang", code))
    assert say("a tournament needs at least {least} entrants (--bot, --include), not {count}").format(
        least=4, count=0) in nobody


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_corrupt_record_is_named_in_one_line_in_the_language(code: str, tmp_path: Path) -> None:
    say = catalog(code).gettext
    records = tmp_path / "games.jsonl"
    assert run(tmp_path, "simulate", "--games", "1", "--seed", "4", "--record", str(records)).returncode == 0
    line = json.loads(records.read_text(encoding="utf-8"))
    del line["seed"]
    records.write_text(json.dumps(line) + "\n", encoding="utf-8")
    error = one_error_line(run(tmp_path, "review", "--lang", code, str(records)))
    where = say("{path}: line {line}: {problem}").format(path=records, line=1, problem=say("missing {key}").format(
        key="'seed'"))
    assert where in error, error
    beyond = one_error_line(run(tmp_path, "review", "--lang", code, str(records), "--game", "3"))
    assert catalog(code).ngettext("{path}: --game {game} is out of range (the file holds {count} game)",
                                  "{path}: --game {game} is out of range (the file holds {count} games)", 1).format(
        path=records, game=3, count=1) in beyond


def summary_numbers(text: str) -> list[str]:
    """The numbers of a printed summary but its first line (the run's time and pace) and, on a player's
    line, its last two (the time per decision, which varies from run to run)."""
    numbers = []
    for line in text.splitlines()[1:]:
        found = NUMBER.findall(line)
        numbers += found[:-2] if line.startswith(("random ", "heuristic ")) else found
    return numbers


@pytest.mark.parametrize("code", TRANSLATED)
def test_simulates_summary_is_translated_and_its_numbers_are_the_english_ones(code: str, tmp_path: Path) -> None:
    say = catalog(code).gettext
    argv = ["simulate", "--games", "60", "--seed", "7", "--players", "random,heuristic,random,random", "--duplicate"]
    english = run(tmp_path, *argv)
    translated = run(tmp_path, *argv, "--lang", code)
    assert english.returncode == translated.returncode == 0, translated.stderr
    assert summary_numbers(translated.stdout) == summary_numbers(english.stdout)
    first = translated.stdout.splitlines()[0]
    assert first.startswith(say("{games} games ({rules} rules, seed {seed}, {deals} deals x every seat rotation) in "
                                "{seconds} s: {pace} games/s").split("{seconds}")[0].format(
        games=240, rules="snap", seed=7, deals=60))
    for heading in ("mean penalty", "per round", "ms/decision"):
        assert say(heading) in translated.stdout.splitlines()[1], heading
    assert say("(lowest penalty wins; a tie counts as a win for each tied player)") in translated.stdout
    assert "lowest penalty wins" not in translated.stdout
    assert json.loads(run(tmp_path, *argv, "--json", "--lang", code).stdout)["games"] == 240


@needs("choix")
@needs("psutil")
@pytest.mark.parametrize("code", ["de", "tr"])
def test_the_tournaments_standings_are_translated_and_their_numbers_are_the_english_ones(
        code: str, tmp_path: Path) -> None:
    say = catalog(code).gettext
    argv = ["tournament", "--include", "random,heuristic,mc",
            "--bot", f"copy={sys.executable} examples/heuristic_bot.py",
            "--games", "4", "--rollouts", "2", "--seed", "3", "--no-progress"]
    english = run(tmp_path, *argv)
    translated = run(tmp_path, *argv, "--lang", code, "--html", str(tmp_path / "cup.html"))
    assert english.returncode == translated.returncode == 0, translated.stderr
    assert summary_numbers(translated.stdout)[:-2] == summary_numbers(english.stdout)[:-2]  # but the timing
    assert say("(rating: Bradley-Terry fitted to every pair of seats of all the games at once, on the Elo "
               "scale; lowest penalty wins a game, ties count for each)") in translated.stdout
    assert say("entrant") in translated.stdout.splitlines()[1]
    page = (tmp_path / "cup.html").read_text(encoding="utf-8")
    assert f'<html lang="{code}">' in page and say("Penalty per round") in page


@needs("psutil")
def test_a_bot_timeout_is_reported_in_the_language_but_json_stays_english(tmp_path: Path) -> None:
    say = catalog("fr").gettext
    argv = ["simulate", "--games", "2", "--seed", "1", "--jobs", "2", "--clock", "wall", "--players",
            f"bot:{sys.executable} tests/support/bots/slow_bot.py,random,random,random"]
    text = run(tmp_path, *argv, "--lang", "fr")
    assert text.returncode == 0, text.stderr
    reports = [line.strip() for line in text.stdout.splitlines() if line.startswith("  ")]
    assert len(reports) == 2, text.stdout
    for report in reports:  # made in a worker process, shown in French
        assert report.startswith("bot de la place 1 ("), report
        assert f" : {say('too slow')} (" in report
        assert say("no answer within {ms} ms").format(ms=100) in report, report
    data = json.loads(run(tmp_path, *argv, "--lang", "fr", "--json").stdout)
    disqualified = [d for player in data["players"] for d in player.get("disqualified", [])]
    assert disqualified and all(d["reason"] == "too slow" and d["detail"] == "no answer within 100 ms"
                                for d in disqualified), disqualified


def test_history_export_and_import_say_what_they_did_in_the_language(tmp_path: Path) -> None:
    ngettext = catalog("es").ngettext
    records = tmp_path / "games.jsonl"
    assert run(tmp_path, "simulate", "--games", "2", "--seed", "4", "--record", str(records)).returncode == 0
    with open(records, "a", encoding="utf-8") as file:
        file.write("not json\n")
    imported = run(tmp_path, "history", "import", str(records), "--lang", "es")
    assert imported.returncode == 1, imported
    assert imported.stdout.strip().startswith(ngettext("imported {count} game from {file}",
                                                       "imported {count} games from {file}", 2).format(
        count=2, file=records))
    assert ngettext("{count} line not readable", "{count} lines not readable", 1).format(count=1) in imported.stdout
    assert imported.stderr.count("\n") == 1 and "línea 3" in imported.stderr
    exported = run(tmp_path, "history", "export", str(tmp_path / "out.jsonl"), "--lang", "es")
    assert exported.stdout.strip() == ngettext("exported {count} game to {file}", "exported {count} games to {file}",
                                               2).format(count=2, file=tmp_path / "out.jsonl")
    assert [json.loads(line)["format"] for line in (tmp_path / "out.jsonl").read_text().splitlines()] == \
        ["6takes-record/1"] * 2


def test_a_sentence_about_a_bot_is_english_data_and_translated_when_shown() -> None:
    from game import i18n
    from bots.failures import TOO_SLOW, Disqualification, Sentence, shown

    detail = Sentence(i18n.N_("no answer within {ms} ms"), ms="100")
    report = Disqualification(0, "./bot", 0, 2, TOO_SLOW, pickle.loads(pickle.dumps(detail)), "", ())
    assert json.dumps(report.to_dict()["detail"]) == '"no answer within 100 ms"'
    english = report.describe()
    i18n.install("de", catalog("de"))
    assert shown(detail) == "keine Antwort innerhalb von 100 ms"
    assert report.describe() == ("Bot auf Platz 1 (./bot) disqualifiziert in Runde 1, Zug 3: zu langsam "
                                 "(keine Antwort innerhalb von 100 ms)")
    assert report.describe(str) == english == ("bot in seat 1 (./bot) disqualified in round 1, turn 3: too slow "
                                               "(no answer within 100 ms)")


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_window_without_pygame_is_one_line_in_the_language(code: str, tmp_path: Path) -> None:
    """Where pygame-ce is missing, a command that opens the window says so in one line (exit 1)."""
    hide_pygame = ("import importlib.util; real = importlib.util.find_spec; "
                   "importlib.util.find_spec = lambda name, *rest: None if name == 'pygame' else real(name, *rest)")
    line = one_error_line(run_hiding(tmp_path, hide_pygame, "example", "--lang", code), code=1)
    wanted = catalog(code).gettext("{prog}: the app's window needs pygame-ce: pip install -r requirements.txt")
    assert line == wanted.format(prog="main.py")
    assert line != "main.py: the app's window needs pygame-ce: pip install -r requirements.txt"


@pytest.mark.parametrize("code", [SOURCE_LANGUAGE, *TRANSLATED])
def test_a_missing_package_is_one_line_naming_it(code: str, tmp_path: Path) -> None:
    """A printing command whose package is not installed (choix for tournaments) names it in
    one line (exit 1), in the language, instead of a traceback."""
    hide_choix = "import sys; sys.modules['choix'] = None"
    line = one_error_line(run_hiding(tmp_path, hide_choix, "tournament", "--lang", code,
                                     "--include", "random,heuristic"), code=1)
    wanted = catalog(code).gettext("{prog} {command}: needs the Python package {package}: "
                                   "pip install -r requirements.txt")
    assert line == wanted.format(prog="main.py", command="tournament", package="choix")
