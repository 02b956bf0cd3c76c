"""The Box screen (the pack's data editor): the facts the sources do not give, completed from the players' box
and saved in their overlay through the shell's data-editor service (never in the shipped files). What a touch
does is the presenter's (`BoxEditing.press`); this class only draws its view and passes touches and typing on."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.textinput import TextInput
from kivy.uix.widget import Widget

from companion.games.the_thing.overlay import RELATIVE, write_box
from companion.games.the_thing.ui.presenters.box import BoxEditing, BoxView, present_box
from companion.locale import domain
from companion.ui.data_editor import save_data
from companion.ui.presenters.lines import ButtonView
from companion.ui.screens.base import BaseScreen
from companion.ui.theme import colour
from companion.ui.widgets.reuse import refill
from companion.ui.widgets.text import FitLabel, TouchButton

_, ngettext = domain("the_thing")


def _shown(widget: Any, shown: bool, height: float | None = None) -> None:
    """Shows a part of the screen (filling what is left, or `height`) or folds it away."""
    widget.opacity = 1 if shown else 0
    widget.disabled = not shown
    widget.size_hint_y = 1 if shown and height is None else None
    if not shown or height is not None:
        widget.height = height if shown and height is not None else 0


def _button(button: TouchButton, spec: ButtonView | None) -> None:
    button.opacity = 1 if spec is not None else 0
    button.disabled = spec is None or not spec.enabled
    button.text = spec.label if spec is not None else ""
    button.action_key = spec.key if spec is not None else ""
    button.role = spec.role if spec is not None else "normal"


class ThingBoxScreen(BaseScreen):
    editing: BoxEditing | None = None
    saving = False

    def render_key(self) -> None:
        return None  # the draft changes under it: always drawn afresh

    def on_pre_enter(self, *args: Any) -> None:
        self.editing = None
        super().on_pre_enter(*args)

    def refresh(self) -> None:
        pack = self.app.pack
        if not pack.is_loaded:
            return
        defs = pack.rules.definitions
        if self.editing is None:
            self.editing = BoxEditing.of(defs)
        view = present_box(defs, self.editing, str(RELATIVE))
        ids = self.ids
        form = view.form
        ids.title.text = view.title if form is None else form.title
        back = ButtonView("back", _("Back")) if form is None else form.cancel
        ids.back.text, ids.back.action_key = back.label, back.key
        _button(ids.form_ok, None if form is None else form.ok)
        ids.form_ok.width = 0 if form is None else self.app.target * 2.0
        ids.note.text = view.note
        ids.problem.text = view.problem
        _shown(ids.problem, bool(view.problem), self.app.target * 1.2)
        editing = form is not None
        for part, height in (
            (ids.tabs, self.app.target),
            (ids.note, self.app.target * 1.3),
            (ids.save, self.app.target),
        ):
            _shown(part, not editing, height)
        _shown(ids.scroll, not editing)
        _shown(ids.form, editing)
        _button(ids.save, view.save if form is None else None)  # after `_shown`, which enables what it shows
        for button, tab in zip(refill(ids.tabs, len(view.tabs), self._tab), view.tabs):
            _button(button, tab)
        if editing:
            self._fill_form(view)
            return
        for row, spec in zip(refill(ids.rows, len(view.rows), self._row), view.rows):
            label, value, *buttons = reversed(row.children)
            label.text = spec.name
            value.text = spec.value
            for index, button in enumerate(buttons):
                _button(button, spec.buttons[index] if index < len(spec.buttons) else None)

    def _fill_form(self, view: BoxView) -> None:
        form, app, box = view.form, self.app, self.ids.form
        assert form is not None
        if box.children:  # the form is drawn once when it opens: its fields keep what is typed
            return
        for field in form.fields:
            row = BoxLayout(size_hint_y=None, height=app.target, spacing=app.gap)
            row.add_widget(FitLabel(text=field.label, base_font_size=app.font_small, size_hint_x=0.3))
            text = TextInput(text=field.value, multiline=False, font_size=app.font_body, write_tab=False)
            text.action_key = field.key
            text.bind(text=lambda _w, value, key=field.key: self._typed(key, value))
            row.add_widget(text)
            box.add_widget(row)
        hint = FitLabel(text=form.help, base_font_size=app.font_small, size_hint_y=None, height=app.target)
        hint.color = colour("text_dim")
        box.add_widget(hint)
        box.add_widget(Widget())  # the rest of the screen, above the docked keyboard

    def _typed(self, key: str, value: str) -> None:
        if self.editing is not None:
            self.editing = self.editing.typed(key.removeprefix("box:field:"), value)

    def _tab(self) -> TouchButton:
        button = TouchButton()
        button.bind(on_release=lambda b: self.press(b.action_key))
        return button

    def _row(self) -> Any:
        app = App.get_running_app()
        row = BoxLayout(size_hint_y=None, height=app.target * 1.2, spacing=app.gap)
        row.add_widget(FitLabel(base_font_size=app.font_body))
        row.add_widget(FitLabel(bold=True, halign="center", size_hint_x=None, width=app.target * 2.4))
        for _index in range(2):
            button = TouchButton(size_hint_x=None, width=app.target * 1.8)
            button.bind(on_release=lambda b: self.press(b.action_key))
            row.add_widget(button)
        return row

    def press(self, key: str) -> None:
        if self.editing is None or not key:
            return
        self.editing = self.editing.press(key)
        self.ids.form.clear_widgets()
        self.refresh()

    def leave(self) -> None:
        """Back: a form open closes without its change; otherwise the screen it came from."""
        if self.editing is not None and self.editing.form is not None:
            self.press("box:form:cancel")
            return
        self.app.back()

    def save(self) -> None:
        editing, app = self.editing, self.app
        if editing is None or app.worker is None or self.saving:
            return
        self.saving = True

        def done(path: Any) -> None:
            self.saving = False
            section = editing.section
            self.editing = BoxEditing.of(app.pack.rules.definitions, section)
            app.show_notice(_("Saved in {file}").format(file=path), 8.0)
            self.refresh()

        def refused(error: BaseException) -> None:
            self.saving = False
            if self.editing is not None:
                self.editing = self.editing.refused(error)
            app.show_notice(_("Not saved: nothing was changed."), 8.0)
            self.refresh()

        save_data(app, lambda: write_box(editing.draft), done, refused)
