"""Facts derived once from the definitions and reused by every rules step (the rules run thousands of steps)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.thunderbirds.definitions import Ability, Definitions, DisasterCard, Network


@dataclass(frozen=True)
class Tables:
    carrier: str  # the vehicle that carries others (Thunderbird 2)
    abilities: dict[str, tuple[Ability, ...]]  # character id -> abilities
    space_regions: tuple[str, ...]
    earth_regions: tuple[str, ...]
    region_ids: frozenset[str]
    network_regions: dict[str, frozenset[str]]  # network -> the regions on it
    distances: dict[str, dict[str, dict[str, int]]]  # network -> from -> to -> moves, with no edge blocked
    hood_advances: frozenset[str]  # ids of "The Hood advances" cards
    #: disaster id -> its printed bonuses as (piece kind, piece, value, required region, seat): `seat` is the
    #: vehicle a character must sit in ("if in Thunderbird 5"), else None and the piece must be in the region.
    bonus_plans: dict[str, tuple[tuple[str, str, int, str | None, str | None], ...]]
    rescue_fabs: tuple[str, ...]  # F.A.B. cards that add to a rescue before the roll
    #: Worked out on demand: (network, from, blocked edges) -> moves to every reachable region, and
    #: (network, from, top speed, blocked edges) -> the regions one Move reaches. Lasting effects that block
    #: edges stay in play for many turns, so the same few searches come back again and again.
    blocked_distances: dict[tuple[str, str, tuple[frozenset[str], ...]], dict[str, int]]
    destinations: dict[tuple[str, str, int, tuple[frozenset[str], ...]], tuple[str, ...]]


_CACHE: dict[int, tuple[Definitions, Tables]] = {}


def tables(defs: Definitions) -> Tables:
    """The tables for `defs`, built on first use; the entry keeps `defs` alive so its id is never reused."""
    global _LAST_DEFINITIONS, _LAST_TABLES
    if defs is _LAST_DEFINITIONS and _LAST_TABLES is not None:  # nearly always: the definitions asked for last
        return _LAST_TABLES
    entry = _CACHE.get(id(defs))
    if entry is None or entry[0] is not defs:
        if len(_CACHE) > 16:
            _CACHE.clear()
        entry = _CACHE[id(defs)] = (defs, _build(defs))
    _LAST_DEFINITIONS, _LAST_TABLES = entry
    return entry[1]


_LAST_DEFINITIONS: Definitions | None = None
_LAST_TABLES: Tables | None = None


def _build(defs: Definitions) -> Tables:
    carrier = next(
        (v.id for v in defs.vehicles.values() if v.carries_vehicles or v.pod_capacity),
        "tb2",
    )
    abilities = {c.id: c.abilities for c in defs.characters.values()}
    every_network: tuple[Network, ...] = ("earth", "tb3-path", "none")
    networks: dict[str, frozenset[str]] = {
        network: frozenset(r for edge in defs.board.edges(network) for r in edge) for network in every_network
    }
    return Tables(
        carrier=carrier,
        abilities=abilities,
        space_regions=tuple(r.id for r in defs.board.regions if r.domain == "space"),
        earth_regions=tuple(r.id for r in defs.board.regions if r.domain == "earth"),
        region_ids=frozenset(r.id for r in defs.board.regions),
        network_regions=networks,
        distances={
            network: {region: defs.board.distances_from(region, network) for region in networks[network]}
            for network in every_network
        },
        hood_advances=frozenset(c.id for c in defs.disasters.values() if c.kind == "hood-advances"),
        bonus_plans={c.id: _bonus_plan(c) for c in defs.disasters.values()},
        rescue_fabs=tuple(f.id for f in defs.fabs.values() if any(e.kind == "rescue-modifier" for e in f.effects)),
        blocked_distances={},
        destinations={},
    )


#: How many searches `Tables.blocked_distances` and `Tables.destinations` keep before starting afresh.
SEARCHES_KEPT = 1024


def _bonus_plan(card: DisasterCard) -> tuple[tuple[str, str, int, str | None, str | None], ...]:
    plan: list[tuple[str, str, int, str | None, str | None]] = []
    for bonus in card.bonuses:
        if bonus.in_vehicle is not None and bonus.piece_kind == "character":
            plan.append((bonus.piece_kind, bonus.piece, bonus.value, None, bonus.in_vehicle))
        else:
            required = bonus.region if bonus.region is not None else card.region
            plan.append((bonus.piece_kind, bonus.piece, bonus.value, required, None))
    return tuple(plan)
