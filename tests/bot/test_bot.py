"""The bot: sensible choices in hand-built positions, only legal choices in whole games, and no loops."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

import pytest

from companion.engine.chance import LiveChance
from companion.games.thunderbirds import actions as act
from companion.games.thunderbirds import bot as bot_module
from companion.games.thunderbirds.bonuses import rescue_bonus
from companion.games.thunderbirds.bot import (
    DEFAULT_MODEL,
    MAX_CHOICES_PER_TURN,
    choose,
    foil_action,
    next_action,
)
from companion.games.thunderbirds.bot_weights import PLAN_SCHEME_GAP
from companion.games.thunderbirds.loader import default_definitions
from companion.games.thunderbirds.rules import apply, check
from companion.games.thunderbirds.scenario import parse_scenario, run_scenario
from companion.games.thunderbirds.simulate import steps
from companion.games.thunderbirds.state import GameState, evolve

DEFS = default_definitions()
SCHEMES = ("espionnage-satellite", "voile-de-peur", "destination-obscurite")
#: Schemes nobody can foil soon in these positions, so they do not draw the bot away.
FAR_SCHEMES = ("voile-de-peur", "unknown-scheme-1-1", "destination-obscurite")


def position(
    characters: list[str],
    fields: Mapping[str, Any],
    actions: list[dict[str, Any]] | None = None,
    schemes: tuple[str, ...] = SCHEMES,
) -> GameState:
    """A two-player game set up as the rulebook says, then changed as `fields` say (scenario format)."""
    data: dict[str, Any] = {
        "format": 1,
        "setup": {"players": len(characters), "difficulty": "standard", "characters": characters, "seed": 11},
        "position": {"schemes": list(schemes), **fields},
        "action": actions or [],
    }
    result = run_scenario(parse_scenario(data, "test position"))
    assert result.error is None, result.error
    return result.state


def legal(state: GameState, action: object) -> bool:
    return check(state, action, DEFS) is None


def test_rescues_where_it_stands_with_good_odds() -> None:
    # The rulebook example before the roll: John on The Sun, +7 against 11, with a Teamwork and an Intelligence.
    state = position(
        ["john", "scott"],
        {
            "active": "john",
            "vehicles": {"tb3": "the-sun"},
            "seats": {"john": "tb3", "scott": "tb3"},
            "pods": {"transmitter-truck": "asia"},
            "track": {"1": "sun-probe", "2": "city-of-fire"},
            "tokens": {"john": {"teamwork": 1, "intelligence": 1}},
        },
        schemes=FAR_SCHEMES,
    )
    action = choose(state, DEFS)
    assert action == act.Rescue("sun-probe")
    assert legal(state, action)


def test_after_the_roll_it_rerolls_the_hood_as_the_odds_advise() -> None:
    state = position(
        ["john", "scott"],
        {
            "active": "john",
            "vehicles": {"tb3": "the-sun"},
            "seats": {"john": "tb3", "scott": "tb3"},
            "pods": {"transmitter-truck": "asia"},
            "track": {"1": "sun-probe"},
            "tokens": {"john": {"teamwork": 1, "intelligence": 1}},
        },
        [{"type": "Rescue", "disaster": "sun-probe", "dice": [2, "hood"]}],
    )
    assert choose(state, DEFS) == act.UseIntelligence(1)


def test_with_only_teamwork_it_adds_it_then_finishes() -> None:
    state = position(
        ["john", "scott"],
        {
            "active": "john",
            "vehicles": {"tb3": "the-sun"},
            "seats": {"john": "tb3", "scott": "tb3"},
            "pods": {"transmitter-truck": "asia"},
            "track": {"1": "sun-probe"},
            "tokens": {"john": {"teamwork": 2}},
        },
        [{"type": "Rescue", "disaster": "sun-probe", "dice": [2, "hood"]}],
    )
    assert choose(state, DEFS) == act.UseTeamwork()
    after = position(
        ["john", "scott"],
        {
            "active": "john",
            "vehicles": {"tb3": "the-sun"},
            "seats": {"john": "tb3", "scott": "tb3"},
            "pods": {"transmitter-truck": "asia"},
            "track": {"1": "sun-probe"},
            "tokens": {"john": {"teamwork": 2}},
        },
        [{"type": "Rescue", "disaster": "sun-probe", "dice": [2, "hood"]}, {"type": "UseTeamwork"}],
    )
    assert choose(after, DEFS) == act.FinishRescue()  # 11 reached: the second token is kept


def test_john_in_thunderbird_5_ignores_a_hood_face() -> None:
    state = position(
        ["scott", "john"],
        {"active": "scott", "vehicles": {"tb1": "europe"}, "track": {"1": "the-cham-cham"}},
        [{"type": "Rescue", "disaster": "the-cham-cham", "dice": [5, "hood"]}],
    )
    action = choose(state, DEFS)
    assert action == act.IgnoreHood(1)
    assert legal(state, action)


def test_joker_rewards_are_chosen_from_the_supply() -> None:
    state = position(
        ["scott", "virgil"],
        {"active": "scott", "vehicles": {"tb1": "europe"}, "track": {"1": "edge-of-impact"}},
        [{"type": "Rescue", "disaster": "edge-of-impact", "dice": [5, 5]}, {"type": "FinishRescue"}],
    )
    assert state.phase == "reward"
    action = choose(state, DEFS)
    assert isinstance(action, act.ChooseReward)
    assert legal(state, action)


def test_foils_the_scheme_when_the_tokens_are_in_the_region() -> None:
    state = position(
        ["alan", "scott"],
        {
            "active": "alan",
            "vehicles": {"tb3": "geo-stationary-orbit"},
            "tokens": {"alan": {"teamwork": 1}},
        },
    )
    action = choose(state, DEFS)
    assert isinstance(action, act.FoilScheme)
    assert action.discards == (("alan", "teamwork"),)
    assert legal(state, action)


def test_never_foils_an_unknown_scheme_for_free() -> None:
    unknown = ("unknown-scheme-1-1", "voile-de-peur", "destination-obscurite")
    state = position(["alan", "scott"], {"active": "alan"}, schemes=unknown)
    # The rules would accept a confirmed foil with no discards; the model asks for tokens first.
    assert legal(state, act.FoilScheme((), True))
    assert foil_action(state, DEFS) is None
    assert not isinstance(choose(state, DEFS), act.FoilScheme)
    region = DEFAULT_MODEL.scheme_regions(DEFS.schemes["unknown-scheme-1-1"], DEFS)
    assert len(region) == 1


def play_until_rescue(state: GameState) -> tuple[GameState, list[object]]:
    """Applies the bot's choices until it starts a rescue (or ends the turn); returns the state and the choices."""
    chosen: list[object] = []
    while True:
        action = choose(state, DEFS)
        chosen.append(action)
        if isinstance(action, (act.Rescue, act.EndTurn)):
            return state, chosen
        chance = LiveChance(state.rng)
        state, _events = apply(state, action, chance, DEFS)


def test_goes_to_a_card_about_to_reach_the_skull_with_a_bonus_on_board() -> None:
    # City of Fire (North America, land, 8): Firefly +3, Mole +2. The Mole is built on Tracy Island, where
    # Thunderbird 2 stands: the bot takes it along (Scott boards Thunderbird 2, loads the Mole, flies).
    state = position(["scott", "virgil"], {"active": "scott", "track": {"7": "city-of-fire"}}, schemes=FAR_SCHEMES)
    state, chosen = play_until_rescue(state)
    assert chosen[-1] == act.Rescue("city-of-fire")
    assert state.character_region("scott") == "north-america"
    assert state.pod_region("mole") == "north-america"
    assert state.actions_left >= 1
    assert rescue_bonus(state, DEFS, "city-of-fire") == 2


def test_builds_a_pod_a_disaster_asks_for() -> None:
    state = position(
        ["virgil", "scott"],
        {"active": "virgil", "track": {"3": "city-of-fire"}, "tokens": {"virgil": {"technology": 1}}},
    )
    assert choose(state, DEFS) == act.UseTechnology("firefly")


def test_cap_closes_the_turn() -> None:
    state = position(["scott", "virgil"], {"active": "scott", "track": {"7": "city-of-fire"}})
    assert next_action(state, DEFS, MAX_CHOICES_PER_TURN) == act.EndTurn()
    rolled = position(
        ["scott", "virgil"],
        {"active": "scott", "vehicles": {"tb1": "north-america"}, "track": {"1": "city-of-fire"}},
        [{"type": "Rescue", "disaster": "city-of-fire", "dice": [1, 1]}],
    )
    assert next_action(rolled, DEFS, MAX_CHOICES_PER_TURN) == act.FinishRescue()


def test_choice_is_a_function_of_the_state() -> None:
    state = position(["scott", "virgil"], {"active": "scott", "track": {"5": "city-of-fire", "2": "pit-of-peril"}})
    assert choose(state, DEFS) == choose(state, DEFS)


def test_choices_do_not_depend_on_the_decisions_made_before() -> None:
    # The search keeps what it derived from the last state it saw (seats, positions, Hood costs...): asking about
    # another game's positions in between, or the same positions in another order, must change no choice.
    first = [
        step.before for step in steps(2, "standard", 3, DEFS) if step.by == "bot" and step.before.phase == "actions"
    ]
    other = [step.before for step in steps(2, "heroic", 7, DEFS) if step.by == "bot" and step.before.phase == "actions"]
    count = min(40, len(first), len(other))
    assert count >= 15
    in_order = [choose(state, DEFS) for state in first[:count]]
    interleaved = []
    for state, elsewhere in zip(first[:count], other):
        choose(elsewhere, DEFS)
        interleaved.append(choose(state, DEFS))
    backwards = [choose(state, DEFS) for state in reversed(first[:count])][::-1]
    assert interleaved == in_order
    assert backwards == in_order


def test_a_card_as_the_active_character_sees_it_adds_up_as_the_rules_count() -> None:
    # Every card on the track, in positions of a whole game: the bonus the search starts from (the character's own
    # lines and rescue type, the other pieces where they stand) is the rules' bonus for the character standing
    # there in their own seat, whenever the card has no line about the vehicle they fly.
    from companion.games.thunderbirds.bot_plan import Turn

    checked = typed = 0
    for step in steps(2, "standard", 6, DEFS):
        state = step.before
        if step.by != "bot" or state.phase != "actions" or state.effects:
            continue
        turn = Turn(state, DEFS, DEFAULT_MODEL, True)
        turn._prepare()
        for card, _urgency, _weight, base, pieces, _boost, _action, who_seats, _lines in turn.entries:
            if card.difficulty is None or card.region != turn.here or who_seats or turn.seat in pieces:
                continue
            if any(piece in pieces for piece in turn.occupants.get(turn.seat, ())):
                continue
            assert base == rescue_bonus(state, DEFS, card.id), (card.id, state.active_character)
            checked += 1
            typed += DEFS.characters[state.active_character].rescue_type == card.rescue_type
    assert checked >= 10 and typed >= 3


def test_refuses_a_finished_game() -> None:
    state = position(["scott", "virgil"], {"active": "scott"})
    from companion.games.thunderbirds.state import Outcome, evolve

    with pytest.raises(ValueError):
        choose(evolve(state, outcome=Outcome("lost", "skull")), DEFS)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_whole_games_only_take_legal_choices_and_end(players: int) -> None:
    for seed in range(4):
        count = 0
        last = None
        for step in steps(players, ("introduction", "standard", "heroic", "legendary")[seed], seed, DEFS):
            assert step.by in ("bot", "upkeep"), (seed, step.action)
            count += 1
            last = step.after
        assert last is not None and last.outcome is not None
        assert count < 2000


def test_peeking_at_the_disaster_deck_still_gives_legal_choices() -> None:
    seen = 0
    for step in steps(2, "standard", 21, DEFS):
        if step.by != "bot" or step.before.phase != "actions":
            continue
        action = choose(step.before, DEFS, chance_free=False)
        assert legal(step.before, action), action
        seen += 1
        if seen >= 40:
            break
    assert seen >= 10


# --- whole games: next_action follows the plan it chose ------------------------------------------------------


def step_with(state: GameState, action: object, dice: list[int] | None = None) -> GameState:
    chance = LiveChance(state.rng, dice or ())
    after, _events = apply(state, action, chance, DEFS)
    return evolve(after, rng=chance.rng_after)


def far_from_the_card() -> GameState:
    """Virgil in Thunderbird 2 (2 regions a move) on Tracy Island, The Uninvited in Africa (3 away) near the skull;
    the faster Thunderbird 1 is far away."""
    return position(
        ["virgil", "gordon"],
        {
            "active": "virgil",
            "vehicles": {"tb1": "europe", "fab1": "europe", "tb4": "north-atlantic"},
            "track": {"6": "the-uninvited"},
        },
        schemes=FAR_SCHEMES,
    )


def counting_plans(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls = [0]
    original = bot_module.Turn.plan

    def plan(turn: Any) -> Any:
        calls[0] += 1
        return original(turn)

    monkeypatch.setattr(bot_module.Turn, "plan", plan)
    return calls


def test_next_action_follows_its_plan_without_planning_again(monkeypatch: pytest.MonkeyPatch) -> None:
    state = far_from_the_card()
    first = next_action(state, DEFS, 0)
    assert isinstance(first, act.Move) and first.vehicle == "tb2"
    after = step_with(state, first)
    calls = counting_plans(monkeypatch)
    second = next_action(after, DEFS, 1)
    assert calls[0] == 0  # the plan's next step, without a search
    assert second == choose(after, DEFS)  # and what planning afresh gives here
    assert legal(after, second)


def test_a_state_reached_otherwise_gets_a_new_plan(monkeypatch: pytest.MonkeyPatch) -> None:
    state = far_from_the_card()
    first = next_action(state, DEFS, 0)
    after = step_with(state, first)
    calls = counting_plans(monkeypatch)
    changed = evolve(after, hood=after.hood + 1)  # e.g. the players adjusted The Hood meanwhile
    action = next_action(changed, DEFS, 1)
    assert calls[0] == 1
    assert legal(changed, action)


def test_led_to_knows_the_exact_successor_only() -> None:
    state = far_from_the_card()
    move = next_action(state, DEFS, 0)
    after = step_with(state, move)
    carrier = "tb2"
    assert bot_module._led_to(state, move, after, carrier)
    assert not bot_module._led_to(state, move, evolve(after, supply=(0, 0, 0, 0, 0)), carrier)
    assert not bot_module._led_to(state, move, evolve(after, actions_left=after.actions_left + 1), carrier)
    assert not bot_module._led_to(state, move, state, carrier)


def test_choose_is_not_changed_by_a_plan_being_followed() -> None:
    state = far_from_the_card()
    before = choose(state, DEFS)
    next_action(state, DEFS, 0)
    assert choose(state, DEFS) == before


def at_the_card(hood: int = 0) -> GameState:
    """Scott with Thunderbird 1 at The Uninvited (Africa, 8, Scott +2), a card about to reach the skull; the first
    scheme is on space 6."""
    return position(
        ["scott", "virgil"],
        {"active": "scott", "vehicles": {"tb1": "africa"}, "track": {"7": "the-uninvited"}, "hood": hood},
        schemes=FAR_SCHEMES,
    )


def test_a_failed_rescue_is_tried_again_while_the_hood_stays(monkeypatch: pytest.MonkeyPatch) -> None:
    state = at_the_card()
    rescue = next_action(state, DEFS, 0)
    assert rescue == act.Rescue("the-uninvited")
    rolled = step_with(state, rescue, dice=[1, 1])  # 2 + 2 and no Hood face: it fails
    finish = next_action(rolled, DEFS, 1)
    assert finish == act.FinishRescue()
    failed = step_with(rolled, finish)
    assert failed.track.slot_of("the-uninvited") is not None and failed.hood == state.hood
    calls = counting_plans(monkeypatch)
    assert next_action(failed, DEFS, 2) == act.Rescue("the-uninvited")
    assert calls[0] == 0


def test_a_hood_face_far_from_the_scheme_changes_nothing_the_plan_weighed(monkeypatch: pytest.MonkeyPatch) -> None:
    state = at_the_card()
    rescue = next_action(state, DEFS, 0)
    rolled = step_with(state, rescue, dice=[0, 1])  # a Hood face: The Hood moves on, still 5 spaces from the scheme
    failed = step_with(rolled, next_action(rolled, DEFS, 1))
    assert failed.hood == state.hood + 1
    calls = counting_plans(monkeypatch)
    assert next_action(failed, DEFS, 2) == act.Rescue("the-uninvited")
    assert calls[0] == 0


def test_after_a_hood_face_that_brings_the_scheme_near_the_bot_plans_again(monkeypatch: pytest.MonkeyPatch) -> None:
    state = at_the_card(hood=2)
    rescue = next_action(state, DEFS, 0)
    assert rescue == act.Rescue("the-uninvited")
    rolled = step_with(state, rescue, dice=[0, 1])  # The Hood moves to space 3, three from the scheme
    failed = step_with(rolled, next_action(rolled, DEFS, 1))
    assert failed.hood == state.hood + 1
    calls = counting_plans(monkeypatch)
    action = next_action(failed, DEFS, 2)
    assert calls[0] == 1
    assert legal(failed, action)


def nothing_to_do(hood: int) -> GameState:
    """Scott on Tracy Island with an empty disaster track and no tokens: no action is worth taking. The first scheme
    is foiled, so the next unfoiled one is on space 10."""
    return position(
        ["scott", "virgil"], {"active": "scott", "track": {}, "foiled": 1, "hood": hood}, schemes=FAR_SCHEMES
    )


def test_a_spare_action_goes_to_plan_when_the_hood_is_far_from_the_next_scheme() -> None:
    state = nothing_to_do(hood=10 - PLAN_SCHEME_GAP)
    assert choose(state, DEFS) == act.Plan()
    assert next_action(state, DEFS, 0) == act.Plan()
    assert legal(state, act.Plan())


def test_no_plan_when_the_hood_is_close_to_the_next_scheme() -> None:
    state = nothing_to_do(hood=10 - PLAN_SCHEME_GAP + 1)
    assert choose(state, DEFS) == act.EndTurn()
    assert choose(nothing_to_do(hood=5), DEFS) == act.EndTurn()


def test_no_plan_when_the_fab_deck_has_nothing_to_give() -> None:
    state = nothing_to_do(hood=0)
    empty = dataclasses.replace(state.fab_deck, draw_pile=(), discard_pile=())
    assert choose(evolve(state, fab_deck=empty), DEFS) == act.EndTurn()


def test_a_useful_action_comes_before_plan() -> None:
    state = position(
        ["scott", "virgil"],
        {"active": "scott", "vehicles": {"tb1": "africa"}, "track": {"7": "the-uninvited"}, "foiled": 1},
        schemes=FAR_SCHEMES,
    )
    assert choose(state, DEFS) == act.Rescue("the-uninvited")
