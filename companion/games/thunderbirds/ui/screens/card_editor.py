"""Card editor: every card with its confidence; complete or correct one, saved to the user overlay, undoable."""

from __future__ import annotations

from functools import partial
from typing import Any

from kivy.factory import Factory
from kivy.uix.textinput import TextInput

from companion.games.thunderbirds.ui.presenters.card_editor import (
    Draft,
    piece_choices,
    present_card_list,
    present_editor,
    reward_choices,
)
from companion.locale import _
from companion.ui.screens.base import BaseScreen
from companion.ui.widgets.popups import PopupButton, PopupLine, show_popup
from companion.ui.widgets.text import TouchButton


class CardEditorScreen(BaseScreen):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.kind = "disaster"
        self.draft: Draft | None = None
        #: (kind, card id, the overlay entry before the save): the editor's own undo.
        self.undo_stack: list[tuple[str, str, dict[str, Any]]] = []

    # --- rendering -----------------------------------------------------------------------------------------

    def refresh(self) -> None:
        app = self.app
        if not app.pack.is_loaded:
            return
        defs = app.pack.defs
        ids = self.ids
        ids.undo_edit.disabled = not self.undo_stack
        ids.undo_edit.text = _("Undo last save")
        box = ids.content
        box.clear_widgets()
        if self.draft is None:
            view = present_card_list(defs, self.kind)
            ids.title.text = view.title
            ids.subtitle.text = view.summary
            ids.save.opacity = 0
            ids.save.disabled = True
            ids.restore.opacity = 0
            ids.restore.disabled = True
            tabs = ids.tabs
            tabs.clear_widgets()
            for key, label, selected in view.kinds:
                tab = TouchButton(
                    text=label,
                    action_key=f"kind:{key}",
                    role="primary" if selected else "normal",
                    base_font_size=app.font_small,
                )
                tab.bind(on_release=lambda _b, k=key: self.show_kind(k))
                tabs.add_widget(tab)
            for row in view.rows:
                line = Factory.EditorLine()
                line.ids.label.text = f"{row.name}\n{row.confidence}"
                button = TouchButton(text=_("Edit"), action_key=row.key, size_hint_x=None, width=app.target * 2)
                button.bind(on_release=lambda _b, r=row: self.edit(r.kind, r.card_id, r.confidence))
                line.ids.buttons.add_widget(button)
                box.add_widget(line)
            return
        editor = present_editor(defs, self.draft, self._confidence)
        ids.title.text = editor.title
        ids.subtitle.text = f"{editor.confidence} · {editor.changed}"
        ids.tabs.clear_widgets()
        ids.save.opacity = 1
        ids.save.disabled = not editor.can_save
        ids.save.text = editor.save_label
        ids.restore.opacity = 1
        ids.restore.disabled = False
        ids.restore.text = _("Shipped card")
        for field_row in editor.rows:
            line = Factory.EditorLine()
            line.ids.label.text = field_row.label
            if field_row.text_field:
                field = TextInput(text=field_row.text_value, multiline=False, font_size=app.font_body, write_tab=False)
                field.bind(text=lambda _w, value, name=field_row.text_field: self._typed(name, value))
                line.ids.buttons.add_widget(field)
            for spec in field_row.buttons:
                button = TouchButton(
                    text=spec.label, action_key=f"editor:{spec.key}", role=spec.role, base_font_size=app.font_small
                )
                button.bind(on_release=lambda _b, key=spec.key: self.press(key))
                line.ids.buttons.add_widget(button)
            box.add_widget(line)

    def visit_name(self) -> str:
        return f"card_editor-{self.draft.kind}-edit" if self.draft else f"card_editor-{self.kind}"

    def render_key(self) -> object:
        return None  # the draft changes under it: always rebuilt

    # --- navigation ----------------------------------------------------------------------------------------

    def show_kind(self, kind: str) -> None:
        self.kind = kind
        self.draft = None
        self.refresh()

    def edit(self, kind: str, card_id: str, confidence: str) -> None:
        self.draft = Draft.start(self.app.pack.defs, kind, card_id)
        self._confidence = confidence
        self.refresh()

    def leave(self) -> None:
        if self.draft is not None:
            self.draft = None
            self.refresh()
        else:
            self.app.back()

    # --- edits ---------------------------------------------------------------------------------------------

    def _typed(self, name: str, value: str) -> None:
        draft = self.draft
        if draft is None:
            return
        if "." in name:
            field, language = name.split(".")
            draft.set_text(field, language, value)
        else:
            draft.set_spaces(name, value)
        self.ids.save.disabled = not draft.changes()

    def press(self, key: str) -> None:
        draft = self.draft
        if draft is None:
            return
        defs = self.app.pack.defs
        parts = key.split(":")
        head = parts[0]
        if head == "type":
            draft.set("rescue_type", parts[1])
        elif head == "difficulty":
            draft.step("difficulty", int(parts[1]), 2, 20, 8)
        elif head == "level":
            draft.step("level", int(parts[1]), 1, 4, 1)
        elif head == "length":
            draft.step("length", int(parts[1]), 5, 30, 15)
        elif head == "seats":
            if parts[1] == "none":
                draft.set("seats", None)
            else:
                draft.step("seats", int(parts[1]), 1, 10, 1)
        elif head == "seats_verified":
            draft.set("seats_verified", not bool(draft.fields.get("seats_verified")))
        elif head == "rewards":
            draft.clear_rewards()
        elif head == "verified":
            draft.set("verified", not bool(draft.fields.get("verified")))
        elif head == "bonus":
            index = int(parts[1])
            if parts[2] == "remove":
                draft.remove_bonus(index)
            else:
                draft.change_bonus(index, int(parts[2]))
        elif head == "token":
            index = int(parts[1])
            if parts[2] == "remove":
                draft.remove_token_requirement(index)
            else:
                draft.change_token_count(index, int(parts[2]))
        elif head == "pick":
            self._pick(parts[1], parts[2] if len(parts) > 2 else None, defs)
            return
        self.refresh()

    def _pick(self, what: str, argument: str | None, defs: Any) -> None:
        draft = self.draft
        assert draft is not None
        regions = [(r.id, r.names.text()) for r in defs.board.regions]
        choices: list[tuple[str, str, Any]] = []
        if what == "region":
            choices = [(f"region:{rid}", name, lambda rid=rid: draft.set("region", rid)) for rid, name in regions]
        elif what == "reward":
            choices = [(f"reward:{k}", label, lambda k=k: draft.add_reward(k)) for k, label in reward_choices(defs)]
        elif what == "bonus":
            choices = [
                (f"piece:{pid}", name, lambda k=kind, p=pid: draft.add_bonus(k, p))
                for kind, pid, name in piece_choices(defs)
            ]
        elif what == "bonus-region" and argument is not None:
            index = int(argument)
            choices = [("region:-", _("The disaster's own region"), lambda: draft.set_bonus_region(index, None))]
            choices += [
                (f"region:{rid}", name, lambda rid=rid: draft.set_bonus_region(index, rid)) for rid, name in regions
            ]
        elif what == "regions":
            choices = [
                (
                    f"region:{rid}",
                    ("✓ " if rid in draft.fields.get("regions", []) else "") + name,
                    lambda rid=rid: draft.toggle_region(rid),
                )
                for rid, name in regions
            ]
        elif what == "token":
            from companion.games.thunderbirds.definitions import TOKEN_KINDS
            from companion.games.thunderbirds.ui.presenters.words import token_label

            choices = [
                (f"token:{k}", token_label(defs, k), lambda k=k: draft.add_token_requirement(k)) for k in TOKEN_KINDS
            ]

        def chosen(apply: Any) -> None:
            apply()
            self.refresh()

        show_popup(
            _("Choose"),
            [],
            [PopupButton("popup:cancel", _("Cancel"))],
            kind="chooser",
            choices=[PopupButton(f"editor:{key}", label, partial(chosen, apply)) for key, label, apply in choices],
        )

    # --- saving --------------------------------------------------------------------------------------------

    def save(self) -> None:
        draft = self.draft
        if draft is None or not draft.changes():
            return
        changes = draft.changes()
        kind, card_id = draft.kind, draft.card_id
        app = self.app

        def work() -> dict[str, Any]:
            from companion.games.thunderbirds.overlay import set_card_fields

            previous = set_card_fields(kind, card_id, changes)
            app.pack.load()
            return previous

        def done(previous: dict[str, Any]) -> None:
            self.undo_stack.append((kind, card_id, previous))
            self.draft = Draft.start(app.pack.defs, kind, card_id)
            app.show_notice(_("Saved to your corrections. The shipped data is unchanged."))
            self.refresh()

        app.worker.submit(work, done, self._refused)

    def undo_last(self) -> None:
        if not self.undo_stack:
            return
        kind, card_id, previous = self.undo_stack.pop()
        app = self.app

        def work() -> None:
            from companion.games.thunderbirds.overlay import replace_card

            replace_card(kind, card_id, previous)
            app.pack.load()

        def done(_result: None) -> None:
            if self.draft is not None and self.draft.card_id == card_id:
                self.draft = Draft.start(app.pack.defs, kind, card_id)
            app.show_notice(_("The last save is undone."))
            self.refresh()

        app.worker.submit(work, done, self._refused)

    def restore(self) -> None:
        draft = self.draft
        if draft is None:
            return
        kind, card_id = draft.kind, draft.card_id
        app = self.app

        def work() -> dict[str, Any]:
            from companion.games.thunderbirds.overlay import clear_card

            previous = clear_card(kind, card_id)
            app.pack.load()
            return previous

        def done(previous: dict[str, Any]) -> None:
            if previous:
                self.undo_stack.append((kind, card_id, previous))
            self.draft = Draft.start(app.pack.defs, kind, card_id)
            app.show_notice(_("Back to the shipped card."))
            self.refresh()

        app.worker.submit(work, done, self._refused)

    def _refused(self, error: BaseException) -> None:
        problems = getattr(error, "problems", None)
        lines = [PopupLine(str(p), "bad") for p in problems] if problems else [PopupLine(str(error), "bad")]
        show_popup(_("Not saved: the card does not check out"), lines, [PopupButton("popup:close", _("Close"))])
