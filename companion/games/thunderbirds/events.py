"""What happened during one `apply`: small frozen records the UI, the lights and the log read (never the rules).

Events name cards, pieces and players by id, like the state. They come out in the order things happened.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Union


@dataclass(frozen=True)
class VehicleMoved:
    vehicle: str
    frm: str
    to: str
    carried: tuple[str, ...] = ()  # pieces that travelled inside it


@dataclass(frozen=True)
class CharacterTransferred:
    character: str
    frm: str
    to: str


@dataclass(frozen=True)
class PieceLoaded:
    piece: str
    region: str


@dataclass(frozen=True)
class PieceUnloaded:
    piece: str
    region: str


@dataclass(frozen=True)
class RescueStarted:
    player: str
    disaster: str
    fab_cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class DiceRolled:
    faces: tuple[int, ...]  # face indices (= values; 0 is the Hood)


@dataclass(frozen=True)
class DieRerolled:
    die: int
    frm: int
    to: int


@dataclass(frozen=True)
class TeamworkUsed:
    player: str


@dataclass(frozen=True)
class HoodIgnored:
    die: int


@dataclass(frozen=True)
class RescueSucceeded:
    player: str
    disaster: str
    score: int | None  # None: no dice (automatic or confirmed by the players)
    difficulty: int | None


@dataclass(frozen=True)
class RescueFailed:
    player: str
    disaster: str
    score: int
    difficulty: int


@dataclass(frozen=True)
class TokenGained:
    player: str
    kind: str
    reason: Literal["reward", "ability", "exchange", "adjust"]


@dataclass(frozen=True)
class TokenSpent:
    player: str
    kind: str


@dataclass(frozen=True)
class RewardMissing:
    """A reward token of this kind was out of stock: nothing is given instead."""

    player: str
    kind: str


@dataclass(frozen=True)
class RewardsUnknown:
    """The card's rewards are not known: the players take them with adjustments."""

    player: str
    disaster: str


@dataclass(frozen=True)
class JokerChoiceNeeded:
    player: str
    count: int


@dataclass(frozen=True)
class FabDrawn:
    player: str
    card: str | None  # None: the deck and its discard are both empty


@dataclass(frozen=True)
class FabPlayed:
    player: str
    card: str
    known: bool  # False: its effect is not known; the players apply it with adjustments


@dataclass(frozen=True)
class PodBuilt:
    pod: str
    region: str


@dataclass(frozen=True)
class ActionGained:
    player: str


@dataclass(frozen=True)
class DisasterDrawn:
    card: str


@dataclass(frozen=True)
class DisastersShifted:
    moves: tuple[tuple[str, int, int], ...]  # (card, from slot, to slot)


@dataclass(frozen=True)
class DisasterPlaced:
    card: str
    slot: int


@dataclass(frozen=True)
class DisasterScanned:
    card: str
    frm: int
    to: int


@dataclass(frozen=True)
class DisasterReachedSkull:
    card: str


@dataclass(frozen=True)
class HoodAdvanced:
    frm: int
    to: int


@dataclass(frozen=True)
class EventRevealed:
    card: str
    space: int
    known: bool  # False: the app announces it by name; the players resolve it with adjustments


@dataclass(frozen=True)
class EffectStarted:
    card: str
    kind: str


@dataclass(frozen=True)
class EffectEnded:
    card: str


@dataclass(frozen=True)
class SchemeActivated:
    """The Hood reached a scheme that was not foiled: the game is lost."""

    card: str
    space: int


@dataclass(frozen=True)
class SchemeFoiled:
    card: str
    player: str
    discards: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class SchemeRevealed:
    card: str
    space: int


@dataclass(frozen=True)
class AbilityUsed:
    player: str
    ability: str
    known: bool


@dataclass(frozen=True)
class TurnPassed:
    player: str  # the new active player
    turn: int


@dataclass(frozen=True)
class CharacterChanged:
    out: str
    incoming: str


@dataclass(frozen=True)
class GameWon:
    reason: str


@dataclass(frozen=True)
class GameLost:
    reason: str  # skull, scheme-reached, deck-exhausted
    card: str | None


@dataclass(frozen=True)
class Adjusted:
    """A manual override, as the players entered it (the action's type and fields)."""

    what: str


Event = Union[
    VehicleMoved,
    CharacterTransferred,
    PieceLoaded,
    PieceUnloaded,
    RescueStarted,
    DiceRolled,
    DieRerolled,
    TeamworkUsed,
    HoodIgnored,
    RescueSucceeded,
    RescueFailed,
    TokenGained,
    TokenSpent,
    RewardMissing,
    RewardsUnknown,
    JokerChoiceNeeded,
    FabDrawn,
    FabPlayed,
    PodBuilt,
    ActionGained,
    DisasterDrawn,
    DisastersShifted,
    DisasterPlaced,
    DisasterScanned,
    DisasterReachedSkull,
    HoodAdvanced,
    EventRevealed,
    EffectStarted,
    EffectEnded,
    SchemeActivated,
    SchemeFoiled,
    SchemeRevealed,
    AbilityUsed,
    TurnPassed,
    CharacterChanged,
    GameWon,
    GameLost,
    Adjusted,
]

EVENT_TYPES: dict[str, type] = {cls.__name__: cls for cls in Event.__args__}  # type: ignore[attr-defined]
