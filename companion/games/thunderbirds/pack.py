"""The Thunderbirds pack: the game as the shell sees it (`companion.engine.pack.Pack`).

Its definitions (shipped data + the user's card overlay), the overlay's problems for players to fix, its legal
actions, its screens and where each state belongs, its sounds, its lights and its commands, and names for ids.
Kivy-free: the screens are named, never imported here; `load()` and `warm()` run on the session worker."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from companion.engine.pack import (
    DataStatus,
    LightsSpec,
    NoSecrets,
    PackInfo,
    Reveal,
    SavedGameLine,
    ScreenSpec,
    Sound,
    default_saved_game_line,
)

if TYPE_CHECKING:  # the data loads on first use, not when Home lists the games
    from companion.games.thunderbirds.definitions import Definitions

log = logging.getLogger(__name__)

_SCREENS = "companion.games.thunderbirds.ui.screens"
#: Thunderbirds' screens (names as the pilot, the demo and the UI tests know them) and their kv files.
SCREENS: Mapping[str, ScreenSpec] = MappingProxyType(
    {
        name: ScreenSpec(f"{_SCREENS}.{name}:{cls}", f"kv/thunderbirds/{name}.kv")
        for name, cls in (
            ("new_game", "NewGameScreen"),
            ("setup_guide", "SetupGuideScreen"),
            ("table", "TableScreen"),
            ("board", "BoardScreen"),
            ("rescue", "RescueScreen"),
            ("scheme", "SchemeScreen"),
            ("fabs", "FabsScreen"),
            ("adjust", "AdjustScreen"),
            ("game_over", "GameOverScreen"),
            ("card_editor", "CardEditorScreen"),
        )
    }
)

#: A physical button's command -> the on-screen buttons it presses (the first shown and enabled).
BUTTONS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "undo": ("undo",),
        "confirm": ("reveal:ok", "popup:close", "guide:next", "guide:start", "rescue:done"),
        "end_turn": ("endturn:confirm", "act:EndTurn"),  # with actions left, a second press ends the turn
        "roll": ("act:Rescue:", "act:FinishRescue"),
    }
)

#: The CLI's sub-commands this pack answers.
COMMANDS: Mapping[str, str] = MappingProxyType(
    {
        "scenario": "companion.games.thunderbirds.scenario_cli:main",
        "odds": "companion.games.thunderbirds.odds_cli:main",
        "simulate": "companion.games.thunderbirds.simulate_cli:main",
        "check-data": "companion.games.thunderbirds.check_data:main",
        "demo": "companion.games.thunderbirds.ui.demo:main",
    }
)


def make_pack(info: PackInfo) -> ThunderbirdsPack:
    """The factory `INFO.load` names: the registry calls it on first use."""
    return ThunderbirdsPack(info)


class ThunderbirdsPack(NoSecrets):
    """Nothing is hidden in Thunderbirds (`NoSecrets`): the decks' order is the companion's, never shown."""

    name = "thunderbirds"
    screens = SCREENS
    #: Kept built once visited (a quick return from the Board to the Table), and built ahead on the Table.
    kept_screens = frozenset({"table", "board", "rescue", "scheme"})
    built_ahead = ("board", "scheme")
    table_screen = "table"
    game_over_screen: str | None = "game_over"
    new_game_screen: str | None = "new_game"
    editor_screen: str | None = "card_editor"
    ui: str | None = "companion.games.thunderbirds.ui.hooks:ThunderbirdsUi"
    lights: LightsSpec | None = LightsSpec("companion.games.thunderbirds.lights.scene:make_scene")
    buttons = BUTTONS
    commands = COMMANDS
    scenario = "companion.games.thunderbirds.scenario:SCENARIOS"

    def __init__(self, info: PackInfo | None = None) -> None:
        if info is None:
            from companion.games.thunderbirds import INFO

            info = INFO
        self.info = info
        self._defs: Definitions | None = None
        self._lock = threading.Lock()
        #: What is wrong in the user's card overlay (a broken file is skipped so the game still starts), one
        #: player-facing line per problem naming the card, the field and the file; () when all is well.
        self.problems: tuple[str, ...] = ()
        #: One short line naming the skipped cards, for the notice bar ("" when all is well).
        self.problems_notice = ""

    # --- definitions ---------------------------------------------------------------------------------------

    def load(self) -> Definitions:
        """Loads (or reloads, after the card editor saved) the definitions; call on the worker."""
        from companion.games.thunderbirds import loader

        loader.clear_definitions_cache()
        defs = loader.default_definitions()
        found = loader.default_overlay_problems()
        problems = tuple(overlay_problem_text(defs, problem) for problem in found)
        notice = overlay_notice(defs, found)
        with self._lock:
            self._defs = defs
            self.problems = problems
            self.problems_notice = notice
        return defs

    @property
    def rules(self) -> Any:
        from companion.games.thunderbirds.rules import RULES

        return RULES

    def warm(self) -> None:
        self.warm_odds()

    def warm_odds(self) -> None:
        """Builds every odds table up front (about a second on a Pi), so the first Rescue screen is instant; call
        on the worker, never on Kivy's main thread."""
        from companion.games.thunderbirds import odds

        odds.warm()

    def defs_for(self, state: Any) -> Definitions:
        """The definitions a game plays with (the same object the rules use for it)."""
        from companion.games.thunderbirds.setup import definitions_for

        return definitions_for(state.setup)

    @property
    def defs(self) -> Definitions:
        if self._defs is None:
            return self.load()
        return self._defs

    @property
    def is_loaded(self) -> bool:
        return self._defs is not None

    def data_status(self) -> DataStatus:
        """Facts known over facts in the data (the user's overlay included), and what is still missing."""
        from companion.games.thunderbirds.loader import load_report

        _defs, report = load_report()
        missing = tuple(f"{e.table} {e.id}: {', '.join(e.missing)}" for e in report.entries if e.missing)
        known = sum(1 for e in report.entries if e.completeness == "complete")
        return DataStatus(known=known, total=len(report.entries), missing=missing)

    # --- rules ---------------------------------------------------------------------------------------------

    def legal_actions(self, state: Any) -> tuple[Any, ...]:
        from companion.games.thunderbirds.rules import legal_actions

        return tuple(legal_actions(state, self.defs_for(state)))

    def describe(self, action: Any, state: Any) -> str:
        from companion.games.thunderbirds.rules import RULES

        return str(RULES.describe(action, state))

    def setup_for(self, players: int, options: Mapping[str, str]) -> dict[str, Any]:
        return {"players": players, "difficulty": options.get("difficulty", "introduction")}

    def seats(self, state: Any) -> tuple[str, ...]:
        return tuple(self.character_name(hand.character) for hand in state.players)

    def action_group(self, action: Any, state: Any) -> str | None:
        return None  # its own screens: the plain play screen never shows its actions

    def table_lines(self, view: Any) -> tuple[str, ...]:
        """The Table in words, for the phones' and TV's spectator page (the Pi draws it on its own screens)."""
        from companion.games.thunderbirds import names
        from companion.games.thunderbirds.ui.presenters.spectator import spectator_lines

        defs = self.defs_for(view)
        return spectator_lines(
            view, defs, lambda c: self.character_name(c) if c == "jeff" else names.character(defs, c)
        )

    def screen_for(self, state: Any) -> str:
        """Game over, a rescue or its reward under way, else the Table."""
        phase = state.phase
        if phase == "over":
            return "game_over"
        if phase in ("rescue", "reward"):
            return "rescue"
        return "table"

    def first_screen(self) -> str:
        return "setup_guide"

    def saved_game_line(self, summary: Mapping[str, Any]) -> SavedGameLine:
        return default_saved_game_line(summary, self.character_name, self.difficulty_name)

    def sounds(self, events: tuple[Any, ...]) -> tuple[Sound, ...]:
        from companion.games.thunderbirds import events as ev

        made: list[Sound] = []
        for event in events:
            if isinstance(event, (ev.DiceRolled, ev.DieRerolled)):
                made.append("dice")
            elif isinstance(event, ev.DisasterDrawn):
                made.append("disaster")
            elif isinstance(event, ev.RescueSucceeded):
                made.append("success")
            elif isinstance(event, (ev.RescueFailed, ev.GameLost)):
                made.append("failure")
        return tuple(made)

    def reveal(self, events: tuple[Any, ...], state: Any) -> Reveal | None:
        """The card drawn, the roll: the pop-up's words (its disaster tile is drawn by the pack's UI hooks)."""
        from companion.games.thunderbirds.ui.presenters.reveal import present_reveal

        view = present_reveal(events, self.defs_for(state), state, self.character_name)
        return None if view is None else Reveal(view.title, tuple(line.text for line in view.lines))

    def random_action(self, state: Any, pick: Callable[[Sequence[Any]], Any]) -> Any | None:
        if state.phase == "over":
            return None
        legal = self.legal_actions(state)
        return pick(legal) if legal else None

    def help(self) -> tuple[str, ...]:
        from companion.games.thunderbirds.ui.presenters.help import help_paragraphs

        return help_paragraphs()

    def card_lines(self, card_id: str) -> list[Any]:
        """The printed text of a card (story, effect) and how sure the data is, for the card details pop-up."""
        from companion.games.thunderbirds.ui.presenters.words import card_text_lines

        return card_text_lines(self.defs, card_id)

    # --- names ---------------------------------------------------------------------------------------------

    def character_name(self, character_id: str) -> str:
        if character_id == "jeff":
            from companion.locale import _

            return _("Jeff Tracy")
        return self._name("characters", character_id)

    def difficulty_name(self, difficulty_id: str) -> str:
        return self._name("difficulties", difficulty_id)

    def region_name(self, region_id: str) -> str:
        if self._defs is None:
            return region_id
        try:
            return self._defs.board.region(region_id).names.text()
        except KeyError:
            return region_id

    def pod_name(self, pod_id: str) -> str:
        return self._name("pods", pod_id)

    def _name(self, table: str, item_id: str) -> str:
        if self._defs is None or not item_id:
            return item_id
        item = getattr(self._defs, table, {}).get(item_id)
        return item.names.text() if item is not None else item_id


def overlay_problem_text(defs: Any, problem: Any) -> str:
    """One overlay problem as players read it: the card's name first (when it is a known card), then the
    file, the card id and the field, so the café finds what to fix in the card editor or the file."""
    from companion.games.thunderbirds import names
    from companion.locale import _

    text = str(problem)
    name = names.card(defs, problem.card_id) if problem.card_id else ""
    if name and name != problem.card_id:
        text = _("{name}: {problem}").format(name=name, problem=text)
    return _("Card correction skipped: {problem}").format(problem=text)


def overlay_notice(defs: Any, problems: Any) -> str:
    """The skipped cards in one short line (the notice bar is one line; Home and the card editor say more)."""
    if not problems:
        return ""
    from companion.games.thunderbirds import names
    from companion.locale import _

    cards = sorted({names.card(defs, p.card_id) if p.card_id else Path(p.file).name for p in problems})
    return _("Card corrections skipped, fix them in the card editor: {cards}").format(cards=", ".join(cards))
