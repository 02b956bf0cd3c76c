"""Every change to a game is one of these actions, applied by `rules.apply`. Players are named by colour.

Turn upkeep (no choice; a screen may dispatch them itself): `Countdown`, `Alert`, `Organize`, `RollForOrder`.
Choices: `PlayCard`, `Discard`, `EndPhase` by the player whose move phase it is; the reactions `PlayQuickResponder`
(Response phase, before the roll) and `PlayDelay` (another player's card awaiting it), and `Allow` (no Delay).
Manual corrections, free at any time until the game ends: `AdjustPawn`, `AdjustCounters`.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.warpspawn_thunderbirds.definitions import Square


@dataclass(frozen=True)
class Countdown:
    """Every emergency loses a time counter; one with none left goes to the Emergency discard."""


@dataclass(frozen=True)
class Alert:
    """1D6 on the Alert table; each new emergency is drawn, placed by two coordinate rolls and gets 1D6 counters."""


@dataclass(frozen=True)
class Organize:
    """The Responder deck is shuffled with its discard and every hand filled up to six, in seat order."""


@dataclass(frozen=True)
class PlayQuickResponder:
    """`player` plays Quick Responder: first in the move order, without rolling."""

    player: str


@dataclass(frozen=True)
class RollForOrder:
    """Everyone (but a Quick Responder) rolls 1D12; highest moves first; ties re-roll among themselves."""


@dataclass(frozen=True)
class PlayCard:
    """The moving player plays `card` (a kind id) face up. What else it needs depends on the card:
    move N and Move K: `pawn` and `to`; Return to Base: `pawn`; False Alarm: `owner` (a colour) and `pawn`;
    Red Alert: `pawn` (the Thunderbird that switches with TB5); Deploy Sub: `to`; SOS: nothing."""

    card: str
    pawn: str | None = None
    to: Square | None = None
    owner: str | None = None


@dataclass(frozen=True)
class Discard:
    """The moving player discards `card` unused."""

    card: str


@dataclass(frozen=True)
class Allow:
    """Nobody plays Delay: the card awaiting it resolves."""


@dataclass(frozen=True)
class PlayDelay:
    """`player` cancels the card another player just played."""

    player: str


@dataclass(frozen=True)
class EndPhase:
    """The moving player ends their move phase (unused cards are kept)."""


@dataclass(frozen=True)
class ConfirmRescue:
    """For an emergency whose solution the data does not know: the players read the card and confirm that two of
    the moving player's pawns next to it meet it."""

    emergency: str


@dataclass(frozen=True)
class AdjustPawn:
    """A manual correction: `player`'s `pawn` to `to` (the table is the truth)."""

    player: str
    pawn: str
    to: Square


@dataclass(frozen=True)
class AdjustCounters:
    """A manual correction: `emergency` keeps `counters` time counters (0 sends it to the Emergency discard)."""

    emergency: str
    counters: int


ACTION_TYPES: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        Countdown,
        Alert,
        Organize,
        PlayQuickResponder,
        RollForOrder,
        PlayCard,
        Discard,
        Allow,
        PlayDelay,
        EndPhase,
        ConfirmRescue,
        AdjustPawn,
        AdjustCounters,
    )
}
UPKEEP: tuple[type, ...] = (Countdown, Alert, Organize, RollForOrder)
ADJUSTMENTS: tuple[type, ...] = (AdjustPawn, AdjustCounters)
