"""Many Mersenne Twisters side by side: column ``g`` draws exactly what ``random.Random(seeds[g])`` draws.

The engine deals each game from ``random.Random(seed)`` and its computer players share
``random.Random(seed ^ salt)`` (:func:`game.play.players_rng`); a record's deals are checked
against its seed.  To play many games at once and still play *those* games, the batched
engine runs one Mersenne Twister per game as a column of a ``(624, games)`` array of
``uint32``: every step of CPython's seeding (``init_by_array`` over the seed's 32-bit
words), of the twist and of the tempering is one numpy operation on a row of every
generator at once.  A Python ``random.Random`` spends about 4 microseconds seeding itself;
here a generator is seeded in about one, and its words are made only as far as they are
read (a game reads a hundred or so of its 624).

:meth:`MersenneBatch.doubles` gives what ``random()`` gives: ``(a * 2**26 + b) / 2**53``
from two words ``a >> 5`` and ``b >> 6``, computed in the same double arithmetic.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

STATE_WORDS = 624
"""Words of one generator's state (``N`` of the reference implementation)."""
_SHIFT = 397
"""``M`` of the reference implementation: the twist mixes word ``k`` with word ``k + M``."""
_MATRIX_A = np.uint32(0x9908B0DF)
_UPPER = np.uint32(0x80000000)
_LOWER = np.uint32(0x7FFFFFFF)
_SEEDING_START = 19650218
"""``init_by_array`` starts from the state ``init_genrand(19650218)`` makes."""
_MIX_FIRST = np.uint32(1664525)
_MIX_SECOND = np.uint32(1566083941)
_THIRTY = np.uint32(30)

Words = npt.NDArray[np.uint32]
Doubles = npt.NDArray[np.float64]


def _genrand_start() -> list[np.uint32]:
    """``init_genrand(19650218)``: the same for every seed, so made once."""
    state = [_SEEDING_START]
    for index in range(1, STATE_WORDS):
        previous = state[-1]
        state.append((1812433253 * (previous ^ (previous >> 30)) + index) & 0xFFFFFFFF)
    return [np.uint32(word) for word in state]


_START = _genrand_start()
_INDICES = [np.uint32(index) for index in range(STATE_WORDS)]


def seed_keys(seeds: npt.NDArray[np.uint64]) -> tuple[Words, Words]:
    """The words ``init_by_array`` adds in turn for each seed, as ``random.seed(int)`` gives them.

    CPython's key is the seed's 32-bit words, least significant first, one word for a seed
    below 2**32 (0 included) and two above.  The key's ``j``-th word is added with ``j``,
    alternately; a one-word key adds its word (and 0) every time.
    """
    low = (seeds & np.uint64(0xFFFFFFFF)).astype(np.uint32)
    high = (seeds >> np.uint64(32)).astype(np.uint32)
    second = np.where(high == 0, low, high + np.uint32(1)).astype(np.uint32)
    return low, second


def seeded_states(seeds: npt.NDArray[np.uint64], state: Words | None = None) -> Words:
    """``(624, len(seeds))``: each column the state of ``random.Random(seed)`` right after seeding
    (written into ``state`` when given: a fresh array costs page faults on every use).

    Twelve hundred steps of five operations each: the operations are called with their output
    given by position, which numpy parses in half the time of ``out=``."""
    count = len(seeds)
    if state is None:
        state = np.empty((STATE_WORDS, count), dtype=np.uint32)
    rows = list(state)
    keys = seed_keys(seeds)
    work = np.empty(count, dtype=np.uint32)
    shift, xor, multiply, add, subtract = np.right_shift, np.bitwise_xor, np.multiply, np.add, np.subtract
    rows[0][:] = _START[0]
    previous = rows[0]
    index, key = 1, 0
    for step in range(STATE_WORDS):  # the key's loop: max(624, key length) steps
        row = rows[index]
        shift(previous, _THIRTY, work)
        xor(work, previous, work)
        multiply(work, _MIX_FIRST, work)
        xor(work, row if step == STATE_WORDS - 1 else _START[index], work)
        add(work, keys[key], row)
        previous, index, key = row, index + 1, key ^ 1
        if index >= STATE_WORDS:
            rows[0][:] = rows[-1]
            previous, index = rows[0], 1
    for _step in range(STATE_WORDS - 1):
        row = rows[index]
        shift(previous, _THIRTY, work)
        xor(work, previous, work)
        multiply(work, _MIX_SECOND, work)
        xor(work, row, work)
        subtract(work, _INDICES[index], row)
        previous, index = row, index + 1
        if index >= STATE_WORDS:
            rows[0][:] = rows[-1]
            previous, index = rows[0], 1
    rows[0][:] = _UPPER
    return state


_BLOCK = 32
"""Rows twisted and tempered per numpy operation: small enough that the temporaries stay in the cache."""


def _temper(words: Words, out: Words, work: Words) -> None:
    """The reference tempering of ``words`` into ``out`` (``work``: scratch of the same shape)."""
    np.right_shift(words, np.uint32(11), out=work)
    np.bitwise_xor(words, work, out=out)
    np.left_shift(out, np.uint32(7), out=work)
    np.bitwise_and(work, np.uint32(0x9D2C5680), out=work)
    np.bitwise_xor(out, work, out=out)
    np.left_shift(out, np.uint32(15), out=work)
    np.bitwise_and(work, np.uint32(0xEFC60000), out=work)
    np.bitwise_xor(out, work, out=out)
    np.right_shift(out, np.uint32(18), out=work)
    np.bitwise_xor(out, work, out=out)


class MersenneBatch:
    """One ``random.Random(seed)`` per column, its words made only as far as they are read.

    Made for a number of generators and seeded again and again (:meth:`seed`): its arrays
    are reused, as a fresh array of this size costs more in page faults than the seeding.
    """

    def __init__(self, capacity: int) -> None:
        self._buffers = (np.empty((STATE_WORDS, capacity), dtype=np.uint32),
                         np.empty((STATE_WORDS, capacity), dtype=np.uint32))
        self._state = self._outputs = self._buffers[0][:, :0]
        self._scratch = np.empty((2, _BLOCK, capacity), dtype=np.uint32)
        self.capacity = capacity
        """The most generators :meth:`seed` takes."""
        self._made = self._read = STATE_WORDS

    @classmethod
    def seeded(cls, seeds: npt.NDArray[np.uint64] | list[int]) -> MersenneBatch:
        """A batch of exactly these generators."""
        seeds = np.asarray(seeds, dtype=np.uint64)
        batch = cls(len(seeds))
        batch.seed(seeds)
        return batch

    def seed(self, seeds: npt.NDArray[np.uint64]) -> None:
        """Seed one generator per seed (at most as many as the batch was made for)."""
        count = len(seeds)
        self._state = seeded_states(seeds, self._buffers[0][:, :count])
        self._outputs = self._buffers[1][:, :count]
        self._made = self._read = STATE_WORDS

    @property
    def count(self) -> int:
        """How many generators (games)."""
        return int(self._state.shape[1])

    def keep(self, columns: npt.NDArray[np.bool_] | npt.NDArray[np.intp]) -> None:
        """Keep only these generators (a mask or indices), in this order: the others are dropped."""
        self._state = np.ascontiguousarray(self._state[:, columns])
        self._outputs = np.ascontiguousarray(self._outputs[:, columns])

    def next_words(self, count: int) -> Words:
        """``(count, generators)``: each generator's next ``count`` 32-bit words (at most 624; a view
        valid until the next call)."""
        if count > STATE_WORDS:
            raise ValueError(f"at most {STATE_WORDS} words at a time")
        if self._read + count > STATE_WORDS:
            return self.words(count)
        self._twist_to(self._read + count)
        self._read += count
        return self._outputs[self._read - count:self._read]

    def words(self, count: int) -> Words:
        """``(count, generators)``: each generator's next ``count`` 32-bit words (a new array)."""
        parts = []
        while count > 0:
            if self._read == STATE_WORDS:
                self._made = self._read = 0
            take = min(count, STATE_WORDS - self._read)
            self._twist_to(self._read + take)
            parts.append(self._outputs[self._read:self._read + take].copy())
            self._read += take
            count -= take
        return parts[0] if len(parts) == 1 else np.concatenate(parts)

    def doubles(self, count: int) -> Doubles:
        """``(count, generators)``: what each generator's next ``count`` calls of ``random()`` return."""
        return unit_doubles(self.words(2 * count)) * (1.0 / 9007199254740992.0)

    def _twist_to(self, stop: int) -> None:
        """Twist and temper the current generation's words up to ``stop`` (the reference twist,
        a block at a time: a word is made from words already made or not yet overwritten)."""
        state = self._state
        while self._made < stop:
            start = self._made
            if start < STATE_WORDS - _SHIFT:
                end = min(stop, STATE_WORDS - _SHIFT, start + _BLOCK)
                source = state[start + _SHIFT:end + _SHIFT]
            elif start < STATE_WORDS - 1:
                end = min(stop, STATE_WORDS - 1, start + _BLOCK)
                source = state[start + _SHIFT - STATE_WORDS:end + _SHIFT - STATE_WORDS]
            else:
                end = STATE_WORDS
                source = state[_SHIFT - 1:_SHIFT]
            following = state[start + 1:end + 1] if end < STATE_WORDS else state[0:1]
            rows, count = end - start, self.count
            mixed, work = self._scratch[0, :rows, :count], self._scratch[1, :rows, :count]
            np.bitwise_and(state[start:end], _UPPER, out=mixed)
            np.bitwise_and(following, _LOWER, out=work)
            np.bitwise_or(mixed, work, out=mixed)
            np.bitwise_and(mixed, np.uint32(1), out=work)
            np.multiply(work, _MATRIX_A, out=work)
            np.bitwise_xor(work, source, out=work)
            np.right_shift(mixed, np.uint32(1), out=mixed)
            np.bitwise_xor(work, mixed, out=state[start:end])
            _temper(state[start:end], self._outputs[start:end], work)
            self._made = end


def unit_doubles(words: Words) -> Doubles:
    """``random()`` times 2**53 (a whole number) from each pair of words, exactly: ``a * 2**26 + b``
    from ``a = first >> 5`` and ``b = second >> 6``."""
    whole = (words[0::2] >> np.uint32(5)).astype(np.uint64) << np.uint64(26)
    whole |= words[1::2] >> np.uint32(6)
    return whole.astype(np.float64)
