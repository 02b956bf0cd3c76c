"""The game's part of the scenario files (the format and the runner are `companion.engine.scenario`).

`[setup]`: `players` (4 to 8), `bag` ("screen" or "physical"), an optional `data` folder, an optional `overlay`
folder (files laid over the data as the players' own: what the Box screen writes). `[position]` changes the
dealt game (see `POSITION`). Forced `dice` are what was turned: Location card ids for phase 8 in the order
turned, "human"/"alien" for a bag draw, a face number (1 to the die's faces) for the weather die. The output's
`state` shows the secret fields too, under `secret`, for the tests: it is a developer's tool, never a shared
screen."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

from companion.engine import scenario as format_
from companion.engine.chance import LiveChance
from companion.engine.data.problems import DataError
from companion.engine.scenario import PositionFields, Scenario, ScenarioGame
from companion.engine.turns import Turns
from companion.games.the_thing import actions as a
from companion.games.the_thing import codec
from companion.games.the_thing.definitions import CABIN, VEHICLES, Definitions
from companion.games.the_thing.describe import event_lines, table_lines
from companion.games.the_thing.loader import default_data_dir, load_definitions
from companion.games.the_thing.names import OUTCOME_NAMES
from companion.games.the_thing.rules import RULES, ThingRules, dog_end
from companion.games.the_thing.state import ALIEN, HUMAN, ThingState, Ufo
from companion.games.the_thing.views import public_view

POSITION = frozenset(
    {
        "round",
        "phase",
        "leader",
        "leader_token",
        "npcs",
        "dog",
        "dog_spaces",
        "sniper",
        "weather",
        "deal_done",
        "vehicles_used",
        "out",
        "unveiled",
        "ufo",
    }
)
UFO_KEYS = frozenset(
    {"board", "reserve", "alien_tokens", "human_tokens", "activated", "this_round", "strength", "unveiled"}
)


class ThingScenarios(ScenarioGame[ThingState]):
    game = "the_thing"
    title = "The Thing – Norwegian Outpost"
    codec = codec
    setup_keys = frozenset({"players", "bag", "data", "overlay"})
    folder_keys = frozenset({"data", "overlay"})
    position_keys = POSITION

    def rolls(self, forced: tuple[Any, ...], action: Any, state: ThingState, defs: Any) -> Sequence[int]:
        if not forced:
            return ()
        if isinstance(action, a.MoveNpcs):
            pile, indices = list(state.places), []
            for card in forced:
                if not pile:
                    pile = [place for place in state.places if place != CABIN]
                if card not in pile:
                    raise ValueError(f"{card!r} is not a Location card left to turn ({', '.join(pile)})")
                indices.append(pile.index(card))
                pile.remove(card)
            return indices
        if isinstance(action, a.DrawFromBag):
            if any(token not in (HUMAN, ALIEN) for token in forced):
                raise ValueError(f'a bag draw is "human" or "alien", got {list(forced)!r}')
            return [0 if token == HUMAN else defs.bag_human for token in forced]
        if isinstance(action, a.RollWeather):
            if any(isinstance(f, bool) or not isinstance(f, int) or not 1 <= f <= state.weather_faces for f in forced):
                raise ValueError(f"a weather face is 1 to {state.weather_faces}, got {list(forced)!r}")
            return [face - 1 for face in forced]
        raise ValueError("this action turns, draws and rolls nothing")

    def start(self, scenario: Scenario, chance: LiveChance) -> tuple[ThingState, ThingRules, Definitions]:
        overlay = scenario.setup.get("overlay")
        rules = RULES
        if overlay is not None:
            try:
                rules = ThingRules(load_definitions(default_data_dir(), Path(overlay)))
            except DataError as broken:
                raise scenario.fail("setup.overlay", "; ".join(str(p) for p in broken.problems)) from None
        over = Path(overlay) if overlay is not None else None
        return format_.start_with_data(
            scenario, chance, rules, lambda folder: ThingRules(load_definitions(folder, over))
        )

    def apply_position(self, state: ThingState, position: Mapping[str, Any], defs: Any, name: str) -> ThingState:
        return apply_position(state, position, defs, name)

    def lines(self, events: tuple[Any, ...], state: ThingState, defs: Any) -> tuple[str, ...]:
        return event_lines(events, defs)

    def legal(self, state: ThingState, defs: Any) -> list[dict[str, Any]] | None:
        return [codec.encode_action(action) for action in ThingRules(defs).legal_actions(state)]

    def outcome_line(self, state: ThingState, defs: Any) -> str | None:
        return OUTCOME_NAMES[state.outcome].text() if state.outcome else None

    def report(self, state: ThingState, defs: Any) -> dict[str, Any]:
        return {"state": view(state, defs), "table": list(table_lines(public_view(state), defs))}


def _whole(fail: Any, where: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise fail(where, f"expected a whole number from {low} to {high}, got {value!r}")
    return value


def _seats(fail: Any, where: str, value: Any, players: int) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise fail(where, "expected a list of seats (0 to players - 1)")
    return tuple(sorted(_whole(fail, where, seat, 0, players - 1) for seat in value))


def apply_position(state: ThingState, position: Mapping[str, Any], defs: Definitions, path: str) -> ThingState:
    fields = PositionFields(position, path)
    fail = fields.fail
    places = {place.id for place in defs.places}
    turns = state.turns
    if "round" in position:
        turns = replace(turns, round=_whole(fail, "round", position["round"], 1, 999))
    if "phase" in position:
        phases = [phase.id for phase in defs.phases]
        if position["phase"] not in phases:
            raise fail("phase", f"expected one of {', '.join(phases)}")
        turns = replace(turns, phase=phases.index(position["phase"]))
    if "leader" in position:
        leader = _whole(fail, "leader", position["leader"], 0, state.players - 1)
        turns = Turns(seats=turns.seats, first=leader, current=leader, round=turns.round, phase=turns.phase)
    state = replace(state, turns=turns)
    if "leader_token" in position:
        if position["leader_token"] not in places:
            raise fail("leader_token", f"expected one of {', '.join(sorted(places))}")
        state = replace(state, leader_token=position["leader_token"])
    if "npcs" in position:
        npcs = fields.listed("npcs")
        if len(npcs) != defs.npcs or any(p not in places for p in npcs):
            raise fail("npcs", f"expected {defs.npcs} Location ids ({', '.join(sorted(places))})")
        state = replace(state, npcs=tuple(npcs))
    for key, high in (("dog", 99), ("dog_spaces", 99), ("sniper", 3), ("unveiled", 8)):
        if key in position:
            changes: dict[str, Any] = {key: _whole(fail, key, position[key], 0, high)}
            state = replace(state, **changes)
    if "weather" in position:
        state = replace(state, weather=_whole(fail, "weather", position["weather"], 1, state.weather_faces) - 1)
    if position.get("deal_done"):
        state = replace(state, deal=(), seen=tuple(range(state.players)))
    if "vehicles_used" in position:
        used = fields.listed("vehicles_used")
        if any(v not in VEHICLES for v in used):
            raise fail("vehicles_used", f"expected vehicles among {', '.join(VEHICLES)}")
        state = replace(state, vehicles_used=tuple(used))
    if "out" in position:
        state = replace(state, out=_seats(fail, "out", position["out"], state.players))
    if "ufo" in position:
        table = fields.table("ufo")
        unknown = sorted(set(table) - UFO_KEYS)
        if unknown:
            raise fail(f"ufo.{unknown[0]}", f"unknown key; expected one of {', '.join(sorted(UFO_KEYS))}")
        board = table.get("board", [0] * len(defs.ufo_locations))
        reserve = table.get("reserve", [])
        if not isinstance(board, list) or len(board) != len(defs.ufo_locations) or not isinstance(reserve, list):
            raise fail("ufo.board", f"expected {len(defs.ufo_locations)} token values (0: none) and a reserve list")
        ufo = Ufo(board=tuple(board), reserve=tuple(reserve))
        for key in ("alien_tokens", "human_tokens", "activated", "this_round", "strength"):
            if key in table:
                counts: dict[str, Any] = {key: _whole(fail, f"ufo.{key}", table[key], 0, 99)}
                ufo = replace(ufo, **counts)
        state = replace(state, ufo=replace(ufo, unveiled=bool(table.get("unveiled", True))))
    return state


def view(state: ThingState, defs: Definitions) -> dict[str, Any]:
    """The readable state `expect` paths read."""
    ufo = state.ufo
    return {
        "players": state.players,
        "round": state.turns.round,
        "phase": defs.phases[state.turns.phase].id,
        "leader": state.turns.first,
        "leader_token": state.leader_token,
        "npcs": list(state.npcs),
        "turned": list(state.turned),
        "dog": state.dog,
        "dog_end": dog_end(state) or 0,  # 0: the track's length is not known
        "weather": state.weather + 1,  # 0: not rolled this round
        "seen": list(state.seen),
        "deal_pending": len(state.deal),
        "draw_seat": state.draw_seat,
        "draws": state.draws,
        "vehicles_used": list(state.vehicles_used),
        "escaped": list(state.escaped),
        "out": list(state.out),
        "roles": {str(seat): role for seat, role in state.roles},
        "unveiled": state.unveiled,
        "crew": [[seat, role] for seat, role in state.crew],
        "crew_vehicle": state.crew_vehicle,
        "outcome": state.outcome,
        "decks": {
            kind: {card.id: card.count(state.players) for card in defs.cards if card.kind == kind}
            for kind in ("weapon", "item")
        },
        "ufo": None
        if ufo is None
        else {
            "board": list(ufo.board),
            "reserve": len(ufo.reserve),
            "alien_tokens": ufo.alien_tokens,
            "human_tokens": ufo.human_tokens,
            "spent": ufo.spent,
            "activated": ufo.activated,
            "this_round": ufo.this_round,
            "strength": ufo.strength,
            "round": ufo.round,
        },
        "secret": {"deal": list(state.deal), "deal_aliens": state.deal.count(ALIEN), "drawn": state.draw_token},
    }


SCENARIOS = ThingScenarios()
load_scenario = partial(format_.load, SCENARIOS)
run_scenario = partial(format_.run, SCENARIOS)
