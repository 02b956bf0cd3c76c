"""The Box screen's words and buttons, from the data and what is being edited (plain Python: the tests read it
without a window). Three sections: the counts (the dog track, the Heliport's damage tokens), the weather die's
faces, and the Location deck's list. A fact the sources do not give shows "not given" until the players complete
it; a name is typed in a form that opens over the list (the docked keyboard leaves the screen's top free)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from companion.engine.data.problems import DataError
from companion.games.the_thing.definitions import CABIN, PLAYER_COUNTS, Definitions
from companion.games.the_thing.overlay import BoxDraft, PlaceDraft
from companion.locale import domain
from companion.ui.presenters.lines import ButtonView

_, ngettext = domain("the_thing")

SECTIONS = ("counts", "weather", "locations")


@dataclass(frozen=True)
class RowView:
    name: str
    value: str
    buttons: tuple[ButtonView, ...]


@dataclass(frozen=True)
class FieldView:
    key: str  # the text field's action key: "box:field:<name>"
    label: str
    value: str


@dataclass(frozen=True)
class FormView:
    title: str
    help: str
    fields: tuple[FieldView, ...]
    ok: ButtonView
    cancel: ButtonView


@dataclass(frozen=True)
class BoxView:
    title: str
    note: str
    tabs: tuple[ButtonView, ...]
    rows: tuple[RowView, ...]
    save: ButtonView
    changed: bool
    problem: str  # why the last save was refused ("" when none)
    form: FormView | None


@dataclass(frozen=True)
class FormDraft:
    """A name being typed: a face's ("face", its index) or a Location card's ("place", its id, "" for a new one)."""

    kind: str
    target: str
    texts: tuple[tuple[str, str], ...]  # (field, text)

    def text(self, field: str) -> str:
        return dict(self.texts).get(field, "")


@dataclass(frozen=True)
class BoxEditing:
    """Everything the Box screen shows that is not saved yet: the draft, the section, a form, a refusal."""

    draft: BoxDraft
    section: str = "counts"
    form: FormDraft | None = None
    problem: str = ""

    @classmethod
    def of(cls, defs: Definitions, section: str = "counts") -> BoxEditing:
        return cls(BoxDraft.of(defs), section)

    def press(self, key: str) -> BoxEditing:
        """What a touch on the button `key` ("box:<what>:<how>") makes of it."""
        _box, what, how = key.split(":", 2)
        draft, done = self.draft, replace(self, problem="")
        if what == "section" and how in SECTIONS:
            return replace(done, section=how, form=None)
        if what == "form":
            return replace(done, draft=self._applied() if how == "ok" else draft, form=None)
        if what == "deck":
            return replace(done, draft=draft.toggle_deck())
        if what == "faces":
            return replace(done, draft=draft.step_faces(1 if how == "up" else -1))
        if what.startswith("face-"):
            index = int(what.removeprefix("face-")) - 1
            return replace(done, form=FormDraft("face", str(index), (("name", draft.faces[index]),)))
        if what == "place" and how == "add":
            return replace(done, form=FormDraft("place", "", (("en", ""), ("fr", ""))))
        if what.startswith("place-"):
            place_id = what.removeprefix("place-")
            if how == "remove":
                return replace(done, draft=draft.remove_place(place_id))
            place = next(p for p in draft.places if p.id == place_id)
            return replace(done, form=FormDraft("place", place_id, (("en", place.en), ("fr", place.fr))))
        return replace(done, draft=draft.step(what, 1 if how == "up" else -1))

    def typed(self, field: str, text: str) -> BoxEditing:
        form = self.form
        if form is None:
            return self
        texts = tuple((name, text if name == field else value) for name, value in form.texts)
        return replace(self, form=replace(form, texts=texts))

    def refused(self, error: BaseException) -> BoxEditing:
        """The save was refused: why, each problem naming the file by its name only (the draft stays as typed)."""
        problems = getattr(error, "problems", None) if isinstance(error, DataError) else None
        if not problems:
            return replace(self, problem=str(error))
        lines = [str(problem._replace(file=Path(problem.file).name)) for problem in problems]
        return replace(self, problem="\n".join(lines))

    def _applied(self) -> BoxDraft:
        form, draft = self.form, self.draft
        if form is None:
            return draft
        if form.kind == "face":
            return draft.name_face(int(form.target), form.text("name"))
        if form.target:
            return draft.rename_place(form.target, form.text("en"), form.text("fr"))
        return draft.add_place(form.text("en"), form.text("fr"))


def _stepper(key: str, name: str, value: int | None) -> RowView:
    shown = _("not given") if value is None else str(value)
    return RowView(name, shown, (ButtonView(f"box:{key}:down", "-"), ButtonView(f"box:{key}:up", "+")))


def _count_rows(draft: BoxDraft) -> list[RowView]:
    rows = [_stepper("dog", _("Dog-escape track: spaces"), draft.dog_spaces)]
    for players, value in zip(PLAYER_COUNTS, draft.damage):
        rows.append(_stepper(f"damage-{players}", _("Heliport damage tokens, {n} players").format(n=players), value))
    return rows


def _weather_rows(draft: BoxDraft) -> list[RowView]:
    rows = [_stepper("faces", _("Faces on the die (six: our inference)"), len(draft.faces))]
    name = ButtonView("", _("Name"))
    for index, face in enumerate(draft.faces):
        button = replace(name, key=f"box:face-{index + 1}:name")
        rows.append(RowView(_("Face {n}").format(n=index + 1), face or _("not given"), (button,)))
    return rows


def _mark(place: PlaceDraft) -> str:
    if place.id == CABIN:
        return _("the expansion's")
    return {"inferred": _("inferred"), "box": _("from your box")}.get(place.confidence, _("from the rules"))


def _location_rows(draft: BoxDraft) -> list[RowView]:
    rows = []
    for place in draft.places:
        name = f"{place.en} / {place.fr}"
        if place.id == CABIN:
            rows.append(RowView(name, _mark(place), ()))
            continue
        rename = ButtonView(f"box:place-{place.id}:rename", _("Rename"))
        remove = ButtonView(f"box:place-{place.id}:remove", _("Remove"), "danger")
        rows.append(RowView(name, _mark(place), (rename, remove)))
    rows.append(RowView(_("A card of your box not in the list"), "", (ButtonView("box:place:add", _("Add")),)))
    complete = _("yes") if draft.deck_checked else _("no")
    rows.append(
        RowView(_("List complete, checked against your box"), complete, (ButtonView("box:deck:toggle", _("Change")),))
    )
    return rows


def _form(editing: BoxEditing) -> FormView | None:
    form = editing.form
    if form is None:
        return None
    if form.kind == "face":
        title = _("Face {n}: its name as printed on your die").format(n=int(form.target) + 1)
        hint = _("Leave it empty while the face is not known: the roll then says so.")
        fields: tuple[FieldView, ...] = (FieldView("box:field:name", _("Name"), form.text("name")),)
    else:
        title = _("A Location card of your box") if not form.target else _("The Location card's names")
        hint = _("Both names are needed: where your box gives one, write your translation for the other.")
        fields = (
            FieldView("box:field:en", _("English name"), form.text("en")),
            FieldView("box:field:fr", _("French name"), form.text("fr")),
        )
    return FormView(
        title, hint, fields, ButtonView("box:form:ok", _("OK"), "primary"), ButtonView("box:form:cancel", _("Cancel"))
    )


def present_box(defs: Definitions, editing: BoxEditing, file: str) -> BoxView:
    draft, section = editing.draft, editing.section
    notes = {
        "counts": _("From your box: saved in {file}. A game already started keeps the facts it began with."),
        "weather": _(
            "The weather die's faces are not in our sources: name each face as printed on your die. Six faces is "
            "our inference: change the count if your die has another."
        ),
        "locations": _(
            "The base game's Location cards are not in our sources: the list holds the places the expansion "
            "names. Check it against your box, then mark it complete. The Cabin's card is the expansion's."
        ),
    }
    rows = {"counts": _count_rows, "weather": _weather_rows, "locations": _location_rows}[section](draft)
    names = {"counts": _("Counts"), "weather": _("Weather die"), "locations": _("Location deck")}
    tabs = tuple(
        ButtonView(f"box:section:{name}", names[name], "primary" if name == section else "normal") for name in SECTIONS
    )
    changed = draft != BoxDraft.of(defs)
    return BoxView(
        title=_("Box facts"),
        note=notes[section].format(file=file),
        tabs=tabs,
        rows=tuple(rows),
        save=ButtonView("box:save", _("Save"), "primary", changed and editing.form is None),
        changed=changed,
        problem=editing.problem,
        form=_form(editing),
    )
