"""The words of the phone page, in the class's language: the table the page fetches.

The page (``web/``) is plain HTML and JavaScript with no build step.  The server answers
``strings.json`` with :func:`phone_strings`, in the language the app speaks (the teacher's:
``--lang``, the menu's setting or the system's), and the page looks every text it shows up in
it by its English source, filling the ``{name}`` fields itself.  Marking the texts here keeps
them in the same catalogs as the rest of the app (``tests/project/test_catalogs.py`` checks them).

Where a number is counted the page needs the language's plural rule, which is an expression
in the catalog's header: instead of evaluating it in the browser, the table carries each plural
text's forms and which form goes with each count from 0 to :data:`PLURAL_COUNTS` - 1 (larger
counts take the form of ``100 + count % 100``, as every gettext plural rule repeats there).
"""

from __future__ import annotations

from typing import Any

from game.i18n import N_, _, active_language, ngettext

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
    N_("The teacher's computer stopped the game: it goes on when it comes back..."),
    N_("Type the room code and your name"),
    N_("Joining..."),
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
    N_("Your turn: tap a card to play"),
    N_("Your {card} is lower than every row: take a row"),
    N_("Tap the row you take: its cards are your penalty points."),
    N_("Waiting for {name} to take a row"),
    N_("You played {card}. Waiting for: {names}"),
    N_("Waiting for: {names}"),
    N_("Waiting for the teacher to go on"),
    N_("The cards are placed on the table"),
    N_("Played: {cards}"),
    N_("You played {card}: waiting for the others"),
    N_("No connection: your {card} is sent when it is back"),
    N_("Your {card} was not sent: the connection was down"),
    N_("{name} (AI)"),
    N_("not connected"),
    N_("{names} and {last}"),
    N_("Row {row}"),
    N_("You are {name} (room {code})"),
    N_("You are in! The teacher splits the class into tables at the start"),
    N_("Table {table}"),
    N_("Your rank in the class: {rank} of {count}"),
    N_("Rank among those who held the same cards: {rank}"),
    N_("Where will {name}'s {card} go?"),
    N_("It takes a row"),
    N_("Predict: where does this card go?"),
    N_("You said row {row}: wait for the reveal"),
    N_("You said it takes a row: wait for the reveal"),
    N_("Your review"),
    N_("Your review is being prepared: {done} of {count} choices looked at"),
    N_("Your choices cost {points} points each on average against the best one. The costliest:"),
    N_("Every choice you made was the best one, or nearly."),
    N_("The rows as they stood"),
    # NOTE: the phone page, once the next deal has started: a link that unfolds the last game's review
    N_("Last game's review"),
    N_("The room closed before your review was ready."),
    # NOTE: the phone page during the class's warm-up of puzzles, before the game
    N_("Warm-up: puzzle {number} of {count}"),
    N_("Puzzle: tap the card you would play"),
    N_("Puzzle: tap the row you take"),
    N_("You chose {card}: wait for the teacher to show the answers"),
    N_("You chose row {row}: wait for the teacher to show the answers"),
    N_("The class's answers are on the projector"),
    # NOTE: the phone page, over the review's sentence on the student's answer to a warm-up puzzle
    N_("Why"),
)
"""Every text the phone page shows, in English (the keys of the table)."""

PLURAL_COUNTS = 200


def counted_texts(count: int) -> dict[str, str]:
    """The page's texts with a counted number, for ``count``: {English singular: shown}."""
    return {
        "{score} pt": ngettext("{score} pt", "{score} pts", count),
        "Game over: {names} wins": ngettext("Game over: {names} wins", "Game over: {names} win", count),
    }


def plural_tables() -> dict[str, dict[str, list[Any]]]:
    """Each counted text's ``{"forms": [...], "of": [form index for counts 0..PLURAL_COUNTS-1]}``."""
    shown = [counted_texts(count) for count in range(PLURAL_COUNTS)]
    tables: dict[str, dict[str, list[Any]]] = {}
    for key in shown[0]:
        texts = [by_count[key] for by_count in shown]
        forms = list(dict.fromkeys(texts))
        tables[key] = {"forms": forms, "of": [forms.index(text) for text in texts]}
    return tables


def phone_strings() -> dict[str, object]:
    """``{"lang": code, "texts": {english: shown}, "plurals": {english singular: table}}`` for the
    page, in the active language."""
    return {
        "lang": active_language(),
        "texts": {text: _(text) for text in PHONE_TEXTS},
        "plurals": plural_tables(),
    }
