"""Exact rescue odds: the chance a Rescue succeeds before rolling, and the best use of tokens after a roll.

The Thunderbirds die has faces 1-5 and a Hood face worth 0. A rescue rolls two dice; it succeeds when
dice + bonus (+2 per Teamwork token used after the roll) >= difficulty. After the roll the rescuer may spend
Intelligence tokens to re-roll one die each (repeatable, either die) and Teamwork tokens for +2 each. Every Hood
face showing at the end of the action advances The Hood one space (a re-rolled Hood no longer counts; a new Hood
does); with John in Thunderbird 5 one Hood face per rescue is ignored.

"Used well" is the policy that maximises the chance of success first, then minimises the expected Hood advances,
then minimises the tokens spent. Lexicographic order on expectations is preserved by mixing, so backward
induction over (dice shown, Intelligence left) gives that policy exactly. Teamwork is only ever worth adding at
the very end (adding it earlier gives no information), so it is not a state variable of the re-roll decisions.

Values are exact integer counts over 6^k equally likely outcomes (no floats, no sampling); the tables are built
lazily per (need, Teamwork, John) and cached, so a query after the first costs a dictionary lookup.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from companion.games.thunderbirds.definitions import Definitions
    from companion.games.thunderbirds.state import GameState

#: Face values of the Thunderbirds die; 0 is the Hood face.
FACES: tuple[int, ...] = (0, 1, 2, 3, 4, 5)
HOOD_FACE = 0
DICE_PER_RESCUE = 2
SIDES = len(FACES)
#: Tokens of one kind in the box: no player can hold more (more are clamped, they could never change the result).
MAX_TOKENS_OF_A_KIND = 6

Dice = tuple[int, ...]


@dataclass(frozen=True)
class RescueOdds:
    """Exact odds of one rescue, before rolling. All chances and expectations are `Fraction`s.

    `success`/`expected_hood` assume no token is used; the `_with_tokens` figures assume the rescuer's Teamwork
    and Intelligence tokens are used well (see the module docstring). `no_dice` cards succeed with certainty
    when their condition holds (`success` 1) and cannot be attempted otherwise (`success` 0).
    """

    difficulty: int | None
    bonus: int
    teamwork: int
    intelligence: int
    john_ignores: bool
    success: Fraction
    success_with_tokens: Fraction
    expected_hood: Fraction
    expected_hood_with_tokens: Fraction
    expected_tokens_spent: Fraction
    expected_intelligence_spent: Fraction = Fraction(0)
    expected_teamwork_spent: Fraction = Fraction(0)
    no_dice: bool = False

    @property
    def need(self) -> int | None:
        """What the two dice must show (before Teamwork) for the rescue to succeed."""
        return None if self.difficulty is None else self.difficulty - self.bonus

    def as_dict(self) -> dict[str, Any]:
        """JSON-able figures: exact fractions as "p/q" strings, plus floats for display."""
        exact = {
            "success": self.success,
            "success_with_tokens": self.success_with_tokens,
            "expected_hood": self.expected_hood,
            "expected_hood_with_tokens": self.expected_hood_with_tokens,
            "expected_tokens_spent": self.expected_tokens_spent,
            "expected_intelligence_spent": self.expected_intelligence_spent,
            "expected_teamwork_spent": self.expected_teamwork_spent,
        }
        data: dict[str, Any] = {
            "difficulty": self.difficulty,
            "bonus": self.bonus,
            "teamwork": self.teamwork,
            "intelligence": self.intelligence,
            "john_ignores": self.john_ignores,
            "no_dice": self.no_dice,
        }
        for key, value in exact.items():
            data[key] = float(value)
            data[key + "_exact"] = f"{value.numerator}/{value.denominator}"
        return data


@dataclass(frozen=True)
class TokenAdvice:
    """What to do after a roll: re-roll die `die` (an index into the dice given) with Intelligence, add
    `teamwork` Teamwork tokens and stop, or just stop. Figures are exact from this point on, under the advice."""

    kind: Literal["reroll", "teamwork", "stop"]
    die: int | None
    teamwork: int
    success: Fraction
    expected_hood: Fraction
    expected_tokens_spent: Fraction


# --- the tables --------------------------------------------------------------------------------------------
#
# For a fixed need (difficulty - bonus, clamped), Teamwork held `t` and John's ignore, `_level(need, t, john, i)`
# gives, for each sorted dice tuple, (wins, hood, tokens, intelligence, choice), where the first four are integer
# totals over the 6^i equally likely futures of the re-rolls still to come (divide by 6^i for expectations)
# and choice is -1 to stop or the index (in the sorted tuple) of the die to re-roll.
#
# The app builds every table at start (some 1,800 of them), so they are stored flat: one `array` of 32-bit
# integers per table, `ENTRY_FIELDS` per dice tuple in `ALL_DICE` order. That is a fifth of the memory of a dict
# of tuples of Python integers, and the largest figure (12 tokens x 6^6 futures) fits with room to spare.

_Entry = tuple[int, int, int, int, int]
ENTRY_FIELDS = 5


def _hood_count(dice: Dice, john_ignores: bool) -> int:
    hoods = dice.count(HOOD_FACE)
    return max(0, hoods - 1) if john_ignores else hoods


def _teamwork_needed(total: int, need: int, teamwork: int) -> int | None:
    """The fewest Teamwork tokens that make `total` reach `need`, or None if even all of them cannot."""
    if total >= need:
        return 0
    missing = -(-(need - total) // 2)
    return missing if missing <= teamwork else None


#: Every roll of the dice as a sorted tuple, and each one's place in a table.
ALL_DICE: tuple[Dice, ...] = tuple(sorted({tuple(sorted((a, b))) for a in FACES for b in FACES}))
DICE_INDEX: dict[Dice, int] = {dice: index for index, dice in enumerate(ALL_DICE)}


#: For each roll (by its place in ALL_DICE) and each die of it that may be re-rolled (its index in the sorted
#: tuple), where each new face leads: the start of that roll's entry in a flat table. Worked out once, so that
#: building a table (what the first query of a position waits for) sorts no tuples.
_REROLLED: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(DICE_INDEX[tuple(sorted(dice[:index] + dice[index + 1 :] + (new,)))] * ENTRY_FIELDS for new in FACES)
        for index in range(len(dice))
    )
    for dice in ALL_DICE
)


def _entry(table: array[int], dice: Dice) -> _Entry:
    """The entry of a (sorted) dice tuple in a flat table."""
    start = DICE_INDEX[dice] * ENTRY_FIELDS
    wins, hood, tokens, intel, choice = table[start : start + ENTRY_FIELDS]
    return wins, hood, tokens, intel, choice


@cache
def _level(need: int, teamwork: int, john_ignores: bool, intelligence: int) -> array[int]:
    table = array("i")
    below = None if intelligence == 0 else _level(need, teamwork, john_ignores, intelligence - 1)
    scale = SIDES**intelligence
    for dice, rerolled in zip(ALL_DICE, _REROLLED):
        used = _teamwork_needed(sum(dice), need, teamwork)
        hood = _hood_count(dice, john_ignores)
        # Stopping: succeed (with the fewest Teamwork) or fail (spending nothing).
        best: _Entry = (scale if used is not None else 0, hood * scale, (used or 0) * scale, 0, -1)
        if below is not None:
            tried: set[int] = set()
            for index, face in enumerate(dice):
                if face in tried:  # re-rolling either of two equal dice is the same choice
                    continue
                tried.add(face)
                wins = hood_sum = tokens = intel = 0
                for start in rerolled[index]:  # the entry of each roll the new face makes
                    wins += below[start]
                    hood_sum += below[start + 1]
                    tokens += below[start + 2]
                    intel += below[start + 3]
                candidate: _Entry = (wins, hood_sum, tokens + scale, intel + scale, index)
                if _better(candidate, best):
                    best = candidate
        table.extend(best)
    return table


def _better(a: _Entry, b: _Entry) -> bool:
    """More wins, then fewer Hood advances, then fewer tokens; a tie keeps the earlier (cheaper) choice."""
    return (a[0], -a[1], -a[2]) > (b[0], -b[1], -b[2])


def _clamp_need(need: int, teamwork: int) -> int:
    """Needs below 0 all mean "always succeeds"; needs above what the dice and Teamwork can reach all mean "never"."""
    top = (DICE_PER_RESCUE * max(FACES)) + 2 * teamwork + 1
    return min(max(need, 0), top)


def _clamp_tokens(count: int) -> int:
    return min(max(count, 0), MAX_TOKENS_OF_A_KIND)


# --- the API -----------------------------------------------------------------------------------------------


def rescue_odds(
    difficulty: int, bonus: int, teamwork: int = 0, intelligence: int = 0, john_ignores: bool = False
) -> RescueOdds:
    """Exact odds of a dice rescue before rolling (`bonus` already sums every modifier, negative ones too)."""
    return _rescue_odds(difficulty, bonus, _clamp_tokens(teamwork), _clamp_tokens(intelligence), john_ignores)


@lru_cache(maxsize=8192)
def _rescue_odds(difficulty: int, bonus: int, teamwork: int, intelligence: int, john_ignores: bool) -> RescueOdds:
    need = difficulty - bonus
    bare = _start(_clamp_need(need, 0), 0, john_ignores, 0)
    used = _start(_clamp_need(need, teamwork), teamwork, john_ignores, intelligence)
    return RescueOdds(
        difficulty=difficulty,
        bonus=bonus,
        teamwork=teamwork,
        intelligence=intelligence,
        john_ignores=john_ignores,
        success=bare[0],
        success_with_tokens=used[0],
        expected_hood=bare[1],
        expected_hood_with_tokens=used[1],
        expected_tokens_spent=used[2],
        expected_intelligence_spent=used[3],
        expected_teamwork_spent=used[2] - used[3],
    )


@lru_cache(maxsize=4096)
def _start(
    need: int, teamwork: int, john_ignores: bool, intelligence: int
) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    """Expectations over the first roll of both dice: (success, hood, tokens, intelligence)."""
    table = _level(need, teamwork, john_ignores, intelligence)
    totals = [0, 0, 0, 0]
    for a in FACES:
        for b in FACES:
            entry = _entry(table, (a, b) if a <= b else (b, a))
            for k in range(4):
                totals[k] += entry[k]
    denominator = SIDES**DICE_PER_RESCUE * SIDES**intelligence
    return (
        Fraction(totals[0], denominator),
        Fraction(totals[1], denominator),
        Fraction(totals[2], denominator),
        Fraction(totals[3], denominator),
    )


def no_dice_odds(condition_holds: bool) -> RescueOdds:
    """A no-dice disaster: certain when its pieces are in place, impossible otherwise; never moves The Hood."""
    p = Fraction(1) if condition_holds else Fraction(0)
    zero = Fraction(0)
    return RescueOdds(
        difficulty=None,
        bonus=0,
        teamwork=0,
        intelligence=0,
        john_ignores=False,
        success=p,
        success_with_tokens=p,
        expected_hood=zero,
        expected_hood_with_tokens=zero,
        expected_tokens_spent=zero,
        no_dice=True,
    )


def best_token_use(
    dice: Sequence[int],
    difficulty: int,
    bonus: int,
    teamwork: int = 0,
    intelligence: int = 0,
    john_ignores: bool = False,
) -> TokenAdvice:
    """After a roll (face values, the Hood face as 0): re-roll a die, add Teamwork and stop, or stop.

    Follow it one step at a time: after a re-roll, ask again with the new dice and one Intelligence fewer.
    """
    shown = tuple(int(d) for d in dice)
    if len(shown) != DICE_PER_RESCUE or any(d not in FACES for d in shown):
        raise ValueError(f"expected {DICE_PER_RESCUE} dice with faces in {FACES}, got {tuple(dice)}")
    teamwork = _clamp_tokens(teamwork)
    intelligence = _clamp_tokens(intelligence)
    need = _clamp_need(difficulty - bonus, teamwork)
    key = tuple(sorted(shown))
    wins, hood, tokens, _intel, choice = _entry(_level(need, teamwork, john_ignores, intelligence), key)
    scale = SIDES**intelligence
    figures = (Fraction(wins, scale), Fraction(hood, scale), Fraction(tokens, scale))
    if choice >= 0:
        face = key[choice]
        return TokenAdvice("reroll", shown.index(face), 0, *figures)
    used = _teamwork_needed(sum(shown), need, teamwork)
    if used:
        return TokenAdvice("teamwork", None, used, *figures)
    return TokenAdvice("stop", None, 0, *figures)


def warm(max_teamwork: int = MAX_TOKENS_OF_A_KIND, max_intelligence: int = MAX_TOKENS_OF_A_KIND) -> None:
    """Builds every table up front (about 0.1 s on the development machine), e.g. in a thread at start-up."""
    for john in (False, True):
        for teamwork in range(max_teamwork + 1):
            for need in range(_clamp_need(10**6, teamwork) + 1):
                _start(need, teamwork, john, max_intelligence)


# --- the game state ------------------------------------------------------------------------------------------


def odds_for(state: GameState, defs: Definitions, disaster_id: str, fab_cards: Sequence[str] = ()) -> RescueOdds | None:
    """The odds of the active character rescuing `disaster_id` now (wherever it stands: useful for planning).

    Sums the itemised `rescue_bonuses` (with `fab_cards` played before the roll), reads the active player's
    Teamwork and Intelligence tokens and whether John can ignore a Hood face. A no-dice card is certain when its
    pieces are in place. None for a card the app does not know (the players read it from their box).
    """
    from companion.games.thunderbirds.bonuses import rescue_bonus
    from companion.games.thunderbirds.rescue import hood_ignorer, is_unknown, missing_requirement

    card = defs.disasters[disaster_id]
    if card.kind != "disaster" or is_unknown(card):
        return None
    if card.is_no_dice:
        return no_dice_odds(missing_requirement(state, defs, card) is None)
    if card.difficulty is None:
        return None
    hand = state.active_hand
    return rescue_odds(
        card.difficulty,
        rescue_bonus(state, defs, disaster_id, fab_cards),
        hand.count("teamwork"),
        hand.count("intelligence"),
        hood_ignorer(state, defs) is not None,
    )


def advice_for(state: GameState, defs: Definitions) -> TokenAdvice | None:
    """The best next token decision for the rescue under way (None when no dice rescue is under way).

    Teamwork already added counts as bonus; John's ignore counts whether it is used already or still open (the
    rules let him ignore a later Hood face if the ignored die is re-rolled). When the advice is to stop and a
    Hood face shows while John can still ignore one, the caller should `IgnoreHood` first.
    """
    from companion.games.thunderbirds.rescue import hood_ignorer
    from companion.games.thunderbirds.state import DIE, PendingRescue

    pending = state.pending
    if not isinstance(pending, PendingRescue):
        return None
    card = defs.disasters[pending.disaster]
    if card.difficulty is None:
        return None
    hand = state.players[pending.player]
    bonus = pending.bonus + pending.adjust_bonus + 2 * pending.teamwork
    dice = tuple(DIE.faces[f].value for f in pending.dice)
    john = pending.ignored_die is not None or hood_ignorer(state, defs) is not None
    return best_token_use(dice, card.difficulty, bonus, hand.count("teamwork"), hand.count("intelligence"), john)
