"""Turn order, rounds and phases: whose turn it is, in which round and phase, and what comes next.

One model for every game that has turns or rounds, after boardgame.io's `ctx` and its turn orders and phases.
A pack declares how its rounds go once (`Rounds`: the phases in order, each a checklist with its reminder and
how many turns each player takes in it; the last round; whether the first-player marker passes each round) and
keeps a `Turns` in its state: plain frozen data the engine's codec writes and reads. Every change is a function
from a `Turns` to a new one, refusing with an `IllegalAction` that says why (and changing nothing).

>>> upkeep = Phase("upkeep", Words("Upkeep", "Entretien"), steps=(Step("draw", Words("Draw", "Piocher")),))
>>> race = Phase("race", Words("Race", "Course"), turns=3)
>>> rounds = Rounds(phases=(upkeep, race), marker_passes="each_round")
>>> turns = Turns(seats=3, first=1, current=1)
>>> turns = check_step(turns, rounds, "draw")
>>> turns, events = end_phase(turns, rounds)
>>> events
(PhaseStarted(round=1, phase='race'),)
>>> turns = end_turn(turns, rounds)
>>> turns.current, turns.acted, turns.taken
(2, (0, 1, 0), 1)
>>> turns, events = end_phase(turns, rounds)
>>> turns.round, turns.first, turns.current, events
(2, 2, 2, (FirstPlayerPassed(seat=2), PhaseStarted(round=2, phase='upkeep')))

Seats are numbered from 0 and play passes to the left (the next number, skipping players who are out).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Literal, TypeVar

from companion.engine.chance import Chance
from companion.engine.errors import IllegalAction
from companion.engine.pack import Words
from companion.locale import _

T = TypeVar("T")

#: How the first player is chosen: seat 1, at random, or by everyone rolling (the highest or the lowest total
#: goes first; on a tie everyone rolls again).
FirstPlayer = Literal["fixed", "random", "highest_total", "lowest_total"]
#: When the first-player marker passes to the left on its own.
MarkerPasses = Literal["never", "each_round"]
#: A roll-off tied this many times in a row is settled for the first tied seat (a die with one face ties forever).
MAX_ROLL_OFFS = 100


# ------------------------------------------------------------------------------------------- what a pack declares


@dataclass(frozen=True)
class Step:
    """One line of a phase's checklist.

    >>> Step("roll", Words("Roll the road die", "Lancez le dé de route")).text.text()
    'Roll the road die'
    """

    id: str
    text: Words


@dataclass(frozen=True)
class Phase:
    """A phase of a round: its name, the reminder shown while it lasts, its checklist, and how many turns each
    player takes in it (`turns`: 0 for a phase the table does together; with turns, the checklist is each
    turn's and is cleared when the turn passes).

    >>> Phase("race", Words("Race", "Course"), turns=3).turns
    3
    """

    id: str
    name: Words
    reminder: Words | None = None
    steps: tuple[Step, ...] = ()
    turns: int = 0


@dataclass(frozen=True)
class Rounds:
    """How a game's rounds go: its phases in order (none: a round is one go around the table), the last round
    (0: the game ends when the players say), and whether the first-player marker passes left at each new round.

    >>> Rounds(last=5).phase_of(Turns(seats=2)) is None
    True
    """

    phases: tuple[Phase, ...] = ()
    last: int = 0
    marker_passes: MarkerPasses = "never"

    def phase_of(self, turns: Turns) -> Phase | None:
        """The phase `turns` is in (None for a game without phases)."""
        return self.phases[turns.phase] if self.phases else None


# -------------------------------------------------------------------------------------------------- the state


@dataclass(frozen=True)
class Turns:
    """Who plays and when, as a game's state holds it.

    `first` holds the first-player marker and `current` the turn; `round` counts from 1 and `phase` is an index
    into the declared phases; `checked` the steps of the phase's checklist done (in the checklist's order);
    `acted` the turns each seat has ended in this phase; `out` the seats out of the game (skipped by turns and
    the marker); `spent` the once-a-round things each seat has used this round, as (seat, what) pairs.

    >>> Turns(seats=4, first=2, current=2).acted
    (0, 0, 0, 0)
    >>> Turns(seats=2, current=2)
    Traceback (most recent call last):
    ...
    ValueError: turns: current seat 2 is not one of the 2 seats
    """

    seats: int
    first: int = 0
    current: int = 0
    round: int = 1
    phase: int = 0
    checked: tuple[str, ...] = ()
    acted: tuple[int, ...] = ()
    out: tuple[int, ...] = ()
    spent: tuple[tuple[int, str], ...] = ()

    def __post_init__(self) -> None:
        seats = self.seats
        if seats < 1:
            raise ValueError(f"turns: a game needs at least one seat, got {seats}")
        if not (0 <= self.first < seats and 0 <= self.current < seats):
            seat = self.current if 0 <= self.first < seats else self.first
            name = "current" if 0 <= self.first < seats else "first"
            raise ValueError(f"turns: {name} seat {seat} is not one of the {seats} seats")
        if self.round < 1 or self.phase < 0:
            raise ValueError(f"turns: round {self.round}, phase {self.phase} do not exist")
        if not self.acted:
            object.__setattr__(self, "acted", (0,) * seats)
        elif len(self.acted) != seats or min(self.acted) < 0:
            raise ValueError(f"turns: acted {self.acted} is not a count of turns for each of {seats} seats")
        out = self.out
        if out and (list(out) != sorted(set(out)) or out[0] < 0 or out[-1] >= seats):
            raise ValueError(f"turns: out {out} is not a sorted list of seats")

    @property
    def taken(self) -> int:
        """The turns ended in this phase, all players together."""
        return sum(self.acted)

    @property
    def playing(self) -> tuple[int, ...]:
        """The seats still in the game, in seat order."""
        return tuple(seat for seat in range(self.seats) if seat not in self.out)

    def next_seat(self, seat: int) -> int:
        """The seat to the left of `seat` still in the game (`seat` itself when nobody else is).

        >>> Turns(seats=4, out=(2,)).next_seat(1)
        3
        """
        for step in range(1, self.seats + 1):
            candidate = (seat + step) % self.seats
            if candidate not in self.out:
                return candidate
        return seat

    def seat(self, seat: int | None) -> int:
        """`seat` checked to be at the table; None stands for the player whose turn it is."""
        if seat is None:
            return self.current
        if isinstance(seat, bool) or not 0 <= seat < self.seats:
            raise IllegalAction(_("There is no player {number} in this game.").format(number=seat + 1))
        return seat

    def turns_left(self, rounds: Rounds, seat: int | None = None) -> int | None:
        """How many more turns `seat` (the current player) takes in this phase; None when the phase does not
        count turns."""
        phase = rounds.phase_of(self)
        if phase is None or not phase.turns:
            return None
        return max(phase.turns - self.acted[self.seat(seat)], 0)

    def is_phase_done(self, rounds: Rounds) -> bool:
        """Whether every player still in the game has taken the phase's turns (always, in a phase without)."""
        return all(not self.turns_left(rounds, seat) for seat in self.playing)

    def is_spent(self, seat: int, what: str) -> bool:
        return (seat, what) in self.spent


# ------------------------------------------------------------------------------------------------------ events


@dataclass(frozen=True)
class PhaseStarted:
    """A phase began (`phase` is its id; None in a game without phases: a new round)."""

    round: int
    phase: str | None


@dataclass(frozen=True)
class FirstPlayerPassed:
    seat: int


@dataclass(frozen=True)
class LastRoundEnded:
    """The last phase of the last round is over: the game ends."""


# ----------------------------------------------------------------------------------------- who goes first


def roll_off(
    seats: Sequence[int],
    chance: Chance,
    throw: Callable[[int, Chance], T],
    total: Callable[[T], int],
    lowest: bool = False,
) -> tuple[int, tuple[T, ...]]:
    """Every seat throws (dice, a hand of cards...) in seat order; the highest total (the lowest with `lowest`)
    goes first; on a tie everyone throws again. Returns the winner and every seat's last throw.

    >>> from companion.engine.chance import LiveChance
    >>> winner, throws = roll_off([0, 1, 2], LiveChance(7), lambda seat, chance: chance.below(6) + 1,
    ...                           lambda value: value, lowest=True)
    >>> throws[winner] == min(throws) and throws.count(min(throws)) == 1
    True
    """
    pick = min if lowest else max
    throws: tuple[T, ...] = ()
    totals: list[int] = []
    for _attempt in range(MAX_ROLL_OFFS):
        throws = tuple(throw(seat, chance) for seat in seats)
        totals = [total(thrown) for thrown in throws]
        if totals.count(pick(totals)) == 1:
            break
    return seats[totals.index(pick(totals))], throws


def choose_first(
    how: FirstPlayer,
    seats: int,
    chance: Chance,
    throw: Callable[[int, Chance], T] | None = None,
    total: Callable[[T], int] | None = None,
) -> tuple[int, tuple[T, ...]]:
    """The first player as `how` says, and the throws of a roll-off (none otherwise). A roll-off needs `throw`
    and `total` (see `roll_off`).

    >>> from companion.engine.chance import LiveChance
    >>> choose_first("fixed", 4, LiveChance(1))
    (0, ())
    """
    if how == "fixed":
        return 0, ()
    if how == "random":
        return chance.below(seats), ()
    if throw is None or total is None:
        raise ValueError(f"the first player by {how} needs something to throw and its total")
    return roll_off(range(seats), chance, throw, total, lowest=how == "lowest_total")


# --------------------------------------------------------------------------------------------------- changes


def _two_playing(turns: Turns) -> None:
    if len(turns.playing) < 2:
        raise IllegalAction(_("Only one player is still in the game."))


def end_turn(turns: Turns, rounds: Rounds) -> Turns:
    """The current player's turn ends (counted in `acted`); the turn passes to the left. Limits on turns are the
    pack's to check (`turns_left`): the kit leaves them to the players."""
    _two_playing(turns)
    acted = _with(turns.acted, turns.current, turns.acted[turns.current] + 1)
    phase = rounds.phase_of(turns)
    checked = () if phase is not None and phase.turns else turns.checked  # a phase of turns: each turn's checklist
    return replace(turns, current=turns.next_seat(turns.current), acted=acted, checked=checked)


def pass_marker(turns: Turns) -> tuple[Turns, tuple[object, ...]]:
    """The first-player marker passes to the left."""
    _two_playing(turns)
    seat = turns.next_seat(turns.first)
    return replace(turns, first=seat), (FirstPlayerPassed(seat),)


def give_marker(turns: Turns, seat: int) -> tuple[Turns, tuple[object, ...]]:
    """The first-player marker (a Leader token...) goes to `seat`."""
    seat = _playing(turns, seat)
    return replace(turns, first=seat), (FirstPlayerPassed(seat),)


def give_turn(turns: Turns, seat: int) -> Turns:
    """It is `seat`'s turn (a correction: nothing is counted)."""
    return replace(turns, current=_playing(turns, seat))


def _playing(turns: Turns, seat: int) -> int:
    seat = turns.seat(seat)
    if seat in turns.out:
        raise IllegalAction(_("That player is out of the game."))
    return seat


def set_out(turns: Turns, seat: int, out: bool = True) -> Turns:
    """A player leaves the game (the turn and the marker move on from them) or comes back."""
    seat = turns.seat(seat)
    if out == (seat in turns.out):
        raise IllegalAction(_("That player is already marked so."))
    if not out:
        return replace(turns, out=tuple(s for s in turns.out if s != seat))
    if len(turns.playing) < 2:
        raise IllegalAction(_("The last player in the game cannot leave it."))
    turns = replace(turns, out=tuple(sorted(turns.out + (seat,))))
    if turns.current == seat:
        turns = replace(turns, current=turns.next_seat(seat))
    if turns.first == seat:
        turns = replace(turns, first=turns.next_seat(seat))
    return turns


def check_step(turns: Turns, rounds: Rounds, step: str, done: bool = True) -> Turns:
    """Ticks (or unticks) a step of the phase's checklist."""
    phase = rounds.phase_of(turns)
    if phase is None:
        raise IllegalAction(_("This game has no checklist."))
    order = [s.id for s in phase.steps]
    if step not in order:
        raise IllegalAction(_("The phase {phase} has no step {step}.").format(phase=phase.name.text(), step=step))
    if done == (step in turns.checked):
        raise IllegalAction(_("That step is already marked so."))
    checked = turns.checked + (step,) if done else tuple(s for s in turns.checked if s != step)
    return replace(turns, checked=tuple(sorted(checked, key=order.index)))


def spend(turns: Turns, what: str, seat: int | None = None) -> Turns:
    """`seat` (the current player) uses a once-a-round thing (a command, a power); refused if already used."""
    seat = turns.seat(seat)
    if turns.is_spent(seat, what):
        raise IllegalAction(_("That can be done only once a round."))
    return replace(turns, spent=turns.spent + ((seat, what),))


def end_phase(turns: Turns, rounds: Rounds) -> tuple[Turns, tuple[object, ...]]:
    """The next phase, begun by the first player; after the last phase, the next round (the marker passes left
    first when it does each round), or `LastRoundEnded` after the last round (the turns then stay as they are)."""
    if turns.phase + 1 < len(rounds.phases):
        phase = turns.phase + 1
        started = replace(turns, phase=phase, checked=(), acted=(0,) * turns.seats, current=turns.first)
        return started, (PhaseStarted(turns.round, rounds.phases[phase].id),)
    if rounds.last and turns.round >= rounds.last:
        return turns, (LastRoundEnded(),)
    events: list[object] = []
    if rounds.marker_passes == "each_round" and len(turns.playing) > 1:
        turns, passed = pass_marker(turns)
        events += passed
    events.append(PhaseStarted(turns.round + 1, rounds.phases[0].id if rounds.phases else None))
    started = replace(
        turns, round=turns.round + 1, phase=0, checked=(), acted=(0,) * turns.seats, current=turns.first, spent=()
    )
    return started, tuple(events)


def go_to(turns: Turns, rounds: Rounds, round: int, phase: str | None) -> tuple[Turns, tuple[object, ...]]:
    """A correction: the table is in `round`, in the phase of id `phase` (None in a game without phases). The
    current player stays; the phase's checklist and turns start afresh."""
    if round < 1 or (rounds.last and round > rounds.last):
        raise IllegalAction(_("There is no round {round} in this game.").format(round=round))
    index = 0
    if rounds.phases:
        ids = [p.id for p in rounds.phases]
        if phase not in ids:
            raise IllegalAction(_("There is no phase {phase} in this game.").format(phase=phase))
        index = ids.index(phase)
    elif phase is not None:
        raise IllegalAction(_("This game has no phases."))
    spent = turns.spent if round == turns.round else ()
    moved = replace(turns, round=round, phase=index, checked=(), acted=(0,) * turns.seats, spent=spent)
    return moved, (PhaseStarted(round, phase),)


def _with(items: tuple[int, ...], index: int, item: int) -> tuple[int, ...]:
    return items[:index] + (item,) + items[index + 1 :]
