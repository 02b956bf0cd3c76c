"""The Federation pack as the shell sees it (`companion.engine.pack.Pack`): its rules, data status, set-up, words.

Screens come later: `screens` is empty and `screen_for` names the table screen they will provide. Nothing is
hidden in this game, so the public view is the state itself and there is no secret view.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.engine.pack import DataStatus, LightsSpec, PackInfo, Reveal, SavedGameLine, ScreenSpec, SecretView
from companion.games.federation import INFO, names
from companion.games.federation import events as ev
from companion.games.federation.definitions import Definitions
from companion.games.federation.describe import describe, event_lines, saved_game_line
from companion.games.federation.errors import DataError
from companion.games.federation.legal import legal_actions
from companion.games.federation.loader import default_definitions
from companion.games.federation.rules import RULES, FederationRules
from companion.games.federation.state import FederationState
from companion.locale import _

TABLE_SCREEN = "table"


@dataclass
class FederationPack:
    info: PackInfo
    rules: FederationRules = RULES
    screens: Mapping[str, ScreenSpec] = field(default_factory=dict)
    kept_screens: frozenset[str] = frozenset()
    built_ahead: tuple[str, ...] = ()
    lights: LightsSpec | None = None
    buttons: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    commands: Mapping[str, str] = field(
        default_factory=lambda: {
            "scenario": "companion.games.federation.scenario_cli:main",
            "check-data": "companion.games.federation.check_data:main",
        }
    )
    editor_screen: str | None = None
    problems: tuple[str, ...] = ()

    @property
    def definitions(self) -> Definitions:
        return self.rules.definitions

    def load(self) -> None:
        """Reads the shipped data once; a broken file becomes `problems` (one line each) instead of an error."""
        try:
            default_definitions()
        except DataError as error:
            self.problems = tuple(str(problem) for problem in error.problems)
        else:
            self.problems = ()

    def warm(self) -> None:
        """Nothing to build ahead: the tables are small."""

    def data_status(self) -> DataStatus:
        return data_status(self.definitions)

    def setup_for(self, players: int, options: Mapping[str, str]) -> dict[str, Any]:
        """New game's choices as `rules.initial_state` takes them: the first `players` seats' races and the count
        of systems besides the Homesystems."""
        races = [
            options.get(f"race_{seat}", self.info.option(f"race_{seat}").default) for seat in range(1, players + 1)
        ]
        systems = options.get("systems", self.info.option("systems").default)
        return {"races": races, "systems": int(systems)}

    def legal_actions(self, state: FederationState) -> tuple[Any, ...]:
        return legal_actions(state, self.definitions)

    def describe(self, action: Any, state: FederationState) -> str:
        return describe(action, state, self.definitions)

    def public_view(self, state: FederationState) -> FederationState:
        return state

    def secret_view(self, state: FederationState, seat: int) -> SecretView | None:
        return None

    def screen_for(self, state: FederationState) -> str:
        return TABLE_SCREEN

    def first_screen(self) -> str:
        return TABLE_SCREEN

    def saved_game_line(self, summary: Mapping[str, Any]) -> SavedGameLine:
        return SavedGameLine(saved_game_line(dict(summary), self.definitions), isinstance(summary.get("winner"), str))

    def sounds(self, events: tuple[Any, ...]) -> tuple[str, ...]:
        return sounds(events)

    def reveal(self, events: tuple[Any, ...], state: FederationState) -> Reveal | None:
        return reveal(events, state, self.definitions)


def make_pack(info: PackInfo) -> FederationPack:
    return FederationPack(info)


def data_status(defs: Definitions) -> DataStatus:
    """Facts known (the rules text, the page, or our reading) out of all; the unknown slots listed."""
    marks = [
        *(race.mark for race in defs.races.values()),
        *(table.mark for table in defs.tables.values()),
        *(ship.mark for ship in defs.ships.values()),
        defs.enigma_roll.mark,
        defs.diplomacy.mark,
        defs.revenue.mark,
        *(building.mark for building in defs.buildings.values()),
        defs.victory.mark,
        *(phase.mark for phase in defs.phases),
        *(reading.mark for reading in defs.readings.values()),
        *(slot.mark for slot in defs.slots),
    ]
    missing = tuple(
        _("{name}: unknown, read it from your Warp Empires rules").format(name=slot.names.text())
        for slot in defs.slots
        if slot.value is None
    )
    return DataStatus(sum(1 for mark in marks if mark.confidence != "unknown"), len(marks), missing)


def sounds(events: tuple[Any, ...]) -> tuple[str, ...]:
    """The shell's sounds for these events: dice for every roll, then success or failure for what it meant."""
    found: list[str] = []

    def add(sound: str) -> None:
        if sound not in found:
            found.append(sound)

    for event in events:
        if isinstance(event, ev.Explored | ev.EnigmaRolled | ev.ConsequenceRolled | ev.DiplomacyRolled):
            add("dice")
        if isinstance(event, ev.EnigmaRolled) and event.result == "solved":
            add("success")
        if isinstance(event, ev.ConsequenceRolled) and event.result == "destroyed":
            add("failure")
        if isinstance(event, ev.DiplomacyRolled):
            add("success" if event.result == "joined" else "failure")
        if isinstance(event, ev.VictoryReached):
            add("success")
    return tuple(found)


def reveal(events: tuple[Any, ...], state: FederationState, defs: Definitions) -> Reveal | None:
    """A pop-up after a roll, an end of turn or a victory; None after a quiet action (a correction, a phase)."""
    title = None
    for event in events:
        match event:
            case ev.VictoryReached(race=race):
                title = _("Victory: {race}").format(race=names.race(defs, race))
                break
            case ev.Explored(system=system):
                title = title or _("{system} explored").format(system=names.system(state, defs, system))
            case ev.EnigmaRolled(system=system):
                title = title or _("The Enigma of {system}").format(system=names.system(state, defs, system))
            case ev.DiplomacyRolled(system=system):
                title = title or _("Diplomacy in {system}").format(system=names.system(state, defs, system))
            case ev.TurnEnded(turn=turn):
                title = title or _("End of turn {turn}").format(turn=turn)
    if title is None:
        return None
    return Reveal(title, event_lines(events, state, defs))


PACK = make_pack(INFO)
