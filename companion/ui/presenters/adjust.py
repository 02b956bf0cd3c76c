"""The Adjust screen: manual overrides for when the table differs from the companion, or a card's effect is not
known. The table is the truth: every value the companion keeps can be set here, as a logged, undoable action
(the rules check each one)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion.games.thunderbirds import actions as a
from companion.games.thunderbirds import names
from companion.games.thunderbirds.definitions import TOKEN_KINDS
from companion.games.thunderbirds.movement import top_speed
from companion.games.thunderbirds.state import NOTEBOOK, PendingRescue
from companion.locale import _, ngettext
from companion.ui.action_keys import action_key
from companion.ui.presenters.words import effect_source, effect_text, joined

SECTIONS = ("track", "disasters", "tokens", "fabs", "pieces", "effects")


@dataclass(frozen=True)
class AdjustChoice:
    key: str
    label: str
    action: Any


@dataclass(frozen=True)
class AdjustButton:
    key: str
    label: str
    action: Any = None  # dispatched on touch; None with `choices`: opens a chooser
    choices: tuple[AdjustChoice, ...] = field(default=())


@dataclass(frozen=True)
class AdjustRow:
    label: str
    buttons: tuple[AdjustButton, ...]


@dataclass(frozen=True)
class AdjustView:
    title: str
    intro: str
    sections: tuple[tuple[str, str, bool], ...]  # key, label, selected
    rows: tuple[AdjustRow, ...]


def adj(action: Any) -> str:
    return "adj:" + action_key(action)


def _button(label: str, action: Any) -> AdjustButton:
    return AdjustButton(adj(action), label, action)


def _chooser(key: str, label: str, actions: list[tuple[str, Any]]) -> AdjustButton:
    return AdjustButton(key, label, None, tuple(AdjustChoice(adj(x), text, x) for text, x in actions))


def section_label(key: str) -> str:
    return {
        "track": _("Hood and turn"),
        "disasters": _("Disaster cards"),
        "tokens": _("Tokens"),
        "fabs": _("F.A.B. cards"),
        "pieces": _("Pieces"),
        "effects": _("Lasting effects"),
    }[key]


def present_adjust(state: Any, defs: Any, section: str, character_name: Callable[[str], str]) -> AdjustView:
    section = section if section in SECTIONS else "track"
    builder = {
        "track": _track_rows,
        "disasters": _disaster_rows,
        "tokens": _token_rows,
        "fabs": _fab_rows,
        "pieces": _piece_rows,
        "effects": _effect_rows,
    }[section]
    return AdjustView(
        title=_("Adjust"),
        intro=_("The table is right: set here whatever differs. Each change is logged and can be undone."),
        sections=tuple((key, section_label(key), key == section) for key in SECTIONS),
        rows=tuple(builder(state, defs, character_name)),
    )


def _track_rows(state: Any, defs: Any, character_name: Callable[[str], str]) -> list[AdjustRow]:
    last = defs.hood_track.length - 1
    rows = []
    hood = []
    if state.hood > 0:
        hood.append(_button(_("Back one space"), a.AdjustHood(state.hood - 1)))
    if state.hood < last:
        hood.append(_button(_("On one space"), a.AdjustHood(state.hood + 1)))
        hood.append(_button(_("On one, with its card"), a.AdjustHood(state.hood + 1, activate=True)))
    rows.append(
        AdjustRow(_("The Hood: space {space} of {length}").format(space=state.hood + 1, length=last + 1), tuple(hood))
    )
    actions = []
    if state.actions_left > 0:
        actions.append(_button(_("One fewer"), a.AdjustActions(state.actions_left - 1)))
    actions.append(_button(_("One more"), a.AdjustActions(state.actions_left + 1)))
    rows.append(AdjustRow(_("Actions left this turn: {count}").format(count=state.actions_left), tuple(actions)))
    if isinstance(state.pending, PendingRescue):
        rows.append(
            AdjustRow(
                _("Rescue under way: score {score}").format(score=state.pending.score),
                (
                    _button("-1", a.AdjustRescue(-1)),
                    _button("+1", a.AdjustRescue(1)),
                ),
            )
        )
    return rows


def _disaster_rows(state: Any, defs: Any, character_name: Callable[[str], str]) -> list[AdjustRow]:
    rows = []
    slots = len(state.track.slots)
    for slot, card in state.track.occupied():
        buttons = []
        if slot > 1 and state.track.slots[slot - 2] is None:
            buttons.append(_button(_("Slot {slot}").format(slot=slot - 1), a.AdjustDisaster(card, slot - 1)))
        if slot < slots and state.track.slots[slot] is None:
            buttons.append(_button(_("Slot {slot}").format(slot=slot + 1), a.AdjustDisaster(card, slot + 1)))
        buttons.append(_button(_("Discard"), a.AdjustDisaster(card, "discard")))
        rows.append(AdjustRow(_("Slot {slot}: {name}").format(slot=slot, name=names.card(defs, card)), tuple(buttons)))
    on_track = {card for _slot, card in state.track.occupied()}
    # "The Hood advances" cards never go on the track; every other disaster card can be put there.
    others = [c for c, card in defs.disasters.items() if c not in on_track and card.kind == "disaster"]
    empty = [slot for slot in range(1, slots + 1) if state.track.slots[slot - 1] is None]
    if others and empty:
        target = empty[0]
        rows.append(
            AdjustRow(
                _("Put another card on slot {slot}").format(slot=target),
                (
                    _chooser(
                        "adj:place-disaster",
                        _("Choose the card"),
                        [(names.card(defs, c), a.AdjustDisaster(c, target)) for c in others],
                    ),
                ),
            )
        )
    return rows


def _token_rows(state: Any, defs: Any, character_name: Callable[[str], str]) -> list[AdjustRow]:
    rows = []
    for hand in state.players:
        for kind in TOKEN_KINDS:
            count = hand.count(kind)
            buttons = []
            if count > 0:
                buttons.append(_button("-1", a.AdjustTokens(hand.character, kind, -1)))
            if state.supply[TOKEN_KINDS.index(kind)] > 0:
                buttons.append(_button("+1", a.AdjustTokens(hand.character, kind, 1)))
            rows.append(
                AdjustRow(
                    joined(
                        character_name(hand.character),
                        _("{kind} {count}").format(kind=names.token(defs, kind), count=count),
                    ),
                    tuple(buttons),
                )
            )
    return rows


def _fab_rows(state: Any, defs: Any, character_name: Callable[[str], str]) -> list[AdjustRow]:
    rows = []
    free = list(state.fab_deck.draw_pile) + list(state.fab_deck.discard_pile)
    for hand in state.players:
        buttons = [
            _button(_("Return {card}").format(card=names.card(defs, card)), a.AdjustFab(hand.character, card, "take"))
            for card in hand.fabs
        ]
        if free:
            buttons.append(
                _chooser(
                    f"adj:give-fab:{hand.character}",
                    _("Give a card"),
                    [(names.card(defs, c), a.AdjustFab(hand.character, c, "give")) for c in free],
                )
            )
        rows.append(
            AdjustRow(
                ngettext("{who}: {count} F.A.B. card", "{who}: {count} F.A.B. cards", len(hand.fabs)).format(
                    who=character_name(hand.character), count=len(hand.fabs)
                ),
                tuple(buttons),
            )
        )
    return rows


def _piece_rows(state: Any, defs: Any, character_name: Callable[[str], str]) -> list[AdjustRow]:
    rows = []
    regions = [(r.names.text(), r.id) for r in defs.board.regions]
    for vehicle, region in state.vehicles:
        speed = top_speed(state, defs, vehicle)
        buttons = [
            _chooser(
                f"adj:move:{vehicle}",
                _("Move"),
                [(text, a.AdjustPiece(vehicle, rid)) for text, rid in regions if rid != region],
            ),
        ]
        if speed > 0:
            buttons.append(_button(_("Speed {speed}").format(speed=speed - 1), a.AdjustSpeed(vehicle, speed - 1)))
        buttons.append(_button(_("Speed {speed}").format(speed=speed + 1), a.AdjustSpeed(vehicle, speed + 1)))
        if any(e.kind == "speed-limit" and e.vehicle == vehicle for e in state.effects):
            buttons.append(_button(_("Printed speed"), a.AdjustSpeed(vehicle, None)))
        rows.append(
            AdjustRow(
                joined(
                    names.vehicle(defs, vehicle),
                    _("{region} · speed {speed}").format(region=names.region(defs, region), speed=speed),
                ),
                tuple(buttons),
            )
        )
    for pod in defs.pods:
        where = state.pod_region(pod)
        options = [(text, a.AdjustPiece(pod, rid)) for text, rid in regions if rid != where]
        if where is not None:
            options.insert(0, (_("Brains' notebook"), a.AdjustPiece(pod, NOTEBOOK)))
        rows.append(
            AdjustRow(
                joined(names.pod(defs, pod), names.region(defs, where) if where else _("Brains' notebook")),
                (_chooser(f"adj:move:{pod}", _("Move"), options),),
            )
        )
    vehicles = [(names.vehicle(defs, v), v) for v in defs.vehicles]
    for character, seat in state.seats:
        rows.append(
            AdjustRow(
                joined(character_name(character), names.vehicle(defs, seat)),
                (
                    _chooser(
                        f"adj:seat:{character}",
                        _("Seat"),
                        [(text, a.AdjustSeat(character, v)) for text, v in vehicles if v != seat],
                    ),
                ),
            )
        )
    return rows


def _effect_rows(state: Any, defs: Any, character_name: Callable[[str], str]) -> list[AdjustRow]:
    rows = []
    seen = set()
    for effect in state.effects:
        if effect.card in seen:
            continue
        seen.add(effect.card)
        rows.append(
            AdjustRow(
                joined(effect_source(defs, effect), effect_text(defs, effect)),
                (_button(_("It is over"), a.EndEffect(effect.card)),),
            )
        )
    for card in state.hood_cards:
        if card.kind == "event" and card.status == "active" and card.card not in seen:
            rows.append(
                AdjustRow(
                    _("Event {name} (apply it at the table)").format(name=names.card(defs, card.card)),
                    (_button(_("It is over"), a.EndEffect(card.card)),),
                )
            )
    if not rows:
        rows.append(AdjustRow(_("No lasting effect is in force."), ()))
    return rows
