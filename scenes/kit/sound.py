"""Optional sound cues for a class game: a short high tone when everyone has chosen, a low one when
a row is taken.  Off by default; M on the projector's table turns them on or off (remembered).

The tones are made here (a few milliseconds of a sine wave, no sound file); a computer without
sound, or whose audio cannot start, simply stays silent.  :attr:`Cues.played` lists the cues
played, for the tests.
"""

from __future__ import annotations

import math
from array import array

import pygame

RATE = 22050
CUES = {"chosen": (880.0, 0.12), "taken": (330.0, 0.25)}
"""Each cue's tone: (frequency in Hz, seconds)."""
SOUND_KEY = "class_sound"
"""The settings key remembering whether the cues are on."""


def tone(frequency: float, seconds: float, volume: float = 0.35) -> bytes:
    """A sine tone as 16-bit mono samples, faded in and out (no click)."""
    count = int(RATE * seconds)
    fade = max(1, int(RATE * 0.01))
    samples = array("h", (int(32767 * volume * math.sin(2 * math.pi * frequency * i / RATE)
                              * min(1.0, i / fade, (count - i) / fade)) for i in range(count)))
    return samples.tobytes()


class Cues:
    """The cues of one table screen."""

    def __init__(self, on: bool = False) -> None:
        self.on = on
        self.played: list[str] = []
        self._sounds: dict[str, pygame.mixer.Sound] | None = None

    def toggle(self) -> bool:
        self.on = not self.on
        return self.on

    def play(self, cue: str) -> None:
        """Play ``cue`` if the cues are on (silently nothing where there is no sound)."""
        if not self.on:
            return
        self.played.append(cue)
        sound = self._sound(cue)
        if sound is not None:
            sound.play()

    def _sound(self, cue: str) -> pygame.mixer.Sound | None:
        if self._sounds is None:
            self._sounds = {}
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init(RATE, -16, 1)
                if pygame.mixer.get_init() != (RATE, -16, 1):  # another format: no cue rather than noise
                    return None
                self._sounds = {name: pygame.mixer.Sound(buffer=tone(*shape)) for name, shape in CUES.items()}
            except pygame.error:
                return None
        return self._sounds.get(cue)
