"""The kit's data editor: the parts a café completes from its box, by section, and the form of one (its texts
typed on the docked keyboard of a kiosk, its count stepped), saved on the session worker into the players' own
copy of the kit file (`KitPack.edit`). The presenter is `companion/kit/ui/presenters/editor.py`."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.textinput import TextInput

from companion.kit.ui.presenters.editor import (
    Draft,
    FormProblem,
    changes_of,
    draft_for,
    present_editor,
    present_form,
    refusal,
    with_count,
    with_text,
)
from companion.kit.ui.presenters.rows import RowButton
from companion.kit.ui.screens.rows import KitRow, fill_buttons, fill_rows, fill_tabs
from companion.locale import domain
from companion.ui.data_editor import save_data
from companion.ui.screens.base import BaseScreen
from companion.ui.theme import colour
from companion.ui.widgets.text import FitLabel

_, ngettext = domain("kit")

__all__ = ["KitEditorScreen", "KitRow"]  # KitRow is the list's viewclass: importing this module registers it


def _shown(widget: Any, shown: bool, height: float | None = None) -> None:
    """Shows a part of the screen (filling what is left, or `height`) or folds it away."""
    widget.opacity = 1 if shown else 0
    widget.disabled = not shown
    if shown and height is None:
        widget.size_hint_y = 1
    else:
        widget.size_hint_y = None
        widget.height = height if shown and height is not None else 0


class KitEditorScreen(BaseScreen):
    section = "dice"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.draft: Draft | None = None
        self.problem = ""
        self.saving = False

    def render_key(self) -> object:
        return (super().render_key(), self.section, self.draft, self.problem, self.app.pack.definition)

    def visit_name(self) -> str:
        return f"editor-{self.draft.kind}" if self.draft is not None else f"editor-{self.section}"

    def refresh(self) -> None:
        pack = self.app.pack
        kit = pack.definition
        ids = self.ids
        view = present_editor(kit, self.section, str(pack.info.source))
        self.section = view.section
        ids.title.text = view.title
        ids.intro.text = view.intro
        fill_tabs(ids.sections, view.tabs if self.draft is None else (), self.show_section)
        if self.draft is None:
            _shown(ids.rows, True)
            _shown(ids.form_scroll, False)
            _shown(ids.bottom, False)
            fill_rows(ids.rows, self, view.rows)
            return
        _shown(ids.rows, False)
        _shown(ids.form_scroll, True)
        _shown(ids.bottom, True, self.app.target)
        self._fill_form(kit)

    def _fill_form(self, kit: Any) -> None:
        assert self.draft is not None
        app = self.app
        form = present_form(kit, self.draft, self.problem)
        box = self.ids.form
        box.clear_widgets()
        box.add_widget(self._line(form.title, bold=True))
        for line in form.help:
            box.add_widget(self._line(line, dim=True))
        for field in form.fields:
            row = BoxLayout(size_hint_y=None, height=app.target, spacing=app.gap * 0.5)
            label = FitLabel(text=field.label, base_font_size=app.font_small, size_hint_x=0.36)
            text = TextInput(text=field.value, multiline=False, font_size=app.font_body, write_tab=False)
            text.action_key = f"field:{field.key}"
            text.bind(text=lambda _w, value, key=field.key: self._typed(key, value))
            row.add_widget(label)
            row.add_widget(text)
            box.add_widget(row)
        if form.count is not None:
            what, value = form.count
            row = BoxLayout(size_hint_y=None, height=app.target, spacing=app.gap * 0.5)
            row.add_widget(FitLabel(text=f"{what}: {value}", base_font_size=app.font_small))
            steps = (RowButton("count:-1", "−1", enabled=value > 1), RowButton("count:+1", "+1"))
            buttons = BoxLayout(size_hint_x=None, width=app.target * 3, spacing=app.gap * 0.5)
            fill_buttons(buttons, steps, self.press)
            row.add_widget(buttons)
            box.add_widget(row)
        if form.piles:
            row = BoxLayout(size_hint_y=None, height=app.target, spacing=app.gap * 0.5)
            row.add_widget(FitLabel(text=_("Pile"), base_font_size=app.font_small, size_hint_x=0.36))
            buttons = BoxLayout(spacing=app.gap * 0.5)
            fill_buttons(buttons, form.piles, self.press)
            row.add_widget(buttons)
            box.add_widget(row)
        if form.problem:
            box.add_widget(self._line(form.problem, bad=True))

    def _line(self, text: str, bold: bool = False, dim: bool = False, bad: bool = False) -> FitLabel:
        app = self.app
        label = FitLabel(text=text, base_font_size=app.font_small, size_hint_y=None, height=app.target * 0.8)
        label.bold = bold
        label.color = colour("warning" if bad else "text_dim" if dim else "text")
        return label

    def _typed(self, key: str, value: str) -> None:
        if self.draft is not None:
            self.draft = with_text(self.draft, key, value)

    # --- touches -------------------------------------------------------------------------------------------

    def show_section(self, section: str) -> None:
        self.section = section
        self.refresh()
        self._shown_key = self.render_key()
        self.ids.rows.to_top()

    def press(self, spec: RowButton) -> None:
        if spec.key.startswith(("edit:", "add:")):
            self.draft = draft_for(self.app.pack.definition, spec.key)
            self.problem = ""
        elif spec.key.startswith("count:") and self.draft is not None:
            self.draft = with_count(self.draft, self.draft.count + int(spec.key.split(":", 1)[1]))
        elif spec.key.startswith("pile:") and self.draft is not None:
            self.draft = replace(self.draft, pile=spec.key.split(":", 1)[1])
        self._redraw()

    def _redraw(self) -> None:
        self.refresh()
        self._shown_key = self.render_key()

    def close_form(self) -> None:
        self.draft = None
        self.problem = ""
        self._redraw()

    def leave(self) -> None:
        if self.draft is not None:
            self.close_form()
            return
        self.app.back()

    def save(self) -> None:
        if self.draft is None or self.saving:
            return
        pack = self.app.pack
        try:
            changes = changes_of(pack.definition, self.draft)
        except FormProblem as problem:
            self.problem = str(problem)
            self._redraw()
            return
        self.saving = True
        save_data(self.app, lambda: pack.edit(changes), self._saved, self._refused, reload=False)

    def _saved(self, _path: Any) -> None:
        self.saving = False
        self.app.list_games()
        self.app.show_notice(_("Saved: new games use it; saved games keep the game as it was."), 8.0)
        self.close_form()

    def _refused(self, error: BaseException) -> None:
        self.saving = False
        self.problem = refusal(error if isinstance(error, Exception) else Exception(str(error)))
        self._redraw()
