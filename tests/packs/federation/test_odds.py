"""The odds shown before a roll are exact: checked against the rules themselves, each sequence of faces forced
through `apply` (the Enigma's "roll again" loops followed until what is left unfinished is negligible), for every
reading and every stack, and the Diplomacy roll for every race and both readings of its "never"."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from companion.engine.chance import LiveChance
from companion.games.federation import actions as act
from companion.games.federation import events as ev
from companion.games.federation.legal import stacks
from companion.games.federation.odds import diplomacy_odds, enigma_odds
from companion.games.federation.rules import RULES
from companion.games.federation.state import Encounter, FederationState, change, set_reading, with_system

DEFS = RULES.definitions
#: Dice followed at most in one encounter: what has not ended by then weighs under 1 in 1,000 of the whole.
DEPTH = 9


def start(minor: str = "modern") -> FederationState:
    state = RULES.initial_state({"races": list(DEFS.races), "systems": 2}, LiveChance(0))
    system = change(state.system("s1"), explored=True, resources="rich", minor_race=minor, enigma="present")
    return with_system(state, system)


def enigma_outcome(events: tuple[object, ...], state: FederationState) -> str:
    """Where one Enigma encounter ended, from its events and the state after it."""
    last = [e for e in events if isinstance(e, ev.EnigmaRolled | ev.ConsequenceRolled)][-1]
    if isinstance(last, ev.EnigmaRolled):
        return "solved" if last.result == "solved" else "nothing"
    return last.result


@pytest.mark.parametrize("high", ["solved", "consequences", "nothing"])
@pytest.mark.parametrize("six", ["consequence", "enigma"])
@pytest.mark.parametrize("ships", stacks(DEFS))
def test_the_enigma_odds_are_what_the_rules_do(high: str, six: str, ships: tuple[str, ...]) -> None:
    state = start()
    state = dataclasses.replace(
        state, readings=set_reading(set_reading(state.readings, "enigma-high", high), "consequence-six", six)
    )
    state = dataclasses.replace(state, encounters=(Encounter("s1", "klingon", ships),))
    odds = enigma_odds(state, DEFS, state.encounters[0])
    exact = dict(odds.outcomes)
    assert sum(exact.values()) == 1
    found, unfinished, minor = exhaust(state, "klingon")
    assert unfinished < Fraction(1, 1000)
    for outcome in ("solved", "destroyed", "retreat", "nothing"):
        value = exact.get(outcome, Fraction(0))
        assert found.get(outcome, Fraction(0)) <= value <= found.get(outcome, Fraction(0)) + unfinished, outcome
    assert minor <= odds.minor_destroyed <= minor + unfinished
    assert odds.bonus == (1 if ships else 0)


def test_no_minor_race_means_none_is_destroyed() -> None:
    state = start(minor="none")
    state = dataclasses.replace(state, encounters=(Encounter("s1", "klingon", ()),))
    assert enigma_odds(state, DEFS, state.encounters[0]).minor_destroyed == 0


def exhaust(state: FederationState, race: str) -> tuple[dict[str, Fraction], Fraction, Fraction]:
    """Every sequence of faces, each a forced roll through `apply`, grown one die at a time while the rules ask
    for more dice than were forced (they then draw from the generator: `outcomes` grows past the forced ones)."""
    found: dict[str, Fraction] = {}
    minor = Fraction(0)
    unfinished = Fraction(0)
    pending: list[tuple[int, ...]] = [(face,) for face in range(1, 7)]
    while pending:
        faces = pending.pop()
        chance = LiveChance(0, [face - 1 for face in faces])
        after, events = RULES.apply(state, act.ResolveEnigma("s1", race), chance)
        rolled = len(chance.outcomes)
        weight = Fraction(1, 6 ** len(faces))
        if rolled > len(faces):  # the encounter goes on past the faces forced: one more die
            if len(faces) >= DEPTH:
                unfinished += weight
            else:
                pending.extend(faces + (face,) for face in range(1, 7))
            continue
        outcome = enigma_outcome(events, after)
        found[outcome] = found.get(outcome, Fraction(0)) + weight
        if any(isinstance(e, ev.MinorRaceDestroyed) for e in events):
            minor += weight
    return found, unfinished, minor


@pytest.mark.parametrize("reads", ["die", "total"])
@pytest.mark.parametrize("race", list(DEFS.races))
def test_the_diplomacy_odds_are_what_the_rules_do(reads: str, race: str) -> None:
    state = start()
    state = dataclasses.replace(
        with_system(state, change(state.system("s1"), enigma="none")),
        readings=set_reading(state.readings, "diplomacy-never", reads),
    )
    odds = diplomacy_odds(state, DEFS, race)
    counted: dict[str, Fraction] = {}
    for face in range(1, 7):
        _after, events = RULES.apply(state, act.AttemptDiplomacy("s1", race), LiveChance(0, [face - 1]))
        rolled = next(e for e in events if isinstance(e, ev.DiplomacyRolled))
        promised = odds.faces[face - 1]
        assert (rolled.die, rolled.total, rolled.result, rolled.by_reading) == (
            promised.die,
            promised.total,
            promised.result,
            promised.by_reading,
        )
        counted[rolled.result] = counted.get(rolled.result, Fraction(0)) + Fraction(1, 6)
    assert dict(odds.outcomes) == counted
    assert odds.modifier == DEFS.races[race].diplomacy_modifier
