"""The app's window: its size when windowed, fullscreen (F11) and back, resizing kept to the
smallest size the screens are laid out for."""

from __future__ import annotations

import pygame

from game.i18n import _

from .kit import theme

WINDOW_SIZE = (1280, 720)


def window_title(replay: bool = False) -> str:
    """The window's title, in the language spoken (a replay says so)."""
    return _("6 Takes! - classroom simulator - replay") if replay else _("6 Takes! - classroom simulator")


class Window:
    """The display surface and how it is shown."""

    def __init__(self, title: str, fullscreen: bool) -> None:
        self.title = title
        self.windowed_size = WINDOW_SIZE
        """The size to go back to when fullscreen ends."""
        self.fullscreen = False
        self.screen = self._open(fullscreen)

    def _open(self, fullscreen: bool) -> pygame.Surface:
        pygame.display.set_caption(self.title)
        self.fullscreen = fullscreen
        if fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)

    def handle(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` was the window's own (a resize, F11), handled here."""
        if event.type == pygame.VIDEORESIZE:
            self.resized(tuple(event.size))
        elif event.type == pygame.WINDOWRESIZED:
            self.resized((event.x, event.y))
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        else:
            return False
        return True

    def toggle_fullscreen(self) -> None:
        """F11: fullscreen <-> window; scenes lay out again from the new size."""
        if not self.fullscreen:
            self.windowed_size = self.screen.get_size()
        self.screen = self._open(not self.fullscreen)

    def resized(self, size: tuple[int, int]) -> None:
        """The user resized the window (never below :data:`theme.SMALLEST_WINDOW`)."""
        if self.fullscreen:
            return
        size = (max(theme.SMALLEST_WINDOW[0], size[0]), max(theme.SMALLEST_WINDOW[1], size[1]))
        self.windowed_size = size
        current = pygame.display.get_surface()
        if current is None or current.get_size() != size:
            current = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.screen = current
