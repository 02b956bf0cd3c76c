"""The player's own moves (the table is the truth): a card's details with what may be done to it, and the Adjust
screen (Lady Penelope placed by hand, pilots, pods, stored symbols).

Kivy-free. These moves are not the game's flow (`legal_actions` does not list them): each is offered only when
the rules accept it (`legal.manual_actions`), and a move the rules refuse is shown with the rules' reason instead
of a button. The screens send them checked (`rules.check` first), as logged, undoable actions.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.thunderbirds_solitaire import actions as act
from companion.games.thunderbirds_solitaire.describe import describe
from companion.games.thunderbirds_solitaire.legal import manual_actions
from companion.games.thunderbirds_solitaire.rules import check
from companion.games.thunderbirds_solitaire.state import GameState
from companion.games.thunderbirds_solitaire.ui.presenters.common import Item, symbols_text
from companion.games.thunderbirds_solitaire.words import (
    card_name,
    kind_name,
    pilot_name,
    pilot_place_name,
    pod_name,
    symbol_name,
)
from companion.locale import domain
from companion.ui.action_keys import action_key
from companion.ui.presenters.lines import ButtonView, TextLine

_, ngettext = domain("thunderbirds_solitaire")
pgettext = domain("thunderbirds_solitaire").pgettext


@dataclass(frozen=True)
class Move:
    """A move offered: its button's key ("adj:<action key>", or "open:..." for one that needs a chooser)."""

    key: str
    label: str
    action: object | None = None
    role: str = "normal"


def move(action: object, label: str, role: str = "normal") -> Move:
    return Move("adj:" + action_key(action), label, action, role)


@dataclass(frozen=True)
class CardDetails:
    title: str
    lines: tuple[TextLine, ...]
    moves: tuple[Move, ...]


def card_details(state: GameState, card_id: str) -> CardDetails | None:
    card = state.card(card_id)
    if card is None:
        return None
    chain = state.chain_of(card_id)
    lines = [TextLine(kind_name(card.kind), "title")]
    if chain is not None:
        position = next(i for i, c in enumerate(state.chain(chain), start=1) if c.id == card_id)
        lines.append(TextLine(_("Chain {n}, place {position} from the left").format(n=chain, position=position)))
    elif state.turned is not None and state.turned.id == card_id:
        lines.append(TextLine(_("Just turned, waiting to be placed")))
    else:
        lines.append(TextLine(_("Escorted by Lady Penelope")))
    shown = pgettext("symbols", "unknown") if card.symbols is None else symbols_text(state, card.symbols)
    lines.append(TextLine(_("Symbols: {symbols}").format(symbols=shown)))
    if card.kind == "civilian":
        lines.append(TextLine(_("Influenced") if card.influenced else _("Not influenced"), "dim"))
    facts = state.facts_of(card_id)
    if facts is None:
        lines.append(
            TextLine(
                _(
                    "The companion knows this card by its kind only: read it from the card; complete your cards in the"
                    " editor for the next games."
                ),
                "dim",
            )
        )
    offered = set(manual_actions(state))
    moves: list[Move] = [Move(f"open:symbols:{card_id}", _("Tell its symbols"))]
    candidates: list[tuple[object, str]] = []
    if card.kind == "civilian":
        flag = act.SetInfluenced(card_id, not card.influenced)
        candidates.append((flag, _("Mark it influenced") if not card.influenced else _("Mark it uninfluenced")))
    candidates.append((act.RemoveCard(card_id, "rescued"), _("To the rescued pile")))
    candidates.append((act.RemoveCard(card_id, "discard"), _("To the discard pile")))
    for action, label in candidates:
        if action in offered:
            moves.append(move(action, label))
        elif chain is not None:
            reason = check(state, action)
            if reason and all(line.text != reason for line in lines):
                lines.append(TextLine(reason, "bad"))
    return CardDetails(card_name(state, card), tuple(lines), tuple(moves))


@dataclass(frozen=True)
class AdjustSection:
    title: str
    lines: tuple[TextLine, ...]
    moves: tuple[Move, ...]


@dataclass(frozen=True)
class AdjustView:
    title: str
    intro: str
    sections: tuple[AdjustSection, ...]


def present_adjust(state: GameState) -> AdjustView:
    offered = manual_actions(state)
    places = [a for a in offered if isinstance(a, act.PlaceLadyPenelope)]
    pods = [a for a in offered if isinstance(a, act.DealPod | act.DiscardPod)]
    stored = [a for a in offered if isinstance(a, act.UseStored)]
    sections = [
        AdjustSection(
            _("Lady Penelope"),
            (TextLine(_("Where her card is on your table, and which side shows.")),),
            tuple(move(a, describe(a, state)) for a in places),
        ),
        AdjustSection(
            _("Pilots"),
            tuple(
                TextLine(_("{pilot} {place}").format(pilot=pilot_name(state, pilot), place=pilot_place_name(state, at)))
                for pilot, at in state.pilots
            ),
            tuple(
                Move(f"open:pilot:{pilot}", _("Move {pilot}").format(pilot=pilot_name(state, pilot)))
                for pilot, _at in state.pilots
            ),
        ),
        AdjustSection(
            _("Pods"),
            (
                TextLine(
                    _("Face up: {pods}").format(
                        pods=", ".join(pod_name(state, p) for p in state.pods_up) or pgettext("pods", "none")
                    )
                    if state.setup.facts.pods
                    else _("The companion does not know your pods: they stay on your table.")
                ),
            ),
            tuple(move(a, describe(a, state)) for a in pods),
        ),
        AdjustSection(
            _("Stored symbols"),
            (TextLine(", ".join(symbol_name(state, s) for s in state.stored) if state.stored else _("None stored.")),),
            tuple(move(a, describe(a, state)) for a in stored),
        ),
    ]
    return AdjustView(
        _("Adjust: the table is right"),
        _(
            "Your own moves, logged and undoable like the rest. Tap a card on the table for its own moves (influenced,"
            " symbols, the rescued or discard pile)."
        ),
        tuple(sections),
    )


def pilot_moves(state: GameState, pilot: str) -> tuple[Move, ...]:
    return tuple(
        move(a, pilot_place_name(state, a.at))
        for a in manual_actions(state)
        if isinstance(a, act.PlacePilot) and a.pilot == pilot
    )


def adjust_items(view: AdjustView) -> tuple[Item, ...]:
    items: list[Item] = [Item("text", view.intro, "dim")]
    for section in view.sections:
        items.append(Item("title", section.title))
        items += [Item("text", line.text, line.style) for line in section.lines]
        buttons = [ButtonView(m.key, m.label, m.role) for m in section.moves]
        items += [Item("buttons", buttons=tuple(buttons[i : i + 2])) for i in range(0, len(buttons), 2)]
    return tuple(items)
