"""Lady Penelope's phase, at the end of the turn: 1. move or flip (never both), 2. escort (assign an uninfluenced
Civilian of her chain, or leave hers), or end the turn.

Kivy-free. Only the legal choices are offered as buttons; every other place and Civilian says why not, with the
rules' own reason, so the player sees the rule instead of a missing button.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.games.thunderbirds_solitaire import actions as act
from companion.games.thunderbirds_solitaire import events as ev
from companion.games.thunderbirds_solitaire.checklist import LADY_PENELOPE_STEPS
from companion.games.thunderbirds_solitaire.rules import check
from companion.games.thunderbirds_solitaire.state import LOCATIONS, TRACY_ISLAND, GameState, Side
from companion.games.thunderbirds_solitaire.ui.presenters.common import Item, LadyPenelopeCard, lady_penelope_card
from companion.games.thunderbirds_solitaire.words import card_name, place_name, side_name
from companion.locale import domain
from companion.ui.action_keys import act as act_key
from companion.ui.presenters.lines import ButtonView, TextLine

_, ngettext = domain("thunderbirds_solitaire")
pgettext = domain("thunderbirds_solitaire").pgettext


@dataclass(frozen=True)
class PlaceRow:
    """One location she could go to: a button when the move is legal, else the rule that forbids it."""

    at: str
    label: str  # "Chain 2 · Disaster, Civilian" / "Tracy Island"
    button: ButtonView | None
    reason: str


@dataclass(frozen=True)
class LadyPenelopeView:
    title: str
    card: LadyPenelopeCard
    stage: int  # 1: move or flip; 2: escort; 0: the phase is over
    stages: tuple[TextLine, ...]
    flip: ButtonView | None
    places: tuple[PlaceRow, ...]
    escort: tuple[ButtonView, ...]
    escort_reasons: tuple[str, ...]
    end_turn: ButtonView | None
    done_text: str


def _place_label(state: GameState, at: str) -> str:
    if at == TRACY_ISLAND:
        return pgettext("a place's heading", "Tracy Island")
    chain = state.chain(int(at.removeprefix("chain-")))
    kinds = ", ".join(card_name(state, card) for card in chain) or _("no cards")
    return _("{place}: {cards}").format(place=_("Chain {n}").format(n=at.removeprefix("chain-")), cards=kinds)


def present_lady_penelope(state: GameState, legal: Sequence[object], events: Sequence[object] = ()) -> LadyPenelopeView:
    """`events` are the last action's: when they end the turn, the view says so (`done_text`) until the player
    goes back to the table; out of her phase otherwise, `done_text` is "" (the screen gives way to the table)."""
    card = lady_penelope_card(state)
    in_phase = state.phase in ("lp-move", "lp-escort")
    stage = 1 if state.phase == "lp-move" else 2 if state.phase == "lp-escort" else 0
    stages = tuple(
        TextLine(step.label(), "title" if index + 1 == stage else "dim")
        for index, step in enumerate(LADY_PENELOPE_STEPS)
    )
    flip: ButtonView | None = None
    places: list[PlaceRow] = []
    if stage == 1:
        other: Side = "air" if state.side == "road" else "road"
        flip_action = act.FlipLadyPenelope()
        if flip_action in legal:
            flip = ButtonView(act_key(flip_action), _("Flip her card to its {side}").format(side=side_name(other)))
        for at in LOCATIONS:
            move = act.MoveLadyPenelope(at)
            if at == state.lady_penelope:
                places.append(PlaceRow(at, _place_label(state, at), None, _("She is here.")))
            elif move in legal:
                places.append(PlaceRow(at, _place_label(state, at), ButtonView(act_key(move), _("Go here")), ""))
            else:
                places.append(PlaceRow(at, _place_label(state, at), None, check(state, move) or ""))
    escort: list[ButtonView] = []
    reasons: list[str] = []
    if in_phase:
        chain = state.lady_penelope_chain
        if state.escort is None and chain is not None:
            for candidate in state.chain(chain):
                if candidate.kind != "civilian":
                    continue
                assign = act.AssignCivilian(candidate.id)
                if assign in legal:
                    escort.append(
                        ButtonView(act_key(assign), _("Escort {card}").format(card=card_name(state, candidate)))
                    )
                else:
                    reasons.append(check(state, assign) or "")
            if not escort and not reasons:
                reasons.append(_("No Civilian in her chain to escort."))
        elif state.escort is None:
            reasons.append(check(state, act.AssignCivilian("")) or "")
        else:
            leave = act.UnassignCivilian()
            name = card_name(state, state.escort)
            if leave in legal:
                label = (
                    _("Rescue {card} at Tracy Island")
                    if state.lady_penelope == TRACY_ISLAND
                    else _("Leave {card} at {place}")
                ).format(card=name, place=place_name(state.lady_penelope))
                escort.append(ButtonView(act_key(leave), label, "primary" if chain is None else "normal"))
            else:
                reasons.append(check(state, leave) or "")
    end = act.EndTurn()
    end_turn = ButtonView(act_key(end), _("End the turn without an escort")) if end in legal else None
    done = ""
    ended = [event for event in events if isinstance(event, ev.TurnEnded)]
    if not in_phase and ended:
        done = _("Turn {n} is over: Lady Penelope's phase ended it.").format(n=ended[-1].turn)
    return LadyPenelopeView(
        title=_("Lady Penelope's phase"),
        card=card,
        stage=stage,
        stages=stages,
        flip=flip,
        places=tuple(places),
        escort=tuple(escort),
        escort_reasons=tuple(r for r in reasons if r),
        end_turn=end_turn,
        done_text=done,
    )


def lady_penelope_items(view: LadyPenelopeView) -> tuple[Item, ...]:
    """The view as the screen's list: her two stages, each choice a button, each refusal its reason."""
    if view.stage == 0:
        if not view.done_text:
            return ()
        return (
            Item("text", view.done_text, "good"),
            Item("buttons", buttons=(ButtonView("lp:done", _("Back to the table"), "primary"),)),
        )
    items: list[Item] = [Item("title", view.stages[0].text, view.stages[0].style)]
    if view.stage == 1:
        if view.flip is not None:
            items.append(Item("buttons", buttons=(view.flip,)))
        for place in view.places:
            if place.button is not None:
                items.append(Item("row", place.label, buttons=(place.button,)))
            else:
                items.append(Item("text", place.label))
                items.append(Item("text", place.reason, "dim"))
    else:
        items.append(Item("text", _("Done for this turn: she moved or flipped."), "dim"))
    items.append(Item("title", view.stages[1].text, view.stages[1].style))
    items += [Item("buttons", buttons=(button,)) for button in view.escort]
    items += [Item("text", reason, "dim") for reason in view.escort_reasons]
    if view.end_turn is not None:
        items.append(Item("buttons", buttons=(view.end_turn,)))
    return tuple(items)
