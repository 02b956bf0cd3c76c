"""Thunderbirds' part of the Help screen: how the companion runs this game."""

from __future__ import annotations

from companion.locale import _


def help_paragraphs() -> tuple[str, ...]:
    return (
        _(
            "Play on the real board with the real pieces. The companion deals the decks, rolls the dice, "
            "keeps track of the Hood and the disasters, and checks the rules."
        ),
        _(
            "On your turn, tap an action on the Table. Moves, loading and transfers happen on the Board "
            "screen: tap a Thunderbird, then where it goes. Then move the pieces on the real board to match."
        ),
        _(
            "Before a rescue the odds are shown, with and without your tokens. After the roll you may "
            "re-roll with Intelligence or add +2 with Teamwork."
        ),
        _(
            "End turn draws the next disaster card. Undo is always on the Table; History lets you go back "
            "to any earlier moment."
        ),
        _(
            "If the table and the screen disagree, the table is right: use Adjust to make the companion match "
            "it. Cards marked as unverified may differ from your box: check them and correct them in the "
            "card editor."
        ),
    )
