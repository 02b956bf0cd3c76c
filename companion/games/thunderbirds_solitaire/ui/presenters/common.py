"""What every Solitaire screen shows the same way: a card as a chain's cell, a chain as a row (the Disaster
leftmost, three slots to its right, "Full" as a word and a shape), Lady Penelope's card, Tracy Island.

Kivy-free. Colour is never the only signal: a card's kind is a word and a shape (the screen draws a triangle for a
Disaster, a circle for a Civilian, a square for a Hood card), a full chain says "Full" beside its bar, and Lady
Penelope's side is written out.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.thunderbirds_solitaire.state import (
    CHAIN_CAPACITY,
    TRACY_ISLAND,
    Card,
    GameState,
    is_full,
    location,
)
from companion.games.thunderbirds_solitaire.words import kind_name, named, side_name, symbol_name
from companion.locale import domain
from companion.ui.presenters.lines import ButtonView

_, ngettext = domain("thunderbirds_solitaire")
pgettext = domain("thunderbirds_solitaire").pgettext


@dataclass(frozen=True)
class Item:
    """One entry of a screen's list: a heading, a paragraph, a row of buttons, or a text with buttons beside it."""

    kind: str  # "title", "text", "buttons", "row"
    text: str = ""
    style: str = "normal"  # for text: normal, dim, bad, good
    buttons: tuple[ButtonView, ...] = ()


@dataclass(frozen=True)
class CardCell:
    """One place of a chain: a card, or an empty slot (`card` is None)."""

    card: str | None
    kind: str  # disaster, civilian, hood; "" for an empty slot
    kind_label: str
    name: str  # as printed, or "turned 3" for a card known by its kind only
    symbols: str  # "Star, Ring", "no symbols", "" when not known (the card's details say so)
    symbols_short: str  # the same where the names do not fit: "2 symbols"
    influenced: bool
    marks: str  # "Influenced" or ""
    position: int  # 1 (the Disaster's place) to 4
    key: str  # "card:<id>" (tap for its details), "" for an empty slot

    @property
    def is_empty(self) -> bool:
        return self.card is None

    def lines(self) -> str:
        """The cell's text, one item a line (kind, name, symbols, mark)."""
        if self.card is None:
            return _("empty")
        parts = [self.kind_label, self.name, *([self.symbols] if self.symbols else [])]
        if self.marks:
            parts.append(self.marks)
        return "\n".join(parts)


@dataclass(frozen=True)
class ChainRow:
    number: int
    label: str  # "Chain 2"
    cells: tuple[CardCell, ...]  # always CHAIN_CAPACITY of them, left to right
    full: bool
    room: str  # "Full" or "2 free"
    lady_penelope: str  # "Lady Penelope, Road side" when she is here, else ""
    key: str  # "chain:<n>"


@dataclass(frozen=True)
class TracyRow:
    label: str
    lady_penelope: str
    rescued: str  # "2 Civilians rescued"


@dataclass(frozen=True)
class LadyPenelopeCard:
    place: str  # "chain 2", "Tracy Island"
    side: str  # road, air
    escort: str  # the escorted Civilian's name, or ""
    text: str  # all of it in one line


def short_name(state: GameState, card: Card) -> str:
    """The name a cell has room for: the printed one, or "turned 3" for a card known by its kind only."""
    facts = state.facts_of(card.id)
    if facts is not None and (facts.name_en or facts.name_fr):
        return named(facts.name_en, facts.name_fr, card.id)
    if card.id.startswith("turned-"):
        return _("turned {n}").format(n=card.id.removeprefix("turned-"))
    return card.id


def symbols_text(state: GameState, symbols: tuple[str, ...] | None) -> str:
    if symbols is None:
        return _("symbols unknown")
    if not symbols:
        return _("no symbols")
    return ", ".join(symbol_name(state, symbol) for symbol in symbols)


def card_cell(state: GameState, card: Card, position: int) -> CardCell:
    return CardCell(
        card=card.id,
        kind=card.kind,
        kind_label=kind_name(card.kind),
        name=short_name(state, card),
        # Symbols not known yet are not guessed at on the table (a raw "?" on every card): the card's details say
        # they are unknown, and the editor takes them from the players' box.
        symbols="" if card.symbols is None else symbols_text(state, card.symbols),
        symbols_short=(
            ""
            if card.symbols is None
            else ngettext("{n} symbol", "{n} symbols", len(card.symbols)).format(n=len(card.symbols))
            if card.symbols
            else _("no symbols")
        ),
        influenced=card.influenced,
        marks=_("Influenced") if card.influenced else "",
        position=position,
        key=f"card:{card.id}",
    )


def empty_cell(position: int) -> CardCell:
    return CardCell(None, "", "", "", "", "", False, "", position, "")


def room_text(cards: int) -> str:
    free = CHAIN_CAPACITY - cards
    if free <= 0:
        return _("Full")
    return ngettext("{n} free", "{n} free", free).format(n=free)


def lady_penelope_card(state: GameState) -> LadyPenelopeCard:
    from companion.games.thunderbirds_solitaire.words import card_name, place_name

    place = place_name(state.lady_penelope) if state.lady_penelope else ""
    escort = card_name(state, state.escort) if state.escort is not None else ""
    side = side_name(state.side)
    if not place:
        text = _("Lady Penelope is placed once the four chains are set up.")
    elif escort:
        text = _("Lady Penelope at {place}, {side} up, escorting {card}").format(place=place, side=side, card=escort)
    else:
        text = _("Lady Penelope at {place}, {side} up, no Civilian assigned").format(place=place, side=side)
    return LadyPenelopeCard(place, state.side, escort, text)


def lady_penelope_here(state: GameState, at: str) -> str:
    if state.lady_penelope != at:
        return ""
    return _("Lady Penelope, {side}").format(side=side_name(state.side))


def chain_rows(state: GameState) -> tuple[ChainRow, ...]:
    rows = []
    for number, chain in enumerate(state.chains, start=1):
        cells = [card_cell(state, card, position) for position, card in enumerate(chain, start=1)]
        cells += [empty_cell(position) for position in range(len(chain) + 1, CHAIN_CAPACITY + 1)]
        rows.append(
            ChainRow(
                number=number,
                label=_("Chain {n}").format(n=number),
                cells=tuple(cells[:CHAIN_CAPACITY]),
                full=is_full(chain),
                room=room_text(len(chain)),
                lady_penelope=lady_penelope_here(state, location(number)),
                key=f"chain:{number}",
            )
        )
    return tuple(rows)


def tracy_row(state: GameState) -> TracyRow:
    rescued = sum(1 for card in state.rescued if card.kind == "civilian")
    return TracyRow(
        label=pgettext("a place's heading", "Tracy Island"),
        lady_penelope=lady_penelope_here(state, TRACY_ISLAND),
        rescued=ngettext("{n} Civilian rescued", "{n} Civilians rescued", rescued).format(n=rescued),
    )
