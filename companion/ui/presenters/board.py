"""The Board screen: a schematic map of the 18 regions and the orange Thunderbird 3 path, with every
Thunderbird, peg and built pod; the selected Thunderbird's legal destinations; load, unload and transfer.

Positions follow the printed board: space along the top with the orange path dropping to Tracy Island (South
Pacific), Europe and Africa on the left, the Americas and the Atlantic on the right. The Atlantic wraps around
to Europe and Africa as on the board: those edges are drawn leaving one side and entering the other.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.thunderbirds import actions as a
from companion.games.thunderbirds import names
from companion.games.thunderbirds.movement import top_speed
from companion.locale import _
from companion.ui.action_keys import act

#: Region centres on the map, as fractions of its width and height (0, 0 is the bottom left).
POSITIONS: dict[str, tuple[float, float]] = {
    "the-sun": (0.07, 0.87),
    "mercury": (0.215, 0.87),
    "venus": (0.36, 0.87),
    "geo-stationary-orbit": (0.505, 0.87),
    "the-moon": (0.65, 0.87),
    "mars": (0.795, 0.87),
    "asteroid-belt": (0.93, 0.87),
    "europe": (0.08, 0.57),
    "africa": (0.10, 0.20),
    "asia": (0.27, 0.57),
    "indian-ocean": (0.27, 0.20),
    "north-pacific": (0.44, 0.57),
    "australia": (0.42, 0.20),
    "south-pacific": (0.59, 0.38),
    "north-america": (0.74, 0.60),
    "south-america": (0.76, 0.20),
    "north-atlantic": (0.92, 0.57),
    "south-atlantic": (0.93, 0.20),
}
#: Fallback for regions a corrected board adds: a row along the bottom.
FALLBACK_Y = 0.05

VEHICLE_SHORT = {"tb1": "TB1", "tb2": "TB2", "tb3": "TB3", "tb4": "TB4", "tb5": "TB5", "fab1": "FAB1"}


@dataclass(frozen=True)
class RegionSpot:
    id: str
    name: str
    x: float
    y: float
    domain: str
    pieces: str  # "TB1 TB2 · Scott, Virgil · Mole"
    is_here: bool  # the selected Thunderbird is here
    destination_key: str  # "act:Move:..." when the selected Thunderbird can go here now, else ""
    distance: str  # "1" moves away for destinations


@dataclass(frozen=True)
class Edge:
    a: tuple[float, float]
    b: tuple[float, float]
    network: str  # earth, tb3-path
    wraps: bool  # drawn off one side and in from the other


@dataclass(frozen=True)
class VehicleChip:
    id: str
    label: str  # "TB1 · South Pacific · Scott"
    key: str  # "vehicle:tb1"
    selected: bool
    is_active: bool  # the active character sits in it


@dataclass(frozen=True)
class Operation:
    key: str
    label: str


@dataclass(frozen=True)
class BoardView:
    title: str
    hint: str
    regions: tuple[RegionSpot, ...]
    edges: tuple[Edge, ...]
    vehicles: tuple[VehicleChip, ...]
    operations: tuple[Operation, ...]


VOWELS = set("aeiouyàâéèêëîïôûü")
LONG_WORD = 12


def map_name(name: str) -> str:
    """Names for the small map boxes: a long hyphenated name breaks after its hyphen ("Geo-\nStationary
    Orbit") and a very long word is hyphenated near its middle ("géosta-\ntionnaire"), so no word is ever cut
    at a random letter."""
    head, hyphen, tail = name.partition("-")
    if hyphen and len(name) > LONG_WORD:
        return f"{head}-\n{tail}"
    return " ".join(_hyphenate(word) for word in name.split(" "))


def _hyphenate(word: str) -> str:
    if len(word) <= LONG_WORD:
        return word
    middle = len(word) // 2
    for offset in range(middle):
        for cut in (middle + offset, middle - offset):
            if 3 <= cut <= len(word) - 3 and word[cut - 1].lower() in VOWELS and word[cut].lower() not in VOWELS:
                return f"{word[:cut]}-\n{word[cut:]}"
    return f"{word[:middle]}-\n{word[middle:]}"


def position(region_id: str, index: int, count: int) -> tuple[float, float]:
    return POSITIONS.get(region_id, ((index + 0.5) / max(1, count), FALLBACK_Y))


def pieces_text(state: Any, defs: Any, region_id: str, character_name: Callable[[str], str]) -> str:
    vehicles = [v for v, r in state.vehicles if r == region_id]
    parts = []
    if vehicles:
        labels = []
        for vehicle in vehicles:
            label = VEHICLE_SHORT.get(vehicle, vehicle)
            if vehicle in state.cargo:
                label += "*"
            labels.append(label)
        parts.append(" ".join(labels))
    pegs = [character_name(c) for c, v in state.seats if v in vehicles]
    if pegs:
        parts.append(", ".join(pegs))
    pods = [names.pod(defs, p) for p, r in state.pods if r == region_id]
    if pods:
        parts.append(", ".join(pods))
    return " · ".join(parts)


def present_board(
    state: Any,
    defs: Any,
    legal: Sequence[Any],
    selected: str | None,
    character_name: Callable[[str], str],
    describe: Callable[[Any], str],
) -> BoardView:
    active_vehicle = state.seat_of(state.active_character)
    if selected is None:
        selected = active_vehicle
    moves = {x.to: x for x in legal if isinstance(x, a.Move) and x.vehicle == selected}
    from companion.games.thunderbirds.movement import distances

    far = distances(state, defs, selected) if moves and selected else {}
    here = state.vehicle_region(selected) if selected else None
    ids = [r.id for r in defs.board.regions]
    regions = []
    for index, region in enumerate(defs.board.regions):
        x, y = position(region.id, index, len(ids))
        move = moves.get(region.id)
        regions.append(
            RegionSpot(
                id=region.id,
                name=map_name(region.names.text()),
                x=x,
                y=y,
                domain=region.domain,
                pieces=pieces_text(state, defs, region.id, character_name),
                is_here=region.id == here,
                destination_key=act(move) if move is not None else "",
                distance=str(far.get(region.id, "")) if move is not None else "",
            )
        )
    edges = []
    for network, edge_set in (("earth", defs.board.earth_edges), ("tb3-path", defs.board.tb3_path_edges)):
        for edge in sorted(tuple(sorted(e)) for e in edge_set):
            first, second = edge
            pa = position(first, ids.index(first) if first in ids else 0, len(ids))
            pb = position(second, ids.index(second) if second in ids else 0, len(ids))
            edges.append(Edge(pa, pb, network, wraps=abs(pa[0] - pb[0]) > 0.6))
    vehicles = []
    for vehicle_id, region_id in state.vehicles:
        occupants = [character_name(c) for c in state.occupants(vehicle_id)]
        label = f"{VEHICLE_SHORT.get(vehicle_id, vehicle_id)} · {names.region(defs, region_id)}"
        if occupants:
            label += " · " + ", ".join(occupants)
        vehicles.append(
            VehicleChip(vehicle_id, label, f"vehicle:{vehicle_id}", vehicle_id == selected,
                        vehicle_id == active_vehicle)
        )
    operations = [
        Operation(act(x), describe(x)) for x in legal if _concerns(x, selected, defs)
    ]
    if selected and not moves and selected == active_vehicle and state.phase == "actions":
        hint = _("{vehicle} cannot move now (top speed {speed}, or no action left).").format(
            vehicle=names.vehicle(defs, selected), speed=top_speed(state, defs, selected))
    elif moves:
        hint = _("Tap a highlighted region to move {vehicle} there (one action).").format(
            vehicle=names.vehicle(defs, selected))
    elif selected:
        hint = _("Only the Thunderbird of the active character moves; pick it to see where it can go.")
    else:
        hint = ""
    return BoardView(
        title=_("Board"),
        hint=hint,
        regions=tuple(regions),
        edges=tuple(edges),
        vehicles=tuple(vehicles),
        operations=tuple(operations),
    )


def _concerns(action: Any, vehicle: str | None, defs: Any) -> bool:
    if vehicle is None:
        return False
    if isinstance(action, a.Transfer):
        return action.to_vehicle == vehicle
    if isinstance(action, (a.Load, a.Unload)):
        from companion.games.thunderbirds.movement import carrier_id

        return vehicle == carrier_id(defs) or action.piece == vehicle
    return False
