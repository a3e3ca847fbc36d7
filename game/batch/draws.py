"""The ``random`` players' choices in the strategy lab: one counter-based stream per game.

The cards are dealt by the engine's own generator (:mod:`game.batch.mersenne`: a record's
deals must be its seed's), but the ``random`` players' choices need not come from a
Mersenne Twister seeded per game, which costs more than the rest of a batched game.  Here
a choice is a pure function of the game's seed and of *where* it is made::

    key   = mix(seed ^ PLAYERS_SALT)                        # once per game
    u     = mix(key + (place + 1) * GOLDEN) >> 11, / 2**53  # uniform in [0, 1)
    place = ((round * turns_per_round + turn) * (players + 1)) + seat

The card is ``hand[int(u * len(hand))]``; a rule-4 row is ``int(u * 4)`` at the place
``seat = players`` of that turn.  ``mix`` is SplitMix64's finaliser.  Nothing depends on
how many draws other players or other games made, so a game is the same alone, in a
batch of thousands, in a worker process or on a cluster, and the engine path of the lab
(:func:`lab.runner` for games with ``mc`` players) draws the same numbers through
:func:`uniform` below.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

PLAYERS_SALT = 0x5DEECE66D
"""Mixed into a game's seed for its players' stream (as :func:`game.play.players_rng` does)."""
GOLDEN = 0x9E3779B97F4A7C15
"""SplitMix64's increment: the stream's counter is spread by it before mixing."""
_MASK = (1 << 64) - 1
_FIRST, _SECOND = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
_UNIT = 1.0 / (1 << 53)

Keys = npt.NDArray[np.uint64]


def mix(value: int) -> int:
    """SplitMix64's finaliser: every bit of ``value`` moves every bit of the result."""
    value &= _MASK
    value = ((value ^ (value >> 30)) * _FIRST) & _MASK
    value = ((value ^ (value >> 27)) * _SECOND) & _MASK
    return value ^ (value >> 31)


def game_key(seed: int) -> int:
    """The key of the players' stream of the game seeded ``seed``."""
    return mix(seed ^ PLAYERS_SALT)


def place(round_index: int, turn: int, seat: int, players: int, turns_per_round: int) -> int:
    """Where a draw is made: seat ``players`` is the turn's rule-4 row choice."""
    return (round_index * turns_per_round + turn) * (players + 1) + seat


def uniform(key: int, where: int) -> float:
    """The number in [0, 1) drawn at ``where`` in the stream of ``key``."""
    return (mix(key + (where + 1) * GOLDEN) >> 11) * _UNIT


def mix_array(values: Keys) -> Keys:
    """:func:`mix` on every element (numpy wraps ``uint64`` arithmetic as the masks above do)."""
    values = values ^ (values >> np.uint64(30))
    values *= np.uint64(_FIRST)
    values ^= values >> np.uint64(27)
    values *= np.uint64(_SECOND)
    values ^= values >> np.uint64(31)
    return values


def game_keys(seeds: npt.NDArray[np.uint64]) -> Keys:
    """:func:`game_key` of every seed."""
    return mix_array(seeds ^ np.uint64(PLAYERS_SALT))


def uniforms(keys: Keys, first: int, count: int) -> npt.NDArray[np.float64]:
    """``(count, games)``: the numbers drawn at places ``first .. first + count - 1`` of each stream."""
    steps = (np.arange(first + 1, first + count + 1, dtype=np.uint64) * np.uint64(GOLDEN))
    mixed = mix_array(keys[None, :] + steps[:, None])
    return (mixed >> np.uint64(11)).astype(np.float64) * _UNIT
