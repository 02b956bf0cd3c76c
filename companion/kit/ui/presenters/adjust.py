"""Adjust for a kit game, Kivy-free: the manual corrections (`actions.MANUAL`) for when the table and the screen
disagree, by section. Each is an ordinary action, logged and undoable, offered only when the rules accept it.

Face-down cards are not listed (the buttons would name them): their owner discards them behind the hand-over
step, and a face-up card of any deck can be moved anywhere from here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.kit import actions as act
from companion.kit import components as comp
from companion.kit.definition import KitDefinition
from companion.kit.describe import place_name, seat_name
from companion.kit.rules import check
from companion.kit.state import KitState
from companion.kit.ui.presenters.rows import Row, RowButton, Tab
from companion.locale import domain
from companion.ui.action_keys import act as key_of

_, ngettext = domain("kit")

#: Where a card can be moved, as Adjust offers it (a hand is one choice per seat).
PLACES: tuple[comp.CardPlace, ...] = ("top", "bottom", "discard", "table", "aside")


@dataclass(frozen=True)
class Choice:
    """One choice of a chooser (a card's new place): what is sent when touched."""

    key: str
    label: str
    action: Any


@dataclass(frozen=True)
class AdjustView:
    title: str
    intro: str
    tabs: tuple[Tab, ...]
    section: str
    rows: tuple[Row, ...]


def sections_of(kit: KitDefinition) -> tuple[str, ...]:
    found = ["players", "round"]
    if kit.counters:
        found.append("counters")
    if any(deck.face_up for deck in kit.decks):
        found.append("cards")
    return tuple(found)


def section_label(name: str) -> str:
    return {"players": _("Players"), "round": _("Round"), "counters": _("Counters"), "cards": _("Cards")}[name]


def button(state: KitState, action: Any, label: str, role: str = "normal") -> RowButton:
    """A correction's button, enabled when the rules accept it now."""
    return RowButton(key_of(action), label, role, check(state, action) is None, action)


def present_adjust(pack: Any, state: KitState, section: str) -> AdjustView:
    view: KitState = pack.public_view(state)
    available = sections_of(view.kit)
    if section not in available:
        section = available[0]
    makers = {"players": _players, "round": _round, "counters": _counters, "cards": _cards}
    return AdjustView(
        title=_("Adjust"),
        intro=_("The table is right: put the screen right. Every change can be undone."),
        tabs=tuple(Tab(f"section:{name}", section_label(name), name == section) for name in available),
        section=section,
        rows=tuple(makers[section](view)),
    )


def _players(view: KitState) -> list[Row]:
    kit = view.kit
    rows = []
    for seat in range(view.players):
        name = seat_name(kit, seat)
        marks = []
        if seat == view.current:
            marks.append(_("to play"))
        if seat == view.first_player:
            marks.append(_("first player"))
        if seat in view.out:
            marks.append(_("out of the game"))
        text = _("{head}: {detail}").format(head=name, detail=", ".join(marks)) if marks else name
        out = seat in view.out
        rows.append(
            Row(
                text,
                buttons=(
                    button(view, act.SetCurrentPlayer(seat), _("Plays now")),
                    button(view, act.SetFirstPlayer(seat), _("First player")),
                    button(view, act.SetPlayerOut(seat, not out), _("Back in") if out else _("Out"), "danger"),
                ),
            )
        )
    return rows


def _round(view: KitState) -> list[Row]:
    kit = view.kit
    phase_id = kit.phases[view.phase].id if kit.phases else None
    rows = [
        Row(
            _("Round {round}").format(round=view.round),
            "title",
            (
                button(view, act.GoToPhase(view.round - 1, phase_id), "−1"),
                button(view, act.GoToPhase(view.round + 1, phase_id), "+1"),
            ),
        )
    ]
    for index, phase in enumerate(kit.phases):
        current = index == view.phase and not view.is_over
        text = phase.name.text()
        if current:
            text = _("{phase} (now)").format(phase=text)
        go = button(view, act.GoToPhase(view.round, phase.id), _("Go to it"))
        rows.append(Row(text, buttons=(RowButton(go.key, go.label, go.role, go.enabled and not current, go.action),)))
    if view.is_over:
        rows.append(Row(_("The game is over: going to a round or a phase plays on."), "dim"))
    return rows


def _counters(view: KitState) -> list[Row]:
    kit = view.kit
    rows = []
    for spec, counter in zip(kit.counters, view.counters):
        rows.append(Row(spec.name.text(), "title"))
        players: tuple[int | None, ...] = tuple(range(view.players)) if spec.per_player else (None,)
        for player in players:
            value = comp.counter_value(spec, counter, player)
            who = spec.name.text() if player is None else seat_name(kit, player)
            rows.append(
                Row(
                    _("{head}: {detail}").format(head=who, detail=value),
                    buttons=(
                        button(view, act.SetCounter(spec.id, player, value - 5), "−5"),
                        button(view, act.SetCounter(spec.id, player, value + 5), "+5"),
                        button(
                            view,
                            act.SetCounter(spec.id, player, spec.start),
                            _("Back to {value}").format(value=spec.start),
                        ),
                    ),
                )
            )
    return rows


def _cards(view: KitState) -> list[Row]:
    kit = view.kit
    rows = []
    for spec, deck in zip(kit.decks, view.decks):
        if not spec.face_up:
            continue
        rows.append(Row(spec.name.text(), "title"))
        for card in spec.cards:
            where = _where(deck, card.id)
            text = _("{head}: {detail}").format(head=card.name.text(), detail=where)
            rows.append(Row(text, buttons=(RowButton(f"move:{spec.id}:{card.id}", _("Move a copy")),)))
    return rows


def _where(deck: comp.DeckState, card: str) -> str:
    held = sum(hand.count(card) for hand in deck.hands)
    found = []
    if deck.draw_pile.count(card):
        found.append(_("{count} in the deck").format(count=deck.draw_pile.count(card)))
    if deck.discard_pile.count(card):
        count = deck.discard_pile.count(card)
        found.append(ngettext("{count} discarded", "{count} discarded", count).format(count=count))
    if deck.table.count(card):
        found.append(_("{count} on the table").format(count=deck.table.count(card)))
    if deck.aside.count(card):
        found.append(_("{count} aside").format(count=deck.aside.count(card)))
    if held:
        found.append(_("{count} in hands").format(count=held))
    return ", ".join(found) if found else _("none in play")


def move_choices(state: KitState, deck_id: str, card: str) -> tuple[Choice, ...]:
    """Where one copy of a face-up card may go: the top or bottom of the deck, the discard pile, the table,
    aside, or a player's hand (each only when the rules accept it)."""
    spec = state.kit.deck(deck_id)[1]
    if not spec.face_up:
        return ()
    choices = []
    for place in PLACES:
        action = act.MoveCard(deck_id, card, place)
        if check(state, action) is None:
            choices.append(Choice(key_of(action), place_name(place), action))
    for seat in range(state.players):
        action = act.MoveCard(deck_id, card, "hand", seat)
        if check(state, action) is None:
            choices.append(Choice(key_of(action), seat_name(state.kit, seat), action))
    return tuple(choices)
