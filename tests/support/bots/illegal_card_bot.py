"""Plays a card it does not hold: the last card of the first row."""

from botio import read_init, read_turn, say

read_init()
while True:
    phase, hand, rows, lines = read_turn()
    say(f"PLAY {rows[0][-1]}" if phase == "CHOOSE_CARD_TO_PLAY" else "PICK 0")
