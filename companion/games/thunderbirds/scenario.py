"""Scenario files: a position, forced dice and a script of actions, applied through the same `apply` as a game.

The format is TOML, versioned by `format = 1`, documented with examples in docs/scenarios.md. A scenario starts
from the normal set-up (seeded), changes whatever `[position]` says, then applies each `[[action]]` (written with
the engine's own action names and fields) with its forced `dice`, and checks `[expect]` tables against the
result. Positions only ever move cards and tokens (never create them), so every card stays accounted for.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.engine.chance import LiveChance
from companion.engine.errors import CompanionError, IllegalAction
from companion.engine.rng import seed_state
from companion.engine.track import SlotTrack
from companion.games.thunderbirds import codec
from companion.games.thunderbirds.definitions import TOKEN_KINDS, Definitions
from companion.games.thunderbirds.describe import describe
from companion.games.thunderbirds.effects import set_hood_card
from companion.games.thunderbirds.errors import DataError
from companion.games.thunderbirds.movement import cargo_room, carrier_id
from companion.games.thunderbirds.rules import apply
from companion.games.thunderbirds.scoring import score
from companion.games.thunderbirds.setup import definitions_for, initial_state, parse_setup
from companion.games.thunderbirds.state import (
    DIE,
    HOOD,
    NOTEBOOK,
    GameState,
    Hand,
    HoodCard,
    HoodCardStatus,
    LastingEffect,
    PendingRescue,
    PendingReward,
    assign,
    evolve,
    without,
)

FORMAT = 1
SECTIONS = {"format", "game", "name", "description", "setup", "position", "action", "expect"}
SETUP_KEYS = {"players", "difficulty", "characters", "seed", "data"}
POSITION_KEYS = {
    "active",
    "actions_left",
    "turn",
    "used",
    "hood",
    "vehicles",
    "seats",
    "cargo",
    "pods",
    "tokens",
    "fab",
    "track",
    "discard",
    "deck_top",
    "fab_deck_top",
    "events",
    "schemes",
    "foiled",
    "active_events",
    "speeds",
}
ACTION_EXTRAS = {"dice", "expect"}


class ScenarioError(CompanionError):
    """A malformed scenario file; the message names the file and the field."""


@dataclass(frozen=True)
class ScriptedAction:
    action: object
    dice: tuple[int, ...] = ()
    expect: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Scenario:
    path: str
    name: str
    setup: Mapping[str, Any]
    seed: int
    position: Mapping[str, Any]
    actions: tuple[ScriptedAction, ...]
    expect: Mapping[str, Any]


@dataclass(frozen=True)
class Check:
    path: str
    expected: Any
    actual: Any
    ok: bool
    after_action: int | None  # None: at the end


@dataclass(frozen=True)
class ScenarioResult:
    state: GameState
    events: tuple[tuple[int, object], ...]  # (action index, event)
    applied: int
    error: str | None  # the reason of the illegal action that stopped the script
    error_action: int | None
    checks: tuple[Check, ...]
    defs: Definitions
    labels: tuple[str, ...] = ()  # each applied action described as the history shows it

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks)

    def to_json(self) -> dict[str, Any]:
        outcome = self.state.outcome
        final = score(self.state, self.defs)
        return {
            "format": FORMAT,
            "applied": self.applied,
            "error": self.error,
            "error_action": self.error_action,
            "outcome": None if outcome is None else codec.encode(outcome),
            "score": None if final is None else final.total,
            "state": view(self.state, self.defs),
            "events": [{"action": i, **codec.encode_event(e)} for i, e in self.events],
            "labels": list(self.labels),
            "checks": [codec.encode(c) for c in self.checks],
            "ok": self.ok,
        }


# --- reading the file ----------------------------------------------------------------------------------------------


def load_scenario(path: Path) -> Scenario:
    name = str(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ScenarioError(f"{name}: cannot read the file ({error.strerror or error})") from None
    except UnicodeDecodeError as error:
        raise ScenarioError(f"{name}: not UTF-8 text (byte {error.start}); save it as UTF-8") from None
    except tomllib.TOMLDecodeError as error:
        raise ScenarioError(f"{name}: not valid TOML: {error}") from None
    return parse_scenario(data, name, base=path.parent)


def parse_scenario(data: Mapping[str, Any], name: str = "<scenario>", base: Path | None = None) -> Scenario:
    def fail(where: str, message: str) -> ScenarioError:
        return ScenarioError(f"{name}: field '{where}': {message}")

    unknown = set(data) - SECTIONS
    if unknown:
        raise fail(sorted(unknown)[0], f"unknown section; expected one of {', '.join(sorted(SECTIONS))}")
    if data.get("game", "thunderbirds") != "thunderbirds":
        raise fail("game", f"this is a scenario of {data.get('game')!r}, not of Thunderbirds")
    if data.get("format") != FORMAT:
        raise fail("format", f"expected format = {FORMAT}, got {data.get('format')!r}")
    setup = data.get("setup", {})
    if not isinstance(setup, Mapping):
        raise fail("setup", "expected a table")
    unknown = set(setup) - SETUP_KEYS
    if unknown:
        raise fail(f"setup.{sorted(unknown)[0]}", f"unknown key; expected one of {', '.join(sorted(SETUP_KEYS))}")
    seed = setup.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise fail("setup.seed", f"expected a whole number, got {seed!r}")
    setup_data: dict[str, Any] = {k: v for k, v in setup.items() if k not in ("seed", "data")}
    if "data" in setup:
        if not isinstance(setup["data"], str):
            raise fail("setup.data", "expected a directory path")
        setup_data["data_dir"] = str((base or Path(".")) / setup["data"])
    position = data.get("position", {})
    if not isinstance(position, Mapping):
        raise fail("position", "expected a table")
    unknown = set(position) - POSITION_KEYS
    if unknown:
        raise fail(f"position.{sorted(unknown)[0]}", f"unknown key; expected one of {', '.join(sorted(POSITION_KEYS))}")
    raw_actions = data.get("action", [])
    if not isinstance(raw_actions, list):
        raise fail("action", "expected [[action]] tables")
    actions = []
    for i, raw in enumerate(raw_actions):
        where = f"action[{i}]"
        if not isinstance(raw, Mapping):
            raise fail(where, "expected a table")
        fields = {k: v for k, v in raw.items() if k not in ACTION_EXTRAS}
        try:
            action = codec.decode_action(fields)
        except ValueError as error:
            raise fail(where, str(error)) from None
        dice = _parse_dice(raw.get("dice", ()), lambda msg, w=where: fail(f"{w}.dice", msg))
        expect = raw.get("expect", {})
        if not isinstance(expect, Mapping):
            raise fail(f"{where}.expect", "expected a table")
        actions.append(ScriptedAction(action, dice, dict(expect)))
    expect = data.get("expect", {})
    if not isinstance(expect, Mapping):
        raise fail("expect", "expected a table")
    return Scenario(
        path=name,
        name=str(data.get("name", "")),
        setup=setup_data,
        seed=seed,
        position=dict(position),
        actions=tuple(actions),
        expect=dict(expect),
    )


def _parse_dice(raw: Any, fail: Any) -> tuple[int, ...]:
    if not isinstance(raw, (list, tuple)):
        raise fail('expected a list of faces, e.g. [2, "hood"]')
    faces = []
    for value in raw:
        if value == HOOD:
            faces.append(0)
        elif isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 5:
            faces.append(value)
        else:
            raise fail(f'a face is 1 to 5 or "hood", got {value!r}')
    return tuple(faces)


# --- the position --------------------------------------------------------------------------------------------------


def apply_position(state: GameState, position: Mapping[str, Any], defs: Definitions, name: str) -> GameState:
    """`state` changed as `position` says (see docs/scenarios.md); errors name the file and the field."""

    def fail(where: str, message: str) -> ScenarioError:
        return ScenarioError(f"{name}: field 'position.{where}': {message}")

    def table(key: str) -> Mapping[str, Any]:
        value = position.get(key, {})
        if not isinstance(value, Mapping):
            raise fail(key, "expected a table")
        return value

    def listed(key: str) -> list[Any]:
        value = position.get(key, [])
        if not isinstance(value, list):
            raise fail(key, "expected a list")
        return value

    def character(where: str, value: Any) -> str:
        if value not in defs.characters:
            raise fail(where, f"unknown character {value!r}")
        return str(value)

    def region(where: str, value: Any) -> str:
        if value not in defs.board.region_ids:
            raise fail(where, f"unknown region {value!r}")
        return str(value)

    def hand(where: str, value: Any) -> int:
        index = state.hand_index(character(where, value))
        if index is None:
            raise fail(where, f"{value!r} is not played in this scenario's set-up")
        return index

    for vehicle, where_to in table("vehicles").items():
        if vehicle not in defs.vehicles:
            raise fail(f"vehicles.{vehicle}", "unknown vehicle")
        state = evolve(state, vehicles=assign(state.vehicles, vehicle, region(f"vehicles.{vehicle}", where_to)))
    for who, vehicle in table("seats").items():
        character(f"seats.{who}", who)
        if vehicle not in defs.vehicles:
            raise fail(f"seats.{who}", f"unknown vehicle {vehicle!r}")
        state = evolve(state, seats=assign(state.seats, who, vehicle))
    for pod, where_to in table("pods").items():
        if pod not in defs.pods:
            raise fail(f"pods.{pod}", "unknown pod")
        if where_to == NOTEBOOK:
            state = evolve(state, pods=without(state.pods, pod))
        else:
            state = evolve(state, pods=assign(state.pods, pod, region(f"pods.{pod}", where_to)))
    if "cargo" in position:
        state = evolve(state, cargo=())
        carrier = carrier_id(defs)
        here = state.vehicle_region(carrier) or ""
        for piece in listed("cargo"):
            if piece in defs.pods:
                if state.pod_region(piece) is None:
                    raise fail("cargo", f"pod {piece!r} is not built (list it under position.pods)")
            elif piece not in defs.vehicles[carrier].carries_vehicles:
                raise fail("cargo", f"{carrier} cannot carry {piece!r}")
            if not cargo_room(state, defs, piece):
                raise fail("cargo", f"{carrier} carries either one vehicle or up to its pod capacity of pods")
            state = evolve(state, cargo=state.cargo + (piece,))
            if piece in defs.pods:
                state = evolve(state, pods=assign(state.pods, piece, here))
            else:
                state = evolve(state, vehicles=assign(state.vehicles, piece, here))

    for who, counts in table("tokens").items():
        index = hand(f"tokens.{who}", who)
        if not isinstance(counts, Mapping):
            raise fail(f"tokens.{who}", "expected a table of token counts")
        for kind, count in counts.items():
            if kind not in TOKEN_KINDS:
                raise fail(f"tokens.{who}.{kind}", "unknown token kind")
            if not isinstance(count, int) or isinstance(count, bool) or count < 0:
                raise fail(f"tokens.{who}.{kind}", f"expected a count of 0 or more, got {count!r}")
            i = TOKEN_KINDS.index(kind)
            held = state.players[index].tokens[i]
            if state.supply[i] < count - held:
                raise fail(f"tokens.{who}.{kind}", f"only {state.supply[i] + held} {kind} tokens in the game")
            old = state.players[index]
            tokens = old.tokens[:i] + (count,) + old.tokens[i + 1 :]
            supply = state.supply[:i] + (state.supply[i] - (count - held),) + state.supply[i + 1 :]
            state = _set_hand(state, index, Hand(old.character, tokens, old.fabs))
            state = evolve(state, supply=supply)

    fab_deck = state.fab_deck
    for who, cards in table("fab").items():
        index = hand(f"fab.{who}", who)
        if not isinstance(cards, list):
            raise fail(f"fab.{who}", "expected a list of F.A.B. cards")
        old = state.players[index]
        fab_deck = fab_deck.put_on_bottom(old.fabs)
        for card in cards:
            if card not in defs.fabs:
                raise fail(f"fab.{who}", f"unknown F.A.B. card {card!r}")
            if card not in fab_deck:
                raise fail(f"fab.{who}", f"{card!r} is already in another hand")
            fab_deck = fab_deck.remove(card)
        state = _set_hand(state, index, Hand(old.character, old.tokens, tuple(cards)))
    for card in reversed(listed("fab_deck_top")):
        if card not in fab_deck:
            raise fail("fab_deck_top", f"{card!r} is not in the F.A.B. deck")
        fab_deck = fab_deck.remove(card).put_on_top((card,))
    state = evolve(state, fab_deck=fab_deck)

    deck = state.disasters
    if "track" in position:
        slots: list[str | None] = [None] * len(state.track)
        deck = deck.put_on_bottom(tuple(c for _, c in state.track.occupied()))
        for key, card in table("track").items():
            where = f"track.{key}"
            if not str(key).isdigit() or not 1 <= int(key) <= len(slots):
                raise fail(where, f"a slot is 1 to {len(slots)}")
            if card not in defs.disasters or defs.disasters[card].kind != "disaster":
                raise fail(where, f"unknown disaster card {card!r}")
            if card not in deck:
                raise fail(where, f"{card!r} is placed twice")
            deck = deck.remove(card)
            slots[int(key) - 1] = card
        state = evolve(state, track=SlotTrack(tuple(slots)))
    for card in listed("discard"):
        if card not in defs.disasters or card not in deck.draw_pile:
            raise fail("discard", f"{card!r} is not in the disaster deck")
        deck = deck.remove(card).discard(card)
    for card in reversed(listed("deck_top")):
        if card not in defs.disasters or card not in deck.draw_pile:
            raise fail("deck_top", f"{card!r} is not in the disaster deck")
        deck = deck.remove(card).put_on_top((card,))
    state = evolve(state, disasters=deck)

    state = _hood_track(state, position, defs, fail, listed)
    if "hood" in position:
        space = position["hood"]
        if not isinstance(space, int) or not 0 <= space < defs.hood_track.length:
            raise fail("hood", f"a space is 0 to {defs.hood_track.length - 1}")
        state = evolve(state, hood=space)
    for vehicle, speed in table("speeds").items():
        if vehicle not in defs.vehicles or not isinstance(speed, int) or speed < 0:
            raise fail(f"speeds.{vehicle}", "expected a vehicle and a speed of 0 or more")
        effect = LastingEffect("adjust", "adjust", "speed-limit", speed, vehicle=vehicle)
        state = evolve(state, effects=state.effects + (effect,))

    if "active" in position:
        state = evolve(state, active=hand("active", position["active"]))
    for key in ("actions_left", "turn"):
        if key in position:
            value = position[key]
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise fail(key, f"expected a whole number, got {value!r}")
            state = evolve(state, **{key: value})
    if "used" in position:
        state = evolve(state, used=frozenset(listed("used")))
    if "actions_left" in position or "used" in position:
        state = evolve(state, fresh_turn=False)
    return state


def _set_hand(state: GameState, index: int, hand: Hand) -> GameState:
    return evolve(state, players=state.players[:index] + (hand,) + state.players[index + 1 :])


def _hood_track(state: GameState, position: Mapping[str, Any], defs: Definitions, fail: Any, listed: Any) -> GameState:
    cards = list(state.hood_cards)
    if "events" in position:
        events = listed("events")
        spaces = defs.hood_track.event_spaces
        if len(events) != len(spaces) or len(set(events)) != len(events) or any(e not in defs.events for e in events):
            raise fail("events", f"expected {len(spaces)} different event ids, one per event space")
        cards = [c for c in cards if c.kind != "event"] + [HoodCard(s, "event", e) for s, e in zip(spaces, events)]
    if "schemes" in position:
        schemes = listed("schemes")
        spaces = defs.hood_track.scheme_spaces
        if (
            len(schemes) != len(spaces)
            or len(set(schemes)) != len(schemes)
            or any(s not in defs.schemes for s in schemes)
        ):
            raise fail("schemes", f"expected {len(spaces)} different scheme ids, one per scheme space")
        cards = [c for c in cards if c.kind != "scheme"] + [
            HoodCard(s, "scheme", card, "face-up" if i == 0 else "face-down")
            for i, (s, card) in enumerate(zip(spaces, schemes))
        ]
    cards.sort(key=lambda c: c.space)
    state = evolve(state, hood_cards=tuple(cards))
    if "foiled" in position:
        foiled = position["foiled"]
        schemes_on_track = [c for c in cards if c.kind == "scheme"]
        if not isinstance(foiled, int) or not 0 <= foiled < len(schemes_on_track):
            raise fail("foiled", f"expected 0 to {len(schemes_on_track) - 1} schemes already foiled")
        for i, card in enumerate(schemes_on_track):
            status: HoodCardStatus = "foiled" if i < foiled else ("face-up" if i == foiled else "face-down")
            state = set_hood_card(state, card.card, status)
    for event in listed("active_events"):
        if not any(c.card == event and c.kind == "event" for c in state.hood_cards):
            raise fail("active_events", f"{event!r} is not on the Hood track")
        state = set_hood_card(state, event, "active")
        for effect in defs.events[event].effects:
            if effect.kind in ("speed-limit", "rescue-modifier", "block-edges"):
                lasting = LastingEffect(
                    event, "event", effect.kind, effect.value, effect.rescue_type, effect.vehicle, effect.edges
                )
                state = evolve(state, effects=state.effects + (lasting,))
    return state


# --- running ---------------------------------------------------------------------------------------------------------


def run_scenario(scenario: Scenario) -> ScenarioResult:
    try:
        setup = parse_setup(scenario.setup)
        defs = definitions_for(setup)
        chance = LiveChance(seed_state(scenario.seed))
        state = initial_state(scenario.setup, chance, defs)
    except IllegalAction as refused_setup:
        raise ScenarioError(f"{scenario.path}: field 'setup': {refused_setup.reason}") from None
    except DataError as broken:  # `[setup] data` names a folder whose data does not load
        first = str(broken.problems[0]) if broken.problems else str(broken)
        more = f" (and {len(broken.problems) - 1} more problems)" if len(broken.problems) > 1 else ""
        raise ScenarioError(f"{scenario.path}: field 'setup.data': {first}{more}") from None
    state = evolve(state, rng=chance.rng_after)
    state = apply_position(state, scenario.position, defs, scenario.path)
    events: list[tuple[int, object]] = []
    checks: list[Check] = []
    error: str | None = None
    error_action: int | None = None
    applied = 0
    labels: list[str] = []
    for i, scripted in enumerate(scenario.actions):
        chance = LiveChance(state.rng, scripted.dice)
        label = describe(scripted.action, state, defs)
        try:
            state, happened = apply(state, scripted.action, chance, defs)
        except IllegalAction as refused:
            error, error_action = refused.reason, i
            break
        state = evolve(state, rng=chance.rng_after)
        events.extend((i, e) for e in happened)
        labels.append(label)
        applied += 1
        if scripted.expect:
            partial = ScenarioResult(state, tuple(events), applied, None, None, (), defs)
            checks.extend(_check(partial.to_json(), scripted.expect, i))
    result = ScenarioResult(state, tuple(events), applied, error, error_action, (), defs, tuple(labels))
    checks.extend(_check(result.to_json(), scenario.expect, None))
    return ScenarioResult(state, tuple(events), applied, error, error_action, tuple(checks), defs, tuple(labels))


def _check(output: Mapping[str, Any], expect: Mapping[str, Any], after: int | None) -> list[Check]:
    checks = []
    for path, expected in expect.items():
        if path == "error":
            actual = output.get("error")
            ok = isinstance(actual, str) and isinstance(expected, str) and expected in actual
        elif path == "events_include":
            actual = [e["type"] for e in output["events"] if after is None or e["action"] == after]
            ok = all(name in actual for name in expected)
        else:
            actual = _lookup(output, path)
            ok = actual == _plain(expected)
        checks.append(Check(path, expected, actual, ok, after))
    return checks


def _lookup(data: Any, path: str) -> Any:
    for part in path.split("."):
        if isinstance(data, Mapping):
            data = data.get(part)
        elif isinstance(data, list) and part.lstrip("-").isdigit() and -len(data) <= int(part) < len(data):
            data = data[int(part)]
        else:
            return None
    return data


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


# --- a readable view of a state (what the scenario JSON shows and `[expect]` paths read) ------------------------


def view(state: GameState, defs: Definitions) -> dict[str, Any]:
    pending: dict[str, Any] | None = None
    if isinstance(state.pending, PendingRescue):
        p = state.pending
        pending = {
            "type": "rescue",
            "player": state.players[p.player].character,
            "disaster": p.disaster,
            "dice": [DIE.faces[f].label for f in p.dice],
            "bonus": p.bonus,
            "teamwork": p.teamwork,
            "ignored_die": p.ignored_die,
            "score": p.score,
            "hood_faces": p.hood_faces,
            "difficulty": defs.disasters[p.disaster].difficulty,
        }
    elif isinstance(state.pending, PendingReward):
        pending = {
            "type": "reward",
            "player": state.players[state.pending.player].character,
            "disaster": state.pending.disaster,
            "jokers": state.pending.jokers,
        }
    return {
        "phase": state.phase,
        "turn": state.turn,
        "active": state.active_character,
        "actions_left": state.actions_left,
        "players": [hand.character for hand in state.players],
        "reserve": list(state.reserve),
        "tokens": {hand.character: dict(zip(TOKEN_KINDS, hand.tokens)) for hand in state.players},
        "fab": {hand.character: list(hand.fabs) for hand in state.players},
        "supply": dict(zip(TOKEN_KINDS, state.supply)),
        "vehicles": dict(state.vehicles),
        "seats": dict(state.seats),
        "cargo": list(state.cargo),
        "pods": dict(state.pods),
        "track": {str(slot): card for slot, card in state.track.occupied()},
        "skull": state.skull,
        "deck_size": len(state.disasters),
        "deck_top": state.disasters.draw_pile[0] if state.disasters.draw_pile else None,
        "discard": list(state.disasters.discard_pile),
        "fab_deck_size": len(state.fab_deck),
        "fab_discard": list(state.fab_deck.discard_pile),
        "hood": state.hood,
        "hood_cards": [codec.encode(c) for c in state.hood_cards],
        "current_scheme": None if state.current_scheme is None else state.current_scheme.card,
        "schemes_foiled": state.schemes_foiled,
        "effects": [codec.encode(e) for e in state.effects],
        "used": sorted(state.used),
        "pending": pending,
        "outcome": None if state.outcome is None else codec.encode(state.outcome),
    }
