"""The card editor: every unknown slot of the box completed by touch (text with the docked on-screen keyboard on a
kiosk), validated, saved to the player's overlay with `overlay.set_fields`, and used by the next game."""

from __future__ import annotations

from functools import partial
from typing import Any

from kivy.factory import Factory
from kivy.uix.textinput import TextInput

from companion.games.thunderbirds_solitaire.ui.presenters.editor import (
    EditorDraft,
    present_editor_form,
    present_editor_list,
)
from companion.locale import domain
from companion.ui.data_editor import UndoStack, refusal_popup, save_undoable, undo_last
from companion.ui.screens.base import BaseScreen
from companion.ui.widgets.popups import PopupButton, PopupLine, show_popup
from companion.ui.widgets.text import TouchButton

_, ngettext = domain("thunderbirds_solitaire")

#: The lowest value of each count the editor steps.
LOWEST = {"basic_count": 1, "advanced_count": 0, "count": 1}


class SolitaireEditorScreen(BaseScreen):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.tab = "counts"
        self.page = 0
        self.draft: EditorDraft | None = None
        #: (table, entry id, the overlay entry before the save): the editor's own undo.
        self.undo_stack: UndoStack[tuple[str, str]] = []

    def render_key(self) -> None:
        return None  # the draft changes under it: always drawn afresh

    def visit_name(self) -> str:
        return f"editor-{self.draft.table}" if self.draft else f"editor-{self.tab}"

    # --- drawing -------------------------------------------------------------------------------------------------

    def refresh(self) -> None:
        app = self.app
        pack = app.pack
        if not pack.is_loaded:
            return
        defs = pack.definitions()
        ids = self.ids
        ids.undo_edit.text = _("Undo last save")
        ids.undo_edit.disabled = not self.undo_stack
        content, bottom, tabs = ids.content, ids.bottom, ids.tabs
        content.clear_widgets()
        content.parent.scroll_y = 1  # each list and each form starts at its top
        bottom.clear_widgets()
        tabs.clear_widgets()
        tabs.cols = 4
        if self.draft is None:
            view = present_editor_list(defs, self.tab, self.page)
            ids.title.text = view.title
            ids.subtitle.text = view.summary
            for spec in view.tabs:
                tab = TouchButton(text=spec.label, action_key=spec.key, role=spec.role, base_font_size=app.font_small)
                tab.bind(on_release=lambda b: self.press(b.action_key))
                tabs.add_widget(tab)
            if view.note:
                content.add_widget(Factory.PopupText(text=view.note, style="bad"))
            for row in view.rows:
                line = Factory.SolitaireEditorLine()
                line.ids.label.text = f"{row.label}\n{row.status}" if row.status else row.label
                edit = TouchButton(text=_("Edit"), action_key=row.key, size_hint_x=None, width=app.target * 2)
                edit.bind(on_release=lambda b: self.press(b.action_key))
                line.ids.buttons.add_widget(edit)
                content.add_widget(line)
            for extra in (view.add, view.previous, view.next):
                if extra is not None:
                    bottom.add_widget(self._button(extra))
            if view.page:
                bottom.add_widget(Factory.FitLabel(text=view.page, halign="center"))
            bottom.height = app.target if bottom.children else 0
            return
        form = present_editor_form(defs, self.draft)
        ids.title.text = form.title
        ids.subtitle.text = form.subtitle
        for form_row in form.rows:
            line = Factory.SolitaireEditorLine()
            line.ids.label.text = form_row.text()
            if form_row.text_field:
                field = TextInput(text=form_row.text_value, multiline=False, font_size=app.font_body, write_tab=False)
                field.action_key = f"field:{form_row.text_field}"
                field.bind(text=lambda _w, value, name=form_row.text_field: self._typed(name, value))
                line.ids.buttons.add_widget(field)
            for spec in form_row.buttons:
                line.ids.buttons.add_widget(self._button(spec))
            content.add_widget(line)
        for problem in form.problems:
            content.add_widget(Factory.PopupText(text=problem, style="bad"))
        restore = TouchButton(text=_("Back to the shipped data"), action_key="editor:restore")
        restore.disabled = self.draft.is_new
        restore.bind(on_release=lambda _b: self.restore())
        save = TouchButton(text=_("Save"), action_key="editor:save", role="success")
        save.disabled = not form.can_save
        save.bind(on_release=lambda _b: self.save())
        self._save = save
        bottom.add_widget(restore)
        bottom.add_widget(save)
        bottom.height = app.target

    def _button(self, spec: Any) -> TouchButton:
        button = TouchButton(
            text=spec.label,
            action_key=spec.key,
            role=spec.role,
            disabled=not spec.enabled,
            base_font_size=self.app.font_small,
        )
        button.bind(on_release=lambda b: self.press(b.action_key))
        return button

    # --- touches -------------------------------------------------------------------------------------------------

    def leave(self) -> None:
        if self.draft is not None:
            self.draft = None
            self.refresh()
        else:
            self.app.back()

    def _typed(self, name: str, value: str) -> None:
        draft = self.draft
        if draft is None:
            return
        field, language = name.split(".")
        draft.set_text(field, language, value)
        form = present_editor_form(self.app.pack.definitions(), draft)
        self._save.disabled = not form.can_save

    def press(self, key: str) -> None:
        defs = self.app.pack.definitions()
        parts = key.split(":")
        if parts[0] == "tab":
            self.tab, self.page = parts[1], 0
        elif parts[0] == "edit":
            self.draft = EditorDraft.start(defs, parts[1], parts[2])
        elif key == "editor:add:symbol":
            self.draft = EditorDraft.new(defs, "symbol")
        elif key == "editor:add:die":
            self.draft = EditorDraft.new(defs, "die")
        elif parts[:2] == ["editor", "page"]:
            self.page += int(parts[2])
        elif self.draft is not None and parts[0] == "editor":
            self._edit(parts[1:], defs)
            if parts[1] == "pick":
                return
        self.refresh()

    def _edit(self, parts: list[str], defs: Any) -> None:
        draft = self.draft
        assert draft is not None
        what = parts[0]
        if what == "kind":
            draft.set("kind", parts[1])
        elif what == "toggle":
            draft.toggle(parts[1])
        elif what == "step":
            name, delta = parts[1], int(parts[2])
            draft.step(name, delta, LOWEST.get(name, 0), 0)
        elif what == "remove":
            draft.remove_last(parts[1])
        elif what == "none":
            draft.clear(parts[1], empty=True)
        elif what == "pick":
            self._pick_symbol(parts[1], defs)

    def _pick_symbol(self, field: str, defs: Any) -> None:
        draft = self.draft
        assert draft is not None

        def chosen(symbol: str) -> None:
            draft.add(field, symbol)
            self.refresh()

        choices = [
            PopupButton(f"editor:symbol:{s.id}", s.names.text() if s.names else s.id, partial(chosen, s.id))
            for s in defs.symbols.values()
        ]
        show_popup(
            _("Which symbol?"),
            [PopupLine(_("A symbol missing here? Add it on the Symbols tab first."), "dim")],
            [PopupButton("popup:cancel", _("Cancel"))],
            kind="chooser",
            choices=choices,
        )

    # --- saving --------------------------------------------------------------------------------------------------

    def save(self) -> None:
        draft = self.draft
        if draft is None or not draft.changes() or draft.problems():
            return
        changes, table, entry_id = draft.changes(), draft.table, draft.entry_id
        app = self.app

        def write() -> dict[str, Any]:
            from companion.games.thunderbirds_solitaire.overlay import set_fields

            return set_fields(table, entry_id, changes)

        def done(_previous: dict[str, Any]) -> None:
            self.draft = EditorDraft.start(app.pack.definitions(), table, entry_id)
            app.show_notice(_("Saved to your corrections; the next game uses them. The shipped data is unchanged."))
            self.refresh()

        save_undoable(app, self.undo_stack, (table, entry_id), write, done, self._refused)

    def undo_last(self) -> None:
        app = self.app

        def put_back(entry: tuple[str, str], previous: dict[str, Any]) -> None:
            from companion.games.thunderbirds_solitaire.overlay import replace_entry

            replace_entry(*entry, previous)

        def done(entry: tuple[str, str]) -> None:
            if self.draft is not None and (self.draft.table, self.draft.entry_id) == entry:
                self.draft = EditorDraft.start(app.pack.definitions(), *entry)
            app.show_notice(_("The last save is undone."))
            self.refresh()

        undo_last(app, self.undo_stack, put_back, done, self._refused)

    def restore(self) -> None:
        draft = self.draft
        if draft is None or draft.is_new:
            return
        table, entry_id, header = draft.table, draft.entry_id, draft.is_header
        app = self.app

        def write() -> dict[str, Any]:
            from companion.games.thunderbirds_solitaire.overlay import clear_entry, set_fields

            return set_fields(table, entry_id, {entry_id: None}) if header else clear_entry(table, entry_id)

        def done(_previous: dict[str, Any]) -> None:
            self.draft = EditorDraft.start(app.pack.definitions(), table, entry_id)
            app.show_notice(_("Back to the shipped data."))
            self.refresh()

        save_undoable(app, self.undo_stack, (table, entry_id), write, done, self._refused, keep_nothing=False)

    def _refused(self, error: BaseException) -> None:
        refusal_popup(_("Not saved: it does not check out"))(error)
