"""The Solitaire pack as the shell hosts it (`companion.engine.pack.Pack`), made by `make_pack(INFO)`.

No screens yet: `screen_for` names the screens a table will need (set-up, table, rescue, Lady Penelope, over),
and `view.view` is the data they read. The rules, the data and the CLI commands are complete.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine.errors import IllegalAction
from companion.engine.pack import DataStatus, LightsSpec, PackInfo, Reveal, SavedGameLine, ScreenSpec, SecretView
from companion.games.thunderbirds_solitaire import events as ev
from companion.games.thunderbirds_solitaire.definitions import Definitions
from companion.games.thunderbirds_solitaire.describe import describe
from companion.games.thunderbirds_solitaire.legal import legal_actions
from companion.games.thunderbirds_solitaire.rules import RULES, SolitaireRules
from companion.games.thunderbirds_solitaire.setup import setup_mapping
from companion.games.thunderbirds_solitaire.state import GameState, evolve
from companion.games.thunderbirds_solitaire.words import card_name, counted, place_name, symbol_name
from companion.locale import _

COMMANDS: Mapping[str, str] = {
    "check-data": "companion.games.thunderbirds_solitaire.check_data:main",
    "scenario": "companion.games.thunderbirds_solitaire.scenario_cli:main",
}


class SolitairePack:
    """Thunderbirds Solitaire for the shell."""

    def __init__(self, info: PackInfo) -> None:
        self.info = info
        self.rules: SolitaireRules = RULES
        self.screens: Mapping[str, ScreenSpec] = {}
        self.kept_screens: frozenset[str] = frozenset()
        self.built_ahead: tuple[str, ...] = ()
        self.lights: LightsSpec | None = None
        self.buttons: Mapping[str, tuple[str, ...]] = {}
        self.commands = COMMANDS
        self.editor_screen: str | None = None
        self.problems: tuple[str, ...] = ()
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

    def warm(self) -> None:
        """Nothing to build ahead: no odds tables."""

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

    def legal_actions(self, state: GameState) -> tuple[object, ...]:
        return legal_actions(state)

    def describe(self, action: object, state: GameState) -> str:
        return describe(action, state)

    def public_view(self, state: GameState) -> GameState:
        """The state without the order of the companion's deck (its cards, sorted, stay countable)."""
        return evolve(state, deck=tuple(sorted(state.deck)))

    def secret_view(self, state: GameState, seat: int) -> SecretView | None:
        return None

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
        rescued = int(summary.get("rescued") or 0)
        civilians = counted(rescued, _("{n} Civilian rescued"), _("{n} Civilians rescued"))
        outcome = summary.get("outcome")
        if outcome == "won":
            return SavedGameLine(
                _("Won at turn {turn}, {civilians}").format(turn=summary.get("turn"), civilians=civilians), True
            )
        if outcome == "lost":
            return SavedGameLine(
                _("Lost at turn {turn}, {civilians}").format(turn=summary.get("turn"), civilians=civilians), True
            )
        if summary.get("phase") == "setup":
            return SavedGameLine(_("Setting up the chains"))
        return SavedGameLine(_("Turn {turn}, {civilians}").format(turn=summary.get("turn"), civilians=civilians))

    def sounds(self, events: tuple[Any, ...]) -> tuple[str, ...]:
        found: list[str] = []
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
                lines.append(_("Ignored (no matching symbol in the chain): die {dice}.").format(dice=dice))
            elif isinstance(event, ev.CivilianRescued):
                lines.append(_("{card} is rescued.").format(card=card_name(state, event.card)))
        if not lines:
            return None
        return Reveal(_("Thunderbirds Solitaire"), tuple(lines))


def make_pack(info: PackInfo) -> SolitairePack:
    return SolitairePack(info)
