"""The Federation pack as the shell sees it (`companion.engine.pack.Pack`): its rules, data and the players' costs,
set-up, screens, pop-ups, sounds, words and commands.

Nothing is hidden in this game, so the public view is the state itself and there is no secret view. Kivy-free:
the screens are named here, never imported; `load()` runs on the session worker.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from companion.engine.pack import BasicPack, DataStatus, PackInfo, Reveal, SavedGameLine, ScreenSpec, Sound
from companion.games.federation import INFO, names, overlay
from companion.games.federation import events as ev
from companion.games.federation.definitions import Definitions
from companion.games.federation.describe import event_lines, saved_game_line
from companion.games.federation.errors import DataError
from companion.games.federation.legal import correction_examples, legal_actions
from companion.games.federation.loader import default_definitions
from companion.games.federation.rules import RULES, FederationRules
from companion.games.federation.state import FederationState
from companion.locale import domain

_, ngettext = domain("federation")

TABLE_SCREEN = "table"
_SCREENS = "companion.games.federation.ui.screens"
#: The pack's screens (names as the pilot, the demo and the UI tests know them) and their kv files.
SCREENS: Mapping[str, ScreenSpec] = MappingProxyType(
    {
        name: ScreenSpec(f"{_SCREENS}.{name}:{cls}", f"kv/federation/{name}.kv")
        for name, cls in (
            ("new_game", "FedNewGameScreen"),
            ("table", "FedTableScreen"),
            ("system", "FedSystemScreen"),
            ("enter", "FedEnterScreen"),
            ("revenue", "FedRevenueScreen"),
            ("victory", "FedVictoryScreen"),
            ("turn", "FedTurnScreen"),
            ("readings", "FedReadingsScreen"),
            ("costs", "FedCostsScreen"),
        )
    }
)
#: A physical button's command -> the on-screen buttons it presses (the first shown and enabled).
BUTTONS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "undo": ("undo",),
        "confirm": ("reveal:ok", "popup:close", "roll:confirm"),
        "end_turn": ("act:EndTurn",),
        "roll": ("roll:confirm", "enter:go"),
    }
)
COMMANDS: Mapping[str, str] = MappingProxyType(
    {
        "scenario": "companion.games.federation.scenario_cli:main",
        "check-data": "companion.games.federation.check_data:main",
        "demo": "companion.games.federation.ui.demo:main",
    }
)


class FederationPack(BasicPack):
    screens = SCREENS
    #: Kept built once visited: the systems list and a system's record go back and forth all game long.
    kept_screens = frozenset({"table", "system"})
    built_ahead = ("system",)
    table_screen = TABLE_SCREEN
    new_game_screen: str | None = "new_game"
    editor_screen: str | None = "costs"
    ui: str | None = "companion.games.federation.ui.hooks:FederationUi"
    buttons = BUTTONS
    commands = COMMANDS
    scenario = "companion.games.federation.scenario:SCENARIOS"

    def __init__(self, info: PackInfo, rules: FederationRules = RULES) -> None:
        super().__init__(info, rules)
        self.rules: FederationRules = rules
        self._lock = threading.Lock()
        self._defs: Definitions | None = None
        #: What is wrong in the shipped data or the players' costs file, one line each; () when all is well.
        self.problems: tuple[str, ...] = ()
        self.problems_notice = ""

    # --- data ----------------------------------------------------------------------------------------------

    def load(self) -> Definitions:
        """Reads the shipped data once and the players' costs file (again after the Costs screen saved it); a
        broken costs file is skipped and named in `problems`, so the game always starts."""
        try:
            shipped = default_definitions()
        except DataError as error:
            with self._lock:
                self.problems = tuple(str(problem) for problem in error.problems)
                self.problems_notice = _("The Federation data has problems: see check-data.")
            raise
        values, found = overlay.read_values(shipped)
        defs = overlay.with_values(shipped, values)
        with self._lock:
            self._defs = defs
            self.problems = tuple(_("Costs file skipped: {problem}").format(problem=p) for p in found)
            self.problems_notice = (
                _("The costs file was skipped, fix it on the Costs screen: {file}").format(file=found[0].file)
                if found
                else ""
            )
        return defs

    @property
    def definitions(self) -> Definitions:
        """The data with the players' costs (the rules read the same facts: costs are not rules)."""
        if self._defs is None:
            return self.load()
        return self._defs

    @property
    def is_loaded(self) -> bool:
        return self._defs is not None

    def data_status(self) -> DataStatus:
        return data_status(self.definitions)

    # --- a game --------------------------------------------------------------------------------------------

    def setup_for(self, players: int, options: Mapping[str, str]) -> dict[str, Any]:
        """New game's choices as `rules.initial_state` takes them: the first `players` seats' races and the count
        of systems besides the Homesystems. Each race is played once: a seat given a race an earlier seat has
        (the options are drawn one by one) gets the first race nobody has, in the data's order."""
        wanted = [
            options.get(f"race_{seat}", self.info.option(f"race_{seat}").default) for seat in range(1, players + 1)
        ]
        every = [choice.value for choice in self.info.option("race_1").choices]
        races: list[str] = []
        for race in wanted:
            races.append(race if race not in races else next(r for r in every if r not in races and r not in wanted))
        systems = options.get("systems", self.info.option("systems").default)
        return {"races": races, "systems": int(systems)}

    def seats(self, state: FederationState) -> tuple[str, ...]:
        return tuple(names.race(self.rules.definitions, race) for race in state.races)

    def table_lines(self, view: FederationState) -> tuple[str, ...]:
        from companion.games.federation.empire import controlled

        defs = self.rules.definitions
        held = ", ".join(f"{names.race(defs, race)} {controlled(view, race)}" for race in view.races)
        return (
            _("Turn {turn}: {phase}").format(turn=view.turn, phase=names.phase(defs, view.phase)),
            _("Systems controlled: {held} of {total}").format(held=held, total=len(view.systems)),
        )

    def screen_for(self, state: FederationState) -> str:
        return TABLE_SCREEN

    def first_screen(self) -> str:
        return TABLE_SCREEN

    def saved_game_line(self, summary: Mapping[str, Any]) -> SavedGameLine:
        return saved_game_line(dict(summary), self.rules.definitions)

    def sounds(self, events: tuple[Any, ...]) -> tuple[Sound, ...]:
        return sounds(events)

    def reveal(self, events: tuple[Any, ...], state: FederationState) -> Reveal | None:
        return reveal(events, state, self.rules.definitions)

    def random_action(self, state: FederationState, pick: Callable[[Sequence[Any]], Any]) -> Any | None:
        """A legal move or, now and then, one of the players' corrections (they are part of every game), until a
        race has won."""
        defs = self.rules.definitions
        if self.rules.is_terminal(state):
            return None
        candidates = (*legal_actions(state, defs), *correction_examples(state, defs))
        return pick(candidates) if candidates else None

    def help(self) -> tuple[str, ...]:
        return help_paragraphs()


def make_pack(info: PackInfo) -> FederationPack:
    return FederationPack(info)


def help_paragraphs() -> tuple[str, ...]:
    return (
        _(
            "Federation runs the Star Trek module of Warp Empires beside your own map: you play Warp Empires on the "
            "table, the companion rolls the module's tables and keeps each system's record."
        ),
        _(
            "Systems: the list of your map's planetary systems. Tap one for its record and what can be done there: "
            "the Enigma, diplomacy, buildings, who controls it, and the corrections when the table says otherwise."
        ),
        _(
            "A fleet enters a system: choose the system, the race and the ships in the stack that matter (a Command "
            "ship, a Science vessel). An unexplored system is explored with three dice, one per table."
        ),
        _(
            "Before a roll the companion lists each modifier and the exact odds of every result. Where the module "
            "leaves a question open, the answer is our reading (low confidence): change it under Readings."
        ),
        _(
            "Turn: Warp Empires' phases as a checklist, with Next. End turn credits each race's revenue, shown term "
            "by term under Revenue. Victory: over 60 % of the systems on the list."
        ),
        _(
            "Costs: the module gives no cost for a colony, a shipyard or terraforming. Enter yours once on the Costs "
            "screen (Home's editor button, or Costs in a build's pop-up); they are kept apart from the shipped data."
        ),
    )


def data_status(defs: Definitions) -> DataStatus:
    """Facts known (the rules text, the page, our reading or the players' costs) out of all; the empty slots."""
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


def sounds(events: tuple[Any, ...]) -> tuple[Sound, ...]:
    """The shell's sounds for these events: dice for every roll, then success or failure for what it meant."""
    found: list[Sound] = []

    def add(sound: Sound) -> None:
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
