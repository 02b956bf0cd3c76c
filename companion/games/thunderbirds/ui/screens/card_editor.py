"""Card editor: every card with its confidence; complete or correct one, saved to the user overlay, undoable."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from kivy.factory import Factory
from kivy.uix.textinput import TextInput

from companion.games.thunderbirds.definitions import TOKEN_KINDS
from companion.games.thunderbirds.errors import DataError
from companion.games.thunderbirds.ui.presenters.card_editor import (
    EFFECT_KINDS,
    Draft,
    edge_choices,
    effect_kind_label,
    overlay_problem_rows,
    piece_choices,
    present_card_list,
    present_editor,
    reward_choices,
)
from companion.games.thunderbirds.ui.presenters.words import rescue_type_label, token_label
from companion.locale import _
from companion.ui.data_editor import UndoStack, refusal_popup, save_data, save_undoable, undo_last
from companion.ui.screens.base import BaseScreen
from companion.ui.theme import colour
from companion.ui.widgets.popups import PopupButton, show_popup
from companion.ui.widgets.text import TouchButton


class CardEditorScreen(BaseScreen):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.kind = "disaster"
        self.draft: Draft | None = None
        #: (kind, card id, the overlay entry before the save): the editor's own undo.
        self.undo_stack: UndoStack[tuple[str, str]] = []
        #: Opened from the game on one card (the players completing it where it matters): Back returns there.
        self._from_play = False
        self._confidence = ""

    def on_pre_enter(self, *args: object) -> None:
        """Opened with a card (`open:complete:<id>` from the game): its form at once."""
        card = self.params.get("card")
        self._from_play = bool(card)
        if card and self.app.pack.is_loaded:
            from companion.games.thunderbirds.ui.presenters.words import card_kind, completeness_label, find_card

            defs = self.app.pack.defs
            found = find_card(defs, card)
            if found is not None:
                self.kind = card_kind(defs, card)
                self._start(self.kind, card, completeness_label(found.completeness, found.source.verified))
        super().on_pre_enter(*args)

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
            self._fill_problems(box, defs)
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

    def _fill_problems(self, box: Any, defs: Any) -> None:
        """A broken overlay file on top of the list: what is wrong, and the way out (fix the card here, or set
        the file aside), so the warning Home shows can be cleared from the app."""
        from companion.games.thunderbirds.loader import default_overlay_problems

        app = self.app
        for row in overlay_problem_rows(defs, default_overlay_problems()):
            line = Factory.EditorLine()
            line.height = app.target * (3.2 if app.portrait else 2.2)
            line.ids.label.text = row.label
            line.ids.label.color = colour("danger")
            for spec in row.buttons:
                button = TouchButton(
                    text=spec.label, action_key=spec.key, role=spec.role, base_font_size=app.font_small
                )
                button.bind(on_release=lambda _b, key=spec.key: self.press_problem(key))
                line.ids.buttons.add_widget(button)
            box.add_widget(line)

    def press_problem(self, key: str) -> None:
        head, _sep, argument = key.partition(":")
        if head == "fix":
            from companion.games.thunderbirds.ui.presenters.words import card_kind, completeness_label, find_card

            defs = self.app.pack.defs
            found = find_card(defs, argument)
            if found is not None:
                self._start(card_kind(defs, argument), argument, completeness_label(found.completeness, False))
                self.refresh()
        elif head == "aside":
            self._set_aside(argument)

    def _set_aside(self, file: str) -> None:
        app = self.app

        def write() -> Any:
            from pathlib import Path

            from companion.games.thunderbirds.overlay import set_aside

            return set_aside(Path(file))

        def done(moved: Any) -> None:
            app.show_notice(_("Set aside as {file}: the companion no longer reads it.").format(file=moved.name))
            self._rules_changed()
            self.refresh()

        save_data(app, write, done, self._refused)

    def _rules_changed(self) -> None:
        """The game under way sees the corrected cards at once: its legal actions are worked out again."""
        controller = self.app.controller
        if controller is not None and controller.snapshot is not None:
            controller.reread()

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
        self._start(kind, card_id, confidence)
        self.refresh()

    def _start(self, kind: str, card_id: str, confidence: str) -> None:
        """The card's form; a card a broken overlay file corrects starts from what that file says."""
        from companion.games.thunderbirds.loader import default_overlay_problems
        from companion.games.thunderbirds.overlay import overlay_entry

        pending = None
        if any(p.card_id == card_id for p in default_overlay_problems()):
            try:
                pending = overlay_entry(kind, card_id)
            except DataError:
                pending = None
        self.draft = Draft.start(self.app.pack.defs, kind, card_id, pending)
        self._confidence = confidence

    def leave(self) -> None:
        if self.draft is not None and not self._from_play:
            self.draft = None
            self.refresh()
        else:
            self.draft = None
            self._from_play = False
            self.app.back()

    # --- edits ---------------------------------------------------------------------------------------------

    def _typed(self, name: str, value: str) -> None:
        draft = self.draft
        if draft is None:
            return
        if "." in name:
            field, language = name.rsplit(".", 1)
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
        elif head == "no_dice":
            draft.set_no_dice("auto_requirements" not in draft.fields)
        elif head == "piece":
            draft.remove_piece(parts[1], int(parts[2]))
        elif head == "pieces":
            draft.set("pieces", [])
        elif head == "effect":
            index = int(parts[1])
            if parts[2] == "remove":
                draft.remove_effect(index)
            elif parts[2] == "domain":
                effect = draft.fields["effects"][index]
                draft.set_effect(index, "domain", "earth" if effect.get("domain") == "space" else "space")
            else:
                draft.change_effect(index, int(parts[2]))
        elif head == "timing":
            draft.set("timing", parts[1])
        elif head == "any_turn":
            draft.set("any_turn", draft.fields.get("any_turn", True) is False)
        elif head == "pick":
            self._pick(parts[1], parts[2:], defs)
            return
        self.refresh()

    def _pick(self, what: str, arguments: list[str], defs: Any) -> None:
        draft = self.draft
        assert draft is not None
        regions = [(r.id, r.names.text()) for r in defs.board.regions]
        choices: list[tuple[str, str, Any]] = []
        first = arguments[0] if arguments else ""
        if what == "region":
            choices = [(f"region:{rid}", name, lambda rid=rid: draft.set("region", rid)) for rid, name in regions]
        elif what == "reward":
            choices = [(f"reward:{k}", label, lambda k=k: draft.add_reward(k)) for k, label in reward_choices(defs)]
        elif what == "bonus":
            choices = [
                (f"piece:{pid}", name, lambda k=kind, p=pid: draft.add_bonus(k, p))
                for kind, pid, name in piece_choices(defs)
            ]
        elif what == "bonus-region" and first:
            index = int(first)
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
            choices = [
                (f"token:{k}", token_label(defs, k), lambda k=k: draft.add_token_requirement(k)) for k in TOKEN_KINDS
            ]
            choices.append(("token:-", _("Kind not legible"), lambda: draft.add_token_requirement(None)))
        elif what == "token-kind" and first:
            index = int(first)
            choices = [
                (f"token:{k}", token_label(defs, k), lambda k=k: draft.set_token(index, "kind", k)) for k in TOKEN_KINDS
            ]
            choices.append(("token:-", _("Kind not legible"), lambda: draft.set_token(index, "kind", None)))
        elif what == "token-region" and first:
            index = int(first)
            card_regions = draft.fields.get("regions") or [rid for rid, _name in regions]
            choices = [
                (
                    f"region:{rid}",
                    defs.board.region(rid).names.text(),
                    lambda rid=rid: draft.set_token(index, "region", rid),
                )
                for rid in card_regions
                if rid in defs.board.region_ids
            ]
            choices.append(("region:-", _("Region not legible"), lambda: draft.set_token(index, "region", None)))
        elif what == "piece" and first:
            kinds = ("vehicle", "pod") if first == "pieces" else ("character", "vehicle", "pod")
            choices = [
                (f"piece:{pid}", name, lambda k=kind, p=pid: self._pick_region(first, k, p, regions))
                for kind, pid, name in piece_choices(defs, kinds)
            ]
            self._chooser(choices, refresh=False)
            return
        elif what == "piece-region" and len(arguments) > 1:
            name, index = first, int(arguments[1])
            choices = [
                (f"region:{rid}", label, lambda rid=rid: draft.set_piece_region(name, index, rid))
                for rid, label in regions
            ]
        elif what == "effect":
            blocks = [k for k in EFFECT_KINDS if draft.kind == "event" or k != "block-edges"]
            choices = [(f"effect:{k}", effect_kind_label(k), lambda k=k: draft.add_effect(k)) for k in blocks]
        elif what == "effect-type" and first:
            index = int(first)
            choices = [("type:-", _("Every rescue"), lambda: draft.set_effect(index, "rescue_type", None))]
            choices += [
                (f"type:{t}", rescue_type_label(t), lambda t=t: draft.set_effect(index, "rescue_type", t))
                for t in ("air", "sea", "land", "space")
            ]
        elif what == "effect-vehicle" and first:
            index = int(first)
            choices = [
                (f"vehicle:{v}", label, lambda v=v: draft.set_effect(index, "vehicle", v))
                for _kind, v, label in piece_choices(defs, ("vehicle",))
            ]
        elif what == "effect-edges" and first:
            index = int(first)
            chosen = {frozenset(e) for e in draft.fields["effects"][index].get("edges", [])}
            choices = [
                (
                    f"route:{a}:{b}",
                    ("✓ " if frozenset((a, b)) in chosen else "") + label,
                    lambda edge=(a, b): draft.toggle_edge(index, edge),
                )
                for (a, b), label in edge_choices(defs)
            ]
        self._chooser(choices)

    def _pick_region(self, name: str, kind: str, piece: str, regions: list[tuple[str, str]]) -> None:
        """The second step of adding a piece: where it must be."""
        draft = self.draft
        assert draft is not None
        self._chooser(
            [(f"region:{rid}", label, partial(draft.add_piece, name, kind, piece, rid)) for rid, label in regions]
        )

    def _chooser(self, choices: list[tuple[str, str, Callable[[], None]]], refresh: bool = True) -> None:
        def chosen(apply: Callable[[], None]) -> Callable[[], None]:
            def run() -> None:
                apply()
                if refresh:
                    self.refresh()

            return run

        show_popup(
            _("Choose"),
            [],
            [PopupButton("popup:cancel", _("Cancel"))],
            kind="chooser",
            choices=[PopupButton(f"editor:{key}", label, chosen(apply)) for key, label, apply in choices],
        )

    # --- saving --------------------------------------------------------------------------------------------

    def save(self) -> None:
        draft = self.draft
        if draft is None or not draft.changes():
            return
        changes = draft.changes()
        kind, card_id = draft.kind, draft.card_id
        app = self.app

        def write() -> dict[str, Any]:
            from companion.games.thunderbirds.overlay import set_card_fields

            return set_card_fields(kind, card_id, changes)

        def done(_previous: dict[str, Any]) -> None:
            self.draft = Draft.start(app.pack.defs, kind, card_id)
            app.show_notice(
                _(
                    "Saved to your corrections: the companion checks this card from now on. The shipped data is "
                    "unchanged."
                )
            )
            self._rules_changed()
            self.refresh()

        save_undoable(app, self.undo_stack, (kind, card_id), write, done, self._refused)

    def undo_last(self) -> None:
        app = self.app

        def put_back(card: tuple[str, str], previous: dict[str, Any]) -> None:
            from companion.games.thunderbirds.overlay import replace_card

            replace_card(*card, previous)

        def done(card: tuple[str, str]) -> None:
            kind, card_id = card
            if self.draft is not None and self.draft.card_id == card_id:
                self.draft = Draft.start(app.pack.defs, kind, card_id)
            app.show_notice(_("The last save is undone."))
            self._rules_changed()
            self.refresh()

        undo_last(app, self.undo_stack, put_back, done, self._refused)

    def restore(self) -> None:
        draft = self.draft
        if draft is None:
            return
        kind, card_id = draft.kind, draft.card_id
        app = self.app

        def write() -> dict[str, Any]:
            from companion.games.thunderbirds.overlay import clear_card

            return clear_card(kind, card_id)

        def done(_previous: dict[str, Any]) -> None:
            self.draft = Draft.start(app.pack.defs, kind, card_id)
            app.show_notice(_("Back to the shipped card."))
            self._rules_changed()
            self.refresh()

        save_undoable(app, self.undo_stack, (kind, card_id), write, done, self._refused, keep_nothing=False)

    def _refused(self, error: BaseException) -> None:
        refusal_popup(_("Not saved: the card does not check out"))(error)
