"""What happened during one `apply`: small frozen records the UI, the lights and the log read (never the rules).

Events name cards, pieces and players by id, like the state. They come out in the order things happened.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from companion.games.thunderbirds.state import quick_init


@quick_init
@dataclass(frozen=True)
class VehicleMoved:
    vehicle: str
    frm: str
    to: str
    carried: tuple[str, ...] = ()  # pieces that travelled inside it


@quick_init
@dataclass(frozen=True)
class CharacterTransferred:
    character: str
    frm: str
    to: str


@quick_init
@dataclass(frozen=True)
class PieceLoaded:
    piece: str
    region: str


@quick_init
@dataclass(frozen=True)
class PieceUnloaded:
    piece: str
    region: str


@quick_init
@dataclass(frozen=True)
class RescueStarted:
    player: str
    disaster: str
    fab_cards: tuple[str, ...] = ()


@quick_init
@dataclass(frozen=True)
class DiceRolled:
    faces: tuple[int, ...]  # face indices (= values; 0 is the Hood)


@quick_init
@dataclass(frozen=True)
class DieRerolled:
    die: int
    frm: int
    to: int


@quick_init
@dataclass(frozen=True)
class TeamworkUsed:
    player: str


@quick_init
@dataclass(frozen=True)
class HoodIgnored:
    die: int


@quick_init
@dataclass(frozen=True)
class RescueSucceeded:
    player: str
    disaster: str
    score: int | None  # None: no dice (automatic or confirmed by the players)
    difficulty: int | None


@quick_init
@dataclass(frozen=True)
class RescueFailed:
    player: str
    disaster: str
    score: int
    difficulty: int


@quick_init
@dataclass(frozen=True)
class TokenGained:
    player: str
    kind: str
    reason: Literal["reward", "ability", "exchange", "adjust"]


@quick_init
@dataclass(frozen=True)
class TokenSpent:
    player: str
    kind: str


@quick_init
@dataclass(frozen=True)
class RewardMissing:
    """A reward token of this kind was out of stock: nothing is given instead."""

    player: str
    kind: str


@quick_init
@dataclass(frozen=True)
class RewardsUnknown:
    """The card's rewards are not known: the players take them with adjustments."""

    player: str
    disaster: str


@quick_init
@dataclass(frozen=True)
class JokerChoiceNeeded:
    player: str
    count: int


@quick_init
@dataclass(frozen=True)
class FabDrawn:
    player: str
    card: str | None  # None: the deck and its discard are both empty


@quick_init
@dataclass(frozen=True)
class FabPlayed:
    player: str
    card: str
    known: bool  # False: its effect is not known; the players apply it with adjustments


@quick_init
@dataclass(frozen=True)
class PodBuilt:
    pod: str
    region: str


@quick_init
@dataclass(frozen=True)
class ActionGained:
    player: str


@quick_init
@dataclass(frozen=True)
class DisasterDrawn:
    card: str


@quick_init
@dataclass(frozen=True)
class DisastersShifted:
    moves: tuple[tuple[str, int, int], ...]  # (card, from slot, to slot)


@quick_init
@dataclass(frozen=True)
class DisasterPlaced:
    card: str
    slot: int


@quick_init
@dataclass(frozen=True)
class DisasterScanned:
    card: str
    frm: int
    to: int


@quick_init
@dataclass(frozen=True)
class DisasterReachedSkull:
    card: str


@quick_init
@dataclass(frozen=True)
class HoodAdvanced:
    frm: int
    to: int


@quick_init
@dataclass(frozen=True)
class EventRevealed:
    card: str
    space: int
    known: bool  # False: the app announces it by name; the players resolve it with adjustments


@quick_init
@dataclass(frozen=True)
class EffectStarted:
    card: str
    kind: str


@quick_init
@dataclass(frozen=True)
class EffectEnded:
    card: str


@quick_init
@dataclass(frozen=True)
class SchemeActivated:
    """The Hood reached a scheme that was not foiled: the game is lost."""

    card: str
    space: int


@quick_init
@dataclass(frozen=True)
class SchemeFoiled:
    card: str
    player: str
    discards: tuple[tuple[str, str], ...]


@quick_init
@dataclass(frozen=True)
class SchemeRevealed:
    card: str
    space: int


@quick_init
@dataclass(frozen=True)
class AbilityUsed:
    player: str
    ability: str
    known: bool


@quick_init
@dataclass(frozen=True)
class TurnPassed:
    player: str  # the new active player
    turn: int


@quick_init
@dataclass(frozen=True)
class CharacterChanged:
    out: str
    incoming: str


@quick_init
@dataclass(frozen=True)
class GameWon:
    reason: str


@quick_init
@dataclass(frozen=True)
class GameLost:
    reason: str  # skull, scheme-reached, deck-exhausted
    card: str | None


@quick_init
@dataclass(frozen=True)
class Adjusted:
    """A manual override, as the players entered it (the action's type and fields)."""

    what: str


Event = (
    VehicleMoved
    | CharacterTransferred
    | PieceLoaded
    | PieceUnloaded
    | RescueStarted
    | DiceRolled
    | DieRerolled
    | TeamworkUsed
    | HoodIgnored
    | RescueSucceeded
    | RescueFailed
    | TokenGained
    | TokenSpent
    | RewardMissing
    | RewardsUnknown
    | JokerChoiceNeeded
    | FabDrawn
    | FabPlayed
    | PodBuilt
    | ActionGained
    | DisasterDrawn
    | DisastersShifted
    | DisasterPlaced
    | DisasterScanned
    | DisasterReachedSkull
    | HoodAdvanced
    | EventRevealed
    | EffectStarted
    | EffectEnded
    | SchemeActivated
    | SchemeFoiled
    | SchemeRevealed
    | AbilityUsed
    | TurnPassed
    | CharacterChanged
    | GameWon
    | GameLost
    | Adjusted
)
