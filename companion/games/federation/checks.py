"""Reasons shared by several actions: an unknown system or race, an unexplored system, an unsolved Enigma.

Each returns the reason an action is refused (in the language of the moment, naming the rule), or None.
"""

from __future__ import annotations

from companion.games.federation import names
from companion.games.federation.definitions import Definitions
from companion.games.federation.state import FederationState, System
from companion.locale import _


def find_system(state: FederationState, system_id: str) -> System | str:
    """The system, or the reason there is none."""
    found = state.system(system_id)
    if found is None:
        return _("There is no system {id} on the list.").format(id=system_id)
    return found


def race_in_play(state: FederationState, defs: Definitions, race: str) -> str | None:
    if race not in defs.races:
        return _("There is no race called {race}.").format(race=race)
    if race not in state.races:
        return _("{race}: not in this game.").format(race=names.race(defs, race))
    return None


def not_explored(state: FederationState, defs: Definitions, system: System) -> str | None:
    if not system.explored:
        return _("{system} is not explored yet: a stack entering it explores it first.").format(
            system=names.system_label(system, defs)
        )
    return None


def unsolved_enigma(defs: Definitions, system: System) -> str | None:
    if system.has_unresolved_enigma:
        return _(
            "{system} holds an unsolved Enigma: a system cannot be controlled by diplomacy or conquest until it is "
            "solved."
        ).format(system=names.system_label(system, defs))
    return None


def our_reading(defs: Definitions, reading_id: str) -> str:
    """The words that tell players a refusal rests on our reading, and where to change it."""
    return _("our reading of the module ({reading}), low confidence: change it under Readings").format(
        reading=names.reading(defs, reading_id)
    )
