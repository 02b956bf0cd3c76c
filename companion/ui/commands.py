"""The game commands a player gives from Home, the menu or a button: start, resume, leave; dispatch an action (by
its button's key), undo and redo; export, import, delete and restore saved games. Each runs through the
`GameController` (the store and the session on the worker) and says what happened in the notice bar.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from companion.locale import _
from companion.ui.action_keys import act
from companion.ui.controller import GameController
from companion.ui.screens_host import ScreensHost
from companion.ui.widgets.popups import PopupButton, show_popup

log = logging.getLogger(__name__)


class GameCommands:
    def __init__(
        self,
        controller: GameController,
        screens: ScreensHost,
        pack: Callable[[], Any],
        notify: Callable[..., None],
        choose_game: Callable[[str], bool],
        pack_perform: Callable[[str, str | None], Any],
    ) -> None:
        self.controller = controller
        self._pack = pack
        self._go = screens.go
        self._on_home_changed = screens.refresh_home
        self._notify = notify
        self._choose_game = choose_game
        #: Called once a game is left (the app puts the game's lights out: none show on Home).
        self.on_leave: Callable[[], object] = lambda: None
        self._pack_perform = pack_perform

    # --- a game's start and end ---------------------------------------------------------------------------

    def start_game(self, setup: dict[str, Any], seed: int) -> None:
        self.controller.new_game(setup, seed, lambda _snapshot: self._go(self._pack().first_screen()))

    def new_game(self) -> None:
        """Home's New game: the chosen game's own New game screen, or the shell's drawn from its declaration."""
        self._go(self._pack().new_game_screen or "new_game")

    def open_editor(self) -> None:
        """Home's data editor for the chosen game, when it has one."""
        if self._pack().editor_screen:
            self._go(self._pack().editor_screen)

    def resume_game(self, game_id: int) -> None:
        """Opens the saved game in its own game's screens (its pack made current first)."""
        saved = self.controller.saved_games
        game = next((g.game for g in saved if g.game_id == game_id), self._pack().info.name)
        if self._choose_game(game):
            self.controller.resume(game_id, lambda snapshot: self._go(self._pack().screen_for(snapshot.state)))

    def leave_game(self) -> None:
        self.controller.close_game()
        self.on_leave()
        self._go("home")

    # --- actions ------------------------------------------------------------------------------------------

    def describe(self, action: Any) -> str:
        snapshot = self.controller.snapshot
        if snapshot is None:
            return type(action).__name__
        try:
            return str(self._pack().describe(action, snapshot.state))
        except Exception:  # a label must never break the screen
            log.exception("describe failed")
            return type(action).__name__

    def legal_by_key(self) -> dict[str, Any]:
        snapshot = self.controller.snapshot
        return {act(action): action for action in snapshot.legal} if snapshot else {}

    def send_action(self, action: Any) -> bool:
        """Sends one action; ignored (False) while the previous one is still being saved."""
        return self.controller.dispatch(action)

    def perform(self, key: str) -> None:
        """What a button with this key does: dispatch a legal action, or open a screen or a chooser."""
        if key.startswith("act:"):
            action = self.legal_by_key().get(key)
            if action is None:
                self._notify(_("That is no longer possible."))
                return
            self.send_action(action)
            return
        target = key.split(":")
        if target[0] != "open" or len(target) < 2:
            return
        what, argument = target[1], (target[2] if len(target) > 2 else None)
        if what in ("history", "settings", "help"):
            self._go(what)
        elif what == "handover" and argument is not None:
            self._go("handover", seat=argument)
        else:
            self._pack_perform(what, argument)

    def undo(self) -> None:
        self.controller.undo()

    def redo(self) -> None:
        self.controller.redo()

    def open_menu(self) -> None:
        pack, go = self._pack(), self._go
        choices = []
        if "adjust" in pack.screens:
            choices.append(PopupButton("open:adjust", _("Adjust (the table is right)"), lambda: go("adjust")))
        snapshot = self.controller.snapshot
        if pack.info.hides_information and snapshot is not None:
            for seat, seat_name in enumerate(pack.seats(snapshot.state)):
                label = _("Private: {seat}").format(seat=seat_name)
                choices.append(PopupButton(f"open:handover:{seat}", label, partial(go, "handover", seat=str(seat))))
        choices += [
            PopupButton("open:history", _("History: undo and redo"), lambda: go("history")),
            PopupButton("open:settings", _("Settings"), lambda: go("settings")),
            PopupButton("open:help", _("Help"), lambda: go("help")),
            PopupButton("open:home", _("Leave the game (it is saved)"), self.leave_game),
        ]
        show_popup(_("Menu"), [], [PopupButton("popup:cancel", _("Back to the game"))], kind="chooser", choices=choices)

    # --- saved games --------------------------------------------------------------------------------------

    def export_game(self, game_id: int) -> None:
        """One tap on Home: the game as a JSON file on a USB stick (or in the state directory)."""
        self.controller.export_game(
            game_id, None, lambda path: self._notify(_("Game exported to {file}").format(file=path), 12.0)
        )

    def restore_backup(self, path: Path, line: Any) -> None:
        """The Backups screen's Restore, once confirmed: the saved games put back (the game in play closed, the
        current ones kept as a backup set aside), then Home with them."""

        def restored(_games: Any) -> None:
            self._notify(_("The saved games are back as they were on {when}.").format(when=line.when), 12.0)
            self._go("home")

        self.controller.restore_backup(path, restored)

    def import_export(self, path: Path) -> None:
        """The Backups screen's Import: the exported game added as a new saved game (or the reason it is not)."""

        def imported(result: Any) -> None:
            notice = _("{file} imported as saved game {number}.").format(file=path.name, number=result.game_id)
            self._notify(f"{notice} {result.corrected}".strip(), 12.0)
            self._on_home_changed()

        self.controller.import_export(path, imported)

    def delete_game(self, row: Any) -> None:
        """Home's Delete: asks first (a deleted game cannot be brought back), then deletes on the worker; Home
        refreshes when the list changes."""
        from companion.ui.presenters.home import delete_question

        question = delete_question(row)

        def deleted(_games: Any) -> None:
            self._on_home_changed()
            self._notify(_("Game deleted."), 6.0)

        def confirmed() -> None:
            self.controller.delete_game(row.game_id, deleted)

        show_popup(
            question.title,
            list(question.lines),
            [
                PopupButton("delete:keep", question.keep_label),
                PopupButton("delete:confirm", question.delete_label, confirmed, role="danger"),
            ],
        )
