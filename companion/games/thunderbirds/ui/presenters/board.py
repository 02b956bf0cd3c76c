"""The Board screen: a schematic map of the 18 regions and the orange Thunderbird 3 path, with every
Thunderbird, peg and built pod; the selected Thunderbird's legal destinations; load, unload and transfer.

Positions follow the printed board: space along the top with the orange path dropping to Tracy Island (South
Pacific), Europe and Africa on the left, the Americas and the Atlantic on the right. The Atlantic wraps around
to Europe and Africa as on the board: those edges are drawn leaving one side and entering the other.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.games.thunderbirds import actions as a
from companion.games.thunderbirds import names
from companion.games.thunderbirds.movement import blocked_edges, top_speed
from companion.games.thunderbirds.ui.presenters.words import joined, route_names, vehicle_names_whole
from companion.locale import _, ngettext
from companion.ui.action_keys import act
from companion.ui.recently_used import RecentlyUsed

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
    vehicles: str  # "TB1 TB2*"
    pieces: str  # "Sc Vi · ■ 1": pegs' initials and the number of built pods
    is_here: bool  # the selected Thunderbird is here
    destination_key: str  # "act:Move:..." when the selected Thunderbird can go here now, else ""
    distance: str  # "1" moves away for destinations


@dataclass(frozen=True)
class Edge:
    a: tuple[float, float]
    b: tuple[float, float]
    network: str  # earth, tb3-path
    wraps: bool  # drawn off one side and in from the other
    #: The two regions it joins (ids).
    ends: tuple[str, str] = ("", "")
    #: A card closed it: no Thunderbird crosses it (drawn red with a cross at its middle).
    closed: bool = False


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


def initials(name: str) -> str:
    """ "Scott" -> "Sc", "Lady Penelope" -> "LP": short enough for a map box, explained by the side panel."""
    words = name.split()
    return "".join(w[0] for w in words[:2]) if len(words) > 1 else name[:2]


def pieces_text(vehicles: list[str], cargo: tuple[str, ...], pegs: list[str], pods: int) -> tuple[str, str]:
    """What stands in a region, in two short lines: the Thunderbirds ("TB 1 2* · FAB1", * = carried), then
    the pegs' initials and the built pods ("Sc Vi · ■ 1")."""
    numbered = [v for v in vehicles if VEHICLE_SHORT.get(v, "").startswith("TB")]
    labels = []
    if numbered:  # "TB 1 2 4*": one "TB" for all the Thunderbirds here
        labels.append("TB " + " ".join(VEHICLE_SHORT[v][2:] + ("*" if v in cargo else "") for v in numbered))
    labels += [VEHICLE_SHORT.get(v, v) + ("*" if v in cargo else "") for v in vehicles if v not in numbered]
    second = " ".join(pegs)
    if pods:
        second += (" · " if second else "") + f"■ {pods}"
    return " · ".join(labels), second


def region_details(state: Any, defs: Any, region_id: str, character_name: Callable[[str], str]) -> tuple[str, ...]:
    """Everything in a region, in full, for the pop-up a tap on the map opens."""
    lines = []
    for vehicle, region in state.vehicles:
        if region != region_id:
            continue
        people = ", ".join(character_name(c) for c in state.occupants(vehicle))
        carried = _(" (carried by Thunderbird 2)") if vehicle in state.cargo else ""
        lines.append(
            joined(names.vehicle(defs, vehicle) + carried, people) if people else names.vehicle(defs, vehicle) + carried
        )
    pods = [names.pod(defs, p) for p, r in state.pods if r == region_id]
    if pods:
        lines.append(_("Built pods: {pods}").format(pods=", ".join(pods)))
    disasters = [names.card(defs, c) for _slot, c in state.track.occupied() if defs.disasters[c].region == region_id]
    if disasters:
        lines.append(_("Disasters here: {cards}").format(cards=", ".join(disasters)))
    return tuple(lines) or (_("Nothing here."),)


@dataclass(frozen=True)
class MapLayout:
    """What the map shows that only the board and the language decide: region spots' places and names, links."""

    regions: tuple[tuple[str, str, float, float, str], ...]  # id, name on the map, x, y, domain
    edges: tuple[Edge, ...]


#: The last layouts made, by (definitions, language): the same board is laid out once, not on every pick.
_LAYOUTS: RecentlyUsed[tuple[int, str], tuple[Any, MapLayout]] = RecentlyUsed()
LAYOUTS_KEPT = 4


def map_layout(defs: Any) -> MapLayout:
    """The board's fixed part of the map (region names, places and links), made once per definitions and language."""
    from companion.locale import language

    key = (id(defs), language())
    found = _LAYOUTS.take(key)
    if found is not None and found[0] is defs:
        return found[1]
    ids = [r.id for r in defs.board.regions]
    regions = []
    for index, region in enumerate(defs.board.regions):
        x, y = position(region.id, index, len(ids))
        regions.append((region.id, map_name(region.names.text()), x, y, region.domain))
    edges = []
    for network, edge_set in (("earth", defs.board.earth_edges), ("tb3-path", defs.board.tb3_path_edges)):
        for edge in sorted(tuple(sorted(e)) for e in edge_set):
            first, second = edge
            pa = position(first, ids.index(first) if first in ids else 0, len(ids))
            pb = position(second, ids.index(second) if second in ids else 0, len(ids))
            edges.append(Edge(pa, pb, network, wraps=abs(pa[0] - pb[0]) > 0.6, ends=(first, second)))
    layout = MapLayout(tuple(regions), tuple(edges))
    _LAYOUTS.keep(key, (defs, layout), LAYOUTS_KEPT)  # the definitions are held so their id is not reused
    return layout


def pieces_by_region(state: Any, character_name: Callable[[str], str]) -> dict[str, tuple[str, str]]:
    """`pieces_text` for every region that has something in it, in one pass over the state."""
    vehicles_at: dict[str, list[str]] = {}
    for vehicle, region in state.vehicles:
        vehicles_at.setdefault(region, []).append(vehicle)
    pods_at = Counter(region for _pod, region in state.pods if region is not None)
    region_of = dict(state.vehicles)
    pegs_at: dict[str, list[str]] = {}
    for character, vehicle in state.seats:
        region = region_of.get(vehicle)
        if region is not None:
            pegs_at.setdefault(region, []).append(initials(character_name(character)))
    return {
        region: pieces_text(vehicles_at.get(region, []), state.cargo, pegs_at.get(region, []), pods_at.get(region, 0))
        for region in vehicles_at.keys() | pods_at.keys()
    }


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
    layout = map_layout(defs)
    pieces = pieces_by_region(state, character_name)
    nothing = ("", "")
    regions = []
    for region_id, name, x, y, domain in layout.regions:
        move = moves.get(region_id)
        vehicles, pegs = pieces.get(region_id, nothing)
        regions.append(
            RegionSpot(
                id=region_id,
                name=name,
                x=x,
                y=y,
                domain=domain,
                vehicles=vehicles,
                pieces=pegs,
                is_here=region_id == here,
                destination_key=act(move) if move is not None else "",
                distance=str(far.get(region_id, "")) if move is not None else "",
            )
        )
    chips: list[VehicleChip] = []
    for vehicle_id, region_id in state.vehicles:
        occupants = [character_name(c) for c in state.occupants(vehicle_id)]
        label = f"{VEHICLE_SHORT.get(vehicle_id, vehicle_id)} · {names.region(defs, region_id)}"
        if occupants:
            label += " · " + ", ".join(occupants)
        chips.append(
            VehicleChip(
                vehicle_id, label, f"vehicle:{vehicle_id}", vehicle_id == selected, vehicle_id == active_vehicle
            )
        )
    operations = [
        Operation(act(x), vehicle_names_whole(defs, describe(x))) for x in legal if _concerns(x, selected, defs)
    ]
    blocked = set(blocked_edges(state))
    edges = tuple(replace(e, closed=True) if frozenset(e.ends) in blocked else e for e in layout.edges)
    if selected and not moves and selected == active_vehicle and state.phase == "actions":
        hint = _("{vehicle} cannot move now (top speed {speed}, or no action left).").format(
            vehicle=names.vehicle(defs, selected), speed=top_speed(state, defs, selected)
        )
    elif moves:
        hint = _("Tap a highlighted region to move {vehicle} there (one action).").format(
            vehicle=names.vehicle(defs, selected)
        )
    elif selected:
        hint = _("Only the Thunderbird of the active character moves; pick it to see where it can go.")
    else:
        hint = ""
    closed = [e.ends for e in edges if e.closed]
    if closed:
        routes = ngettext("Closed: {routes}.", "Closed: {routes}.", len(closed)).format(
            routes=route_names(defs, closed)
        )
        hint = f"{hint} {routes}" if hint else routes
    return BoardView(
        title=_("Board"),
        hint=hint,
        regions=tuple(regions),
        edges=edges,
        vehicles=tuple(chips),
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
