"""One system: its full record (left, or above in portrait), its name, and the actions legal there (right): a fleet
entering, the Enigma, diplomacy and building (each with its odds or its effect in a pop-up first), control, and the
players' corrections."""

from __future__ import annotations

from typing import Any

from companion.games.federation import actions as act
from companion.games.federation.ui.presenters.system import RecordDraft, SystemView, present_system
from companion.games.federation.ui.screens.common import FedScreen, ListFiller
from companion.ui.presenters.lines import ButtonView, TextLine


class FedSystemScreen(FedScreen):
    corrections = False
    draft = RecordDraft()
    _view: SystemView | None = None
    _fillers: tuple[ListFiller, ListFiller] | None = None
    _shown_system = ""

    @property
    def system(self) -> str:
        return str(self.params.get("system", ""))

    def render_key(self) -> object:
        return (super().render_key(), self.corrections, self.draft)

    def on_pre_enter(self, *args: Any) -> None:
        if self.system != self._shown_system:  # another system: its corrections start closed, its draft empty
            self._shown_system = self.system
            self.corrections = False
            self.draft = RecordDraft()
        super().on_pre_enter(*args)

    def refresh(self) -> None:
        snapshot = self.snapshot
        if snapshot is None or not self.app.pack.is_loaded:
            return
        view = present_system(
            snapshot.state, self.defs, snapshot.legal, self.system, self.check, self.corrections, self.draft
        )
        if view is None:  # removed from the list (or undone): back to the list, when this screen is showing
            if self.manager is not None and self.manager.current == self.name:
                self.app.go(self.app.pack_table_screen())
            return
        self._view = view
        ids = self.ids
        if self._fillers is None:
            self._fillers = (ListFiller(ids.record, self.press), ListFiller(ids.actions, self.press))
        ids.title.text = view.title
        ids.undo.disabled = not snapshot.can_undo
        ids.rename.text = view.rename_label
        ids.name.hint_text = view.name_placeholder
        if not ids.name.focus:
            ids.name.text = view.name
        self.typed(ids.name.text)
        record, actions = self._fillers
        record.fill(view.record)
        items: list[TextLine | ButtonView] = []
        for section in view.sections:
            items.append(TextLine(section.title, "title"))
            items.extend(section.items)
        actions.fill(items)

    def visit_name(self) -> str:
        return f"system-{self.system}" + ("-corrections" if self.corrections else "")

    # --- the name ------------------------------------------------------------------------------------------

    def _rename_action(self, text: str) -> act.RenameSystem:
        return act.RenameSystem(self.system, text.strip())

    def typed(self, text: str) -> None:
        """The Rename button is offered only for a name the rules accept; the note says why not."""
        snapshot = self.snapshot
        view = self._view
        if snapshot is None or view is None:
            return
        unchanged = text.strip() == view.name
        reason = None if unchanged else self.check(snapshot.state, self._rename_action(text))
        self.ids.rename.disabled = unchanged or reason is not None
        self.ids.name_note.text = reason or view.name_hint

    def rename(self) -> None:
        snapshot = self.snapshot
        if snapshot is None:
            return
        action = self._rename_action(self.ids.name.text)
        if self.check(snapshot.state, action) is None:
            self.ids.name.focus = False
            self.correct(action)

    # --- the buttons ---------------------------------------------------------------------------------------

    def press(self, key: str) -> None:
        view = self._view
        if view is None:
            return
        parts = key.split(":")
        if key == "fix:toggle":
            self.corrections = not self.corrections
            self.refresh()
        elif parts[0] == "draft":
            self.draft = self.draft.chose(parts[1], parts[2])
            self.refresh()
        elif parts[0] == "roll" or parts[0] == "build":
            self.app.pack_ui.show_roll(parts[1] if parts[0] == "roll" else "build", self.system, parts[-1])
        elif key == "fix:remove":
            self.app.pack_ui.confirm_remove(self.system, view.actions[key])
        elif key.startswith("fix:"):
            action = view.actions.get(key)
            if action is not None:
                if key == "fix:record":
                    self.draft = RecordDraft()
                self.correct(action)
        else:
            self.app.perform(key)
