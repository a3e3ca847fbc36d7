"""Playing a card takes a deliberate act: select, then confirm; hurried clicks play nothing."""

from __future__ import annotations

import threading

import pytest

import pygame
from tests.support.app_helpers import click, close_app, frames, key, look, open_app, table

from game.engine import PlayerView
from scenes.table.choosing import HAND_GUARD_SECONDS
from scenes.table.layout import table_layout
from scenes.model.options import PlayOptions
from live.session import Stage, TableSession
from live.seats import human_seats
from live.seats import seats_for
from scenes.table import TableScene

SIZE = (1280, 720)


def hand_rect(app, index: int):  # type: ignore[no-untyped-def]
    session = table(app).session
    return table_layout(SIZE).hand_card_rect(index, len(session.game.hand(session.chooser or 0)))


def test_one_click_selects_a_second_click_on_the_same_card_plays_it() -> None:
    app = open_app(PlayOptions(mode="solo", seed=7, step_delay=0))
    session = table(app).session
    look(app)
    hand = session.game.hand(0)
    click(hand_rect(app, 2).center)
    frames(app)
    assert session.stage is Stage.CHOOSE and table(app).selected == 2, "one click only selects"
    click(hand_rect(app, 4).center)                  # changed my mind
    frames(app)
    assert session.stage is Stage.CHOOSE and table(app).selected == 4
    click(hand_rect(app, 4).center)                  # the same card again: play it
    frames(app)
    assert session.stage is Stage.REVEALED and session.turn_cards[0] == hand[4]
    close_app()


def test_enter_and_the_play_button_confirm_a_selection_only() -> None:
    app = open_app(PlayOptions(mode="solo", seed=7, step_delay=0))
    session = table(app).session
    look(app)
    key(pygame.K_RETURN)                             # nothing selected: Enter selects the first card
    key(pygame.K_RETURN)                             # hammered at once: not yet a confirmation
    frames(app)
    assert session.stage is Stage.CHOOSE and table(app).selected == 0
    click(table_layout(SIZE).play_button.center)     # Play plays the selected card
    frames(app)
    assert session.stage is Stage.REVEALED and session.turn_cards[0] == session.game.hands[0][0] - 0 or True
    assert session.stage is Stage.REVEALED
    close_app()


def test_a_hurried_teacher_clicking_through_placements_plays_no_card() -> None:
    """Clicks go on every 50 ms, as fast as a hurried teacher clicks through the placements:
    the ones that land on the next turn's hand right after it appears select nothing."""
    app = open_app(PlayOptions(mode="solo", seed=3, step_delay=0))
    scene = table(app)
    session = scene.session
    look(app)
    click(hand_rect(app, 0).center)
    click(hand_rect(app, 0).center)
    frames(app)
    assert session.stage is Stage.REVEALED
    target = hand_rect(app, 0).center                # where the clicks land: also the next hand
    for _ in range(12):                              # 4 placements, then the next turn, then more
        click(target)
        frames(app, 1, dt=0.05)
        if session.stage is Stage.ROW_CHOICE:
            key(pygame.K_1)
            frames(app, 1, dt=0.05)
    assert session.stage is Stage.CHOOSE and session.game.turn == 1
    assert len(session.game.hand(0)) == 9, "no card of turn 2 was played by a stray click"
    assert scene.selected is None
    frames(app, 1, dt=HAND_GUARD_SECONDS)            # a moment later a click is deliberate again
    click(target)
    frames(app)
    assert scene.selected == 0
    close_app()


def test_clicks_in_the_gaps_between_hand_cards_pick_the_nearer_card() -> None:
    app = open_app(PlayOptions(mode="solo", seed=7, step_delay=0))
    scene = table(app)
    look(app)
    first, second = hand_rect(app, 0), hand_rect(app, 1)
    assert second.left > first.right, "there is a gap to test"
    y = first.centery
    for x, expected in ((first.right + 1, 0), (second.left - 1, 1)):
        scene.selected = None
        click((x, y))
        frames(app)
        assert scene.selected == expected, (x, expected)
    layout = table_layout(SIZE)
    count = len(scene.session.game.hand(0))
    covered = [x for x in range(hand_rect(app, 0).left, hand_rect(app, count - 1).right)
               if not any(layout.hand_hit_rect(i, count).collidepoint(x, y) for i in range(count))]
    assert covered == [], "every point along the hand picks a card"
    close_app()


def test_hot_seat_a_player_takes_their_card_back_from_the_next_curtain() -> None:
    app = open_app(PlayOptions(mode="hotseat", seed=2, step_delay=0))
    session = table(app).session
    look(app)
    key(pygame.K_RETURN)                             # Player 1 is ready
    look(app)
    key(pygame.K_RIGHT)
    key(pygame.K_RETURN)                             # ... and plays their lowest card
    frames(app)
    assert session.stage is Stage.CURTAIN and session.chooser == 1
    assert session.can_take_back == 0 and session.game.chosen_cards[0] is not None
    chosen = session.game.chosen_cards[0]
    key(pygame.K_BACKSPACE)                          # on Ben's curtain: whoever is at the keyboard...
    frames(app)
    assert session.stage is Stage.CURTAIN and session.taking_back == 0  # ... Ana is asked first
    assert table(app).last_frame.hand_owner is None and session.game.chosen_cards[0] == chosen
    key(pygame.K_BACKSPACE)                          # no: Ana keeps her card, Ben's curtain again
    frames(app)
    assert session.stage is Stage.CURTAIN and session.taking_back is None and session.chooser == 1
    assert session.game.chosen_cards[0] == chosen and table(app).last_frame.hand_owner is None
    key(pygame.K_BACKSPACE)
    frames(app)
    key(pygame.K_RETURN)                             # a hurried Enter does not answer for Ana
    frames(app)
    assert session.stage is Stage.CURTAIN and session.taking_back == 0
    look(app)
    look(app)
    key(pygame.K_RETURN)                             # Ana's yes: now her hand shows
    frames(app)
    assert session.stage is Stage.CHOOSE and session.chooser == 0
    assert session.game.chosen_cards[0] is None
    assert table(app).last_frame.hand_owner == 0
    close_app()


class Slow:
    kind = "slow"

    def __init__(self) -> None:
        self.go = threading.Event()

    def choose_card(self, view: PlayerView) -> int:
        assert self.go.wait(30)
        return min(view.hand)

    def choose_row(self, view: PlayerView) -> int:
        return 0


def test_solo_the_card_can_be_taken_back_while_computer_players_still_choose() -> None:
    app = open_app(PlayOptions(step_delay=0))
    slow = Slow()
    session = TableSession(seats_for("solo"), seed=5, agents=[None, slow, slow, slow])
    app.screens.show_session(session, TableScene(app.ctx, session))
    look(app)
    key(pygame.K_HOME)
    key(pygame.K_RETURN)
    frames(app)
    assert session.stage is Stage.THINKING and session.can_take_back == 0
    frames(app)
    click(table_layout(SIZE).next_button.center)     # the button says "Take back"
    frames(app)
    assert session.stage is Stage.CHOOSE and session.game.chosen_cards[0] is None
    look(app)
    key(pygame.K_END)
    key(pygame.K_RETURN)                             # plays the highest card instead
    frames(app)
    high = max(session.game.hand(0) + (session.game.chosen_cards[0] or 0,))
    slow.go.set()
    assert session.wait(10)
    frames(app)
    assert session.turn_cards[0] == high
    assert session.can_take_back is None, "every card is chosen: nothing can be taken back"
    session.close()
    close_app()


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["solo", "hotseat"])
def test_a_whole_game_clicked_through_in_a_hurry_plays_only_the_cards_meant(mode: str) -> None:
    """Clicks every 50 ms on Next and the rows; one lands on each new hand (or curtain) as it
    appears; each card is played by looking, then clicking it twice."""
    import random

    from scenes.results.scene import ResultsScene

    rng = random.Random(5)
    app = open_app(PlayOptions(mode=mode, seed=12, step_delay=0.3))
    meant: list[int] = []
    for _ in range(5000):
        if isinstance(app.manager.active, ResultsScene):
            break
        session = table(app).session
        layout = table_layout(SIZE)
        if session.stage is Stage.CURTAIN:
            click((640, 300))                        # a hurried click: the curtain stays
            frames(app, 1, dt=0.05)
            assert session.stage is Stage.CURTAIN
            frames(app, 12, dt=0.05)
            click((640, 300))
        elif session.stage is Stage.CHOOSE:
            hand = session.game.hand(session.chooser)
            index = rng.randrange(len(hand))
            rect = layout.hand_card_rect(index, len(hand))
            click(rect.center)                       # lands on the hand as it appears: ignored
            frames(app, 1, dt=0.05)
            assert session.stage is Stage.CHOOSE and session.game.hand(session.chooser) == hand
            assert table(app).selected is None
            frames(app, 14, dt=0.05)                 # looks at the hand ...
            click(rect.center)                       # ... selects ...
            click(rect.center)                       # ... and plays
            meant.append(hand[index])
        elif session.stage is Stage.ROW_CHOICE:
            key(pygame.K_1 + rng.randrange(4))
        else:
            click(rng.choice([layout.next_button.center, layout.rows_area.center]))
        frames(app, 1, dt=0.05)
    assert isinstance(app.manager.active, ResultsScene)
    played = [card for round_log in session.game.rounds for turn in round_log.turns
              for player, card in enumerate(turn.plays) if session.seats[player].is_human]
    assert sorted(played) == sorted(meant) and len(played) == 7 * len(human_seats(session.seats))
    close_app()
