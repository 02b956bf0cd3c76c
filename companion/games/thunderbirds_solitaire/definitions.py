"""What the Solitaire data knows about the box: immutable objects, read once by `loader.py`.

Every field that is None is an unknown slot the player completes from their box in the editor (see
`data/thunderbirds_solitaire/README.md`); `marks` says where each known field comes from.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from companion.locale import language

Kind = Literal["disaster", "civilian", "hood"]
KINDS: tuple[Kind, ...] = ("disaster", "civilian", "hood")
DeckName = Literal["basic", "advanced"]
DECKS: tuple[DeckName, ...] = ("basic", "advanced")
#: Where a fact comes from: the rules excerpt, a public source, our inference, or the player's box.
Mark = Literal["rules", "source", "low", "player"]
MARKS: tuple[Mark, ...] = ("rules", "source", "low", "player")
Completeness = Literal["complete", "partial", "unknown"]

#: Where a pilot sits at the start: on a Thunderbird card, beside the Pod cards, or near the Thunderbirds.
PILOT_PLACES: tuple[str, ...] = ("tb1", "tb2", "tb3", "tb4", "tb5", "pods", "thunderbirds")


@dataclass(frozen=True)
class Names:
    """A card's name as printed; one language may be missing (the box is printed in one language)."""

    en: str | None = None
    fr: str | None = None

    def text(self) -> str:
        """The name in the language of the moment, else the printed name in the other one."""
        first, second = (self.fr, self.en) if language() == "fr" else (self.en, self.fr)
        return first or second or ""


class Text(Names):
    """A printed text (an ability), in either or both languages."""


@dataclass(frozen=True)
class Entry:
    """What every entry has: an id, its known fields' marks, the languages of its text we translated, a note."""

    id: str
    marks: Mapping[str, Mark] = field(default_factory=dict, compare=False)
    translated: frozenset[str] = frozenset()
    note: str = ""


@dataclass(frozen=True)
class EmergencyCard(Entry):
    """A Disaster, Civilian or Hood card of the Emergency deck (a slot until completed)."""

    deck: DeckName = "basic"
    kind: Kind | None = None
    names: Names | None = None
    symbols: tuple[str, ...] | None = None

    @property
    def is_identified(self) -> bool:
        """Known well enough to be dealt by the companion: its kind and its name."""
        return self.kind is not None and self.names is not None


@dataclass(frozen=True)
class PodCard(Entry):
    names: Names | None = None
    ability: Text | None = None


@dataclass(frozen=True)
class Pilot(Entry):
    names: Names | None = None
    start: str = "thunderbirds"
    ability: Text | None = None


@dataclass(frozen=True)
class ThunderbirdCard(Entry):
    names: Names | None = None
    ability: Text | None = None


@dataclass(frozen=True)
class Symbol(Entry):
    names: Names | None = None
    wild: bool = False


@dataclass(frozen=True)
class DieKind(Entry):
    """One kind of die in the box: how many there are and the symbol on each face."""

    names: Names | None = None
    count: int | None = None
    faces: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Definitions:
    """Everything the data says, shipped data and the player's overlay merged."""

    basic_count: int | None
    advanced_count: int | None
    cards: Mapping[str, EmergencyCard]  # every slot of both decks, basic first, in number order
    pod_count: int | None
    pods: Mapping[str, PodCard]
    pilots: Mapping[str, Pilot]
    thunderbirds: Mapping[str, ThunderbirdCard]
    symbols: Mapping[str, Symbol]
    symbols_complete: bool
    dice_count: int | None
    dice: Mapping[str, DieKind]
    sources: tuple[str, ...] = ()

    def deck(self, name: DeckName) -> tuple[EmergencyCard, ...]:
        """The cards of a game's Emergency deck: the basic cards, plus the advanced ones for "advanced"."""
        decks = ("basic",) if name == "basic" else ("basic", "advanced")
        return tuple(card for card in self.cards.values() if card.deck in decks)

    def deck_is_known(self, name: DeckName) -> bool:
        """The companion can shuffle and deal this deck: every count known and every card identified."""
        if self.basic_count is None or (name == "advanced" and self.advanced_count is None):
            return False
        cards = self.deck(name)
        return bool(cards) and all(card.is_identified for card in cards)

    def pods_are_known(self) -> bool:
        return self.pod_count is not None and bool(self.pods) and all(p.names is not None for p in self.pods.values())

    def wilds(self) -> frozenset[str]:
        return frozenset(s.id for s in self.symbols.values() if s.wild)
