"""What happened during an action, for the history, the screens' reveals and the scenario checks."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.thunderbirds_solitaire.definitions import Kind
from companion.games.thunderbirds_solitaire.state import Dealing, Outcome, Side


@dataclass(frozen=True)
class CardTurned:
    card: str
    kind: Kind


@dataclass(frozen=True)
class ChainBegun:
    chain: int
    card: str


@dataclass(frozen=True)
class CardToDeckBottom:
    """Set-up E: a Civilian or Hood card cannot begin a chain; it goes to the bottom of the deck."""

    card: str
    kind: Kind


@dataclass(frozen=True)
class DeckShuffled:
    """The Emergency deck was shuffled: by the companion, or the player is to shuffle it (`by` "table")."""

    by: Dealing


@dataclass(frozen=True)
class LadyPenelopePlaced:
    at: str
    side: Side


@dataclass(frozen=True)
class CardPlaced:
    card: str
    chain: int


@dataclass(frozen=True)
class CardDiscarded:
    card: str


@dataclass(frozen=True)
class HoodNeutralised:
    """Road side up, Lady Penelope discards a Hood card that would affect her chain."""

    card: str
    chain: int


@dataclass(frozen=True)
class DiceRolled:
    chain: int
    symbols: tuple[str, ...]


@dataclass(frozen=True)
class DiceIgnored:
    """Dice whose symbols match no active symbol in the chain (indices into the roll)."""

    dice: tuple[int, ...]


@dataclass(frozen=True)
class DieAllocated:
    die: int
    symbol: str
    card: str
    slot: int


@dataclass(frozen=True)
class DieStored:
    die: int
    symbol: str


@dataclass(frozen=True)
class RescueEnded:
    chain: int
    covered: int
    open: int


@dataclass(frozen=True)
class StepConfirmed:
    step: str
    done: bool


@dataclass(frozen=True)
class LadyPenelopeMoved:
    frm: str
    to: str
    side: Side


@dataclass(frozen=True)
class LadyPenelopeFlipped:
    side: Side


@dataclass(frozen=True)
class CivilianAssigned:
    card: str
    chain: int


@dataclass(frozen=True)
class CivilianUnassigned:
    card: str
    chain: int


@dataclass(frozen=True)
class CivilianRescued:
    card: str


@dataclass(frozen=True)
class TurnEnded:
    turn: int


@dataclass(frozen=True)
class CardRemoved:
    card: str
    chain: int
    to: str


@dataclass(frozen=True)
class PodDealt:
    pod: str


@dataclass(frozen=True)
class PodDiscarded:
    pod: str


@dataclass(frozen=True)
class GameOver:
    result: Outcome


@dataclass(frozen=True)
class Adjusted:
    """A manual change the player made (a pilot moved, a card's symbols set...)."""

    what: str
