"""Every change to a Thunderbirds game is one of these named verbs, applied by `rules.apply`.

Players are named by their character id ("john"); cards, pieces and regions by their definition ids. Each action
is JSON-encodable by `codec.py` as `{"type": "<class name>", <field>: <value>, ...}`.

The actions phase: `Move`, `Rescue`, `Plan`, `Scan`, `DrawAbilityToken` and `ConfirmRescue` cost one action;
`Transfer`, `Load`, `Unload`, `FoilScheme`, the `Use*` tokens, `ExchangeToken` and `PlayFab` are free operations.

A Rescue with dice is split so the table can see each step: `Rescue` rolls the two dice; then the player may
`UseIntelligence` (re-roll a die), `UseTeamwork` (+2) and `IgnoreHood` (John in Thunderbird 5), in any order and as
often as tokens allow; `FinishRescue` settles it (success or failure, rewards, the Hood advancing for each Hood
face left). Joker rewards then wait for `ChooseReward`.

`Adjust*` and `EndEffect` are the players' manual overrides (the table is the truth): they are free, allowed at
any time before the game ends, logged and undoable like every action, and never trigger card effects unless
they say so (`AdjustHood(activate=True)`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from companion.games.thunderbirds.state import quick_init

# --- actions (each costs one of the turn's actions) -------------------------------------------------------


@quick_init
@dataclass(frozen=True)
class Move:
    """Move the Thunderbird the active character sits in to a region within its speed."""

    vehicle: str
    to: str


@quick_init
@dataclass(frozen=True)
class Rescue:
    """Attempt the disaster in the active character's region; `fab_cards` are played before the roll."""

    disaster: str
    fab_cards: tuple[str, ...] = ()


@quick_init
@dataclass(frozen=True)
class ConfirmRescue:
    """A disaster card whose content the app does not know: the players read it and confirm it is averted."""

    disaster: str


@quick_init
@dataclass(frozen=True)
class Plan:
    """Draw a F.A.B. card, then the Hood advances one space."""


@quick_init
@dataclass(frozen=True)
class Scan:
    """From Thunderbird 5: move a disaster card one slot left, into an empty slot."""

    disaster: str


@quick_init
@dataclass(frozen=True)
class DrawAbilityToken:
    """The active character's once-per-turn action that draws a token (Alan, Gordon, Lady Penelope)."""


# --- the rescue under way -----------------------------------------------------------------------------------


@quick_init
@dataclass(frozen=True)
class UseIntelligence:
    """Spend an Intelligence token to re-roll die 0 or 1 (a re-rolled Hood face no longer counts)."""

    die: int


@quick_init
@dataclass(frozen=True)
class UseTeamwork:
    """Spend a Teamwork token: +2 to the roll."""


@quick_init
@dataclass(frozen=True)
class IgnoreHood:
    """John, seated in Thunderbird 5, ignores the Hood face of this die (once per rescue, anyone's rescue)."""

    die: int


@quick_init
@dataclass(frozen=True)
class FinishRescue:
    """Settle the rescue: compare the score with the difficulty, take rewards, advance the Hood."""


@quick_init
@dataclass(frozen=True)
class ChooseReward:
    """The token kinds taken for the joker rewards of a successful rescue (one per joker)."""

    kinds: tuple[str, ...]


# --- operations (free) ---------------------------------------------------------------------------------------


@quick_init
@dataclass(frozen=True)
class Transfer:
    """Move a character into another Thunderbird in the active character's region (swap if it is full)."""

    character: str
    to_vehicle: str
    swap_with: str | None = None


@quick_init
@dataclass(frozen=True)
class Load:
    """Load Thunderbird 4, FAB 1 or a built pod into Thunderbird 2 (all in the active character's region)."""

    piece: str


@quick_init
@dataclass(frozen=True)
class Unload:
    piece: str


@quick_init
@dataclass(frozen=True)
class FoilScheme:
    """Foil the face-up scheme: every token in `discards` ((player, token kind), ...) is discarded at once.

    `confirmed`: the players confirm requirements the app cannot check (a scheme or a token kind that is not
    known); whatever is known is still checked.
    """

    discards: tuple[tuple[str, str], ...]
    confirmed: bool = False


@quick_init
@dataclass(frozen=True)
class UseDetermination:
    """One extra action this turn."""


@quick_init
@dataclass(frozen=True)
class UseLogistics:
    """Draw a F.A.B. card without the Hood advancing."""


@quick_init
@dataclass(frozen=True)
class UseTechnology:
    """Build a pod: from Brains' notebook to Tracy Island, built side up."""

    pod: str


@quick_init
@dataclass(frozen=True)
class ExchangeToken:
    """Lady Penelope, once per turn: give a token to the supply and take another kind from it."""

    give: str
    take: str


@quick_init
@dataclass(frozen=True)
class AnnounceAbility:
    """Use a character ability whose text the app does not know: it is marked used for the turn and the
    players apply it with adjustments."""

    ability: str


@quick_init
@dataclass(frozen=True)
class PlayFab:
    """Play a F.A.B. card held by `player` (at any time, also in another player's turn, unless it says so).

    `to`: the destination for a card that moves a vehicle (Experimental Fuel). Cards that add to a rescue are
    played with `Rescue(fab_cards=...)`, before the roll.
    """

    card: str
    player: str
    to: str | None = None


@quick_init
@dataclass(frozen=True)
class EndTurn:
    """End the actions phase: draw the disaster card, resolve it, pass the dice to the left."""


@quick_init
@dataclass(frozen=True)
class ChangeCharacter:
    """Solo only, a whole turn: swap the character card `out` for `incoming` from the reserve; both pegs must be
    in the South Pacific. `out`'s tokens and F.A.B. cards go back; no disaster card is drawn."""

    out: str
    incoming: str


# --- manual overrides ---------------------------------------------------------------------------------------


@quick_init
@dataclass(frozen=True)
class AdjustHood:
    """Put the Hood on `space`; with `activate`, the cards of the spaces it enters are activated."""

    space: int
    activate: bool = False


@quick_init
@dataclass(frozen=True)
class AdjustDisaster:
    """Put a disaster card on slot `to` (1..7), or "discard", or "deck-top"."""

    card: str
    to: int | str


@quick_init
@dataclass(frozen=True)
class AdjustTokens:
    """Give (`delta` > 0) or take (`delta` < 0) tokens of `kind` between `player` and the supply."""

    player: str
    kind: str
    delta: int


@quick_init
@dataclass(frozen=True)
class AdjustFab:
    """ "give": `card` from the F.A.B. deck or discard to `player`; "take": from `player` to the discard pile."""

    player: str
    card: str
    direction: Literal["give", "take"]


@quick_init
@dataclass(frozen=True)
class AdjustPiece:
    """Put a vehicle or a pod in `region` (a pod: "notebook" un-builds it). A carried piece leaves Thunderbird 2;
    Thunderbird 2 takes its cargo along."""

    piece: str
    region: str


@quick_init
@dataclass(frozen=True)
class AdjustSeat:
    """Seat a character in a vehicle (no seat limit is checked: the table is the truth)."""

    character: str
    vehicle: str


@quick_init
@dataclass(frozen=True)
class AdjustSpeed:
    """Set a vehicle's top speed (`speed`), or lift every limit on it (None)."""

    vehicle: str
    speed: int | None


@quick_init
@dataclass(frozen=True)
class EndEffect:
    """A lasting effect of this card is over (e.g. its lifting condition was met at the table)."""

    card: str


@quick_init
@dataclass(frozen=True)
class AdjustActions:
    """Set the actions left this turn."""

    actions: int


@quick_init
@dataclass(frozen=True)
class AdjustRescue:
    """Add `delta` to the score of the rescue under way (a card the app does not know)."""

    delta: int


Action = (
    Move
    | Rescue
    | ConfirmRescue
    | Plan
    | Scan
    | DrawAbilityToken
    | UseIntelligence
    | UseTeamwork
    | IgnoreHood
    | FinishRescue
    | ChooseReward
    | Transfer
    | Load
    | Unload
    | FoilScheme
    | UseDetermination
    | UseLogistics
    | UseTechnology
    | ExchangeToken
    | AnnounceAbility
    | PlayFab
    | EndTurn
    | ChangeCharacter
    | AdjustHood
    | AdjustDisaster
    | AdjustTokens
    | AdjustFab
    | AdjustPiece
    | AdjustSeat
    | AdjustSpeed
    | EndEffect
    | AdjustActions
    | AdjustRescue
)

ACTION_TYPES: dict[str, type] = {cls.__name__: cls for cls in Action.__args__}

ADJUSTMENTS: frozenset[type] = frozenset(
    {
        AdjustHood,
        AdjustDisaster,
        AdjustTokens,
        AdjustFab,
        AdjustPiece,
        AdjustSeat,
        AdjustSpeed,
        EndEffect,
        AdjustActions,
        AdjustRescue,
    }
)
