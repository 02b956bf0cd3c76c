"""Backups and import: go back to a backup of the saved games (asked first), or import an exported game from a USB
stick. Reached from Home, and offered there at once when the saved games file could not be read."""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory

from companion.ui.presenters.backups import BackupLine, present_backups, restore_question
from companion.ui.screens.base import BaseScreen


class BackupsScreen(BaseScreen):
    backups: tuple[Any, ...] = ()
    exports: tuple[list[Any], list[Any]] = ([], [])
    #: Set while the lists are being read (the pilot and the tests wait for it to clear).
    reading = 0

    def render_key(self) -> object:
        return None  # what the drives and the backups folder hold changes behind the app's back: always read

    def on_pre_enter(self, *args: Any) -> None:
        super().on_pre_enter(*args)
        self.read()

    def read(self) -> None:
        """Lists the backups and the exports found, off the main thread; shown as each list arrives."""
        controller = self.context.controller
        self.reading += 2

        def got_backups(rows: tuple[Any, ...]) -> None:
            self.backups = rows
            self.reading -= 1
            self.refresh()

        def got_exports(found: tuple[list[Any], list[Any]]) -> None:
            self.exports = found
            self.reading -= 1
            self.refresh()

        controller.list_backups(got_backups)
        controller.find_exports(got_exports)

    def look_again(self) -> None:
        self.read()

    def refresh(self) -> None:
        exports, folders = self.exports
        view = present_backups(self.backups, exports, folders)
        ids = self.ids
        ids.title.text = view.title
        ids.backups_title.text = view.backups_title
        ids.backups_hint.text = view.backups_hint if view.backups else view.no_backups
        ids.imports_title.text = view.imports_title
        ids.imports_hint.text = view.imports_hint
        ids.look_again.text = view.look_again
        ids.backups.clear_widgets()
        for row, line in zip(self.backups, view.backups):
            widget = Factory.BackupLine()
            widget.ids.when.text = line.when
            widget.ids.detail.text = line.detail
            widget.ids.action.text = line.restore_label
            widget.ids.action.action_key = line.key
            widget.ids.action.bind(on_release=lambda _b, chosen=line, path=row.path: self._ask_restore(chosen, path))
            ids.backups.add_widget(widget)
        ids.exports.clear_widgets()
        if not view.exports:
            ids.exports.add_widget(Factory.SectionHint(text=view.no_exports))
        for exported, export_line in zip(exports, view.exports):
            widget = Factory.BackupLine()
            widget.ids.when.text = export_line.title
            widget.ids.detail.text = export_line.detail
            widget.ids.action.text = export_line.import_label
            widget.ids.action.action_key = export_line.key
            widget.ids.action.disabled = not export_line.can_import
            widget.ids.action.bind(on_release=lambda _b, path=exported.path: self.context.commands.import_export(path))
            ids.exports.add_widget(widget)

    def _ask_restore(self, line: BackupLine, path: Any) -> None:
        from companion.ui.widgets.popups import PopupButton, show_popup

        question = restore_question(line)
        restore = self.context.commands.restore_backup
        show_popup(
            question.title,
            list(question.lines),
            [
                PopupButton("restore:keep", question.keep_label),
                PopupButton("restore:confirm", question.restore_label, lambda: restore(path, line)),
            ],
        )
