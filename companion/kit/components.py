"""The kit's components as frozen data with pure operations: decks, dice, bags, tracks and counters.

The kit's generic rules are built from these, and a rules pack written in Python may embed them in its own state
for what it does not automate (a deck it only shuffles, a bag it only draws from). Specs (`DeckSpec`, `DieSpec`,
`BagSpec`, `TrackSpec`, `CounterSpec`) describe a component and never change during a game; states (`DeckState`,
`BagState`, `TrackState`, `CounterState`) are what a game holds. Every random outcome goes through the `Chance`
passed in, so the engine logs it.

A part nobody has read from the box yet is a flagged empty slot (`confidence == "unknown"`): a die with no faces,
a card with only its name, a token kind whose count is unknown. It is shown and counted (`unknown_slots`) so the
players complete it, never guessed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from companion.engine.chance import Chance
from companion.engine.errors import IllegalAction
from companion.engine.pack import Words
from companion.locale import domain

_, ngettext = domain("kit")

#: How sure the data is: "high" from the rules or the box, "low" an inference (said so to the players),
#: "unknown" an empty slot the players complete.
Confidence = Literal["high", "low", "unknown"]
CONFIDENCES: tuple[Confidence, ...] = ("high", "low", "unknown")


# ------------------------------------------------------------------------------------------------------ decks


@dataclass(frozen=True)
class CardSpec:
    """One card of a deck; `count` copies of it share its id. `pile` names the pile it is shuffled in."""

    id: str
    name: Words
    count: int = 1
    text: Words | None = None
    pile: str | None = None
    confidence: Confidence = "high"


@dataclass(frozen=True)
class DeckSpec:
    """A deck: its cards, how it is built and what happens when it runs out.

    `piles` (top first) are shuffled each on its own then stacked, as Thunderbirds' disaster deck is built;
    with no piles the whole deck is shuffled. `set_aside` cards are taken out at set-up, face up and named;
    `set_aside_random` more are taken out unseen after the shuffle. A `face_up` deck's drawn cards go on the
    table for everyone; otherwise into the drawing player's hand, which only they see. Random set-aside cards
    (`DeckState.unseen`) are seen by nobody."""

    id: str
    name: Words
    cards: tuple[CardSpec, ...]
    piles: tuple[str, ...] = ()
    set_aside: tuple[str, ...] = ()
    set_aside_random: int = 0
    reshuffle: bool = True
    face_up: bool = True
    #: "unknown": the card list is not known yet (the deck has no cards until the players complete it).
    confidence: Confidence = "high"

    def card(self, card_id: str) -> CardSpec:
        for card in self.cards:
            if card.id == card_id:
                return card
        raise IllegalAction(_("There is no card {card} in this deck.").format(card=card_id))

    def copies(self, pile: str | None = None) -> tuple[str, ...]:
        """Every copy's id, in the file's order (of one pile only when `pile` is given)."""
        return tuple(card.id for card in self.cards if pile is None or card.pile == pile for _copy in range(card.count))


@dataclass(frozen=True)
class DeckState:
    """`draw_pile[0]` is the top card; `discard_pile[-1]` the last discarded. `table` holds face-up cards drawn
    and not yet discarded; `hands[seat]` the face-down cards a player drew; `aside` the cards set aside face up,
    `unseen` those set aside face down (the random ones)."""

    draw_pile: tuple[str, ...]
    discard_pile: tuple[str, ...] = ()
    table: tuple[str, ...] = ()
    hands: tuple[tuple[str, ...], ...] = ()
    aside: tuple[str, ...] = ()
    unseen: tuple[str, ...] = ()

    def all_cards(self) -> tuple[str, ...]:
        """Every copy wherever it is: what an invariant counts."""
        held = tuple(card for hand in self.hands for card in hand)
        return self.draw_pile + self.discard_pile + self.table + held + self.aside + self.unseen


def build_deck(spec: DeckSpec, players: int, chance: Chance) -> DeckState:
    """The deck as set up: named cards set aside, piles shuffled and stacked, then random cards set aside."""
    aside = list(spec.set_aside)
    if spec.piles:
        stacked: list[str] = []
        for pile in spec.piles:
            stacked.extend(chance.shuffle(_without_copies(spec.copies(pile), aside)))
        draw = tuple(stacked)
    else:
        draw = chance.shuffle(_without_copies(spec.copies(), aside))
    return DeckState(
        draw_pile=draw[spec.set_aside_random :],
        hands=((),) * players,
        aside=tuple(spec.set_aside),
        unseen=draw[: spec.set_aside_random],
    )


def _without_copies(copies: tuple[str, ...], taken: list[str]) -> tuple[str, ...]:
    """`copies` less one copy of each id in `taken` (consumed as they are found, so piles share the list)."""
    kept = []
    for card in copies:
        if card in taken:
            taken.remove(card)
        else:
            kept.append(card)
    return tuple(kept)


def can_draw(spec: DeckSpec, deck: DeckState) -> bool:
    return bool(deck.draw_pile) or (spec.reshuffle and bool(deck.discard_pile))


def draw_card(spec: DeckSpec, deck: DeckState, seat: int, chance: Chance) -> tuple[str, DeckState, bool]:
    """The top card, the deck after it (the card on the table or in `seat`'s hand) and whether the discard
    pile was shuffled into a new draw pile first. Raises `IllegalAction` when nothing can be drawn."""
    pile, discard, reshuffled = deck.draw_pile, deck.discard_pile, False
    if not pile:
        if not spec.reshuffle:
            raise IllegalAction(_("The {deck} deck is empty and is not reshuffled.").format(deck=spec.name.text()))
        if not discard:
            raise IllegalAction(_("The {deck} deck and its discard pile are empty.").format(deck=spec.name.text()))
        pile, discard, reshuffled = chance.shuffle(discard), (), True
    card, rest = pile[0], pile[1:]
    if spec.face_up:
        return card, replace(deck, draw_pile=rest, discard_pile=discard, table=deck.table + (card,)), reshuffled
    hands = _with_hand(deck.hands, seat, deck.hands[seat] + (card,))
    return card, replace(deck, draw_pile=rest, discard_pile=discard, hands=hands), reshuffled


def discard_card(deck: DeckState, card: str, seat: int | None) -> DeckState:
    """`card` from the table (seat None) or from `seat`'s hand onto the discard pile."""
    if seat is None:
        if card not in deck.table:
            raise IllegalAction(_("Card {card} is not on the table.").format(card=card))
        return replace(deck, table=_drop(deck.table, card), discard_pile=deck.discard_pile + (card,))
    if card not in deck.hands[seat]:
        raise IllegalAction(_("Card {card} is not in that player's hand.").format(card=card))
    hands = _with_hand(deck.hands, seat, _drop(deck.hands[seat], card))
    return replace(deck, hands=hands, discard_pile=deck.discard_pile + (card,))


def reshuffle_deck(deck: DeckState, chance: Chance) -> DeckState:
    """The discard pile and the draw pile shuffled together into a new draw pile."""
    if not deck.discard_pile:
        raise IllegalAction(_("There is no discard pile to shuffle back."))
    return replace(deck, draw_pile=chance.shuffle(deck.draw_pile + deck.discard_pile), discard_pile=())


#: Where a card can be put by hand (`move_card`).
CardPlace = Literal["top", "bottom", "discard", "table", "hand", "aside"]
CARD_PLACES: tuple[CardPlace, ...] = ("top", "bottom", "discard", "table", "hand", "aside")


def move_card(deck: DeckState, card: str, to: CardPlace, seat: int | None) -> DeckState:
    """A manual correction: one copy of `card`, wherever it is (draw pile first), put at `to`."""
    if to == "hand" and (seat is None or not 0 <= seat < len(deck.hands)):
        raise IllegalAction(_("Say which player's hand the card goes to."))
    taken = _take(deck, card)
    if to == "top":
        return replace(taken, draw_pile=(card,) + taken.draw_pile)
    if to == "bottom":
        return replace(taken, draw_pile=taken.draw_pile + (card,))
    if to == "discard":
        return replace(taken, discard_pile=taken.discard_pile + (card,))
    if to == "table":
        return replace(taken, table=taken.table + (card,))
    if to == "aside":
        return replace(taken, aside=taken.aside + (card,))
    assert seat is not None
    return replace(taken, hands=_with_hand(taken.hands, seat, taken.hands[seat] + (card,)))


def _take(deck: DeckState, card: str) -> DeckState:
    if card in deck.draw_pile:
        return replace(deck, draw_pile=_drop(deck.draw_pile, card))
    if card in deck.discard_pile:
        return replace(deck, discard_pile=_drop(deck.discard_pile, card))
    if card in deck.table:
        return replace(deck, table=_drop(deck.table, card))
    if card in deck.aside:
        return replace(deck, aside=_drop(deck.aside, card))
    if card in deck.unseen:
        return replace(deck, unseen=_drop(deck.unseen, card))
    for seat, hand in enumerate(deck.hands):
        if card in hand:
            return replace(deck, hands=_with_hand(deck.hands, seat, _drop(hand, card)))
    raise IllegalAction(_("Card {card} is not in this deck.").format(card=card))


def _drop(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    index = cards.index(card)
    return cards[:index] + cards[index + 1 :]


def _with_hand(hands: tuple[tuple[str, ...], ...], seat: int, hand: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    return hands[:seat] + (hand,) + hands[seat + 1 :]


# ------------------------------------------------------------------------------------------------------- dice


@dataclass(frozen=True)
class FaceSpec:
    """One face: a number, a symbol (by id), both, a blank (neither) or a wild (stands for any symbol)."""

    value: int = 0
    symbol: str | None = None
    wild: bool = False
    #: The number printed, when the face shows one (a blank or a lone symbol shows none).
    shows_value: bool = False


@dataclass(frozen=True)
class DieSpec:
    """A kind of die. A die whose faces nobody has read yet has no faces (`confidence == "unknown"`)."""

    id: str
    name: Words
    faces: tuple[FaceSpec, ...]
    confidence: Confidence = "high"

    @property
    def is_known(self) -> bool:
        return bool(self.faces)


@dataclass(frozen=True)
class SymbolSpec:
    id: str
    name: Words


@dataclass(frozen=True)
class DiceGroup:
    """Dice rolled together, e.g. three d6 and one star die: `dice` holds one die id per die."""

    id: str
    name: Words
    dice: tuple[str, ...]


def roll_dice(dice: Sequence[DieSpec], chance: Chance) -> tuple[int, ...]:
    """The face index each die shows, in order; refused when a die's faces are not known yet."""
    for die in dice:
        if not die.is_known:
            raise IllegalAction(
                _("The faces of {die} are not known yet: complete them in the data editor.").format(die=die.name.text())
            )
    return tuple(chance.below(len(die.faces)) for die in dice)


def total_of(dice: Sequence[DieSpec], faces: Sequence[int]) -> int:
    return sum(die.faces[index].value for die, index in zip(dice, faces))


def symbol_count(dice: Sequence[DieSpec], faces: Sequence[int], symbol: str, wilds: bool = True) -> int:
    """How many dice show `symbol` (wild faces count too when `wilds`)."""
    return sum(
        1 for die, index in zip(dice, faces) if die.faces[index].symbol == symbol or (wilds and die.faces[index].wild)
    )


# ------------------------------------------------------------------------------------------------------- bags


@dataclass(frozen=True)
class TokenSpec:
    id: str
    name: Words
    count: int
    confidence: Confidence = "high"


@dataclass(frozen=True)
class BagSpec:
    """A bag (or a face-down pile drawn at random) of tokens. `put_back`: a draw goes back at once unless the
    action says otherwise. `secret`: only the drawing player sees what they drew."""

    id: str
    name: Words
    tokens: tuple[TokenSpec, ...]
    put_back: bool = False
    secret: bool = False

    def token(self, token_id: str) -> TokenSpec:
        for token in self.tokens:
            if token.id == token_id:
                return token
        raise IllegalAction(_("There is no token {token} in this bag.").format(token=token_id))

    def contents(self) -> tuple[str, ...]:
        return tuple(sorted(token.id for token in self.tokens for _copy in range(token.count)))


@dataclass(frozen=True)
class Held:
    """A token out of the bag: in front of a player (`seat`), or on the board (None)."""

    token: str
    seat: int | None


@dataclass(frozen=True)
class BagState:
    """`contents` is sorted (a bag has no order); `out` the tokens drawn and kept; `last` the latest draw."""

    contents: tuple[str, ...]
    out: tuple[Held, ...] = ()
    last: Held | None = None


def fill_bag(spec: BagSpec) -> BagState:
    return BagState(contents=spec.contents())


def draw_token(bag: BagState, seat: int | None, put_back: bool, chance: Chance) -> tuple[str, BagState]:
    """A token at random; kept by `seat` (or put on the board) unless `put_back`."""
    if not bag.contents:
        raise IllegalAction(_("The bag is empty."))
    index = chance.below(len(bag.contents))
    token = bag.contents[index]
    held = Held(token, seat)
    if put_back:
        return token, replace(bag, last=held)
    contents = bag.contents[:index] + bag.contents[index + 1 :]
    return token, BagState(contents=contents, out=bag.out + (held,), last=held)


def return_token(bag: BagState, token: str, seat: int | None) -> BagState:
    """A token held by `seat` (or lying on the board) goes back into the bag."""
    held = Held(token, seat)
    if held not in bag.out:
        raise IllegalAction(_("That token is not out of the bag."))
    index = bag.out.index(held)
    out = bag.out[:index] + bag.out[index + 1 :]
    return replace(bag, contents=tuple(sorted(bag.contents + (token,))), out=out)


# ----------------------------------------------------------------------------------------------------- tracks


@dataclass(frozen=True)
class SpaceSpec:
    """A named space of a track and what happens there (read to the players when a marker lands on it)."""

    at: int
    name: Words
    text: Words | None = None


@dataclass(frozen=True)
class MarkerSpec:
    id: str
    name: Words
    start: int


@dataclass(frozen=True)
class TrackSpec:
    """Spaces numbered `first` to `first + length - 1`. A per-player track has one marker a player (ids
    `player_marker(seat)`), starting on `start`; a shared track has the markers listed."""

    id: str
    name: Words
    length: int
    first: int = 0
    per_player: bool = False
    start: int = 0
    markers: tuple[MarkerSpec, ...] = ()
    spaces: tuple[SpaceSpec, ...] = ()
    confidence: Confidence = "high"

    @property
    def last(self) -> int:
        return self.first + self.length - 1

    def space(self, at: int) -> SpaceSpec | None:
        for space in self.spaces:
            if space.at == at:
                return space
        return None


def player_marker(seat: int) -> str:
    """The id of a player's marker on a per-player track (seat 0 is "p1")."""
    return f"p{seat + 1}"


@dataclass(frozen=True)
class TrackState:
    """Each marker's space, as (marker id, space) pairs in the spec's order."""

    positions: tuple[tuple[str, int], ...]

    def position(self, marker: str) -> int:
        for name, at in self.positions:
            if name == marker:
                return at
        raise IllegalAction(_("There is no marker {marker} on this track.").format(marker=marker))


def place_markers(spec: TrackSpec, players: int) -> TrackState:
    if spec.per_player:
        return TrackState(tuple((player_marker(seat), spec.start) for seat in range(players)))
    return TrackState(tuple((marker.id, marker.start) for marker in spec.markers))


def move_marker(spec: TrackSpec, track: TrackState, marker: str, to: int | None, by: int | None) -> TrackState:
    """To a space (refused off the track) or by a number of spaces (stopping at either end)."""
    here = track.position(marker)
    if (to is None) == (by is None):
        raise IllegalAction(_("Move a marker either to a space or by a number of spaces."))
    if to is not None:
        if not spec.first <= to <= spec.last:
            raise IllegalAction(
                _("Space {space} is off the {track} track (spaces {first} to {last}).").format(
                    space=to, track=spec.name.text(), first=spec.first, last=spec.last
                )
            )
        target = to
    else:
        assert by is not None
        target = min(max(here + by, spec.first), spec.last)
    return TrackState(tuple((name, target if name == marker else at) for name, at in track.positions))


# --------------------------------------------------------------------------------------------------- counters


@dataclass(frozen=True)
class CounterSpec:
    """A number kept per player (resources, health, score) or shared (a round's threat), within limits."""

    id: str
    name: Words
    per_player: bool = True
    start: int = 0
    minimum: int | None = 0
    maximum: int | None = None

    def clamp_check(self, value: int) -> None:
        if self.minimum is not None and value < self.minimum:
            raise IllegalAction(
                _("{counter} cannot go below {minimum}.").format(counter=self.name.text(), minimum=self.minimum)
            )
        if self.maximum is not None and value > self.maximum:
            raise IllegalAction(
                _("{counter} cannot go above {maximum}.").format(counter=self.name.text(), maximum=self.maximum)
            )


@dataclass(frozen=True)
class CounterState:
    """One value per player (seat order), or a single value for a shared counter."""

    values: tuple[int, ...]


def start_counter(spec: CounterSpec, players: int) -> CounterState:
    return CounterState((spec.start,) * (players if spec.per_player else 1))


def set_counter(spec: CounterSpec, counter: CounterState, player: int | None, value: int) -> CounterState:
    index = _counter_index(spec, counter, player)
    spec.clamp_check(value)
    return CounterState(counter.values[:index] + (value,) + counter.values[index + 1 :])


def counter_value(spec: CounterSpec, counter: CounterState, player: int | None) -> int:
    return counter.values[_counter_index(spec, counter, player)]


def _counter_index(spec: CounterSpec, counter: CounterState, player: int | None) -> int:
    if not spec.per_player:
        if player is not None:
            raise IllegalAction(_("{counter} is shared: it belongs to no player.").format(counter=spec.name.text()))
        return 0
    if player is None or not 0 <= player < len(counter.values):
        raise IllegalAction(_("Say whose {counter} it is.").format(counter=spec.name.text()))
    return player


# ------------------------------------------------------------------------------------------------ empty slots


def unknown_slots(
    decks: Sequence[DeckSpec] = (),
    dice: Sequence[DieSpec] = (),
    bags: Sequence[BagSpec] = (),
    tracks: Sequence[TrackSpec] = (),
) -> tuple[str, ...]:
    """One line per part the players still have to complete from their box (in the current language)."""
    lines = []
    for deck in decks:
        if not deck.cards:
            lines.append(_("The cards of the {deck} deck are not known yet.").format(deck=deck.name.text()))
        for card in deck.cards:
            if card.confidence == "unknown":
                lines.append(
                    _("{deck}: the card {card} is not described yet.").format(
                        deck=deck.name.text(), card=card.name.text()
                    )
                )
    for die in dice:
        if not die.is_known or die.confidence == "unknown":
            lines.append(_("The faces of {die} are not known yet.").format(die=die.name.text()))
    for bag in bags:
        for token in bag.tokens:
            if token.confidence == "unknown":
                # The token's name can be a sentence of its own: it comes last, quoted, never inside this one.
                lines.append(
                    ngettext(
                        "{bag}: the {count} token still to describe from your box is listed as “{token}”.",
                        "{bag}: the {count} tokens still to describe from your box are listed as “{token}”.",
                        token.count,
                    ).format(bag=bag.name.text(), count=token.count, token=token.name.text())
                )
    for track in tracks:
        if track.confidence == "unknown":
            lines.append(_("The {track} track is not described yet.").format(track=track.name.text()))
    return tuple(lines)


def inferred_parts(
    decks: Sequence[DeckSpec] = (),
    dice: Sequence[DieSpec] = (),
    bags: Sequence[BagSpec] = (),
    tracks: Sequence[TrackSpec] = (),
) -> tuple[str, ...]:
    """One line per part marked `"low"`: an inference, not read from the rules or the box, which the players
    check against their box (in the current language)."""
    lines = []
    for deck in decks:
        for card in deck.cards:
            if card.confidence == "low":
                lines.append(
                    _("{deck}: the card {card} is an inference.").format(deck=deck.name.text(), card=card.name.text())
                )
    for die in dice:
        if die.is_known and die.confidence == "low":
            lines.append(_("The faces of {die} are an inference.").format(die=die.name.text()))
    for bag in bags:
        for token in bag.tokens:
            if token.confidence == "low":
                lines.append(
                    ngettext(
                        "{bag}: the {count} token listed as “{token}” is an inference.",
                        "{bag}: the {count} tokens listed as “{token}” are an inference.",
                        token.count,
                    ).format(bag=bag.name.text(), count=token.count, token=token.name.text())
                )
    for track in tracks:
        if track.confidence == "low":
            lines.append(_("The {track} track is an inference.").format(track=track.name.text()))
    return tuple(lines)


def known_and_total(
    decks: Sequence[DeckSpec] = (),
    dice: Sequence[DieSpec] = (),
    bags: Sequence[BagSpec] = (),
    tracks: Sequence[TrackSpec] = (),
) -> tuple[int, int]:
    """How many parts (cards, dice, token kinds, tracks) are known, out of how many."""
    parts = (
        [card.confidence for deck in decks for card in deck.cards]
        + ["unknown" for deck in decks if not deck.cards]
        + ["unknown" if not die.is_known else die.confidence for die in dice]
        + [token.confidence for bag in bags for token in bag.tokens]
        + [track.confidence for track in tracks]
    )
    return sum(1 for mark in parts if mark != "unknown"), len(parts)
