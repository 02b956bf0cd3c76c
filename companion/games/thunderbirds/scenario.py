"""Thunderbirds' part of the scenario files (the format and the runner are `companion.engine.scenario`).

A scenario starts from the normal set-up (seeded), changes whatever `[position]` says, then applies each
`[[action]]` with its forced `dice` (1 to 5 or "hood"). Positions only ever move cards and tokens (never create
them), so every card stays accounted for. docs/scenarios.md documents the keys.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from companion.engine import scenario as format_
from companion.engine.chance import LiveChance
from companion.engine.scenario import PositionFields, Scenario, ScenarioError, ScenarioGame
from companion.engine.track import SlotTrack
from companion.games.thunderbirds import codec
from companion.games.thunderbirds.definitions import TOKEN_KINDS, Definitions
from companion.games.thunderbirds.effects import set_hood_card
from companion.games.thunderbirds.errors import DataError
from companion.games.thunderbirds.movement import cargo_room, carrier_id
from companion.games.thunderbirds.rules import ThunderbirdsRules
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

__all__ = ["ScenarioError", "apply_position", "load_scenario", "parse_scenario", "run_scenario", "view"]

# --- the position --------------------------------------------------------------------------------------------------


def apply_position(state: GameState, position: Mapping[str, Any], defs: Definitions, name: str) -> GameState:
    """`state` changed as `position` says (see docs/scenarios.md); errors name the file and the field."""

    fields = PositionFields(position, name)
    fail, table, listed = fields.fail, fields.table, fields.listed

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


# --- the game's part of the format ---------------------------------------------------------------------------


class ThunderbirdsScenarios(ScenarioGame[GameState]):
    game = "thunderbirds"
    codec = codec
    apply_position = staticmethod(apply_position)
    title = "Thunderbirds"
    setup_keys = frozenset({"players", "difficulty", "characters", "data"})
    position_keys = frozenset(
        {
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
    )

    def forced(self, raw: list[Any], action: Any) -> tuple[Any, ...]:
        faces = []
        for value in raw:
            if value == HOOD:
                faces.append(0)
            elif isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 5:
                faces.append(value)
            else:
                raise ValueError(f'a face is 1 to 5 or "hood", got {value!r}')
        return tuple(faces)

    def start(self, scenario: Scenario, chance: LiveChance) -> tuple[GameState, ThunderbirdsRules, Definitions]:
        setup = {("data_dir" if key == "data" else key): value for key, value in scenario.setup.items()}
        try:
            defs = definitions_for(parse_setup(setup))
        except DataError as broken:  # `[setup] data` names a folder whose data does not load
            first = str(broken.problems[0]) if broken.problems else str(broken)
            more = f" (and {len(broken.problems) - 1} more problems)" if len(broken.problems) > 1 else ""
            raise scenario.fail("setup.data", f"{first}{more}") from None
        return initial_state(setup, chance, defs), ThunderbirdsRules(defs), defs

    def report(self, state: GameState, defs: Any) -> dict[str, Any]:
        final = score(state, defs)
        return {
            "outcome": None if state.outcome is None else codec.encode(state.outcome),
            "score": None if final is None else final.total,
            "state": view(state, defs),
        }

    def outcome_line(self, state: GameState, defs: Any) -> str | None:
        outcome = state.outcome
        return None if outcome is None else f"game {outcome.result}: {outcome.reason}"


SCENARIOS = ThunderbirdsScenarios()
load_scenario = partial(format_.load, SCENARIOS)
parse_scenario = partial(format_.parse, SCENARIOS)
run_scenario = partial(format_.run, SCENARIOS)
