"""Thunder Road as the shell sees it: its rules, data status, set-up, table lines, pop-ups, sounds and commands.

Nothing is hidden in this game, so the public view is the state itself. Kivy-free; `load()` runs on the worker.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from companion.engine import pack as contract
from companion.engine.pack import BasicPack, PackInfo, Sound, Words
from companion.games.thunder_road import events as ev
from companion.games.thunder_road import words as w
from companion.games.thunder_road.bot import choose
from companion.games.thunder_road.describe import event_lines, win_line
from companion.games.thunder_road.loader import DATA
from companion.games.thunder_road.rules import RULES, ThunderRoadRules
from companion.games.thunder_road.state import RaceState
from companion.games.thunder_road.table import table_lines

T = w.T
COMMANDS: Mapping[str, str] = MappingProxyType(
    {
        "simulate": "companion.games.thunder_road.simulate:main",
        "demo": "companion.games.thunder_road.ui.demo:main",
        "check-data": "companion.games.thunder_road.check_data:main",
    }
)


TABLE_SCREEN = "table"
SCREENS: Mapping[str, contract.ScreenSpec] = MappingProxyType(
    {
        TABLE_SCREEN: contract.ScreenSpec(
            "companion.games.thunder_road.ui.screens.table:RaceTableScreen", "kv/thunder_road/table.kv"
        ),
        "editor": contract.ScreenSpec(
            "companion.games.thunder_road.ui.screens.editor:RaceEditorScreen", "kv/thunder_road/editor.kv"
        ),
    }
)


class ThunderRoadPack(BasicPack):
    screens = SCREENS
    table_screen = TABLE_SCREEN
    editor_screen: str | None = "editor"
    commands = COMMANDS
    scenario = "companion.games.thunder_road.scenario:SCENARIOS"
    lights = contract.LightsSpec("companion.games.thunder_road.lights.scene:make_scene")

    def __init__(self, info: PackInfo, rules: ThunderRoadRules = RULES) -> None:
        super().__init__(info, rules)
        self.race_rules = rules

    def load(self) -> Any:
        """The data with the overlay files that validate (read again: the editor may have changed them); a skipped
        one is named in `problems`."""
        DATA.clear()
        defs = self.race_rules.definitions
        self.problems = tuple(str(problem) for problem in DATA.problems())
        if self.problems:
            self.problems_notice = Words(
                "Thunder Road overlay file skipped: see check-data.",
                "Fichier de corrections Thunder Road ignoré\u00a0: voir check-data.",
                T,
            ).text()
        return defs

    def warm(self) -> None:
        self.load()

    def data_status(self) -> contract.DataStatus:
        defs = self.race_rules.definitions
        known, total = defs.completeness
        missing = tuple(
            f"{die.name.text()}: " + Words("faces unknown", "faces inconnues", T).text()
            for die in defs.dice.values()
            if not die.known
        ) + tuple(
            f"{kind.name.text()}: " + Words("count unknown", "nombre inconnu", T).text()
            for kind in defs.kinds.values()
            if kind.count is None
        )
        return contract.DataStatus(known, total, missing)

    def setup_for(self, players: int, options: Mapping[str, str]) -> dict[str, Any]:
        return {"players": players, **options}

    def screen_for(self, state: RaceState) -> str:
        return TABLE_SCREEN

    def first_screen(self) -> str:
        return TABLE_SCREEN

    def seats(self, state: RaceState) -> tuple[str, ...]:
        return tuple(w.team(state.colours, seat) for seat in range(state.players))

    def table_lines(self, view: RaceState) -> tuple[str, ...]:
        return table_lines(view, self.race_rules.definitions)

    def saved_game_line(self, summary: Mapping[str, Any]) -> contract.SavedGameLine:
        colours = tuple(summary.get("colours") or ())
        players = (
            Words("{n} players: {teams}", "{n} joueurs\u00a0: {teams}", T)
            .text()
            .format(n=summary.get("players", len(colours)), teams=", ".join(w.colour_name(c) for c in colours))
        )
        winner = summary.get("winner")
        if winner is not None and colours:
            status = (
                Words("Over: {team} won", "Terminée\u00a0: {team} a gagné", T)
                .text()
                .format(team=w.colour_name(colours[winner]) if 0 <= winner < len(colours) else "—")
            )
        else:
            status = Words("Round {n}", "Round {n}", T).text().format(n=summary.get("round", 1))
            if summary.get("final"):
                status += Words(", final tile", ", tuile finale", T).text()
        return contract.SavedGameLine(players=players, detail="", status=status, is_over=winner is not None)

    def sounds(self, events: tuple[Any, ...]) -> tuple[Sound, ...]:
        return sounds(events)

    def reveal(self, events: tuple[Any, ...], state: RaceState) -> contract.Reveal | None:
        lines = event_lines(events, state, self.race_rules.definitions)
        if not lines:
            return None
        title = Words("Thunder Road", "Thunder Road").text()
        for event in events:
            if isinstance(event, ev.FinalTile):
                title = Words("FINAL TILE!", "TUILE FINALE\u00a0!", T).text()
            if isinstance(event, ev.RaceWon):
                title = win_line(state, event.seat, event.how)
        return contract.Reveal(title, tuple(lines))

    def random_action(self, state: RaceState, pick: Callable[[Sequence[Any]], Any]) -> Any | None:
        if state.is_over:
            return None
        return choose(state, self.race_rules.definitions, pick)

    def help(self) -> tuple[str, ...]:
        return tuple(
            words.text()
            for words in (
                Words(
                    "The cars race on your board; the companion keeps the rounds (three moves each, a command once a "
                    "round, no shooting in round 1), rolls the movement and FX dice, draws the damage tokens and "
                    "lays the road tiles.",
                    "Les voitures courent sur votre plateau\u00a0; le compagnon tient les rounds (trois tours "
                    "chacun, un "
                    "ordre par round, pas de tir au premier round), lance les dés, pioche les pions Dégât et pose les "
                    "tuiles Parcours.",
                    T,
                ),
                Words(
                    "Dice whose faces the sources do not give (road, stunt, slam, fire) are rolled on the table until "
                    "you complete them in the data; the shooting die's faces are a reconstruction.",
                    "Les dés dont les sources ne donnent pas les faces (route, cascade, collision, feu) se lancent sur "
                    "la table tant que vous ne les complétez pas\u00a0; les faces du dé de tir sont une "
                    "reconstitution.",
                    T,
                ),
            )
        )


def sounds(events: tuple[Any, ...]) -> tuple[Sound, ...]:
    """The race's sounds (the shell's own generated tones): a new round's engine, a shot, a collision's crash, a
    car wrecked or eliminated as an explosion, the dice of an FX roll, the win."""
    found: list[Sound] = []
    for event in events:
        sound: Sound | None = None
        if isinstance(event, ev.RoundStarted):
            sound = "engine"
        elif isinstance(event, ev.ShotFired):
            sound = "shot"
        elif isinstance(event, ev.SlamRolled):
            sound = "crash"
        elif isinstance(event, (ev.CarInoperable, ev.CarEliminated, ev.CaughtFire)):
            sound = "explosion"
        elif isinstance(event, (ev.FxRolled, ev.PlayerOut, ev.FinalTile)):
            sound = "dice" if isinstance(event, ev.FxRolled) else "disaster"
        elif isinstance(event, ev.RaceWon):
            sound = "success"
        if sound is not None and sound not in found:
            found.append(sound)
    return tuple(found)


def make_pack(info: PackInfo) -> ThunderRoadPack:
    return ThunderRoadPack(info)
