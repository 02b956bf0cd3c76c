"""The Thunderbirds game pack as the app sees it: its definitions (shipped data + the user's card overlay),
the overlay's problems for players to fix, its legal actions, and names for ids. Kivy-free; `load()` and
`warm_odds()` run on the session worker."""

from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)


class ThunderbirdsPack:
    name = "thunderbirds"

    def __init__(self) -> None:
        self._defs: Any = None
        self._lock = threading.Lock()
        self.load_problem: str | None = None
        #: What is wrong in the user's card overlay (a broken file is skipped so the game still starts), one
        #: player-facing line per problem naming the card, the field and the file; () when all is well.
        self.problems: tuple[str, ...] = ()
        #: One short line naming the skipped cards, for the notice bar ("" when all is well).
        self.problems_notice = ""

    # --- definitions ---------------------------------------------------------------------------------------

    def load(self) -> Any:
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

    def warm_odds(self) -> None:
        """Builds every odds table up front (about a second on a Pi), so the first Rescue screen is instant; call
        on the worker, never on Kivy's main thread."""
        from companion.games.thunderbirds import odds

        odds.warm()

    def defs_for(self, state: Any) -> Any:
        """The definitions a game plays with (the same object the rules use for it)."""
        from companion.games.thunderbirds.setup import definitions_for

        return definitions_for(state.setup)

    @property
    def defs(self) -> Any:
        if self._defs is None:
            return self.load()
        return self._defs

    @property
    def is_loaded(self) -> bool:
        return self._defs is not None

    # --- rules ---------------------------------------------------------------------------------------------

    def legal_actions(self, state: Any) -> tuple[Any, ...]:
        from companion.games.thunderbirds.rules import legal_actions

        return tuple(legal_actions(state, self.defs_for(state)))

    def describe(self, action: Any, state: Any) -> str:
        from companion.games.thunderbirds.rules import RULES

        return str(RULES.describe(action, state))

    def card_lines(self, card_id: str) -> list[Any]:
        """The printed text of a card (story, effect) and how sure the data is, for the card details pop-up."""
        from companion.ui.presenters.words import card_text_lines

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

    def vehicle_name(self, vehicle_id: str) -> str:
        return self._name("vehicles", vehicle_id)

    def pod_name(self, pod_id: str) -> str:
        return self._name("pods", pod_id)

    def token_name(self, token_id: str) -> str:
        return self._name("tokens", token_id)

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
