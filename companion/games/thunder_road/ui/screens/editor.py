"""The data editor: a die's faces or a damage kind's count completed from the box (`presenters/editor.py`), saved
through the shell's data-editor service (the saved games pinned first, the data read again after)."""

from __future__ import annotations

from typing import Any

from companion.engine.pack import Words
from companion.games.thunder_road import overlay
from companion.games.thunder_road.ui.presenters.editor import present_editor
from companion.ui.data_editor import save_data
from companion.ui.presenters.lines import ButtonView
from companion.ui.screens.base import BaseScreen
from companion.ui.screens.plain import fill_box

T = frozenset({"en", "fr"})


class RaceEditorScreen(BaseScreen):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.editing: str | None = None
        self.problem = ""

    def render_key(self) -> object:
        return None  # the form's text is the player's while typing: always drawn afresh on entry

    def visit_name(self) -> str:
        return "editor-form" if self.editing else "editor"

    def refresh(self) -> None:
        view = present_editor(self.app.pack.race_rules.definitions, self.editing)
        ids = self.ids
        ids.title.text = view.title
        ids.intro.text = view.intro
        fill_box(ids.rows, (), () if view.form else view.rows, self.press)
        form = view.form
        ids.form.opacity, ids.form.disabled = (1, False) if form else (0, True)
        ids.form.height = self.app.target * 4.2 if form else 0
        ids.form_title.text = form.title if form else ""
        ids.form_help.text = (self.problem or form.help) if form else ""
        ids.value.text = form.value if form else ""
        cancel, save = Words("Cancel", "Annuler", T).text(), Words("Save", "Enregistrer", T).text()
        buttons = (ButtonView("editor:cancel", cancel), ButtonView("editor:save", save, role="primary")) if form else ()
        fill_box(ids.form_buttons, (), buttons, self.press)

    def press(self, key: str) -> None:
        if key.startswith("edit:"):
            self.editing, self.problem = key.partition(":")[2], ""
        elif key == "editor:cancel":
            self.editing, self.problem = None, ""
        elif key == "editor:save":
            self.save()
            return
        self.refresh()

    def save(self) -> None:
        if self.editing is None:
            return
        table, _sep, entry = self.editing.partition(":")
        try:
            fields = (
                overlay.die_faces(self.ids.value.text) if table == "die" else overlay.kind_count(self.ids.value.text)
            )
        except ValueError as error:
            self.problem = str(error)
            self.refresh()
            return
        save_data(self.app, lambda: overlay.complete(table, entry, fields), self._saved, self._refused)

    def _saved(self, _previous: Any) -> None:
        self.editing, self.problem = None, ""
        self.refresh()

    def _refused(self, error: BaseException) -> None:
        self.problem = str(error).splitlines()[0]
        self.refresh()
