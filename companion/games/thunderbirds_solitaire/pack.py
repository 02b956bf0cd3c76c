"""The Solitaire pack as the shell hosts it (`companion.engine.pack.Pack`), made by `make_pack(INFO)`.

Kivy-free: its screens are named here (`ui/screens/`, `kv/thunderbirds_solitaire/`), never imported; `view.view`
is the data they read through their presenters (`ui/presenters/`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from companion.engine.errors import IllegalAction
from companion.engine.pack import (
    BasicPack,
    DataStatus,
    PackInfo,
    Reveal,
    SavedGameLine,
    ScreenSpec,
    SecretView,
    Sound,
)
from companion.games.thunderbirds_solitaire import events as ev
from companion.games.thunderbirds_solitaire.actions import DeclareOutcome
from companion.games.thunderbirds_solitaire.definitions import Definitions
from companion.games.thunderbirds_solitaire.rules import RULES, SolitaireRules
from companion.games.thunderbirds_solitaire.setup import setup_mapping
from companion.games.thunderbirds_solitaire.state import GameState, evolve
from companion.games.thunderbirds_solitaire.words import card_name, place_name, symbol_name
from companion.locale import domain

_, ngettext = domain("thunderbirds_solitaire")

COMMANDS: Mapping[str, str] = MappingProxyType(
    {
        "check-data": "companion.games.thunderbirds_solitaire.check_data:main",
        "scenario": "companion.games.thunderbirds_solitaire.scenario_cli:main",
        "demo": "companion.games.thunderbirds_solitaire.ui.demo:main",
    }
)

_SCREENS = "companion.games.thunderbirds_solitaire.ui.screens"
#: The pack's screens (names as `screen_for`, the pilot and the UI tests know them) and their kv files.
SCREENS: Mapping[str, ScreenSpec] = MappingProxyType(
    {
        name: ScreenSpec(f"{_SCREENS}.{module}:{cls}", f"kv/thunderbirds_solitaire/{module}.kv")
        for name, module, cls in (
            ("setup", "setup", "SolitaireSetupScreen"),
            ("table", "table", "SolitaireTableScreen"),
            ("rescue", "rescue", "SolitaireRescueScreen"),
            ("lady-penelope", "lady_penelope", "SolitaireLadyPenelopeScreen"),
            ("over", "over", "SolitaireOverScreen"),
            ("rules", "rules", "SolitaireRulesScreen"),
            ("adjust", "adjust", "SolitaireAdjustScreen"),
            ("editor", "editor", "SolitaireEditorScreen"),
        )
    }
)

#: A physical button's command -> the on-screen buttons it presses (the first shown and enabled).
BUTTONS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "undo": ("undo",),
        "confirm": ("reveal:ok", "popup:close", "setup:start", "lp:done", "rescue:done"),
        "end_turn": ("act:BeginLadyPenelope", "act:EndTurn"),
        "roll": ("rescue:roll",),
    }
)

#: From this turn on, a random player (the drills') may declare its game over.
RANDOM_GAME_TURNS = 2


class SolitairePack(BasicPack):
    """Thunderbirds Solitaire for the shell."""

    commands = COMMANDS
    scenario = "companion.games.thunderbirds_solitaire.scenario:SCENARIOS"
    screens = SCREENS
    #: Kept built once visited: the screens a turn goes round.
    kept_screens = frozenset({"table", "lady-penelope", "rescue"})
    built_ahead: tuple[str, ...] = ()
    table_screen = "table"
    game_over_screen: str | None = "over"
    editor_screen: str | None = "editor"
    ui: str | None = "companion.games.thunderbirds_solitaire.ui.hooks:SolitaireUi"
    buttons = BUTTONS

    def __init__(self, info: PackInfo) -> None:
        super().__init__(info, RULES)
        self.rules: SolitaireRules = RULES
        self.problems: tuple[str, ...] = ()
        self.problems_notice = ""
        self._definitions: Definitions | None = None

    # --- data -------------------------------------------------------------------------------------------------

    def load(self) -> None:
        """Reads the data and the player's overlay again (after the editor saved); broken overlay files are
        skipped and named in `problems`."""
        from companion.games.thunderbirds_solitaire.loader import clear_definitions_cache, load_definitions_safe

        clear_definitions_cache()
        definitions, problems = load_definitions_safe()
        self._definitions = definitions
        self.problems = tuple(str(p) for p in problems)
        files = sorted({p.file.rsplit("/", 1)[-1] for p in problems if p.file})
        self.problems_notice = (
            _("Corrections skipped, fix them in the card editor: {files}").format(files=", ".join(files))
            if problems
            else ""
        )

    @property
    def is_loaded(self) -> bool:
        return self._definitions is not None

    def definitions(self) -> Definitions:
        if self._definitions is None:
            self.load()
        assert self._definitions is not None
        return self._definitions

    def data_status(self) -> DataStatus:
        from companion.games.thunderbirds_solitaire.check_data import missing_lines
        from companion.games.thunderbirds_solitaire.loader import report

        definitions = self.definitions()
        slots = report(definitions).slots
        known = sum(1 for slot in slots if slot.completeness == "complete")
        return DataStatus(known, len(slots), tuple(missing_lines(definitions, report(definitions))))

    def setup_for(self, players: int, options: Mapping[str, str]) -> dict[str, Any]:
        if players != 1:
            raise IllegalAction(
                _("Thunderbirds Solitaire is played by one player, not {players}.").format(players=players)
            )
        return setup_mapping(self.definitions(), options.get("deck", "basic"), options.get("dealing", "companion"))

    # --- play ---------------------------------------------------------------------------------------------------

    def public_view(self, state: GameState) -> GameState:
        """The state without the order of the companion's deck (its cards, sorted, stay countable)."""
        return evolve(state, deck=tuple(sorted(state.deck)))

    def seats(self, state: GameState) -> tuple[str, ...]:
        return (_("You"),)

    def secret_view(self, state: GameState, seat: int) -> SecretView | None:
        return None

    def random_action(self, state: GameState, pick: Callable[[Sequence[Any]], Any]) -> Any | None:
        """A legal action of the game's flow, chosen by `pick`. Declaring the outcome is the player's call by the
        rulebook's conditions, which the companion does not know: a random player declares it only from turn
        `RANDOM_GAME_TURNS` on, among its other choices, so its games last a few turns and end."""
        if self.rules.is_terminal(state):
            return None
        legal = self.legal_actions(state)
        if state.turn < RANDOM_GAME_TURNS:
            flow = [action for action in legal if not isinstance(action, DeclareOutcome)]
            legal = tuple(flow) or legal
        return pick(legal) if legal else None

    def help(self) -> tuple[str, ...]:
        """The Help screen's words for this game: which rules the companion checks and which are the player's."""
        from companion.games.thunderbirds_solitaire.check_data import rules_lines

        return tuple(line for line in rules_lines() if line)

    def screen_for(self, state: GameState) -> str:
        if state.phase == "setup":
            return "setup"
        if state.phase == "over":
            return "over"
        if state.rescue is not None:
            return "rescue"
        if state.phase in ("lp-move", "lp-escort"):
            return "lady-penelope"
        return "table"

    def first_screen(self) -> str:
        return "setup"

    def saved_game_line(self, summary: Mapping[str, Any]) -> SavedGameLine:
        """Home's line: solo, the deck and who deals, then where the game stands."""
        rescued = int(summary.get("rescued") or 0)
        civilians = ngettext("{n} Civilian rescued", "{n} Civilians rescued", rescued).format(n=rescued)
        deck = _("Advanced deck") if summary.get("deck") == "advanced" else _("Basic deck")
        dealer = _("the companion deals") if summary.get("dealing") == "companion" else _("you deal")
        detail = _("{deck}, {dealer}").format(deck=deck, dealer=dealer)
        outcome = summary.get("outcome")
        turn = summary.get("turn")
        if outcome in ("won", "lost"):
            text = _("Won at turn {turn}, {civilians}") if outcome == "won" else _("Lost at turn {turn}, {civilians}")
            return SavedGameLine(_("Solo"), detail, text.format(turn=turn, civilians=civilians), True)
        if summary.get("phase") == "setup":
            return SavedGameLine(_("Solo"), detail, _("Setting up the chains"))
        return SavedGameLine(_("Solo"), detail, _("Turn {turn}, {civilians}").format(turn=turn, civilians=civilians))

    def sounds(self, events: tuple[Any, ...]) -> tuple[Sound, ...]:
        found: list[Sound] = []
        for event in events:
            if isinstance(event, ev.DiceRolled):
                found.append("dice")
            elif isinstance(event, ev.ChainBegun | ev.CardPlaced):
                found.append("disaster")
            elif isinstance(event, ev.CivilianRescued | ev.HoodNeutralised):
                found.append("success")
            elif isinstance(event, ev.GameOver):
                found.append("success" if event.result == "won" else "failure")
        return tuple(dict.fromkeys(found))

    def reveal(self, events: tuple[Any, ...], state: GameState) -> Reveal | None:
        """What the player must see at once: a card turned by the companion and where it went, an order for the
        table (put a card under the deck, shuffle), a Hood card stopped, dice ignored, a Civilian rescued."""
        lines: list[str] = []
        for event in events:
            if isinstance(event, ev.ChainBegun):
                lines.append(_("{card} begins chain {n}.").format(card=card_name(state, event.card), n=event.chain))
            elif isinstance(event, ev.CardToDeckBottom):
                lines.append(
                    _("{card} cannot begin a chain: it goes to the bottom of the deck.").format(
                        card=card_name(state, event.card)
                    )
                )
            elif isinstance(event, ev.DeckShuffled):
                lines.append(
                    _("The companion shuffled the Emergency deck.")
                    if event.by == "companion"
                    else _("Shuffle the Emergency deck now.")
                )
            elif isinstance(event, ev.LadyPenelopePlaced):
                lines.append(_("Lady Penelope starts at {place}, Road side up.").format(place=place_name(event.at)))
            elif isinstance(event, ev.CardTurned) and state.phase != "setup" and state.turned is not None:
                lines.append(_("Turned: {card}. Where does it go?").format(card=card_name(state, event.card)))
            elif isinstance(event, ev.HoodNeutralised):
                lines.append(
                    _("Lady Penelope, Road side up at chain {n}, discards {card} without effect.").format(
                        n=event.chain, card=card_name(state, event.card)
                    )
                )
            elif isinstance(event, ev.DiceRolled):
                shown = ", ".join(symbol_name(state, s) for s in event.symbols)
                lines.append(_("Dice: {symbols}.").format(symbols=shown))
            elif isinstance(event, ev.DiceIgnored):
                dice = ", ".join(str(i + 1) for i in event.dice)
                lines.append(
                    ngettext(
                        "Ignored (no matching symbol in the chain): die {dice}.",
                        "Ignored (no matching symbol in the chain): dice {dice}.",
                        len(event.dice),
                    ).format(dice=dice)
                )
            elif isinstance(event, ev.CivilianRescued):
                lines.append(_("{card} is rescued.").format(card=card_name(state, event.card)))
        if not lines:
            return None
        return Reveal(_("Thunderbirds Solitaire"), tuple(lines))


def make_pack(info: PackInfo) -> SolitairePack:
    return SolitairePack(info)
