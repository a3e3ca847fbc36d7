"""The words of the phone page, in the class's language: the table the page is to fetch.

The page (``web/``) is plain HTML and JavaScript with no build step.  The plan: the server
answers ``strings.json`` with :func:`phone_strings` (in the language the app speaks, the
teacher's), and the page shows its English texts until the table has come, then looks every
text up in it, filling the ``{name}`` fields itself.  Marking the texts here keeps them in the
same catalogs as the rest of the app (``tests/test_catalogs.py`` checks them).  Not wired yet:
the captions the phones show come from the table's session, which is not translated yet, and
the page is to be translated with them in one step.
"""

from __future__ import annotations

from ..i18n import N_, _, active_language

PHONE_TEXTS: tuple[str, ...] = (
    N_("6 Takes!"),
    N_("6 Takes! - class game"),
    N_("Connecting..."),
    N_("Room code"),
    N_("Your name"),
    N_("e.g. K7QP"),
    N_("e.g. Ana"),
    N_("Join the game"),
    N_("Players"),
    N_("Your hand"),
    N_("Scores"),
    N_("Final scores"),
    N_("The class game has ended."),
    N_("Connection lost: reconnecting..."),
    N_("Type the room code and your name"),
    N_("You are watching as {name} (room {code})"),
    N_("You are {name}, seat {seat} (room {code})"),
    N_("You are watching"),
    N_("You have a seat: wait for the start"),
    N_("(free: an AI plays it)"),
    N_("You are watching: the game starts soon"),
    N_("You are in! Wait for the teacher to start"),
    N_("turn {turn} of {turns}"),
    N_("Round {round}, turn {turn} of {turns}"),
    N_("Game over: you won!"),
    N_("Game over: {names} wins"),
    N_("Game over: {names} win"),
    N_("Your turn: tap a card to play"),
    N_("Your {card} is lower than every row: take a row"),
    N_("Tap the row you take: its cards are your penalty points."),
    N_("Waiting for {name} to take a row"),
    N_("You played {card}. Waiting for: {names}"),
    N_("Waiting for: {names}"),
    N_("The cards are placed on the table"),
    N_("Played: {cards}"),
    N_("You played {card}: waiting for the others"),
    N_("{name} (AI)"),
    N_("{score} pts"),
    N_("not connected"),
    N_("{names} and {last}"),
)
"""Every text the phone page shows, in English (the keys of the table)."""


def phone_strings() -> dict[str, object]:
    """``{"lang": code, "texts": {english: shown}}`` for the page, in the active language."""
    return {"lang": active_language(), "texts": {text: _(text) for text in PHONE_TEXTS}}
