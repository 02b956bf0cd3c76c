"""Names of regions, pieces, cards and tokens in the current language, for reasons and history labels."""

from __future__ import annotations

from collections.abc import Callable

from companion.games.thunderbirds.definitions import Definitions


def region(defs: Definitions, region_id: str | None) -> str:
    if region_id is None:
        return "?"
    try:
        return defs.board.region(region_id).names.text()
    except KeyError:
        return region_id


def vehicle(defs: Definitions, vehicle_id: str | None) -> str:
    found = defs.vehicles.get(vehicle_id or "")
    return found.names.text() if found else str(vehicle_id)


def character(defs: Definitions, character_id: str | None) -> str:
    found = defs.characters.get(character_id or "")
    return found.names.text() if found else str(character_id)


def pod(defs: Definitions, pod_id: str | None) -> str:
    found = defs.pods.get(pod_id or "")
    return found.names.text() if found else str(pod_id)


def piece(defs: Definitions, piece_id: str | None) -> str:
    """A vehicle, a pod or a character."""
    if piece_id in defs.vehicles:
        return vehicle(defs, piece_id)
    if piece_id in defs.pods:
        return pod(defs, piece_id)
    return character(defs, piece_id)


def token(defs: Definitions, kind: str | None) -> str:
    found = defs.tokens.get(kind or "")
    return found.names.text() if found else str(kind)


def card(defs: Definitions, card_id: str | None) -> str:
    """A disaster, scheme, event or F.A.B. card."""
    for deck in (defs.disasters, defs.schemes, defs.events, defs.fabs):
        found = deck.get(card_id or "")
        if found is not None:
            text = found.names.text()
            return text or str(card_id)
    return str(card_id)


class Later:
    """A name looked up only if a message is actually formatted (checks on the legal path never pay for it)."""

    __slots__ = ("_lookup", "_defs", "_id")

    def __init__(self, lookup: Callable[[Definitions, str | None], str], defs: Definitions, item: str | None) -> None:
        self._lookup = lookup
        self._defs = defs
        self._id = item

    def __str__(self) -> str:
        return self._lookup(self._defs, self._id)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)
