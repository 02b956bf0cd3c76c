"""The few words the grid screen's own widgets say (its buttons and pop-ups), in the pack's catalogue."""

from __future__ import annotations

from dataclasses import dataclass

from companion.locale import domain

_, ngettext = domain("warpspawn_thunderbirds")


@dataclass(frozen=True)
class GridWords:
    zoom_in: str
    whole_board: str
    which_pawn: str
    cancel: str
    close: str


def grid_words() -> GridWords:
    return GridWords(
        zoom_in=_("Zoom in"),
        whole_board=_("Whole board"),
        which_pawn=_("Which pawn?"),
        cancel=_("Cancel"),
        close=_("Close"),
    )
