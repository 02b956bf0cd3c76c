"""A new Federation game from New game's choices.

The setup mapping (JSON-able, stored with the game):

- `races`: the races in play, in seat order, 2 to 6 different ids of `data/federation/races.toml` (six races [R];
  two players at least is our assumption: the module describes no solo game);
- `systems`: how many planetary systems the players' map has besides the Homesystems (a count, shown as
  "System 1", "System 2"...), or their names in a list; the players edit the list at any time;
- `homes` (optional): `{race: name}` for the Homesystems (else "Homesystem (Klingons)");
- `readings` (optional): `{reading: choice}` to start with other readings than ours.

Each race starts with its Homesystem, explored and controlled [R]; its 10 random units are drawn on the table.
No dice are rolled at set-up.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine.chance import Chance
from companion.engine.errors import IllegalAction
from companion.games.federation import names
from companion.games.federation.corrections import MAX_SYSTEMS, NAME_LENGTH
from companion.games.federation.definitions import Definitions
from companion.games.federation.state import FederationState, System
from companion.locale import _

MIN_RACES = 2
SETUP_KEYS = frozenset({"races", "systems", "homes", "readings"})


def initial_state(setup: Mapping[str, Any], chance: Chance, defs: Definitions) -> FederationState:
    """The game before its first turn; raises `IllegalAction` naming what is wrong in `setup`."""
    unknown = sorted(set(setup) - SETUP_KEYS)
    if unknown:
        raise IllegalAction(_("Unknown set-up choice {name}.").format(name=unknown[0]))
    races = _races(setup.get("races"), defs)
    homes = _homes(setup.get("homes", {}), races, defs)
    others = _systems(setup.get("systems", 0))
    readings = _readings(setup.get("readings", {}), defs)
    systems = tuple(
        System(
            f"home-{race}",
            0,
            homes.get(race, ""),
            home_of=race,
            explored=True,
            minor_race="none",
            enigma="none",
            owner=race,
        )
        for race in races
    ) + tuple(System(f"s{n}", n, name) for n, name in enumerate(others, start=1))
    state = FederationState(races, systems, next_number=len(others) + 1, readings=readings)
    labels = [names.system_label(system, defs).casefold() for system in systems]
    for system, label in zip(systems, labels):
        if system.name and labels.count(label) > 1:
            raise IllegalAction(_("There is already a system called {name}.").format(name=system.name))
    return state


def _races(value: object, defs: Definitions) -> tuple[str, ...]:
    if not isinstance(value, list | tuple) or not all(isinstance(r, str) for r in value):
        raise IllegalAction(_("Choose the races in play, one per player."))
    if not MIN_RACES <= len(value) <= len(defs.races):
        raise IllegalAction(
            _("Federation is played by {low} to {high} players, one race each (races chosen: {count}).").format(
                low=MIN_RACES, high=len(defs.races), count=len(value)
            )
        )
    for race in value:
        if race not in defs.races:
            raise IllegalAction(
                _("There is no race called {race}; choose among {choices}.").format(
                    race=race, choices=", ".join(defs.races)
                )
            )
    for race in value:
        if value.count(race) > 1:
            raise IllegalAction(
                _("Each race is played once: {race} was chosen twice.").format(race=names.race(defs, race))
            )
    return tuple(value)


def _homes(value: object, races: tuple[str, ...], defs: Definitions) -> dict[str, str]:
    if not isinstance(value, Mapping):
        raise IllegalAction(_("Homesystem names are given as {{race = name}}.").format())
    for race, name in value.items():
        if race not in races:
            raise IllegalAction(_("{race}: not in this game.").format(race=names.race(defs, race)))
        _check_name(name)
    return dict(value)


def _systems(value: object) -> tuple[str, ...]:
    """The names of the systems besides the Homesystems ("" for a default label)."""
    if isinstance(value, bool) or not isinstance(value, int | list | tuple):
        raise IllegalAction(_("The systems are a count or a list of names."))
    if isinstance(value, int):
        if not 0 <= value <= MAX_SYSTEMS:
            raise IllegalAction(
                _("The map has 0 to {count} systems besides the Homesystems.").format(count=MAX_SYSTEMS)
            )
        return ("",) * value
    if len(value) > MAX_SYSTEMS:
        raise IllegalAction(_("The map has 0 to {count} systems besides the Homesystems.").format(count=MAX_SYSTEMS))
    for name in value:
        _check_name(name)
    return tuple(value)


def _check_name(name: object) -> None:
    if not isinstance(name, str) or name != name.strip() or not name.isprintable():
        raise IllegalAction(_("A system's name has no leading or trailing spaces and no control characters."))
    if len(name) > NAME_LENGTH:
        raise IllegalAction(_("A system's name is at most {count} characters.").format(count=NAME_LENGTH))


def _readings(value: object, defs: Definitions) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, Mapping):
        raise IllegalAction(_("Readings are given as {{reading = choice}}.").format())
    chosen = {reading.id: reading.default for reading in defs.readings.values()}
    for key, choice in value.items():
        reading = defs.readings.get(key)
        if reading is None:
            raise IllegalAction(_("There is no reading called {reading}.").format(reading=key))
        if choice not in reading.choice_ids:
            raise IllegalAction(
                _("{reading} is one of {choices}, not {value}.").format(
                    reading=reading.names.text(), choices=", ".join(reading.choice_ids), value=choice
                )
            )
        chosen[key] = choice
    return tuple(sorted(chosen.items()))
