"""The game's facts as immutable objects, read once from `data/warpspawn_thunderbirds/` (see `loader.py`).

The state refers to cards and colours by id only; everything printed on a card lives here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from companion.locale import language

#: Every player's pawns, in this order everywhere (a seat's `pawns` tuple follows it).
PAWNS: tuple[str, ...] = ("tb1", "tb2", "tb3", "tb4", "tb5", "fab")
THUNDERBIRDS: frozenset[str] = frozenset(PAWNS[:5])
#: What a Responder card does; `loader.py` refuses any other.
EFFECTS: tuple[str, ...] = (
    "move",
    "knight",
    "return-to-base",
    "false-alarm",
    "sos",
    "red-alert",
    "deploy-sub",
    "delay",
    "quick-responder",
)
#: "player": set by the players in the data editor (their copy of the game, or their choice), saved in the overlay.
CONFIDENCES: tuple[str, ...] = ("high", "low", "unknown", "player")

Square = tuple[int, int]  # (column, row), both from 1


@dataclass(frozen=True, slots=True)
class Names:
    """A name in both languages; `translated` names the languages we translated (not printed)."""

    en: str
    fr: str
    translated: frozenset[str] = frozenset()

    def text(self) -> str:
        return self.fr if language() == "fr" else self.en


@dataclass(frozen=True, slots=True)
class Solution:
    """Two slots, each the set of pawns that may fill it; two different pawns must fill them."""

    first: frozenset[str]
    second: frozenset[str]
    printed: str  # the solution's words exactly as the rules text prints them

    def is_met_by(self, pawns: frozenset[str] | set[str]) -> bool:
        """True when two different pawns of `pawns` fill the two slots."""
        for p in pawns:
            if p in self.first:
                for q in pawns:
                    if q != p and q in self.second:
                        return True
        return False

    @property
    def pawns(self) -> frozenset[str]:
        """Every pawn that can take part."""
        return self.first | self.second


@dataclass(frozen=True, slots=True)
class EmergencyCard:
    id: str
    names: Names
    solution: Solution | None  # None: nobody has read it yet; the players confirm the rescue (`ConfirmRescue`)
    confidence: Mapping[str, str]
    source: str


@dataclass(frozen=True, slots=True)
class ResponderKind:
    """One kind of Responder card; the deck holds `count` copies, all called by this id."""

    id: str
    names: Names
    count: int
    effect: str
    distance: int  # squares a "move" card moves; 0 for the others
    draw: int  # cards an "sos" card draws; 0 for the others
    delayable: bool  # Delay may cancel it
    confidence: Mapping[str, str]
    source: str


@dataclass(frozen=True, slots=True)
class Colour:
    id: str
    names: Names
    rgb: tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Layout:
    """A board size's default bases (by colour) and where pawns start."""

    size: int
    bases: Mapping[str, Square]
    start: str  # "base": every pawn starts on its owner's base, unless `starts` gives its square
    confidence: Mapping[str, str]
    #: Starting squares other than the base, by colour then pawn (the data editor's).
    starts: Mapping[str, Mapping[str, Square]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Numbers:
    """The numbers of the turn sequence."""

    hand_size: int
    alert_die: int
    alert: tuple[int, ...]  # new emergencies by face of the Alert die (index 0 is face 1)
    time_counter_die: int
    response_die: int


@dataclass(frozen=True)
class Definitions:
    emergencies: Mapping[str, EmergencyCard]
    responder: Mapping[str, ResponderKind]
    colours: Mapping[str, Colour]  # in seat order
    layouts: Mapping[int, Layout]  # by board size
    sizes: tuple[int, ...]
    default_size: int
    players: tuple[int, int]
    numbers: Numbers

    @property
    def responder_deck(self) -> tuple[str, ...]:
        """Every Responder card, by kind id, in data order (`count` copies of each)."""
        return tuple(kind.id for kind in self.responder.values() for _ in range(kind.count))
