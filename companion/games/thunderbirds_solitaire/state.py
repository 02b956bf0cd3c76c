"""The state of a Solitaire game: frozen, refers to cards by id, and carries the facts it was set up with.

Where the cards are (each exactly once):
- the Emergency deck's draw pile (`deck`, top first) when the companion deals; when the table deals the deck is
  physical and only the cards turned so far are known, by their kind (`turned-N` ids);
- the four chains (`chains`, top chain first, each left to right as laid out: a Disaster, then up to three
  more);
- the card just turned in play, waiting to be placed (`turned`);
- under Lady Penelope's card (`escort`);
- the discard pile, the rescued pile; and, when the table deals, the cards put back into the physical deck at
  set-up (`returned`).

The facts of the box the game started with (`setup.facts`) stay in the state, so a card completed in the
editor later changes the next game, never one under way, and a saved game replays the same anywhere.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from companion.games.thunderbirds_solitaire.definitions import DeckName, Kind

if TYPE_CHECKING:  # typeshed's name for "an instance of a dataclass"
    from _typeshed import DataclassInstance

CHAINS = 4
#: A chain holds its Disaster and room for three more cards to its right (rules excerpt, set-up E).
CHAIN_CAPACITY = 4
#: Pods dealt face up at set-up (rules excerpt, set-up B).
PODS_FACE_UP = 3
TRACY_ISLAND = "tracy-island"
LOCATIONS: tuple[str, ...] = (*(f"chain-{n}" for n in range(1, CHAINS + 1)), TRACY_ISLAND)

Side = Literal["road", "air"]
Dealing = Literal["companion", "table"]
#: setup: the chains are being dealt; turn: the player's phases (a checklist); lp-move and lp-escort: Lady
#: Penelope's two stages at the end of the turn; over: the player declared the game won or lost.
Phase = Literal["setup", "turn", "lp-move", "lp-escort", "over"]
DieStatus = Literal["free", "allocated", "stored", "useless"]
Outcome = Literal["won", "lost"]


@dataclass(frozen=True)
class CardFacts:
    """An Emergency card as the data knew it when the game was set up."""

    id: str
    kind: Kind | None = None
    name_en: str | None = None
    name_fr: str | None = None
    symbols: tuple[str, ...] | None = None


@dataclass(frozen=True)
class NamedFacts:
    """A pod, pilot or Thunderbird card: its id and printed name (None when unknown)."""

    id: str
    name_en: str | None = None
    name_fr: str | None = None
    start: str = ""  # a pilot's place at set-up


@dataclass(frozen=True)
class SymbolFacts:
    id: str
    name_en: str | None = None
    name_fr: str | None = None
    wild: bool = False


@dataclass(frozen=True)
class DieFacts:
    id: str
    name_en: str | None = None
    name_fr: str | None = None
    count: int = 0
    faces: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Facts:
    """What the data knew of the box when the game began."""

    cards: tuple[CardFacts, ...] = ()  # the companion's deck, or the cards the player identified (table)
    pods: tuple[NamedFacts, ...] = ()  # the Pod deck when every pod is named (else the table keeps it)
    pilots: tuple[NamedFacts, ...] = ()
    thunderbirds: tuple[NamedFacts, ...] = ()
    symbols: tuple[SymbolFacts, ...] = ()
    dice: tuple[DieFacts, ...] = ()
    dice_count: int | None = None


@dataclass(frozen=True)
class Setup:
    deck: DeckName  # basic, or with the 16 advanced cards
    dealing: Dealing  # who shuffles and turns the Emergency cards
    asked: Dealing  # what New game asked: "companion" falls back to "table" while the deck is not known
    facts: Facts


@dataclass(frozen=True)
class Card:
    """A card on the table: its id (a slot id, or `turned-N` for a card known only by its kind), its kind, its
    symbols when known, and whether the player marked it influenced (the excerpt's "uninfluenced Civilian")."""

    id: str
    kind: Kind
    symbols: tuple[str, ...] | None = None
    influenced: bool = False


@dataclass(frozen=True)
class RolledDie:
    """One rescue die: the symbol it shows, the kind of die when the companion rolled it, what became of it."""

    symbol: str
    die: str | None = None
    status: DieStatus = "free"
    card: str | None = None  # allocated to this card's symbol...
    slot: int | None = None  # ...number `slot` (0-based) of its printed symbols


@dataclass(frozen=True)
class Rescue:
    chain: int  # 1 to 4
    dice: tuple[RolledDie, ...]


@dataclass(frozen=True)
class GameState:
    setup: Setup
    rng: int = 0
    phase: Phase = "setup"
    turn: int = 0
    deck: tuple[str, ...] = ()
    chains: tuple[tuple[Card, ...], ...] = ((),) * CHAINS
    turned: Card | None = None
    returned: tuple[Card, ...] = ()
    discard: tuple[Card, ...] = ()
    rescued: tuple[Card, ...] = ()
    lady_penelope: str = ""  # a location in LOCATIONS once set up
    side: Side = "road"
    escort: Card | None = None
    pod_deck: tuple[str, ...] = ()
    pods_up: tuple[str, ...] = ()
    pods_out: tuple[str, ...] = ()
    pilots: tuple[tuple[str, str], ...] = ()  # pilot -> place (tb1..tb5, pods, thunderbirds)
    confirmed: frozenset[str] = frozenset()  # the turn's checklist steps the player confirmed
    rescue: Rescue | None = None
    stored: tuple[str, ...] = ()  # stored symbols
    next_token: int = 1  # the number of the next `turned-N` card
    outcome: Outcome | None = None

    def chain(self, number: int) -> tuple[Card, ...]:
        return self.chains[number - 1]

    def chain_of(self, card_id: str) -> int | None:
        """The chain (1 to 4) holding a card, or None."""
        for number, chain in enumerate(self.chains, start=1):
            if any(card.id == card_id for card in chain):
                return number
        return None

    def card(self, card_id: str) -> Card | None:
        """A card in a chain, turned or escorted, by id."""
        for chain in self.chains:
            for card in chain:
                if card.id == card_id:
                    return card
        for held in (self.turned, self.escort):
            if held is not None and held.id == card_id:
                return held
        return None

    @property
    def lady_penelope_chain(self) -> int | None:
        """The chain Lady Penelope is at (1 to 4), or None at Tracy Island or before set-up ends."""
        if self.lady_penelope.startswith("chain-"):
            return int(self.lady_penelope.removeprefix("chain-"))
        return None

    def facts_of(self, card_id: str) -> CardFacts | None:
        for facts in self.setup.facts.cards:
            if facts.id == card_id:
                return facts
        return None


def location(chain: int) -> str:
    return f"chain-{chain}"


def is_full(chain: tuple[Card, ...]) -> bool:
    return len(chain) >= CHAIN_CAPACITY


S = TypeVar("S", bound="DataclassInstance")


def evolve(value: S, **changes: Any) -> S:
    return dataclasses.replace(value, **changes)
