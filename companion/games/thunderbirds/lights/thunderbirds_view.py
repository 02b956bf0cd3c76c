"""What the lights see of a Thunderbirds game: the rules' state read into a `BoardView`, and the rules'
events read into the moments that get a short animation. Read-only: nothing here changes the game."""

from __future__ import annotations

from collections.abc import Iterable

from companion.games.thunderbirds import events as ev
from companion.games.thunderbirds.definitions import Definitions
from companion.games.thunderbirds.lights.view import (
    DISASTER_SLOTS,
    BoardView,
    DisasterDrawn,
    HoodMark,
    HoodMoved,
    Moment,
    RescueResolved,
)
from companion.games.thunderbirds.state import GameState, HoodCard

_EVENT_MARKS = {
    "face-down": HoodMark.EVENT_HIDDEN,
    "active": HoodMark.EVENT_REVEALED,
    "face-up": HoodMark.EVENT_REVEALED,
}
_SCHEME_MARKS = {
    "face-down": HoodMark.SCHEME_PENDING,
    "face-up": HoodMark.SCHEME_CURRENT,
    "active": HoodMark.SCHEME_CURRENT,
    "foiled": HoodMark.SCHEME_FOILED,
}


def _mark(card: HoodCard) -> HoodMark:
    table = _EVENT_MARKS if card.kind == "event" else _SCHEME_MARKS
    return table.get(card.status, HoodMark.PLAIN)  # an event that is "done" went back to the box


def board_view(state: GameState, defs: Definitions) -> BoardView:
    length = defs.hood_track.length
    marks = [HoodMark.PLAIN] * length
    for card in state.hood_cards:
        if 0 <= card.space < length:
            marks[card.space] = _mark(card)
    slots = tuple(card is not None for card in state.track.slots)
    slots = (slots + (False,) * DISASTER_SLOTS)[:DISASTER_SLOTS]
    over = state.outcome is not None
    return BoardView(
        hood_length=length,
        hood_space=min(max(state.hood, 0), length - 1),
        marks=tuple(marks),
        disasters=slots,
        skull=state.skull is not None,
        character=state.active_character,
        actions_left=0 if over else max(state.actions_left, 0),
        outcome=state.outcome.result if state.outcome is not None else None,
    )


def moments(events: Iterable[object]) -> tuple[Moment, ...]:
    """The moments worth an animation, in order. Consecutive Hood steps make one chase (3 to 5, not 3-4, 4-5)."""
    out: list[Moment] = []
    for event in events:
        if isinstance(event, ev.HoodAdvanced):
            last = out[-1] if out else None
            if isinstance(last, HoodMoved) and last.to_space == event.frm:
                out[-1] = HoodMoved(last.from_space, event.to)
            else:
                out.append(HoodMoved(event.frm, event.to))
        elif isinstance(event, ev.DisasterPlaced):
            out.append(DisasterDrawn(event.slot))
        elif isinstance(event, ev.RescueSucceeded):
            out.append(RescueResolved(True))
        elif isinstance(event, ev.RescueFailed):
            out.append(RescueResolved(False))
    return tuple(out)
