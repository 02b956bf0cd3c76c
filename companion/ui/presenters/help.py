"""The Help screen's text: what the companion does, then what it does for the open game (the pack's words)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.locale import _


@dataclass(frozen=True)
class HelpView:
    title: str
    paragraphs: tuple[str, ...]


def present_help(game_paragraphs: Sequence[str] = ()) -> HelpView:
    return HelpView(
        title=_("Help"),
        paragraphs=(
            *(
                game_paragraphs
                or (
                    _(
                        "Play on the real board with the real pieces. The companion runs the game's upkeep beside "
                        "it: decks, dice, tracks, and the rules where it knows them."
                    ),
                )
            ),
            _("Games are saved after every action, even if the power is cut. Resume them from the Home screen."),
        ),
    )
