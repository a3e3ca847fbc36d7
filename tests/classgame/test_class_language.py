"""The class game in the class's language, without a browser: the phone page's table of words,
what the server tells phones, and the lobby's own lines."""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, Iterator

import aiohttp
import pytest

from classroom.phone_words import PHONE_TEXTS, PLURAL_COUNTS, phone_strings
from classroom.room import Room, RoomError
from classroom.server import ClassServer
from game.i18n import LANGUAGES
from game.rules import CLASSIC, SNAP
from scenes.model.language import translations, use_language

CODE = "TEST"
PROJECT = Path(__file__).resolve().parents[2]


@pytest.fixture
def server() -> Iterator[ClassServer]:
    class_server = ClassServer(Room(4, CODE), host="127.0.0.1", port=0)
    class_server.start()
    yield class_server
    class_server.stop()


async def _receive(ws: aiohttp.ClientWebSocketResponse, kind: str) -> dict[str, Any]:
    while True:
        message = await ws.receive(timeout=60)
        assert message.type == aiohttp.WSMsgType.TEXT, message
        data = json.loads(message.data)
        if data["type"] == kind:
            return data


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_phone_table_holds_every_text_in_the_active_language(code: str) -> None:
    use_language(code)
    words = translations(code)
    table = phone_strings()
    assert table["lang"] == code
    assert table["texts"] == {text: words.gettext(text) for text in PHONE_TEXTS}
    plurals = table["plurals"]
    assert isinstance(plurals, dict) and set(plurals) == {"{score} pt", "Game over: {names} wins"}
    for singular, plural in (("{score} pt", "{score} pts"), ("Game over: {names} wins", "Game over: {names} win")):
        forms, of = plurals[singular]["forms"], plurals[singular]["of"]
        assert len(of) == PLURAL_COUNTS
        assert [forms[of[count]] for count in range(PLURAL_COUNTS)] == [
            words.ngettext(singular, plural, count) for count in range(PLURAL_COUNTS)]


def test_each_language_counts_its_own_way() -> None:
    """English and Spanish count 0 as many, French as one; Turkish has one form for all."""
    def forms(code: str) -> list[str]:
        use_language(code)
        table = phone_strings()["plurals"]["{score} pt"]  # type: ignore[index]
        return [table["forms"][table["of"][count]].format(score=count) for count in (0, 1, 2)]
    assert forms("en") == ["0 pts", "1 pt", "2 pts"]
    assert forms("fr") == ["0 pt", "1 pt", "2 pts"]
    assert forms("es") == ["0 ptos", "1 pto", "2 ptos"]
    assert forms("tr") == ["0 puan", "1 puan", "2 puan"]


def test_the_server_serves_the_words_and_refuses_in_the_class_language(server: ClassServer) -> None:
    use_language("de")
    words = translations("de")

    async def scenario() -> None:
        async with aiohttp.ClientSession() as session:
            async with session.get(f"http://127.0.0.1:{server.port}/strings.json") as response:
                assert response.status == 200 and response.content_type == "application/json"
                table = await response.json()
            assert table["lang"] == "de" and table["texts"]["Join the game"] == words.gettext("Join the game")
            async with session.ws_connect(f"http://127.0.0.1:{server.port}/ws") as ws:
                await ws.send_json({"type": "join", "code": "NOPE", "name": "Ana"})
                assert (await _receive(ws, "error"))["message"] == "falscher Raumcode"
                await ws.send_json({"type": "resume", "token": "not-a-seat"})
                refused = await _receive(ws, "error")
                assert refused == {"type": "error", "message": words.gettext("unknown seat: join again"),
                                   "reason": "unknown-seat"}
                await ws.send_json({"type": "join", "code": CODE, "name": "Ana"})
                await _receive(ws, "welcome")
                server.room.free(0)
                server.release(0, words.gettext("the teacher freed your seat"))
                assert (await _receive(ws, "released"))["message"] == "die Lehrkraft hat deinen Platz freigegeben"
    asyncio.run(asyncio.wait_for(scenario(), 20))


@pytest.mark.parametrize("name, english", [
    ("", "the name is empty"),
    ("x" * 30, "the name is 30 characters long; at most 24 are allowed"),
    ("A\x1bB", "the name holds a control or unprintable character"),
])
def test_a_refused_name_says_why_in_whole_sentences(name: str, english: str) -> None:
    room = Room(4, CODE)
    with pytest.raises(RoomError) as refused:
        room.join(CODE, name)
    assert str(refused.value) == english
    use_language("tr")
    with pytest.raises(RoomError) as refused:
        room.join(CODE, name)
    assert str(refused.value).startswith("ad ") and "name" not in str(refused.value)


def test_the_lobby_heading_and_footer_in_german() -> None:
    from scenes.classroom.lobby import lobby_hints, seats_heading

    assert seats_heading(3, 4, SNAP, "random") == [["Seats: ", 3, " of ", 4, " taken"], ["SNAP classroom rules"],
                                                   ["AIs (random) play the empty seats"]]
    assert lobby_hints(CLASSIC, 1).startswith("Enter: start    the game starts by itself when 1 seat is taken")
    use_language("de")
    assert seats_heading(3, 10, CLASSIC, "mc") == [["Plätze: ", 3, " von ", 10, " belegt"],
                                                   ["Klassische Regeln (Amigo)"], ["KIs (mc) spielen die freien Plätze"]]
    assert lobby_hints(CLASSIC, 2) == ("Enter: starten    das Spiel startet von selbst, sobald 2 Plätze belegt sind    "
                                       "W: Aufwärmen    Esc: Raum schließen    Rücktaste: letzten Beitritt entfernen    L: Zeitlimit    "
                                       "P: Vorhersagen    +/-: Plätze    T: viele Tische    Klick auf Freigeben: Platz freigeben")


@pytest.mark.parametrize("flag, environ, code", [
    (["--lang", "fr"], {}, "fr"),  # the teacher's --lang
    ([], {"LANGUAGE": "tr"}, "tr"),  # else the system's locale
])
@pytest.mark.slow
def test_main_py_class_gives_the_phones_the_language_the_app_speaks(
        flag: list[str], environ: dict[str, str], code: str, tmp_path: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "SIXTAKES_DATA_DIR": str(tmp_path), **environ}
    app = subprocess.Popen([sys.executable, "main.py", "class", "--port", "0", "--code", "ROOM", *flag],
                           cwd=PROJECT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    words = translations(code)
    try:
        assert app.stdout is not None
        line = app.stdout.readline()  # the terminal is told where to join, in the app's language too
        port = re.findall(r":(\d+)", line)[0]
        assert line.strip() == words.gettext("class room {code}: join at {addresses}").format(
            code="ROOM", addresses=f"http://{line.split('http://')[1].split()[0]}")

        async def scenario() -> None:
            async with aiohttp.ClientSession() as session:
                async with session.get(f"http://127.0.0.1:{port}/strings.json") as response:
                    table = await response.json()
                assert table["lang"] == code
                assert table["texts"]["Join the game"] == words.gettext("Join the game")
                async with session.ws_connect(f"http://127.0.0.1:{port}/ws") as ws:
                    await ws.send_json({"type": "join", "code": "NOPE", "name": "Ana"})
                    assert (await _receive(ws, "error"))["message"] == words.gettext("wrong room code")
        asyncio.run(asyncio.wait_for(scenario(), 20))
    finally:
        app.kill()
        app.wait()
