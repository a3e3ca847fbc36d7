"""The join QR code again, big, over the class game's table (key Q): for a student who comes in
late or whose phone lost the page.  Any key or a click closes it; the game goes on underneath
(its phones keep playing, and the lesson paces its table while this covers it)."""

from __future__ import annotations

import pygame

from game.i18n import _

from ..base import AppContext, Input, InputKind, Scene
from ..kit import theme
from ..kit.layout import scale_for
from .qr import QrImage


class JoinAgainScene(Scene):
    """The room's code, address and QR code, filling the screen."""

    def __init__(self, ctx: AppContext, address: str, code: str) -> None:
        super().__init__(ctx)
        self.address = address
        self.code = code
        self._qr = QrImage()

    @property
    def qr_text(self) -> str:
        """The address with the code, as the lobby's QR code holds it."""
        return f"{self.address}/?code={self.code}"

    def handle_event(self, inp: Input) -> None:
        super().handle_event(inp)
        if inp.kind in (InputKind.KEY, InputKind.CLICK):
            self.ctx.nav.close_overlay()


    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = scale_for((w, h))
        surface.fill(theme.FELT)
        margin = round(24 * s)
        image = self._qr.image(self.qr_text, h - 2 * margin)
        qr = image.get_rect(midright=(w - margin, h // 2))
        surface.blit(image, qr)
        left = pygame.Rect(margin, margin, qr.left - 2 * margin, h - 2 * margin)
        y = theme.blit_text(surface, _("Join from your phone"), theme.text_px(40, s), theme.TEXT, bold=True,
                            topleft=left.topleft).bottom + round(24 * s)
        y = theme.blit_text(surface, _("Room code"), theme.text_px(24, s), theme.TEXT_DIM, topleft=(left.left, y)).bottom
        y = theme.blit_text(surface, self.code, round(110 * s), theme.ACCENT, bold=True, topleft=(left.left, y)).bottom
        size = theme.fit_size(self.address, theme.text_px(30, s), left.width)
        theme.blit_text(surface, self.address, size, theme.TEXT, topleft=(left.left, y + round(12 * s)))
        theme.blit_text(surface, _("Any key: back to the game"), theme.text_px(22, s), theme.TEXT_DIM,
                        bottomleft=left.bottomleft)
