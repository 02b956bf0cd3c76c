"""What players can do in any kit game (actions), and what happened (events). All refer to components by id.

A `seat` of None in an action means the player whose turn it is. Actions marked *manual* are corrections the
players make when the table says otherwise (every automated value has one); the table screen offers them under
Adjust, the others directly.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.engine import turns
from companion.kit.components import CardPlace

# ---------------------------------------------------------------------------------------------------- actions


@dataclass(frozen=True)
class Draw:
    """The top card of a deck: on the table (a face-up deck) or into the player's hand (face down)."""

    deck: str
    seat: int | None = None


@dataclass(frozen=True)
class Discard:
    """A card from the table (`seat` None) or from `seat`'s hand onto its deck's discard pile."""

    deck: str
    card: str
    seat: int | None = None


@dataclass(frozen=True)
class Reshuffle:
    """The discard pile shuffled back into the draw pile."""

    deck: str


@dataclass(frozen=True)
class MoveCard:
    """Manual: one copy of a card, wherever it is, to the top or bottom of the draw pile, the discard pile, the
    table, a hand or aside."""

    deck: str
    card: str
    to: CardPlace
    seat: int | None = None


@dataclass(frozen=True)
class Roll:
    """Every die of a dice group, rolled together; the odds are shown beside the result."""

    group: str
    seat: int | None = None


@dataclass(frozen=True)
class DrawFromBag:
    """A token at random; `put_back` None follows the bag's own rule. From a secret bag only `seat` sees it."""

    bag: str
    seat: int | None = None
    put_back: bool | None = None


@dataclass(frozen=True)
class ReturnToBag:
    """A token held by `seat` (None: lying on the board) back into its bag."""

    bag: str
    token: str
    seat: int | None = None


@dataclass(frozen=True)
class MoveMarker:
    """A marker to a space (`to`), or forward / back by a number of spaces (`by`, stopping at the ends)."""

    track: str
    marker: str
    to: int | None = None
    by: int | None = None


@dataclass(frozen=True)
class SetCounter:
    """Manual: a counter to a value (`player` None for a shared counter)."""

    counter: str
    player: int | None
    value: int


@dataclass(frozen=True)
class ChangeCounter:
    counter: str
    player: int | None
    delta: int


@dataclass(frozen=True)
class NextPlayer:
    """The turn passes to the next player still in the game."""


@dataclass(frozen=True)
class PassFirstPlayer:
    """The first-player marker passes to the next player still in the game."""


@dataclass(frozen=True)
class SetFirstPlayer:
    """Manual: the first-player marker to `seat`."""

    seat: int


@dataclass(frozen=True)
class SetCurrentPlayer:
    """Manual: it is `seat`'s turn."""

    seat: int


@dataclass(frozen=True)
class CheckStep:
    """Ticks (or unticks) a step of the current phase's checklist."""

    step: str
    done: bool = True


@dataclass(frozen=True)
class NextPhase:
    """The next phase, or the next round after the last phase (the game ends after the kit's last round)."""


@dataclass(frozen=True)
class GoToPhase:
    """Manual: a given round and phase (by id; None when the kit has no phases)."""

    round: int
    phase: str | None = None


@dataclass(frozen=True)
class StartTimer:
    pass


@dataclass(frozen=True)
class PauseTimer:
    """Stops the timer; `ran_ms` is how long it ran since it was started, as the screen measured it. The time
    travels in the action, so a replay never reads a clock."""

    ran_ms: int


@dataclass(frozen=True)
class ResetTimer:
    pass


@dataclass(frozen=True)
class SetPlayerOut:
    """Manual: a player leaves the game (skipped by turns and the first-player marker) or comes back."""

    seat: int
    out: bool = True


@dataclass(frozen=True)
class EndGame:
    pass


# ----------------------------------------------------------------------------------------------------- events


@dataclass(frozen=True)
class CardDrawn:
    deck: str
    card: str
    seat: int
    face_up: bool


@dataclass(frozen=True)
class DeckReshuffled:
    deck: str


@dataclass(frozen=True)
class DiceRolled:
    group: str
    seat: int
    dice: tuple[str, ...]
    faces: tuple[int, ...]


@dataclass(frozen=True)
class TokenDrawn:
    bag: str
    token: str
    seat: int
    secret: bool
    put_back: bool


@dataclass(frozen=True)
class MarkerLanded:
    """A marker stopped on a space the kit describes (its text is read to the players)."""

    track: str
    marker: str
    at: int


#: A phase (or a round) began; the first-player marker passed: the engine's turns model's events.
PhaseStarted = turns.PhaseStarted
FirstPlayerPassed = turns.FirstPlayerPassed


@dataclass(frozen=True)
class GameEnded:
    pass


Action = (
    Draw
    | Discard
    | Reshuffle
    | MoveCard
    | Roll
    | DrawFromBag
    | ReturnToBag
    | MoveMarker
    | SetCounter
    | ChangeCounter
    | NextPlayer
    | PassFirstPlayer
    | SetFirstPlayer
    | SetCurrentPlayer
    | CheckStep
    | NextPhase
    | GoToPhase
    | StartTimer
    | PauseTimer
    | ResetTimer
    | SetPlayerOut
    | EndGame
)

#: Every action type by name, for the codec.
ACTION_TYPES: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        Draw,
        Discard,
        Reshuffle,
        MoveCard,
        Roll,
        DrawFromBag,
        ReturnToBag,
        MoveMarker,
        SetCounter,
        ChangeCounter,
        NextPlayer,
        PassFirstPlayer,
        SetFirstPlayer,
        SetCurrentPlayer,
        CheckStep,
        NextPhase,
        GoToPhase,
        StartTimer,
        PauseTimer,
        ResetTimer,
        SetPlayerOut,
        EndGame,
    )
}
#: The manual corrections (the table screen's Adjust).
MANUAL: tuple[type, ...] = (MoveCard, SetCounter, SetFirstPlayer, SetCurrentPlayer, GoToPhase, SetPlayerOut)
