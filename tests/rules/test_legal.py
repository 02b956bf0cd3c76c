"""`legal_actions` is exact, `apply` never mutates its input, every card and token stays accounted for, and states
and actions survive the JSON codec: checked after every step of seeded random games."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator

import pytest

from companion.engine.chance import LiveChance
from companion.games.thunderbirds import actions as act
from companion.games.thunderbirds import codec
from companion.games.thunderbirds.definitions import TOKEN_KINDS, Definitions
from companion.games.thunderbirds.rules import RULES, apply, check, legal_actions
from companion.games.thunderbirds.state import GameState, evolve


def candidates(state: GameState, defs: Definitions) -> Iterator[object]:
    """A broad universe of non-adjustment actions, legal or not."""
    regions = [r.id for r in defs.board.regions]
    for vehicle in defs.vehicles:
        for region in regions:
            yield act.Move(vehicle, region)
    cards = [c for _, c in state.track.occupied()] + ["sun-probe", "unknown-disaster-1", "the-hood-advances-1"]
    held = [card for hand in state.players for card in hand.fabs]
    for card in cards:
        yield act.Rescue(card)
        yield act.ConfirmRescue(card)
        yield act.Scan(card)
        for fab in held:
            yield act.Rescue(card, (fab,))
    yield act.Plan()
    yield act.DrawAbilityToken()
    for die in range(3):
        yield act.UseIntelligence(die)
        yield act.IgnoreHood(die)
    yield act.UseTeamwork()
    yield act.FinishRescue()
    for kind in TOKEN_KINDS:
        yield act.ChooseReward((kind,))
        yield act.UseTechnology("domo")
        for other in TOKEN_KINDS:
            yield act.ExchangeToken(kind, other)
    yield act.ChooseReward(())
    for character in defs.characters:
        for vehicle in defs.vehicles:
            yield act.Transfer(character, vehicle)
            for other in defs.characters:
                yield act.Transfer(character, vehicle, other)
    for piece in [*defs.vehicles, *defs.pods]:
        yield act.Load(piece)
        yield act.Unload(piece)
    for pod in defs.pods:
        yield act.UseTechnology(pod)
    yield act.FoilScheme(())
    yield act.FoilScheme((), confirmed=True)
    yield act.UseDetermination()
    yield act.UseLogistics()
    for character in defs.characters.values():
        for ability in character.abilities:
            yield act.AnnounceAbility(ability.id)
    for hand in state.players:
        for card in hand.fabs:
            yield act.PlayFab(card, hand.character)
            for region in regions:
                yield act.PlayFab(card, hand.character, region)
    yield act.EndTurn()
    for out in defs.characters:
        for incoming in defs.characters:
            yield act.ChangeCharacter(out, incoming)


def assert_accounted(state: GameState, defs: Definitions) -> None:
    disasters = Counter(state.disasters.draw_pile + state.disasters.discard_pile)
    disasters.update(card for _, card in state.track.occupied())
    if state.skull:
        disasters[state.skull] += 1
    assert disasters == Counter(list(defs.disasters)), "every disaster card in exactly one place"
    fabs = Counter(state.fab_deck.draw_pile + state.fab_deck.discard_pile)
    for hand in state.players:
        fabs.update(hand.fabs)
    assert fabs == Counter(list(defs.fabs)), "every F.A.B. card in exactly one place"
    on_track = [c.card for c in state.hood_cards]
    assert len(on_track) == len(set(on_track)) == 7
    assert set(on_track) <= set(defs.events) | set(defs.schemes)
    for i, kind in enumerate(TOKEN_KINDS):
        held = sum(hand.tokens[i] for hand in state.players)
        assert state.supply[i] >= 0 and held + state.supply[i] == defs.tokens[kind].count, kind
        assert all(hand.tokens[i] >= 0 for hand in state.players)
    seats = Counter(vehicle for _, vehicle in state.seats)
    assert sorted(c for c, _ in state.seats) == sorted(defs.characters)
    for vehicle, count in seats.items():
        limit = defs.vehicles[vehicle].seats
        assert limit is None or count <= limit, vehicle
    carrier = defs.vehicles["tb2"]
    vehicles = [p for p in state.cargo if p in defs.vehicles]
    pods = [p for p in state.cargo if p in defs.pods]
    assert (len(vehicles) <= 1 and not pods) or (not vehicles and len(pods) <= carrier.pod_capacity)
    for piece in state.cargo:
        where = state.vehicle_region(piece) if piece in defs.vehicles else state.pod_region(piece)
        assert where == state.vehicle_region("tb2")


WEIGHTS = {
    act.Rescue: 40,
    act.ConfirmRescue: 10,
    act.UseIntelligence: 6,
    act.UseTeamwork: 6,
    act.IgnoreHood: 6,
    act.FinishRescue: 6,
    act.Move: 1,
    act.Transfer: 1,
    act.Load: 1,
    act.Unload: 1,
    act.FoilScheme: 1,
}


def pick(legal: tuple[object, ...], state: GameState, chance: LiveChance) -> object:
    """Random play that goes after disasters, so rescues, tokens and rewards are exercised."""
    weights = [WEIGHTS.get(type(action), 2) for action in legal]
    roll = chance.below(sum(weights))
    for action, weight in zip(legal, weights):
        if roll < weight:
            return action
        roll -= weight
    raise AssertionError("unreachable")


@pytest.mark.parametrize("seed", range(16))
def test_random_games_keep_every_invariant(seed: int, defs: Definitions) -> None:
    chance = LiveChance(seed)
    players = 1 + seed % 4
    difficulty = ("introduction", "standard", "heroic", "legendary")[seed // 3 % 4]
    state = RULES.initial_state({"players": players, "difficulty": difficulty}, chance)
    state = evolve(state, rng=chance.rng_after)
    for _ in range(400):
        assert_accounted(state, defs)
        assert codec.decode_state(json.loads(json.dumps(codec.encode_state(state)))) == state
        legal = legal_actions(state, defs)
        if state.outcome is not None:
            assert legal == ()
            break
        assert legal, "a game in progress always has a legal action"
        assert len(set(legal)) == len(legal)
        before = codec.encode_state(state)
        listed = set(legal)
        for action in candidates(state, defs):
            assert (action in listed) == (check(state, action, defs) is None), action
        for action in legal:
            assert codec.decode_action(json.loads(json.dumps(codec.encode_action(action)))) == action
            apply(state, action, LiveChance(state.rng), defs)
        assert codec.encode_state(state) == before, "apply must not change its input"
        choice = pick(legal, state, chance)
        step = LiveChance(state.rng)
        state, _ = apply(state, choice, step, defs)
        state = evolve(state, rng=step.rng_after)
    assert state.outcome is not None or state.turn > 5


def test_apply_raises_and_changes_nothing_on_an_illegal_action(defs: Definitions) -> None:
    from .positions import game, refused

    state = game()
    before = codec.encode_state(state)
    refused(state, act.Move("tb2", "the-moon"))
    assert codec.encode_state(state) == before


def test_unknown_actions_are_refused(defs: Definitions) -> None:
    from .positions import game

    assert check(game(), object(), defs) == "Unknown action object."
