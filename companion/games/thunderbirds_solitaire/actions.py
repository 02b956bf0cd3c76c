"""Every change to a Solitaire game is one of these named verbs, applied by `rules.apply`.

Chains are numbered 1 to 4 from the top, as laid out; locations are `chain-1` ... `chain-4` and `tracy-island`;
cards are named by id (a slot id such as `basic-07`, or `turned-3` for a card the companion knows by its kind
only); a rolled die by its index (0 first) in the rescue under way, a card's symbol by its index (0 first).
Each action encodes as `{"type": "<class name>", <field>: <value>, ...}` (see `codec.py`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from companion.games.thunderbirds_solitaire.definitions import Kind
from companion.games.thunderbirds_solitaire.state import Outcome, Side

# --- turning Emergency cards: set-up and the Incoming Call phase ---------------------------------------------


@dataclass(frozen=True)
class TurnCard:
    """Turn the next Emergency card. The companion's deck: nothing to say. The table's deck: the player says
    what they turned (its `kind`; `card`, a card completed in the editor; `symbols` when they want them known)."""

    kind: Kind | None = None
    card: str | None = None
    symbols: tuple[str, ...] | None = None


@dataclass(frozen=True)
class DealChains:
    """Set-up E in one step, when the companion holds the deck: turn cards until four Disasters begin the
    chains (the others to the bottom of the deck), then shuffle."""


@dataclass(frozen=True)
class PlaceCard:
    """The card turned in play goes to the right end of a chain."""

    chain: int


@dataclass(frozen=True)
class DiscardTurned:
    """The card turned in play goes to the discard pile (as the rulebook directs)."""


# --- the rescue dice ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RollDice:
    """The companion rolls these dice (die kinds, repeated for several of a kind) for a rescue at a chain."""

    chain: int
    dice: tuple[str, ...]


@dataclass(frozen=True)
class EnterRoll:
    """The dice were rolled at the table: the symbols they show, for a rescue at a chain."""

    chain: int
    symbols: tuple[str, ...]


@dataclass(frozen=True)
class AllocateDie:
    die: int
    card: str
    slot: int


@dataclass(frozen=True)
class StoreDie:
    die: int


@dataclass(frozen=True)
class EndRescue:
    """The allocation is done; what it achieves is the rulebook's (the player applies it)."""


# --- the turn ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ConfirmStep:
    """The player ticks (or unticks) a step of the turn the companion cannot check."""

    step: str
    done: bool = True


@dataclass(frozen=True)
class BeginLadyPenelope:
    """The Lady Penelope phase, at the end of the turn."""


@dataclass(frozen=True)
class MoveLadyPenelope:
    to: str


@dataclass(frozen=True)
class FlipLadyPenelope:
    pass


@dataclass(frozen=True)
class AssignCivilian:
    card: str


@dataclass(frozen=True)
class UnassignCivilian:
    pass


@dataclass(frozen=True)
class EndTurn:
    """Ends Lady Penelope's phase without (more) escort, and the turn with it."""


# --- the player's own moves (the table is the truth) -----------------------------------------------------------


@dataclass(frozen=True)
class RemoveCard:
    """Takes a card out of its chain (the others slide left) to the discard or rescued pile."""

    card: str
    to: Literal["discard", "rescued"] = "discard"


@dataclass(frozen=True)
class SetInfluenced:
    card: str
    influenced: bool = True


@dataclass(frozen=True)
class SetSymbols:
    """The symbols printed on a card on the table, as the player reads them."""

    card: str
    symbols: tuple[str, ...]


@dataclass(frozen=True)
class PlaceLadyPenelope:
    at: str
    side: Side


@dataclass(frozen=True)
class PlacePilot:
    pilot: str
    at: str


@dataclass(frozen=True)
class DealPod:
    pass


@dataclass(frozen=True)
class DiscardPod:
    pod: str


@dataclass(frozen=True)
class UseStored:
    """A stored symbol is spent (what it does is the rulebook's)."""

    symbol: str


@dataclass(frozen=True)
class DeclareOutcome:
    """The player declares the game won or lost, by the rulebook's conditions."""

    result: Outcome


ACTION_TYPES: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        TurnCard,
        DealChains,
        PlaceCard,
        DiscardTurned,
        RollDice,
        EnterRoll,
        AllocateDie,
        StoreDie,
        EndRescue,
        ConfirmStep,
        BeginLadyPenelope,
        MoveLadyPenelope,
        FlipLadyPenelope,
        AssignCivilian,
        UnassignCivilian,
        EndTurn,
        RemoveCard,
        SetInfluenced,
        SetSymbols,
        PlaceLadyPenelope,
        PlacePilot,
        DealPod,
        DiscardPod,
        UseStored,
        DeclareOutcome,
    )
}
