"""Issue 49: the predict panel's four row buttons read alike at every window size and in every
language - "Row 1" ... "Row 4", or where one is too narrow the number over "row" for all four
(at 1024x576 the 4th alone read "4 / row" beside "Row 3")."""

from __future__ import annotations

import pytest

from game.i18n import LANGUAGES
from game.predict import TAKES
from scenes.kit import theme
from scenes.kit.layout import scale_for
from scenes.model.language import use_language
from scenes.table.layout import table_layout
from scenes.table.predict_panel import answer_buttons, answer_labels


@pytest.mark.parametrize("size", [(1280, 720), theme.SMALLEST_WINDOW, (1920, 1080)])
@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_four_row_buttons_read_alike(code: str, size: tuple[int, int]) -> None:
    use_language(code)  # (theme.font starts pygame's fonts itself)
    labels = answer_labels(answer_buttons(table_layout(size)), theme.text_px(24, scale_for(size)))
    rows = [labels[guess] for guess in sorted(labels) if guess != TAKES]
    numbers_alone = [label == str(row + 1) for row, (label, _hint) in enumerate(rows)]
    assert len(set(numbers_alone)) == 1, rows
    assert len({hint for label, hint in rows if label.isdigit()}) <= 1, rows
