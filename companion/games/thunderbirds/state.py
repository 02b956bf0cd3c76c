"""The state of a Thunderbirds game: frozen, small, cheap to copy, referring to definitions by id only.

Players are identified by their character id everywhere ("john"): in solo play the three characters in front
of Jeff Tracy are three hands, each with its own tokens and F.A.B. cards, and `active` is the current-player
marker. Small mappings are tuples of pairs in a fixed order, so states compare, hash and encode simply.

Where things are:
- a vehicle's region is always its real region: a vehicle carried by Thunderbird 2 moves with it, so bonus
  checks never need to know about carrying;
- a character's region is the region of the vehicle it sits in (`seats`);
- a pod is on Brains' notebook unless it is listed in `pods` (built, with its region); a carried pod moves with
  Thunderbird 2;
- disaster cards are in the draw pile, on the track, on the skull (the game is then lost) or in the discard pile;
- events and schemes are on the Hood track (`hood_cards`) or in the box (every card not on the track).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from types import FunctionType
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from companion.engine.deck import Deck
from companion.engine.dice import Die, Face
from companion.engine.track import SlotTrack
from companion.games.thunderbirds.definitions import TOKEN_KINDS

if TYPE_CHECKING:  # typeshed's name for "an instance of a dataclass"
    from _typeshed import DataclassInstance

#: The Thunderbirds die: a Hood face that adds nothing, then 1 to 5. Face index == face value, so a forced
#: roll (an index into `faces`) reads as the value shown, 0 being the Hood.
HOOD = "hood"
DIE = Die(
    "thunderbirds",
    (
        Face(HOOD, 0, HOOD),
        Face("1", 1),
        Face("2", 2),
        Face("3", 3),
        Face("4", 4),
        Face("5", 5),
    ),
)
HOOD_FACE = 0
#: What each face adds to a rescue, by face index (read for every rescue's score).
FACE_VALUES: tuple[int, ...] = tuple(face.value for face in DIE.faces)

#: Token counts in `TOKEN_KINDS` order (technology, determination, intelligence, teamwork, logistics).
Tokens = tuple[int, ...]
TOKEN_INDEX: dict[str, int] = {kind: i for i, kind in enumerate(TOKEN_KINDS)}
NO_TOKENS: Tokens = (0,) * len(TOKEN_KINDS)

#: Where an un-built pod sits.
NOTEBOOK = "notebook"

R = TypeVar("R", bound="DataclassInstance")


#: Names the generated `__init__` uses itself: a field may not take them.
_RESERVED = ("self", "_set_attribute")


def quick_init(cls: type[R]) -> type[R]:
    """Gives a frozen dataclass an `__init__` that hands the instance its fields as one new `__dict__`.

    A frozen dataclass's own `__init__` sets each field through `object.__setattr__`, which costs about twice as
    much; the rules build hundreds of these records (events, hands, pending rescues) per game. The new `__init__`
    takes the same parameters with the same defaults and stores the same values, so equality, hashing, `repr`,
    `dataclasses.fields` and the codec see no difference; instances stay frozen. Classes with a `__post_init__`,
    a default factory or a non-init field keep the generated `__init__` (refused here, so nothing is lost).
    """
    fields = dataclasses.fields(cls)
    if hasattr(cls, "__post_init__") or any(
        not f.init or f.default_factory is not dataclasses.MISSING or f.name in _RESERVED for f in fields
    ):
        raise TypeError(f"quick_init cannot build {cls.__name__}.__init__")
    defaults = {f"_default_{f.name}": f.default for f in fields if f.default is not dataclasses.MISSING}
    params = ", ".join(f.name if f.default is dataclasses.MISSING else f"{f.name}=_default_{f.name}" for f in fields)
    items = ", ".join(f"{f.name!r}: {f.name}" for f in fields)
    # The fields go in as one new dictionary: a combined one, whose attribute reads CPython 3.11 specialises
    # (`self.__dict__` would materialise a split one, read through the generic path every time).
    source = (
        f"def __init__(self, {params}):\n    _set_attribute(self, '__dict__', {{{items}}})\n"
        if fields
        else ("def __init__(self):\n    pass\n")
    )
    namespace: dict[str, Any] = {}
    exec(source, {"_set_attribute": object.__setattr__, **defaults}, namespace)
    init: FunctionType = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[method-assign]  # the point: a method made at run time
    return cls


Phase = Literal["actions", "rescue", "reward", "over"]
HoodCardStatus = Literal["face-down", "face-up", "active", "done", "foiled"]
EffectSource = Literal["event", "fab", "adjust"]
EffectKind = Literal["rescue-modifier", "speed-limit", "block-edges"]
LossReason = Literal["schemes-foiled", "skull", "scheme-reached", "deck-exhausted"]


@quick_init
@dataclass(frozen=True)
class Setup:
    """What the players chose at the start; kept in the state so a saved game can say how it began."""

    players: int  # 1 to 4; 1 is solo play as Jeff Tracy
    difficulty: str  # introduction, standard, heroic, legendary
    characters: tuple[str, ...]  # the characters played, in seat order (solo: the three hands)
    solo: bool = False
    #: A data directory replacing the shipped data (tests); None means the shipped data and the user overlay.
    data_dir: str | None = None


@quick_init
@dataclass(frozen=True)
class Hand:
    """One player's (or, in solo, one character card's) belongings."""

    character: str
    tokens: Tokens = NO_TOKENS
    fabs: tuple[str, ...] = ()

    def count(self, kind: str) -> int:
        return self.tokens[TOKEN_INDEX[kind]]


@quick_init
@dataclass(frozen=True)
class HoodCard:
    """A card on the Hood track. Events: face-down, then active (flipped, effects lasting or left to the
    players), then done (back in the box). Schemes: face-down, face-up (the one to foil now), foiled."""

    space: int
    kind: Literal["event", "scheme"]
    card: str
    status: HoodCardStatus = "face-down"


@quick_init
@dataclass(frozen=True)
class LastingEffect:
    """An effect in force, with the card that caused it ("adjust" for a manual speed limit)."""

    card: str
    source: EffectSource
    kind: EffectKind
    value: int = 0
    rescue_type: str | None = None
    vehicle: str | None = None
    edges: tuple[tuple[str, str], ...] = ()


@quick_init
@dataclass(frozen=True)
class PendingRescue:
    """A Rescue whose dice are rolled and which awaits token decisions, then `FinishRescue`."""

    player: int
    disaster: str
    dice: tuple[int, ...]  # face indices into DIE.faces, one per die
    teamwork: int = 0  # Teamwork tokens spent (+2 each)
    ignored_die: int | None = None  # the die whose Hood face John ignores
    bonus: int = 0  # every bonus known when the dice were rolled (printed, character, F.A.B., events)
    fab_cards: tuple[str, ...] = ()  # F.A.B. cards played before the roll
    adjust_bonus: int = 0  # the players' manual correction (AdjustRescue)
    rerolls: int = 0

    @property
    def score(self) -> int:
        """Dice (a Hood face adds nothing) + bonuses + 2 per Teamwork token + manual correction."""
        total = self.bonus + 2 * self.teamwork + self.adjust_bonus
        for face in self.dice:
            total += FACE_VALUES[face]
        return total

    @property
    def hood_faces(self) -> int:
        """Hood faces showing that will advance the Hood (John's ignored one excluded)."""
        if HOOD_FACE not in self.dice:
            return 0
        return sum(1 for i, f in enumerate(self.dice) if f == HOOD_FACE and i != self.ignored_die)


@quick_init
@dataclass(frozen=True)
class PendingReward:
    """A successful rescue whose joker rewards await the player's choice."""

    player: int
    disaster: str
    jokers: int


@quick_init
@dataclass(frozen=True)
class Outcome:
    result: Literal["won", "lost"]
    reason: LossReason
    card: str | None = None


@quick_init
@dataclass(frozen=True)
class GameState:
    setup: Setup
    players: tuple[Hand, ...]
    #: Solo: the character cards that can come in with a character change. Empty otherwise.
    reserve: tuple[str, ...]
    active: int  # index into `players` (solo: the current-player marker)
    actions_left: int
    turn: int  # 1 for the first turn
    used: frozenset[str]  # once-per-turn abilities already used this turn (ability ids)
    fresh_turn: bool  # nothing done yet this turn (a solo character change must take the whole turn)
    vehicles: tuple[tuple[str, str], ...]  # (vehicle id, region id)
    seats: tuple[tuple[str, str], ...]  # (character id, vehicle id), all six characters
    cargo: tuple[str, ...]  # what Thunderbird 2 carries: vehicle ids or pod ids
    pods: tuple[tuple[str, str], ...]  # built pods and their region; the others are on Brains' notebook
    supply: Tokens
    disasters: Deck  # the disaster draw pile and the disaster discard pile
    track: SlotTrack  # disaster track slots 1..7
    skull: str | None  # the card pushed onto the skull slot (the game is lost)
    fab_deck: Deck
    hood: int  # the Hood's space on the Hood track (0 = the first space)
    hood_cards: tuple[HoodCard, ...]
    effects: tuple[LastingEffect, ...]
    pending: PendingRescue | PendingReward | None
    outcome: Outcome | None
    rng: int = 0

    # --- reading the state (cheap; no definitions needed) --------------------------------------------------

    @property
    def phase(self) -> Phase:
        if self.outcome is not None:
            return "over"
        if isinstance(self.pending, PendingRescue):
            return "rescue"
        if isinstance(self.pending, PendingReward):
            return "reward"
        return "actions"

    @property
    def active_hand(self) -> Hand:
        return self.players[self.active]

    @property
    def active_character(self) -> str:
        return self.players[self.active].character

    def hand_index(self, character: str) -> int | None:
        for i, hand in enumerate(self.players):
            if hand.character == character:
                return i
        return None

    def vehicle_region(self, vehicle: str) -> str | None:
        return lookup(self.vehicles, vehicle)

    def seat_of(self, character: str) -> str | None:
        return lookup(self.seats, character)

    def character_region(self, character: str) -> str | None:
        vehicle = lookup(self.seats, character)
        return None if vehicle is None else lookup(self.vehicles, vehicle)

    def occupants(self, vehicle: str) -> tuple[str, ...]:
        return tuple(c for c, v in self.seats if v == vehicle)

    def pod_region(self, pod: str) -> str | None:
        """The region of a built pod; None when it is on Brains' notebook."""
        return lookup(self.pods, pod)

    def is_played(self, character: str) -> bool:
        return any(hand.character == character for hand in self.players)

    @property
    def schemes_foiled(self) -> int:
        return sum(1 for c in self.hood_cards if c.kind == "scheme" and c.status == "foiled")

    @property
    def current_scheme(self) -> HoodCard | None:
        for card in self.hood_cards:
            if card.kind == "scheme" and card.status == "face-up":
                return card
        return None


K = TypeVar("K")
V = TypeVar("V")


def lookup(pairs: tuple[tuple[K, V], ...], key: K) -> V | None:
    for k, v in pairs:
        if k == key:
            return v
    return None


def assign(pairs: tuple[tuple[K, V], ...], key: K, value: V) -> tuple[tuple[K, V], ...]:
    """The pairs with `key` set to `value` (appended when absent), order kept."""
    index = 0
    for k, _ in pairs:
        if k == key:
            changed = list(pairs)  # one copy, changed in place: cheaper than joining slices
            changed[index] = (key, value)
            return tuple(changed)
        index += 1
    return pairs + ((key, value),)


def reassign(pairs: tuple[tuple[K, V], ...], key: K, value: V) -> tuple[V | None, tuple[tuple[K, V], ...]]:
    """`lookup` then `assign` in one pass: what `key` had (None when absent) and the pairs with `key` set to
    `value` (a move reads where the vehicle was and puts it somewhere else)."""
    index = 0
    for k, old in pairs:
        if k == key:
            changed = list(pairs)
            changed[index] = (key, value)
            return old, tuple(changed)
        index += 1
    return None, pairs + ((key, value),)


def without(pairs: tuple[tuple[K, V], ...], key: K) -> tuple[tuple[K, V], ...]:
    return tuple(p for p in pairs if p[0] != key)


def evolve(state: GameState, **changes: object) -> GameState:
    """`dataclasses.replace` without re-running `__init__`: a shallow copy with some fields changed.

    The rules create many states per game; this keeps each step cheap: one copy of the field dict (a single
    block copy, cheaper than filling an empty one) handed to a bare instance. Only for `GameState`, whose fields
    are all immutable values and which keeps nothing else in its `__dict__`.
    """
    if not _FIELDS.issuperset(changes):
        raise TypeError(f"GameState has no field(s) {', '.join(sorted(set(changes) - _FIELDS))}")
    fields = dict(state.__dict__)  # a combined table (a copy of a split one stays split: attribute reads go slow)
    fields.update(changes)
    new = _new_instance(GameState)
    _set_attribute(new, "__dict__", fields)
    return new


_new_instance = object.__new__
_set_attribute = object.__setattr__


_FIELDS = frozenset(f.name for f in dataclasses.fields(GameState))
