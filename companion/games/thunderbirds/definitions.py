"""The Thunderbirds game definitions: board, pieces and cards, loaded once from `data/thunderbirds/`.

These objects are immutable and refer to each other by id. The game state (see `state.py`) refers to them by id
too, so a corrected card (the user overlay) changes the rules without touching saved games.

Confidence: every fact carries `verified` (confirmed by the printed rulebook) and cards whose content is not
(fully) known say so through `completeness`: the app shows such a card by name and lets players resolve it
with manual adjustments.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

from companion.locale import pick

RescueType = Literal["air", "sea", "land", "space"]
TokenKind = Literal["technology", "determination", "intelligence", "teamwork", "logistics"]
Domain = Literal["earth", "space"]
Network = Literal["earth", "tb3-path", "none"]
PieceKind = Literal["character", "vehicle", "pod"]
Completeness = Literal["complete", "partial", "unknown"]
Confidence = Literal["high", "medium", "low"]

RESCUE_TYPES: tuple[RescueType, ...] = ("air", "sea", "land", "space")
TOKEN_KINDS: tuple[TokenKind, ...] = ("technology", "determination", "intelligence", "teamwork", "logistics")
JOKER = "joker"  # a reward icon: the player picks any token kind


@dataclass(frozen=True)
class Names:
    """A name (or a text) in English and French. `translated` lists the languages whose words are ours, not the
    box's, each with its confidence: ("fr", "low") for a French name made up while the official one is unknown.

    Shipped data always has both languages; a card corrected in the overlay with one language only falls back on
    the other and `companion check-data` reports it."""

    en: str
    fr: str = ""
    translated: tuple[tuple[str, Confidence], ...] = ()

    def text(self) -> str:
        return pick((self.en, self.fr))

    def confidence(self, language: str) -> Confidence | None:
        """How sure we are of our translation into `language`, or None when the words are the box's own."""
        return dict(self.translated).get(language)


@dataclass(frozen=True)
class Source:
    """Where a fact comes from (tags of the facts file: SEED, MC, EM, REV, INF) and whether the rulebook confirms it."""

    verified: bool
    note: str = ""


# --- the board -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Region:
    id: str
    names: Names
    domain: Domain


@dataclass(frozen=True)
class Board:
    regions: tuple[Region, ...]
    earth_edges: frozenset[frozenset[str]]
    tb3_path_edges: frozenset[frozenset[str]]
    #: Tracy Island is the South Pacific for all game purposes; Thunderbird 5 is Geo-Stationary Orbit.
    tracy_island: str = "south-pacific"
    tb5_region: str = "geo-stationary-orbit"

    @cached_property
    def region_ids(self) -> frozenset[str]:
        return frozenset(r.id for r in self.regions)

    def region(self, region_id: str) -> Region:
        return self._by_id[region_id]

    @cached_property
    def _by_id(self) -> Mapping[str, Region]:
        return {r.id: r for r in self.regions}

    def edges(self, network: Network) -> frozenset[frozenset[str]]:
        if network == "earth":
            return self.earth_edges
        if network == "tb3-path":
            return self.tb3_path_edges
        return frozenset()

    def neighbours(self, region_id: str, network: Network, blocked: Iterable[frozenset[str]] = ()) -> tuple[str, ...]:
        closed = set(blocked)
        return tuple(
            sorted(
                other
                for edge in self.edges(network)
                if region_id in edge and edge not in closed
                for other in edge
                if other != region_id
            )
        )

    def distances_from(
        self, region_id: str, network: Network, blocked: Iterable[frozenset[str]] = ()
    ) -> dict[str, int]:
        """Shortest number of moves from `region_id` to every reachable region of `network` (breadth-first)."""
        closed = tuple(blocked)
        if not closed:
            return dict(self._distance_table(network).get(region_id, {region_id: 0}))
        return _bfs(region_id, lambda r: self.neighbours(r, network, closed))

    def _distance_table(self, network: Network) -> Mapping[str, Mapping[str, int]]:
        tables = self._tables
        if network not in tables:
            nodes = {r for edge in self.edges(network) for r in edge}
            tables[network] = {n: _bfs(n, lambda r: self.neighbours(r, network)) for n in nodes}
        return tables[network]

    @cached_property
    def _tables(self) -> dict[str, dict[str, dict[str, int]]]:
        return {}


def _bfs(start: str, neighbours: Callable[[str], Iterable[str]]) -> dict[str, int]:
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for nxt in neighbours(here):
            if nxt not in seen:
                seen[nxt] = seen[here] + 1
                queue.append(nxt)
    return seen


# --- pieces ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Vehicle:
    """A Thunderbird or FAB 1. `seats` is None when unknown (then the rules do not limit it)."""

    id: str  # tb1, tb2, tb3, tb4, tb5, fab1
    names: Names
    speed: int
    seats: int | None
    seats_source: Source
    network: Network  # where it moves: Earth regions, the orange TB3 path, or nowhere (TB5)
    start_region: str
    #: TB3 starts here instead when John is played (Geo-Stationary Orbit).
    start_region_with_john: str | None = None
    #: What this vehicle can carry (TB2 only): one of these vehicles, or up to `pod_capacity` pods.
    carries_vehicles: tuple[str, ...] = ()
    pod_capacity: int = 0
    can_be_carried: bool = False


@dataclass(frozen=True)
class Pod:
    id: str
    names: Names
    starts_built: bool = False  # the Mole


@dataclass(frozen=True)
class Ability:
    """A character's printed ability. `kind` says how the rules treat it; `known` False means only the card can say."""

    id: str  # e.g. "alan-draw-teamwork", "scott-second-ability"
    kind: Literal["draw-token-action", "exchange-token-operation", "ignore-hood-face", "unknown"]
    text: Names
    known: bool
    source: Source
    #: draw-token-action: the token drawn and where the character must be (a vehicle id or a region id).
    token: TokenKind | None = None
    in_vehicle: str | None = None
    in_region: str | None = None


@dataclass(frozen=True)
class Character:
    id: str  # scott, virgil, alan, gordon, john, lady-penelope
    names: Names
    colour: str  # the peg colour, as a name: blue, green, orange, yellow, white, pink
    start_vehicle: str
    rescue_type: RescueType | None  # the "+N to <type> rescues during your turn" bonus, if any
    rescue_bonus: int
    rescue_bonus_source: Source
    abilities: tuple[Ability, ...]


@dataclass(frozen=True)
class TokenKindDef:
    id: TokenKind
    names: Names
    count: int  # 6 of each in the box


# --- cards -----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Bonus:
    """ "+value if `piece` is at the required place": `region` None means the disaster's own region.

    `in_vehicle` is the printed "(if in Thunderbird 5)" form: the character must be seated in that vehicle.
    """

    piece_kind: PieceKind
    piece: str
    value: int
    region: str | None = None
    in_vehicle: str | None = None


@dataclass(frozen=True)
class PieceAt:
    """A requirement: this piece must be in this region (no-dice disasters, schemes)."""

    piece_kind: PieceKind
    piece: str
    region: str


@dataclass(frozen=True)
class DisasterCard:
    id: str
    names: Names
    kind: Literal["disaster", "hood-advances"]
    region: str | None  # None only when unknown
    rescue_type: RescueType | None
    #: None for no-dice cards (see `auto_requirements`) and for unknown cards.
    difficulty: int | None
    bonuses: tuple[Bonus, ...]
    #: Token kinds or JOKER; None when unknown.
    rewards: tuple[str, ...] | None
    #: No-dice cards: "spend one action to prevent this disaster as long as ... are in REGION".
    auto_requirements: tuple[PieceAt, ...] | None
    story: Names
    source: Source
    completeness: Completeness

    @cached_property
    def is_no_dice(self) -> bool:
        """Worked out once per card (every rescue asks); kept beside the fields, which alone make equality."""
        return self.kind == "disaster" and self.auto_requirements is not None


@dataclass(frozen=True)
class TokenRequirement:
    """A scheme's token to discard: `count` tokens of `kind` (None: illegible, to be read from the card) by
    players whose characters are in `region`."""

    kind: TokenKind | None
    count: int
    region: str | None


@dataclass(frozen=True)
class SchemeCard:
    id: str
    names: Names
    level: int  # I..IV as 1..4
    regions: tuple[str, ...]
    tokens: tuple[TokenRequirement, ...] | None  # None when unknown
    pieces: tuple[PieceAt, ...] | None  # required Thunderbirds and pods in place; None when unknown
    story: Names
    source: Source
    completeness: Completeness


@dataclass(frozen=True)
class Effect:
    """One machine-readable part of an event or F.A.B. card. Kinds the rules understand:

    - "rescue-modifier": `value` added to rescues (of `rescue_type`, or all when None).
    - "speed-limit": `vehicle` has top speed `value` (lifted by `until`, text, or by players with Adjust).
    - "draw-disaster": draw `value` disaster cards and resolve them now.
    - "block-edges": movement across `edges` is impossible.
    - "move-vehicle": move `vehicle` to any region of `domain` (needs a player's character aboard).
    - "move-hood": the Hood advances `value` spaces now, activating the cards it reaches.
    - "draw-fab": the active player (an event) or the card's holder (a F.A.B. card) draws `value` F.A.B. cards.
    """

    kind: Literal[
        "rescue-modifier", "speed-limit", "draw-disaster", "block-edges", "move-vehicle", "move-hood", "draw-fab"
    ]
    value: int = 0
    rescue_type: RescueType | None = None
    vehicle: str | None = None
    domain: Domain | None = None
    edges: tuple[tuple[str, str], ...] = ()
    #: How a lasting effect ends, as printed; None when unknown (players end it with Adjust).
    until: Names | None = None


@dataclass(frozen=True)
class EventCard:
    id: str
    names: Names
    effects: tuple[Effect, ...]
    text: Names  # the printed text when known, else ""
    source: Source
    completeness: Completeness


@dataclass(frozen=True)
class FabCard:
    id: str
    names: Names
    effects: tuple[Effect, ...]
    #: "before-roll" (rescue bonuses), "any-time", or None when unknown.
    timing: Literal["before-roll", "any-time"] | None
    any_turn: bool  # may be played in another player's turn
    text: Names
    source: Source
    completeness: Completeness


# --- tracks and levels -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class HoodTrack:
    """The Hood track: `length` spaces (0 = the start); which spaces hold the 4 events and 3 schemes, in order."""

    length: int
    event_spaces: tuple[int, ...]
    scheme_spaces: tuple[int, ...]
    source: Source


@dataclass(frozen=True)
class Difficulty:
    id: str  # introduction, standard, heroic, legendary
    names: Names
    scheme_levels: tuple[int, int, int]
    events: int
    win_points: int


@dataclass(frozen=True)
class Term:
    """A game term as the app writes it in each language, with the variants it never uses (the glossary)."""

    id: str
    names: Names
    rejected: Mapping[str, tuple[str, ...]]  # language -> variants the app never writes
    #: language -> phrases printed on the cards that use a rejected variant, kept as printed in card texts.
    printed: Mapping[str, tuple[str, ...]]
    source: Source


@dataclass(frozen=True)
class Definitions:
    """Everything the rules read, validated and cross-checked by `loader.py`."""

    board: Board
    vehicles: Mapping[str, Vehicle]
    pods: Mapping[str, Pod]
    characters: Mapping[str, Character]
    tokens: Mapping[str, TokenKindDef]
    disasters: Mapping[str, DisasterCard]  # the 47 disaster-deck cards, "The Hood advances" included
    schemes: Mapping[str, SchemeCard]
    events: Mapping[str, EventCard]
    fabs: Mapping[str, FabCard]
    hood_track: HoodTrack
    difficulties: Mapping[str, Difficulty]
    disaster_track_slots: int = 7
    #: The game terms in each language (`glossary.toml`), by id.
    glossary: Mapping[str, Term] = field(default_factory=dict)
    #: Files the definitions came from (shipped and overlay), for messages.
    sources: tuple[str, ...] = field(default=())
