"""What must hold in every Thunderbirds position, whatever was played: every card and token accounted for, seats
and Thunderbird 2's load within limits, every character in a vehicle. Each check names what broke."""

from __future__ import annotations

from collections import Counter

from companion.games.thunderbirds.definitions import TOKEN_KINDS, Definitions
from companion.games.thunderbirds.state import GameState

DISASTER_CARDS = 47
SCHEME_CARDS = 20
EVENT_CARDS = 12
FAB_CARDS = 18
TOKENS = 30


def check_invariants(state: GameState, defs: Definitions) -> None:
    _disasters(state, defs)
    _hood_track(state, defs)
    _fabs(state, defs)
    _tokens(state, defs)
    _pieces(state, defs)
    assert state.actions_left >= 0, f"negative actions left: {state.actions_left}"
    assert 0 <= state.hood < defs.hood_track.length, f"the Hood is off its track: {state.hood}"
    assert 0 <= state.active < len(state.players), f"no such active player: {state.active}"


def _exactly_once(where: Counter[str], every: set[str], what: str) -> None:
    twice = sorted(card for card, n in where.items() if n > 1)
    missing = sorted(every - set(where))
    strangers = sorted(set(where) - every)
    assert not twice, f"{what} in two places at once: {twice}"
    assert not missing, f"{what} lost: {missing}"
    assert not strangers, f"{what} that do not exist: {strangers}"


def _disasters(state: GameState, defs: Definitions) -> None:
    assert len(defs.disasters) == DISASTER_CARDS
    seen: Counter[str] = Counter(state.disasters.draw_pile)
    seen.update(state.disasters.discard_pile)
    seen.update(card for _slot, card in state.track.occupied())
    if state.skull is not None:
        seen[state.skull] += 1
    _exactly_once(seen, set(defs.disasters), "disaster cards")
    assert len(state.track) == defs.disaster_track_slots


def _hood_track(state: GameState, defs: Definitions) -> None:
    assert len(defs.schemes) == SCHEME_CARDS and len(defs.events) == EVENT_CARDS
    schemes = [c.card for c in state.hood_cards if c.kind == "scheme"]
    events = [c.card for c in state.hood_cards if c.kind == "event"]
    # On the track or in the box: nothing is on the track twice, nothing there is a stranger.
    for cards, every, what in ((schemes, defs.schemes, "schemes"), (events, defs.events, "events")):
        twice = sorted(card for card, n in Counter(cards).items() if n > 1)
        assert not twice, f"{what} twice on the Hood track: {twice}"
        assert set(cards) <= set(every), f"{what} that do not exist: {sorted(set(cards) - set(every))}"
    level = defs.difficulties[state.setup.difficulty]
    assert len(schemes) == len(level.scheme_levels), f"{len(schemes)} schemes on the track"
    assert len(events) == level.events, f"{len(events)} events on the track"
    face_up = [c for c in state.hood_cards if c.kind == "scheme" and c.status == "face-up"]
    assert len(face_up) <= 1, f"several schemes face up: {face_up}"
    spaces = [c.space for c in state.hood_cards]
    assert len(set(spaces)) == len(spaces), f"two cards on one Hood space: {spaces}"


def _fabs(state: GameState, defs: Definitions) -> None:
    assert len(defs.fabs) == FAB_CARDS
    seen: Counter[str] = Counter(state.fab_deck.draw_pile)
    seen.update(state.fab_deck.discard_pile)
    for hand in state.players:
        seen.update(hand.fabs)
    _exactly_once(seen, set(defs.fabs), "F.A.B. cards")


def _tokens(state: GameState, defs: Definitions) -> None:
    total = 0
    for i, kind in enumerate(TOKEN_KINDS):
        assert state.supply[i] >= 0, f"negative {kind} supply"
        held = 0
        for hand in state.players:
            assert hand.tokens[i] >= 0, f"{hand.character} holds {hand.tokens[i]} {kind}"
            held += hand.tokens[i]
        count = defs.tokens[kind].count
        assert state.supply[i] + held == count, f"{kind}: supply {state.supply[i]} + held {held} != {count}"
        total += count
    assert total == TOKENS


def _pieces(state: GameState, defs: Definitions) -> None:
    regions = defs.board.region_ids
    seated = dict(state.seats)
    assert set(seated) == set(defs.characters), f"characters without a seat: {set(defs.characters) - set(seated)}"
    assert len(state.seats) == len(seated), "a character is seated twice"
    vehicles = dict(state.vehicles)
    assert set(vehicles) == set(defs.vehicles), "a vehicle is missing from the board"
    for vehicle, region in vehicles.items():
        assert region in regions, f"{vehicle} in an unknown region {region}"
    for character, vehicle in seated.items():
        assert vehicle in defs.vehicles, f"{character} sits in {vehicle}, which does not exist"
    for vehicle, spec in defs.vehicles.items():
        if spec.seats is not None:
            aboard = state.occupants(vehicle)
            assert len(aboard) <= spec.seats, f"{vehicle} has {spec.seats} seats and carries {aboard}"
    built = dict(state.pods)
    assert len(built) == len(state.pods), "a pod is built twice"
    assert set(built) <= set(defs.pods), f"unknown pods: {set(built) - set(defs.pods)}"
    for pod, region in built.items():
        assert region in regions, f"{pod} in an unknown region {region}"
    carrier = next(v for v in defs.vehicles.values() if v.pod_capacity or v.carries_vehicles)
    cargo = state.cargo
    assert len(set(cargo)) == len(cargo), f"cargo loaded twice: {cargo}"
    pods = [p for p in cargo if p in defs.pods]
    others = [p for p in cargo if p not in defs.pods]
    if others:
        assert len(cargo) == 1 and others[0] in carrier.carries_vehicles, f"{carrier.id} carries {cargo}"
    assert len(pods) <= carrier.pod_capacity, f"{carrier.id} carries {len(pods)} pods"
    for piece in cargo:
        where = built.get(piece) if piece in defs.pods else vehicles.get(piece)
        assert where == vehicles[carrier.id], f"{piece} is in {carrier.id} but in {where}"
