"""The turns model: who goes first (fixed, at random, by a roll-off whose ties roll again), turns within a round
(each player N times, once-a-round things), phases as a checklist, the first-player marker, players out, and
the refusals, each with its reason. The rounds of the two games next in line are the examples: a race where
each player moves three times a round and the first-player marker passes left, and a round of eight phases
whose Leader changes hands."""

from __future__ import annotations

import doctest
from dataclasses import dataclass

import pytest

from companion.engine import turns as tm
from companion.engine.chance import LiveChance, ReplayChance
from companion.engine.codec import Codec
from companion.engine.errors import IllegalAction
from companion.engine.pack import Words
from companion.engine.turns import Phase, Rounds, Step, Turns
from companion.locale import speaking


def words(text: str) -> Words:
    return Words(text, f"{text} (fr)", frozenset({"fr"}))


START = Phase("start", words("Start of the round"), steps=(Step("dice", words("Roll")), Step("road", words("Road"))))
RACE = Phase("race", words("Race"), reminder=words("Three moves each"), steps=(Step("move", words("Move")),), turns=3)
RACE_ROUNDS = Rounds(phases=(START, RACE), marker_passes="each_round")
#: A round of eight phases, none of them with turns; the Leader (the first-player marker) is handed on by hand.
EIGHT = Rounds(phases=tuple(Phase(f"p{n}", words(f"Phase {n}"), reminder=words(f"Do {n}")) for n in range(1, 9)))


def refused(reason: str, call: object, *args: object) -> None:
    assert callable(call)
    with pytest.raises(IllegalAction) as caught:
        call(*args)
    assert caught.value.reason == reason


def test_the_examples_in_the_docstrings_hold() -> None:
    failures, tried = doctest.testmod(tm, raise_on_error=False)
    assert tried >= 12 and failures == 0


def d6(seat: int, chance: object) -> int:
    assert isinstance(chance, (LiveChance, ReplayChance))
    return chance.below(6) + 1


def test_the_lowest_total_goes_first_and_a_tie_makes_everyone_roll_again() -> None:
    chance = ReplayChance([1, 1, 4, 5, 0, 3], rng_after=0)  # 2, 2, 5: seats 1 and 2 tie; then 6, 1, 4
    first, throws = tm.choose_first("lowest_total", 3, chance, d6, lambda value: value)
    assert (first, throws) == (1, (6, 1, 4))  # the last roll is kept (the first round's dice)
    chance.finish()  # every roll of both attempts was drawn through the chance, so the log records them


def test_the_highest_total_at_random_and_fixed() -> None:
    assert tm.choose_first("highest_total", 3, ReplayChance([1, 5, 3], 0), d6, lambda v: v) == (1, (2, 6, 4))
    assert tm.choose_first("random", 4, ReplayChance([3], 0)) == (3, ())
    assert tm.choose_first("fixed", 4, ReplayChance([], 0)) == (0, ())
    with pytest.raises(ValueError, match="needs something to throw"):
        tm.choose_first("lowest_total", 2, LiveChance(1))


def test_a_roll_off_that_always_ties_ends_with_the_first_tied_seat() -> None:
    first, throws = tm.roll_off([2, 3], LiveChance(5), lambda seat, chance: chance.below(1), lambda v: v)
    assert (first, throws) == (2, (0, 0))


def test_each_player_moves_three_times_a_round_and_commands_once() -> None:
    turns, _ = tm.end_phase(Turns(seats=3, first=1, current=1), RACE_ROUNDS)
    assert (turns.phase, turns.current, turns.turns_left(RACE_ROUNDS)) == (1, 1, 3)
    turns = tm.spend(turns, "command")
    refused("That can be done only once a round.", tm.spend, turns, "command")
    order = []
    for _turn in range(9):
        order.append(turns.current)
        turns = tm.end_turn(turns, RACE_ROUNDS)
    assert order == [1, 2, 0] * 3
    assert turns.acted == (3, 3, 3) and turns.taken == 9
    assert turns.is_phase_done(RACE_ROUNDS) and turns.turns_left(RACE_ROUNDS, 0) == 0
    turns, events = tm.end_phase(turns, RACE_ROUNDS)
    assert events == (tm.FirstPlayerPassed(2), tm.PhaseStarted(2, "start"))  # the road die passes left
    assert (turns.round, turns.phase, turns.first, turns.current, turns.acted, turns.spent) == (
        2,
        0,
        2,
        2,
        (0,) * 3,
        (),
    )
    assert tm.spend(turns, "command").is_spent(2, "command")


def test_a_player_out_is_skipped_by_turns_and_the_marker() -> None:
    turns = tm.set_out(Turns(seats=4, first=1, current=1), 1)
    assert (turns.out, turns.current, turns.first) == ((1,), 2, 2)
    turns = tm.set_out(turns, 3)
    assert [tm.end_turn(turns, RACE_ROUNDS).current, turns.playing] == [0, (0, 2)]
    turns, events = tm.pass_marker(turns)
    assert turns.first == 0 and events == (tm.FirstPlayerPassed(0),)
    refused("That player is out of the game.", tm.give_marker, turns, 3)
    refused("That player is out of the game.", tm.give_turn, turns, 1)
    refused("That player is already marked so.", tm.set_out, turns, 3)
    alone = tm.set_out(turns, 2)
    refused("The last player in the game cannot leave it.", tm.set_out, alone, 0)
    refused("Only one player is still in the game.", tm.end_turn, alone, RACE_ROUNDS)
    refused("Only one player is still in the game.", tm.pass_marker, alone)
    assert tm.set_out(alone, 3, out=False).playing == (0, 3)
    refused("There is no player 5 in this game.", tm.give_turn, turns, 4)


def test_eight_phases_as_a_checklist_with_a_leader_handed_on() -> None:
    turns = Turns(seats=5, first=3, current=3)
    seen = []
    for _phase in range(8):
        phase = EIGHT.phase_of(turns)
        assert phase is not None and phase.reminder is not None
        seen.append(phase.reminder.text())
        turns, events = tm.end_phase(turns, EIGHT)
    assert seen == [f"Do {n}" for n in range(1, 9)]
    assert (turns.round, turns.phase, turns.first) == (2, 0, 3)  # the Leader stays unless handed on
    assert events == (tm.PhaseStarted(2, "p1"),)
    turns, events = tm.give_marker(turns, 0)
    assert (turns.first, events) == (0, (tm.FirstPlayerPassed(0),))


def test_the_checklist_keeps_its_order_and_a_turn_of_a_phase_of_turns_clears_it() -> None:
    turns = tm.check_step(tm.check_step(Turns(seats=2), RACE_ROUNDS, "road"), RACE_ROUNDS, "dice")
    assert turns.checked == ("dice", "road")
    assert tm.check_step(turns, RACE_ROUNDS, "road", done=False).checked == ("dice",)
    refused("That step is already marked so.", tm.check_step, turns, RACE_ROUNDS, "road")
    refused("The phase Start of the round has no step shoot.", tm.check_step, turns, RACE_ROUNDS, "shoot")
    refused("This game has no checklist.", tm.check_step, turns, Rounds(), "dice")
    assert tm.end_turn(turns, RACE_ROUNDS).checked == ("dice", "road")  # a phase without turns keeps it
    racing = tm.check_step(tm.go_to(turns, RACE_ROUNDS, 1, "race")[0], RACE_ROUNDS, "move")
    assert racing.checked == ("move",) and tm.end_turn(racing, RACE_ROUNDS).checked == ()


def test_the_last_round_ends_the_game_and_corrections_go_anywhere() -> None:
    rounds = Rounds(phases=(START,), last=2)
    turns, events = tm.end_phase(Turns(seats=2), rounds)
    assert (turns.round, events) == (2, (tm.PhaseStarted(2, "start"),))
    assert tm.end_phase(turns, rounds) == (turns, (tm.LastRoundEnded(),))
    back, events = tm.go_to(turns, rounds, 1, "start")
    assert (back.round, events) == (1, (tm.PhaseStarted(1, "start"),))
    refused("There is no round 3 in this game.", tm.go_to, turns, rounds, 3, "start")
    refused("There is no round 0 in this game.", tm.go_to, turns, rounds, 0, "start")
    refused("There is no phase race in this game.", tm.go_to, turns, rounds, 1, "race")
    refused("This game has no phases.", tm.go_to, turns, Rounds(), 1, "race")
    assert tm.end_phase(Turns(seats=2), Rounds())[1] == (tm.PhaseStarted(2, None),)


def test_a_refusal_reads_in_french() -> None:
    with speaking("fr"), pytest.raises(IllegalAction) as caught:
        tm.end_turn(Turns(seats=1), RACE_ROUNDS)
    assert caught.value.reason == "Un seul joueur est encore dans la partie."


@dataclass(frozen=True)
class RaceState:
    turns: Turns
    rng: int = 0


def test_the_engine_codec_writes_and_reads_turns_strictly() -> None:
    codec = Codec(state=RaceState, actions=())
    turns = tm.spend(tm.end_turn(tm.set_out(Turns(seats=3, first=2, current=2), 0), RACE_ROUNDS), "command")
    state = RaceState(turns)
    data = codec.encode_state(state)
    assert data["turns"]["acted"] == [0, 0, 1] and data["turns"]["spent"] == [[1, "command"]]
    assert codec.decode_state(data) == state
    data["turns"]["acted"] = [0, 1]
    with pytest.raises(ValueError, match="acted"):
        codec.decode_state(data)
