"""The card editor: every slot the data leaves empty (the Emergency cards' kind, name and symbols; the pods',
pilots' and Thunderbird cards' names and abilities; the symbols; the kinds of dice with their faces; the counts),
completed once from the box, saved with `overlay.set_fields` to the user data directory (never the shipped files),
validated like the shipped data.

Kivy-free. An `EditorDraft` holds an entry's fields in the data files' own format (see
data/thunderbirds_solitaire/README.md), starting from what the companion knows now; saving writes only the fields
that changed. The next game uses them; a game under way keeps the facts it began with.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from companion.games.thunderbirds_solitaire.definitions import KINDS, Definitions, Kind, Names, Text
from companion.games.thunderbirds_solitaire.loader import report
from companion.locale import domain
from companion.ui.presenters.lines import ButtonView

_, ngettext = domain("thunderbirds_solitaire")
pgettext = domain("thunderbirds_solitaire").pgettext

TABS: tuple[str, ...] = ("counts", "basic", "advanced", "symbols", "dice", "pods", "pilots", "thunderbirds")
#: Entries a page of the list shows (the decks hold dozens of cards: a page's widgets stay few).
PAGE = 8
#: Header tables and the fields of theirs the Counts tab edits.
COUNTS: tuple[tuple[str, str], ...] = (
    ("emergency", "basic_count"),
    ("emergency", "advanced_count"),
    ("pods", "count"),
    ("dice", "count"),
    ("symbols", "complete"),
)


def tab_label(tab: str) -> str:
    return {
        "counts": _("Counts"),
        "basic": _("Basic cards"),
        "advanced": _("Advanced cards"),
        "symbols": _("Symbols"),
        "dice": _("Dice"),
        "pods": _("Pods"),
        "pilots": _("Pilots"),
        "thunderbirds": _("Thunderbirds"),
    }[tab]


def field_label(name: str) -> str:
    return {
        "kind": _("Kind"),
        "names": _("Name"),
        "symbols": _("Symbols"),
        "ability": _("Ability"),
        "wild": _("Wild"),
        "count": _("How many"),
        "faces": _("Faces"),
        "basic_count": _("Basic Emergency cards"),
        "advanced_count": _("Advanced Emergency cards"),
        "complete": _("Every symbol is listed"),
    }.get(name, name)


def count_label(table: str, name: str) -> str:
    if table == "pods":
        return _("Pod cards")
    if table == "dice":
        return _("Dice in the box")
    return field_label(name)


def kind_label(kind: Kind) -> str:
    from companion.games.thunderbirds_solitaire.words import kind_name

    return kind_name(kind)


def _text(value: Names | Text | None) -> str:
    return value.text() if value is not None else ""


def entry_name(defs: Definitions, table: str, entry_id: str) -> str:
    """An entry as the list names it: its printed name when known, else its slot ("Basic card 07")."""
    entries = _entries(defs, table)
    entry = entries.get(entry_id)
    name = _text(getattr(entry, "names", None)) if entry is not None else ""
    if name:
        return name
    number = entry_id.rsplit("-", 1)[-1]
    return {
        "card": (_("Basic card {n}") if entry_id.startswith("basic-") else _("Advanced card {n}")).format(n=number),
        "pod": _("Pod {n}").format(n=number.lstrip("0") or number),
        "pilot": _("Pilot {n}").format(n=number),
        "thunderbird": entry_id,
        "symbol": _("Symbol {n}").format(n=number),
        "die": _("Kind of die {n}").format(n=number),
    }.get(table, entry_id)


def _entries(defs: Definitions, table: str) -> dict[str, Any]:
    return dict(
        {
            "card": defs.cards,
            "pod": defs.pods,
            "pilot": defs.pilots,
            "thunderbird": defs.thunderbirds,
            "symbol": defs.symbols,
            "die": defs.dice,
        }.get(table, {})
    )


# --- the list ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class EditorRow:
    label: str
    status: str
    key: str  # "edit:<table>:<id>"
    complete: bool


@dataclass(frozen=True)
class EditorListView:
    title: str
    summary: str
    tabs: tuple[ButtonView, ...]
    rows: tuple[EditorRow, ...]
    note: str
    page: str
    previous: ButtonView | None
    next: ButtonView | None
    add: ButtonView | None


def _status(defs: Definitions, table: str, entry_id: str) -> tuple[str, bool]:
    slots = {(s.table, s.id): s for s in report(defs).slots}
    slot = slots.get((table, entry_id))
    if slot is None:
        return "", True
    if slot.completeness == "complete" and not slot.low:
        return _("complete"), True
    parts = []
    if slot.missing:
        parts.append(_("missing: {fields}").format(fields=", ".join(field_label(f) for f in slot.missing)))
    if slot.low:
        parts.append(_("inferred, to check: {fields}").format(fields=", ".join(field_label(f) for f in slot.low)))
    return " · ".join(parts), slot.completeness == "complete"


def _count(defs: Definitions, table: str, name: str) -> int | bool | None:
    value: int | bool | None = {
        ("emergency", "basic_count"): defs.basic_count,
        ("emergency", "advanced_count"): defs.advanced_count,
        ("pods", "count"): defs.pod_count,
        ("dice", "count"): defs.dice_count,
        ("symbols", "complete"): defs.symbols_complete,
    }[(table, name)]
    return value


def _count_known(defs: Definitions, table: str, name: str) -> bool:
    """A count is known once entered; the list of symbols once marked complete."""
    value = _count(defs, table, name)
    return value is not None and value is not False


def _count_value(defs: Definitions, table: str, name: str) -> str:
    value = _count(defs, table, name)
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return pgettext("a number", "unknown") if value is None else str(value)


def present_editor_list(defs: Definitions, tab: str, page: int = 0) -> EditorListView:
    tab = tab if tab in TABS else "counts"
    rows: list[EditorRow] = []
    note = ""
    add: ButtonView | None = None
    if tab == "counts":
        for table, name in COUNTS:
            value = _count_value(defs, table, name)
            known = _count_known(defs, table, name)
            rows.append(
                EditorRow(
                    _("{what}: {value}").format(what=count_label(table, name), value=value),
                    _("complete") if known else _("to complete from your box"),
                    f"edit:{table}:{name}",
                    known,
                )
            )
    else:
        table, ids = _tab_entries(defs, tab)
        if tab == "basic" and defs.basic_count is None:
            note = _("Count the basic Emergency cards of your box and enter the number in Counts first.")
        if tab == "symbols":
            add = ButtonView("editor:add:symbol", _("Add a symbol"))
        if tab == "dice":
            add = ButtonView("editor:add:die", _("Add a kind of die"))
        for entry_id in ids:
            status, complete = _status(defs, table, entry_id)
            rows.append(EditorRow(entry_name(defs, table, entry_id), status, f"edit:{table}:{entry_id}", complete))
    incomplete = sum(1 for row in rows if not row.complete)
    pages = max(1, (len(rows) + PAGE - 1) // PAGE)
    page = max(0, min(page, pages - 1))
    shown = rows[page * PAGE : (page + 1) * PAGE]
    return EditorListView(
        title=_("Card editor"),
        summary=(
            ngettext(
                "{n} entry here is still to complete from your box.",
                "{n} entries here are still to complete from your box.",
                incomplete,
            ).format(n=incomplete)
            if incomplete
            else (_("Everything here is complete.") if rows else "")
        ),
        tabs=tuple(ButtonView(f"tab:{t}", tab_label(t), "primary" if t == tab else "normal") for t in TABS),
        rows=tuple(shown),
        note=note,
        page=_("Page {n} of {total}").format(n=page + 1, total=pages) if pages > 1 else "",
        previous=ButtonView("editor:page:-1", _("Previous"), enabled=page > 0) if pages > 1 else None,
        next=ButtonView("editor:page:1", _("Next"), enabled=page < pages - 1) if pages > 1 else None,
        add=add,
    )


def _tab_entries(defs: Definitions, tab: str) -> tuple[str, list[str]]:
    if tab in ("basic", "advanced"):
        return "card", [card.id for card in defs.cards.values() if card.deck == tab]
    table = {"symbols": "symbol", "dice": "die", "pods": "pod", "pilots": "pilot", "thunderbirds": "thunderbird"}[tab]
    return table, list(_entries(defs, table))


# --- the draft ---------------------------------------------------------------------------------------------------


def _words(value: Names | Text | None) -> dict[str, str] | None:
    if value is None:
        return None
    found = {lang: text for lang, text in (("en", value.en), ("fr", value.fr)) if text}
    return found or None


def fields_of(defs: Definitions, table: str, entry_id: str) -> dict[str, Any]:
    """The entry as the data files would write it, from what the companion knows now (None: unknown)."""
    if table in ("emergency", "pods", "dice", "symbols"):
        name = entry_id
        return {name: _raw_count(defs, table, name)}
    entry = _entries(defs, table).get(entry_id)
    if table == "card":
        return {
            "kind": getattr(entry, "kind", None),
            "names": _words(getattr(entry, "names", None)),
            "symbols": None if entry is None or entry.symbols is None else list(entry.symbols),
        }
    if table in ("pod", "pilot", "thunderbird"):
        return {"names": _words(getattr(entry, "names", None)), "ability": _words(getattr(entry, "ability", None))}
    if table == "symbol":
        return {"names": _words(getattr(entry, "names", None)), "wild": bool(getattr(entry, "wild", False))}
    return {
        "names": _words(getattr(entry, "names", None)),
        "count": getattr(entry, "count", None),
        "faces": None if entry is None or entry.faces is None else list(entry.faces),
    }


def _raw_count(defs: Definitions, table: str, name: str) -> Any:
    return {
        ("emergency", "basic_count"): defs.basic_count,
        ("emergency", "advanced_count"): defs.advanced_count,
        ("pods", "count"): defs.pod_count,
        ("dice", "count"): defs.dice_count,
        ("symbols", "complete"): defs.symbols_complete,
    }[(table, name)]


def new_id(defs: Definitions, table: str) -> str:
    """The next free id of an entry the player adds (`symbol-1`, `die-2`...): ids are never shown, names are."""
    prefix = "symbol" if table == "symbol" else "die"
    taken = set(_entries(defs, table))
    number = 1
    while f"{prefix}-{number}" in taken:
        number += 1
    return f"{prefix}-{number}"


@dataclass
class EditorDraft:
    table: str  # "card", "pod", ... or a header table ("emergency", "pods", "dice", "symbols")
    entry_id: str  # the entry's id; for a header table, the field it edits
    original: dict[str, Any]
    fields: dict[str, Any] = field(default_factory=dict)
    is_new: bool = False

    @classmethod
    def start(cls, defs: Definitions, table: str, entry_id: str) -> EditorDraft:
        found = fields_of(defs, table, entry_id)
        return cls(table, entry_id, copy.deepcopy(found), copy.deepcopy(found))

    @classmethod
    def new(cls, defs: Definitions, table: str) -> EditorDraft:
        entry_id = new_id(defs, table)
        found = fields_of(defs, table, entry_id)
        return cls(table, entry_id, copy.deepcopy(found), copy.deepcopy(found), is_new=True)

    @property
    def is_header(self) -> bool:
        return self.table in ("emergency", "pods", "dice", "symbols")

    def changes(self) -> dict[str, Any]:
        return {k: v for k, v in self.fields.items() if v != self.original.get(k)}

    def set(self, name: str, value: Any) -> None:
        self.fields[name] = value

    def toggle(self, name: str) -> None:
        self.fields[name] = not bool(self.fields.get(name))

    def step(self, name: str, delta: int, low: int, default: int) -> None:
        current = self.fields.get(name)
        self.fields[name] = max(low, (default if current is None else int(current)) + delta)

    def set_text(self, name: str, language: str, text: str) -> None:
        words = dict(self.fields.get(name) or {})
        if text.strip():
            words[language] = text.strip()
        else:
            words.pop(language, None)
        self.fields[name] = words or None

    def text(self, name: str, language: str) -> str:
        return str((self.fields.get(name) or {}).get(language, ""))

    def add(self, name: str, symbol: str) -> None:
        self.fields[name] = [*(self.fields.get(name) or []), symbol]

    def remove_last(self, name: str) -> None:
        items = list(self.fields.get(name) or [])
        if items:
            items.pop()
        self.fields[name] = items

    def clear(self, name: str, empty: bool) -> None:
        """`empty`: the card shows no symbol ([]); otherwise unknown again (None)."""
        self.fields[name] = [] if empty else None

    def problems(self) -> tuple[str, ...]:
        """What stops a save before the data's own validation: a new entry needs its name."""
        if self.is_new and not self.fields.get("names"):
            return (_("Give it a name first."),)
        return ()


# --- the form ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class FormRow:
    label: str
    value: str = ""
    text_field: str = ""  # "names.en": a text field bound to this part of the draft
    text_value: str = ""
    buttons: tuple[ButtonView, ...] = ()

    def text(self) -> str:
        """What the row's label says: "Kind: Disaster", or the field's name alone."""
        return _("{what}: {value}").format(what=self.label, value=self.value) if self.value else self.label


@dataclass(frozen=True)
class EditorFormView:
    title: str
    subtitle: str
    rows: tuple[FormRow, ...]
    can_save: bool
    problems: tuple[str, ...]


def _symbol_list(defs: Definitions, ids: list[str] | None, empty: str, unknown: str) -> str:
    if ids is None:
        return unknown
    if not ids:
        return empty
    return ", ".join(_text(defs.symbols[s].names) or s if s in defs.symbols else s for s in ids)


def _language_rows(draft: EditorDraft, name: str) -> list[FormRow]:
    label = field_label(name)
    return [
        FormRow(_("{field} (English)").format(field=label), text_field=f"{name}.en", text_value=draft.text(name, "en")),
        FormRow(_("{field} (French)").format(field=label), text_field=f"{name}.fr", text_value=draft.text(name, "fr")),
    ]


def _list_row(defs: Definitions, draft: EditorDraft, name: str, empty: str, may_be_empty: bool) -> FormRow:
    buttons = [
        ButtonView(f"editor:pick:{name}", _("Add…")),
        ButtonView(f"editor:remove:{name}", _("Remove the last"), enabled=bool(draft.fields.get(name))),
    ]
    if may_be_empty:
        buttons.append(ButtonView(f"editor:none:{name}", _("None")))
    unknown = pgettext("faces", "unknown") if name == "faces" else pgettext("symbols", "unknown")
    shown = _symbol_list(defs, draft.fields.get(name), empty, unknown)
    return FormRow(field_label(name), shown, buttons=tuple(buttons))


def present_editor_form(defs: Definitions, draft: EditorDraft) -> EditorFormView:
    f = draft.fields
    rows: list[FormRow] = []
    if draft.is_header:
        name = draft.entry_id
        title = count_label(draft.table, name)
        if name == "complete":
            value = bool(f.get(name))
            rows.append(
                FormRow(
                    field_label(name),
                    _("yes") if value else _("no"),
                    buttons=(ButtonView("editor:toggle:complete", _("No") if value else _("Yes")),),
                )
            )
        else:
            current = f.get(name)
            rows.append(
                FormRow(
                    title,
                    pgettext("a number", "unknown") if current is None else str(current),
                    buttons=tuple(
                        ButtonView(f"editor:step:{name}:{delta}", f"{delta:+d}".replace("-", "−"))
                        for delta in (-10, -1, 1, 10)
                    ),
                )
            )
        subtitle = _("Counted from your box.")
    else:
        title = entry_name(defs, draft.table, draft.entry_id)
        status, _complete = _status(defs, draft.table, draft.entry_id)
        subtitle = _("New: give it a name, then save.") if draft.is_new else status
        if draft.table == "card":
            kind = f.get("kind")
            rows.append(
                FormRow(
                    field_label("kind"),
                    kind_label(kind) if kind else pgettext("a card's kind", "unknown"),
                    buttons=tuple(
                        ButtonView(f"editor:kind:{k}", kind_label(k), "primary" if k == kind else "normal")
                        for k in KINDS
                    ),
                )
            )
            rows += _language_rows(draft, "names")
            rows.append(_list_row(defs, draft, "symbols", _("no symbols"), True))
        elif draft.table in ("pod", "pilot", "thunderbird"):
            rows += _language_rows(draft, "names")
            rows += _language_rows(draft, "ability")
        elif draft.table == "symbol":
            rows += _language_rows(draft, "names")
            wild = bool(f.get("wild"))
            rows.append(
                FormRow(
                    field_label("wild"),
                    _("yes, it stands for any symbol") if wild else _("no"),
                    buttons=(ButtonView("editor:toggle:wild", _("No") if wild else _("Yes")),),
                )
            )
        else:
            rows += _language_rows(draft, "names")
            count = f.get("count")
            rows.append(
                FormRow(
                    field_label("count"),
                    pgettext("a number", "unknown") if count is None else str(count),
                    buttons=tuple(
                        ButtonView(f"editor:step:count:{delta}", f"{delta:+d}".replace("-", "−")) for delta in (-1, 1)
                    ),
                )
            )
            rows.append(_list_row(defs, draft, "faces", pgettext("faces", "none"), False))
    problems = draft.problems()
    return EditorFormView(
        title=title,
        subtitle=subtitle,
        rows=tuple(rows),
        can_save=bool(draft.changes()) and not problems,
        problems=problems,
    )
