"""Home's game picker shows every installed game at once: as many tiles to a row as keep a readable width, as many
rows as needed, rows balanced. The real-app check (every tile whole at 800x480) is in test_ui_solitaire.py."""

from __future__ import annotations

import pytest

from companion.ui.screens.home import PICKER_TILE_WIDTH, picker_grid
from companion.ui.theme import Metrics, dpi_for_size

#: The picker's width (about 58 % of a landscape window, the whole width in portrait) at each supported size.
SIZES = {(800, 480): 0.58, (1280, 800): 0.58, (720, 1280): 1.0}


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("count", range(1, 10))
def test_every_game_has_a_whole_tile_of_a_readable_width(size: tuple[int, int], count: int) -> None:
    metrics = Metrics(dpi=dpi_for_size(*size), width=size[0], height=size[1])
    width = size[0] * SIZES[size]
    cols, rows = picker_grid(count, width, metrics.target, metrics.gap)
    assert cols * rows >= count  # nothing left out of sight
    assert cols * (rows - 1) < count  # no empty row
    tile = (width - (cols - 1) * metrics.gap) / cols
    assert cols == 1 or tile >= metrics.target * PICKER_TILE_WIDTH  # readable
    assert rows <= 3  # six games: two rows at every size


def test_six_games_at_800x480_are_two_rows_of_three() -> None:
    metrics = Metrics(dpi=132.0, width=800, height=480)
    assert picker_grid(6, 800 * 0.58, metrics.target, metrics.gap) == (3, 2)
    assert picker_grid(0, 400, metrics.target, metrics.gap) == (1, 0)
