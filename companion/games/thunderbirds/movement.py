"""Where pieces can go: top speeds under lasting effects, reachable regions, seats and Thunderbird 2's cargo.

Decisions where the rulebook is silent (also in docs/scenarios.md):
- A vehicle carried by Thunderbird 2 cannot move on its own: unload it first.
- Seats whose number is unknown are not limited.
- A manual speed (`AdjustSpeed`) replaces the printed speed and every event limit on that vehicle; event limits
  otherwise cap the printed speed (the lowest cap wins).
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.thunderbirds.definitions import Definitions, Vehicle
from companion.games.thunderbirds.state import GameState
from companion.games.thunderbirds.tables import SEARCHES_KEPT, tables


def carrier_id(defs: Definitions) -> str:
    """The vehicle that carries others (Thunderbird 2)."""
    return tables(defs).carrier


def top_speed(state: GameState, defs: Definitions, vehicle: str) -> int:
    speed = defs.vehicles[vehicle].speed
    manual: int | None = None
    for effect in state.effects:
        if effect.kind == "speed-limit" and effect.vehicle == vehicle:
            if effect.source == "adjust":
                manual = effect.value
            else:
                speed = min(speed, effect.value)
    return speed if manual is None else manual


def blocked_edges(state: GameState) -> tuple[frozenset[str], ...]:
    if not state.effects:
        return ()
    return tuple(frozenset(edge) for effect in state.effects if effect.kind == "block-edges" for edge in effect.edges)


def blocking_card(state: GameState) -> str | None:
    for effect in state.effects:
        if effect.kind == "block-edges":
            return effect.card
    return None


def distances(state: GameState, defs: Definitions, vehicle: str) -> Mapping[str, int]:
    """Moves needed from the vehicle's region to every region of its network (blocked edges avoided).

    The result may be shared: do not change it."""
    here = state.vehicle_region(vehicle)
    network = defs.vehicles[vehicle].network
    if here is None or network == "none":
        return {}
    blocked = blocked_edges(state)
    table = tables(defs)
    if not blocked:
        return table.distances[network].get(here, {here: 0})
    key = (network, here, blocked)
    found = table.blocked_distances.get(key)
    if found is None:
        if len(table.blocked_distances) >= SEARCHES_KEPT:
            table.blocked_distances.clear()
        found = table.blocked_distances[key] = defs.board.distances_from(here, network, blocked)
    return found


def destinations(state: GameState, defs: Definitions, vehicle: str) -> tuple[str, ...]:
    """Every region one Move action can take the vehicle to (its own region excluded), nearest first."""
    speed = top_speed(state, defs, vehicle)
    if speed <= 0:
        return ()
    here = state.vehicle_region(vehicle)
    network = defs.vehicles[vehicle].network
    if here is None or network == "none":
        return ()
    table = tables(defs)
    key = (network, here, speed, blocked_edges(state))
    found = table.destinations.get(key)
    if found is None:
        if len(table.destinations) >= SEARCHES_KEPT:
            table.destinations.clear()
        reachable = distances(state, defs, vehicle).items()
        found = table.destinations[key] = tuple(region for region, d in reachable if 0 < d <= speed)
    return found


def seats_free(state: GameState, vehicle: Vehicle) -> int | None:
    """Empty seats, or None when the vehicle's seats are not known (then unlimited)."""
    if vehicle.seats is None:
        return None
    return vehicle.seats - sum(1 for _, v in state.seats if v == vehicle.id)


def cargo_room(state: GameState, defs: Definitions, piece: str) -> bool:
    """Thunderbird 2 carries either one of its vehicles, or up to its pod capacity of pods."""
    carrier = defs.vehicles[carrier_id(defs)]
    if piece in defs.pods:
        return len(state.cargo) < carrier.pod_capacity and all(p in defs.pods for p in state.cargo)
    return piece in carrier.carries_vehicles and not state.cargo


def piece_region(state: GameState, defs: Definitions, kind: str, piece: str) -> str | None:
    """Where a character, vehicle or built pod is; None for a pod on Brains' notebook."""
    if kind == "character":
        return state.character_region(piece)
    if kind == "vehicle":
        return state.vehicle_region(piece)
    return state.pod_region(piece)
