"""One module speaks to the phones: ``classroom/protocol.py``.

No message is built anywhere else in the app (an AST check), ``docs/class-protocol.md``'s
message tables are the module's messages and fields exactly, the phone page reads no field the
module does not document and speaks the module's version, and what a phone sends is parsed and
checked there with the texts the phones got before.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from classroom import protocol
from classroom.protocol import (FROM_PHONE, PROTOCOL_VERSION, TO_PHONE, Join, Play, Predict, Refused, Resume,
                                     State, TakeRow, Welcome, decode, encode, field_paths, parse_request)

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "class-protocol.md"
PAGE = ROOT / "web" / "app.js"
PROTOCOL_FILE = ROOT / "classroom" / "protocol.py"


# ------------------------------------------------------------------ one module builds messages
def message_dicts(source: str) -> list[int]:
    """The lines of ``source`` that build a dict with a ``"type"`` key (a literal or ``dict(type=...)``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Dict) and any(isinstance(key, ast.Constant) and key.value == "type"
                                              for key in node.keys):
            found.append(node.lineno)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "dict" and \
                any(keyword.arg == "type" for keyword in node.keywords):
            found.append(node.lineno)
    return found


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_no_message_dict_is_built_outside_the_protocol_module() -> None:
    built = {f"{path.relative_to(ROOT)}:{line}"
             for folder in ("game", "bots", "lab", "tournament", "cluster", "classroom", "live", "store", "scenes") for path in sorted((ROOT / folder).rglob("*.py"))
             if path != PROTOCOL_FILE for line in message_dicts(path.read_text(encoding="utf-8"))}
    assert built == set(), "a phone message built outside classroom/protocol.py"


def test_the_check_sees_a_message_dict() -> None:
    assert message_dicts('x = {"type": "state", "seat": 1}\ny = dict(type="error")\nz = {"kind": 1}\n') == [1, 2]


# ------------------------------------------------------------------ the docs' tables
def documented() -> dict[str, dict[str, set[str]]]:
    """``{"from": {type: fields}, "to": {...}}`` as the docs' "### `type`" tables list them."""
    found: dict[str, dict[str, set[str]]] = {"from": {}, "to": {}}
    side = ""
    kind = ""
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            side = {"## From a phone": "from", "## To a phone": "to"}.get(line.strip(), "")
            kind = ""
        elif line.startswith("### "):
            heading = re.fullmatch(r"### `(\w+)`", line.strip())
            kind = heading.group(1) if heading and side else ""
            if kind:
                found[side][kind] = set()
        elif kind and line.startswith("| `"):
            first_cell = line.split("|")[1]
            found[side][kind].update(re.findall(r"`([\w.\[\]]+)`", first_cell))
    return found


@pytest.mark.parametrize("side, messages", [("from", FROM_PHONE), ("to", TO_PHONE)])
def test_every_message_and_field_is_documented_and_nothing_else(side: str, messages: dict[str, type]) -> None:
    tables = documented()[side]
    assert sorted(tables) == sorted(messages), "the docs' message headings are the module's types"
    for kind, cls in messages.items():
        assert tables[kind] == set(field_paths(cls)), f"docs/class-protocol.md, ### `{kind}`"


def test_the_docs_give_the_protocol_version() -> None:
    assert f"**Protocol version: {PROTOCOL_VERSION}.**" in DOC.read_text(encoding="utf-8")
    assert Welcome(0, "t", "Ana", "K7QP").version == PROTOCOL_VERSION
    assert decode(encode(Welcome(0, "t", "Ana", "K7QP"))) == Welcome(0, "t", "Ana", "K7QP")


# ------------------------------------------------------------------ the phone page
PAGE_VARIABLES = {
    "welcome": ["welcome"], "error": ["error"], "released": ["released"], "lobby": ["lobby"], "s": ["state"],
    "state": ["state", "lobby"], "verdict": ["verdict"], "review": ["review"], "decision": ["review.costliest[]"],
    "rank": ["state.class"], "asked": ["state.predict"], "player": ["state.players[]", "lobby.players[]"],
    "puzzle": ["state.puzzle"], "judged": ["puzzle_verdict"],
}
"""The page's variables that hold a message (or a part of one), and which: its functions name
their parameter after what they are handed (``state`` holds the last ``state`` or ``lobby``)."""
NOT_FIELDS = {"length"}


def fields_read_by_page(script: str) -> dict[str, set[str]]:
    """Each message variable of the page -> the fields it reads (``x.name`` not followed by a call)."""
    read: dict[str, set[str]] = {name: set() for name in PAGE_VARIABLES}
    for name, field in re.findall(r"(?<![\w.])(\w+)\.(\w+)\b(?!\s*\()", script):
        if name in read and field not in NOT_FIELDS:
            read[name].add(field)
    return read


def fields_of(path: str) -> set[str]:
    """The fields directly under ``state``, ``review.costliest[]``, ``lobby.players[]`` ..."""
    kind, _dot, inner = path.partition(".")
    paths = field_paths(TO_PHONE[kind])
    prefix = inner + "." if inner else ""
    return {p[len(prefix):] for p in paths if p.startswith(prefix) and "." not in p[len(prefix):]}


def test_the_page_reads_only_documented_fields() -> None:
    read = fields_read_by_page(PAGE.read_text(encoding="utf-8"))
    for name, fields in read.items():
        known = set().union(*(fields_of(path) for path in PAGE_VARIABLES[name]))
        assert fields <= known, f"web/app.js reads {sorted(fields - known)} of {name}: not in the protocol"
    assert read["s"] and read["review"] and read["decision"] and read["player"]  # the check sees them


def test_the_check_sees_an_undocumented_field() -> None:
    read = fields_read_by_page("function drawGame(s) { return s.secret_hand + s.rows.length; }")
    assert read["s"] == {"secret_hand", "rows"}


def test_the_page_handles_every_message_it_can_get_and_sends_only_protocol_messages() -> None:
    script = PAGE.read_text(encoding="utf-8")
    table = re.search(r"const HANDLERS = \{(.*?)\};", script, re.S)
    assert table is not None
    assert sorted(re.findall(r"(\w+):", table.group(1))) == sorted(TO_PHONE)
    sent = re.findall(r"\{type: \"(\w+)\"((?:, \w+: [^,}]+)*)\}", script)  # the messages it builds
    assert {kind for kind, _rest in sent} == set(FROM_PHONE)
    for kind, rest in sent:
        assert set(re.findall(r", (\w+):", rest)) <= set(field_paths(FROM_PHONE[kind])), kind


def test_the_page_speaks_the_modules_version() -> None:
    found = re.search(r"const PROTOCOL_VERSION = (\d+);", PAGE.read_text(encoding="utf-8"))
    assert found is not None and int(found.group(1)) == PROTOCOL_VERSION


# ------------------------------------------------------------------ reading what a phone sends
@pytest.mark.parametrize("message", [Join("K7QP", "Ana"), Resume("secret"), Play(27), TakeRow(3),
                                     Predict(1, 2, 47, row=0), Predict(3, 1, 5, takes=True)])
def test_every_message_a_phone_sends_reads_back_as_itself(message: protocol.Request) -> None:
    assert parse_request(encode(message)) == message
    assert decode(encode(message)) == message


@pytest.mark.parametrize("text, refusal", [
    ("{", "not a JSON message"), ("[" * 10000 + "]" * 10000, "not a JSON message"),
    ("[]", "unknown message type"), ('{"type": 3}', "unknown message type"), ('{"type": "dance"}',
                                                                               "unknown message type"),
    ('{"type": "play", "card": "12"}', "'play' needs a whole number"),
    ('{"type": "play", "card": true}', "'play' needs a whole number"),
    ('{"type": "play", "card": 1001}', "'play' needs a whole number"),
    ('{"type": "row", "row": 2.5}', "'row' needs a whole number"),
    ('{"type": "row", "row": 4}', "there is no row 5"),
    ('{"type": "row", "row": -1}', "there is no row 0"),
    ('{"type": "row", "row": true}', "'row' needs a whole number"),
    ('{"type": "predict", "round": 1, "turn": 1, "card": 5, "row": 4}', "a prediction is a row 1-4 or \"takes a row\""),
    ('{"type": "predict", "round": 1, "turn": 1, "card": 5, "takes": "yes"}',
     "a prediction is a row 1-4 or \"takes a row\""),
    ('{"type": "predict", "row": 1}', "a prediction names the placement it answers"),
    ('{"type": "predict", "round": 1, "turn": "2", "card": 5, "row": 1}', "a prediction names the placement it answers"),
])
def test_what_cannot_be_taken_is_refused_with_the_phones_words(text: str, refusal: str) -> None:
    with pytest.raises(Refused) as refused:
        parse_request(text)
    assert refused.value.message == refusal


def test_text_fields_that_are_not_text_read_as_empty_for_the_room_to_refuse() -> None:
    assert parse_request('{"type": "join", "code": 7, "name": ["Ana"]}') == Join("", "")
    assert parse_request('{"type": "resume"}') == Resume("")
    assert parse_request('{"type": "predict", "round": 2, "turn": 1, "card": 9, "row": 1, "takes": true}'
                         ) == Predict(2, 1, 9, takes=True)


# ------------------------------------------------------------------ reading what a phone receives
def test_a_client_refuses_a_field_the_protocol_does_not_have() -> None:
    state = encode(State("playing", "snap", 1, 1, 7, (), ((1,), (2,), (3,), (4,)), (1, 1, 1, 1), (), (), False,
                         False, "", (), (), ()))
    assert decode(state).kind == "state"
    with pytest.raises(ValueError, match="does not have"):
        decode(state[:-1] + ',"hands":[[1,2]]}')
    with pytest.raises(ValueError, match="state: no 'rules'"):
        decode('{"type": "state", "phase": "over"}')


def test_optional_fields_are_left_out_until_they_apply() -> None:
    assert encode(Welcome(0, "t", "Ana", "K7QP")) == \
        '{"type":"welcome","seat":0,"token":"t","name":"Ana","code":"K7QP","version":%d}' % PROTOCOL_VERSION
    assert '"table":2' in encode(Welcome(1, "t", "Ana", "K7QP", tables=True, table=2))
    assert encode(protocol.Error("no")) == '{"type":"error","message":"no"}'
