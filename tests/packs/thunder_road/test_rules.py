"""Thunder Road's rules beyond the scenario files: the first-player roll-off with its ties, set-up refusals, every
damage token, hazard and tile accounted for over seeded bot races, the data's flagged slots completed by an
overlay, and the kit example's saved games still resuming beside the pack."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from pathlib import Path

import pytest

from companion.engine import registry
from companion.engine.chance import LiveChance
from companion.engine.data.problems import DataError
from companion.engine.errors import IllegalAction
from companion.engine.rng import seed_state
from companion.engine.session import Session
from companion.engine.store import Store
from companion.games.thunder_road import actions as a
from companion.games.thunder_road import events as ev
from companion.games.thunder_road.bot import choose
from companion.games.thunder_road.loader import load_definitions
from companion.games.thunder_road.rules import RULES, ThunderRoadRules
from companion.games.thunder_road.state import RaceState
from companion.paths import DATA_DIR

SHIPPED = DATA_DIR / "thunder_road"


def test_a_tied_lowest_total_rolls_again_and_the_new_roll_is_round_one_s_dice() -> None:
    tie = [0, 1, 2, 3] + [3, 2, 1, 0]  # 1+2+3+4 = 4+3+2+1: a tie
    again = [5, 5, 5, 5] + [0, 0, 1, 1]  # 24 against 6: the second player goes first
    state, events = RULES.start({"players": 2}, LiveChance(seed_state(3), forced_rolls=tie + again))
    assert state.turns.first == state.turns.current == 1
    assert state.dice == ((6, 6, 6, 6), (1, 1, 2, 2))
    assert ev.FirstPlayerChosen(1, (24, 6)) in events
    assert any(isinstance(e, ev.RoadDieRolled) and e.seat == 1 and e.face is None for e in events)


@pytest.mark.parametrize(
    ("setup", "words"),
    [({"players": 5}, "2 to 4 players"), ({"players": 2, "start_tile": "2a"}, "1a or 1b")],
)
def test_a_set_up_outside_the_rules_is_refused(setup: dict[str, object], words: str) -> None:
    with pytest.raises(IllegalAction, match=words):
        RULES.start(setup, LiveChance(1))


def _all_tokens(state: RaceState) -> Counter[str]:
    return Counter(state.damage_pile) + Counter(t for car in state.cars for t in car.damage)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("carnage", ["no", "yes"])
def test_every_token_hazard_and_tile_is_accounted_for_over_bot_races(players: int, carnage: str) -> None:
    for seed in (1, 2, 3):
        chance = LiveChance(seed_state(seed))
        state = RULES.initial_state({"players": players, "carnage": carnage}, chance)
        tokens, hazards = _all_tokens(state), state.hazard_pile
        tiles = Counter((*state.road, *state.stack))
        pick = random.Random(seed).choice
        for _step in range(400):
            action = choose(state, RULES.definitions, pick)
            if action is None:
                break
            chance = LiveChance(state.rng)
            state, _events = RULES.apply(state, action, chance)
            state = dataclasses.replace(state, rng=chance.rng_after)
            assert _all_tokens(state) == tokens, action
            assert state.hazard_pile + sum(state.hazards_on) + state.hazard_discard == hazards, action
            assert Counter((*state.road, *state.stack)) == tiles, action
            assert all(len(car.damage) <= 2 and not (car.eliminated and car.damage) for car in state.cars)
            assert RULES.decode_state(RULES.encode_state(state)) == state
        assert state.is_over, f"{players} players, seed {seed}: no end in 400 steps"


def test_a_refused_action_changes_nothing() -> None:
    state = RULES.initial_state({"players": 2}, LiveChance(seed_state(1)))
    encoded = RULES.encode_state(state)
    with pytest.raises(IllegalAction, match="No shooting in round 1"):
        RULES.apply(
            dataclasses.replace(state, turn=dataclasses.replace(state.turn, car="0-small")),
            a.Shoot("1-small"),
            LiveChance(1),
        )
    assert RULES.encode_state(state) == encoded


def test_an_overlay_completes_a_flagged_die_and_a_broken_one_names_its_file_and_field(tmp_path: Path) -> None:
    overlay = tmp_path / "overlay"
    overlay.mkdir()
    (overlay / "road.toml").write_text(
        '[[die]]\nid = "road"\nconfidence = "rulebook"\n'
        'faces = [{ id = "r1", label = { en = "One", fr = "Un" }, value = 1 }]\n',
        encoding="utf-8",
    )
    defs = load_definitions(SHIPPED, overlay)
    assert defs.dice["road"].known and not load_definitions(SHIPPED).dice["road"].known
    rules = ThunderRoadRules(defs)
    state, events = rules.start({"players": 2}, LiveChance(seed_state(4)))
    assert state.road_die == "r1"
    after, rolled = rules.apply(state, a.RollFx("road"), LiveChance(1))
    assert rolled == (ev.FxRolled("road", "r1"),)
    (overlay / "road.toml").write_text('[[die]]\nid = "road"\nfaces = "six"\n', encoding="utf-8")
    with pytest.raises(DataError) as broken:
        load_definitions(SHIPPED, overlay)
    assert any(p.file.endswith("road.toml") and p.field == "faces" for p in broken.value.problems)


def test_a_saved_game_of_the_kit_example_still_resumes_beside_the_pack(tmp_path: Path) -> None:
    kit = registry.get("thunder_road_upkeep")
    assert registry.is_installed("thunder_road")
    picker = random.Random(5)
    with Store.open(tmp_path / "games.db") as store:
        pack = registry.pack("thunder_road_upkeep")
        session = Session.new(store, kit, pack.setup_for(3, {}), 11)
        for _ in range(12):
            legal = kit.legal_actions(session.state)
            if not legal:
                break
            session.dispatch(picker.choice(legal))
        game, state = session.game_id, session.state
    registry.rescan()
    with Store.open(tmp_path / "games.db") as store:
        assert Session.resume(store, game).state == state


def test_check_data_names_each_empty_slot_and_the_reconstruction(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from companion.games.thunder_road.check_data import main

    assert main(["--list", "--data", str(SHIPPED), "--overlay", str(tmp_path)]) == 0  # valid, with empty slots
    out = capsys.readouterr().out
    assert "Road die (road): faces unknown" in out and "Shooting die (shooting): reconstruction" in out
    assert "Dent (dent): count unknown" in out
    (tmp_path / "broken.toml").write_text('[[kind]]\nid = "dent"\ncount = "many"\n', encoding="utf-8")
    assert main(["--data", str(SHIPPED), "--overlay", str(tmp_path)]) == 2
    assert 'broken.toml: entry "dent": field "count"' in capsys.readouterr().err


def test_the_editor_s_overlay_completes_a_count_and_refuses_more_tokens_than_the_pile(tmp_path: Path) -> None:
    from companion.games.thunder_road import overlay

    assert overlay.complete("kind", "dent", overlay.kind_count("5"), tmp_path) == {}
    defs = load_definitions(SHIPPED, tmp_path)
    assert defs.kinds["dent"].count == 5 and defs.tokens("base").count("dent-1") == 1
    assert len(defs.tokens("base")) == 20  # 6 skids, 5 dents, 9 still unread
    with pytest.raises(DataError):
        overlay.complete("kind", "blast", overlay.kind_count("12"), tmp_path)  # 6 + 5 + 12 > 20
    assert "blast" not in (tmp_path / overlay.FILE).read_text(encoding="utf-8")  # nothing written
    assert overlay.complete("kind", "dent", {}, tmp_path) == {"count": 5, "confidence": "players"}
    assert load_definitions(SHIPPED, tmp_path).kinds["dent"].count is None
    with pytest.raises(ValueError, match="whole number"):
        overlay.kind_count("many")
