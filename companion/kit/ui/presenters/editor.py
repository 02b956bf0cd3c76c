"""The kit's data editor, Kivy-free: what a café completes from its box (a die's faces, a deck's cards, a bag's
tokens), listed by section, and the form that edits one of them.

Saving turns the form into edits of the kit file (`changes_of`), which the pack writes with tomlkit into the
user's own copy (`KitPack.edit`: comments kept, the shipped example never written, an edit that would leave the
kit invalid refused). What the players enter is read from their box, so a part saved is marked `"high"`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from companion.engine.pack import Words
from companion.kit import components as comp
from companion.kit.definition import KitDefinition
from companion.kit.describe import face_label
from companion.kit.edit import Append, Loc
from companion.kit.ui.presenters.rows import Row, RowButton, Tab
from companion.locale import LANGUAGES, domain, language

_, ngettext = domain("kit")

Kind = Literal["die", "card", "token"]


class FormProblem(ValueError):
    """What the form still needs before it can be saved, in the players' words."""


@dataclass(frozen=True)
class Draft:
    """The part the form edits: a die (`index`), a card or a token (`index` of its deck or bag, `item` None for a
    new one), with what was typed so far."""

    kind: Kind
    index: int
    item: int | None = None
    texts: Mapping[str, str] = field(default_factory=dict)
    count: int = 1
    pile: str | None = None

    @property
    def is_new(self) -> bool:
        return self.kind != "die" and self.item is None


@dataclass(frozen=True)
class FormField:
    key: str  # "faces", "name.en", "text.fr"...: the text field's `field:` key
    label: str
    value: str


@dataclass(frozen=True)
class EditorView:
    title: str
    intro: str
    tabs: tuple[Tab, ...]
    section: str
    rows: tuple[Row, ...]


@dataclass(frozen=True)
class FormView:
    title: str
    help: tuple[str, ...]
    fields: tuple[FormField, ...]
    #: The count's label and value, or None (a die has no count).
    count: tuple[str, int] | None
    #: The piles a new card may go in (a deck built from piles), the chosen one selected.
    piles: tuple[RowButton, ...]
    problem: str


# ------------------------------------------------------------------------------------------------ the list


def sections_of(kit: KitDefinition) -> tuple[str, ...]:
    found = []
    if kit.dice:
        found.append("dice")
    if kit.decks:
        found.append("cards")
    if kit.bags:
        found.append("bags")
    return tuple(found)


def section_label(name: str) -> str:
    return {"dice": _("Dice"), "cards": _("Cards"), "bags": _("Bags")}[name]


def present_editor(kit: KitDefinition, section: str, file: str) -> EditorView:
    """The kit's parts by section, each with what is known of it and its Edit button."""
    available = sections_of(kit)
    if section not in available and available:
        section = available[0]
    known, total = comp.known_and_total(kit.decks, kit.dice, kit.bags, kit.tracks)
    intro = _("{done} · saved in {file}").format(
        done=_("{known} of {total} entries complete").format(known=known, total=total), file=file
    )
    makers = {"dice": _dice_rows, "cards": _card_rows, "bags": _bag_rows}
    return EditorView(
        title=_("Card editor: {game}").format(game=kit.title.text()),
        intro=intro,
        tabs=tuple(Tab(f"section:{name}", section_label(name), name == section) for name in available),
        section=section,
        rows=tuple(makers[section](kit)) if section in makers else (),
    )


def _mark(confidence: str) -> str:
    if confidence == "unknown":
        return " " + _("(not known yet)")
    if confidence == "low":
        return " " + _("(an inference: check it against your box)")
    return ""


def _dice_rows(kit: KitDefinition) -> list[Row]:
    rows = []
    for index, die in enumerate(kit.dice):
        if die.is_known:
            faces = ", ".join(face_label(kit, face) for face in die.faces)
            text = _("{die}: {faces}").format(die=die.name.text(), faces=faces) + _mark(die.confidence)
        else:
            text = _("{die}: faces not known yet").format(die=die.name.text())
        style = "normal" if die.is_known and die.confidence != "unknown" else "dim"
        rows.append(Row(text, style, (RowButton(f"edit:die:{index}", _("Edit")),)))
    return rows


def _card_rows(kit: KitDefinition) -> list[Row]:
    rows = []
    for index, deck in enumerate(kit.decks):
        rows.append(Row(deck.name.text(), "title", (RowButton(f"add:card:{index}", _("Add a card")),)))
        if not deck.cards:
            rows.append(Row(_("No card known yet: add each one from your box."), "dim"))
        for item, card in enumerate(deck.cards):
            text = card.text.text() if card.text is not None else _("not described yet")
            line = _("{card} ×{count}: {text}").format(card=card.name.text(), count=card.count, text=text)
            style = "dim" if card.confidence == "unknown" else "normal"
            rows.append(Row(line + _mark(card.confidence), style, (RowButton(f"edit:card:{index}:{item}", _("Edit")),)))
    return rows


def _bag_rows(kit: KitDefinition) -> list[Row]:
    rows = []
    for index, bag in enumerate(kit.bags):
        rows.append(Row(bag.name.text(), "title", (RowButton(f"add:token:{index}", _("Add a token")),)))
        for item, token in enumerate(bag.tokens):
            line = _("{token} ×{count}").format(token=token.name.text(), count=token.count)
            style = "dim" if token.confidence == "unknown" else "normal"
            rows.append(
                Row(line + _mark(token.confidence), style, (RowButton(f"edit:token:{index}:{item}", _("Edit")),))
            )
    return rows


# ------------------------------------------------------------------------------------------------ the form


def draft_for(kit: KitDefinition, key: str) -> Draft:
    """The form for an Edit or Add button's key (`edit:die:1`, `edit:card:0:3`, `add:token:0`), filled with what
    the kit says now."""
    verb, kind, *numbers = key.split(":")
    index = int(numbers[0])
    item = int(numbers[1]) if verb == "edit" and len(numbers) > 1 else None
    if kind == "die":
        return Draft("die", index, texts={"faces": faces_text(kit, kit.dice[index])})
    if kind == "card":
        deck = kit.decks[index]
        if item is None:
            return Draft("card", index, pile=deck.piles[0] if deck.piles else None)
        card = deck.cards[item]
        texts = _fields("name", card.name)
        if card.text is not None:
            texts |= _fields("text", card.text)
        return Draft("card", index, item, texts, card.count, card.pile)
    if kind == "token":
        if item is None:
            return Draft("token", index)
        token = kit.bags[index].tokens[item]
        return Draft("token", index, item, _fields("name", token.name), token.count)
    raise ValueError(f"no editor form for {key!r}")


def _fields(name: str, words: Words) -> dict[str, str]:
    """A text's form fields, one per language: {"name.en": ..., "name.fr": ...}."""
    return {f"{name}.{code}": text for code, text in words.as_dict().items()}


def with_text(draft: Draft, key: str, value: str) -> Draft:
    return replace(draft, texts={**draft.texts, key: value})


def with_count(draft: Draft, count: int) -> Draft:
    return replace(draft, count=max(1, count))


def present_form(kit: KitDefinition, draft: Draft, problem: str = "") -> FormView:
    texts = draft.texts
    names = (
        FormField("name.en", _("Name in English"), texts.get("name.en", "")),
        FormField("name.fr", _("Name in French"), texts.get("name.fr", "")),
    )
    if draft.kind == "die":
        die = kit.dice[draft.index]
        symbols = ", ".join(f"{symbol.id} ({symbol.name.text()})" for symbol in kit.symbols)
        help_lines: list[str] = [_("Type each face, separated by commas: a number, a symbol, blank or wild.")]
        if kit.symbols:
            example = kit.symbols[0].id
            help_lines.append(
                _("Symbols of this game: {symbols}; a number and a symbol: 2 {symbol}.").format(
                    symbols=symbols, symbol=example
                )
            )
        else:
            help_lines.append(_("This game has no symbols."))
        return FormView(
            die.name.text(),
            tuple(help_lines),
            (FormField("faces", _("Faces"), texts.get("faces", "")),),
            None,
            (),
            problem,
        )
    if draft.kind == "card":
        deck = kit.decks[draft.index]
        title = (
            _("A new card for {deck}").format(deck=deck.name.text())
            if draft.is_new
            else _("{deck}: a card").format(deck=deck.name.text())
        )
        fields = names + (
            FormField("text.en", _("What it says, in English"), texts.get("text.en", "")),
            FormField("text.fr", _("What it says, in French"), texts.get("text.fr", "")),
        )
        piles = (
            tuple(RowButton(f"pile:{pile}", pile, "primary" if pile == draft.pile else "normal") for pile in deck.piles)
            if draft.is_new
            else ()
        )
        copy_help = (_("Copy the card from your box: its name and what it says, in both languages."),)
        return FormView(title, copy_help, fields, (_("Copies in the deck"), draft.count), piles, problem)
    bag = kit.bags[draft.index]
    title = (
        _("A new token for {bag}").format(bag=bag.name.text())
        if draft.is_new
        else _("{bag}: a token").format(bag=bag.name.text())
    )
    count_help = (_("Count the tokens of this kind in your box."),)
    return FormView(title, count_help, names, (_("Tokens in the bag"), draft.count), (), problem)


# --------------------------------------------------------------------------------------------- saving


def refusal(error: Exception) -> str:
    """Why a save was refused, for the form: the field at fault and the problem (the file is the players' copy,
    which the form is about)."""
    problems = getattr(error, "problems", ())
    if problems:
        first = problems[0]
        reason = f"{first.field}: {first.message}" if first.field else first.message
    else:
        reason = getattr(error, "message", str(error))
    return _("Not saved: {reason}").format(reason=reason)


def changes_of(kit: KitDefinition, draft: Draft) -> list[tuple[Loc, Any]]:
    """The edits of the kit file that save the form; `FormProblem` when something is still missing."""
    if draft.kind == "die":
        faces = parse_faces(draft.texts.get("faces", ""))
        if not faces:
            raise FormProblem(_("Type at least one face."))
        return [(("die", draft.index, "faces"), faces), (("die", draft.index, "confidence"), "high")]
    name = _both(draft, "name", required=True)
    assert name is not None  # required: a problem is raised instead
    if draft.kind == "card":
        deck = kit.decks[draft.index]
        text = _both(draft, "text", required=False)
        if draft.is_new:
            table: dict[str, Any] = {"id": new_id(name["en"], {card.id for card in deck.cards}, "card")}
            table["name"] = name
            if draft.count != 1:
                table["count"] = draft.count
            if text is not None:
                table["text"] = text
            if deck.piles:
                table["pile"] = draft.pile or deck.piles[0]
            table["confidence"] = "high"
            return [(("deck", draft.index, "card"), Append(table))]
        assert draft.item is not None
        card = deck.cards[draft.item]
        where: tuple[Any, ...] = ("deck", draft.index, "card", draft.item)
        changes: list[tuple[Loc, Any]] = []
        if name != card.name.as_dict():
            changes.append(((*where, "name"), name))
        if text is not None and (card.text is None or text != card.text.as_dict()):
            changes.append(((*where, "text"), text))
        if draft.count != card.count:
            changes.append(((*where, "count"), draft.count))
        return [*changes, ((*where, "confidence"), "high")]
    bag = kit.bags[draft.index]
    if draft.is_new:
        table = {
            "id": new_id(name["en"], {token.id for token in bag.tokens}, "token"),
            "name": name,
            "count": draft.count,
            "confidence": "high",
        }
        return [(("bag", draft.index, "token"), Append(table))]
    assert draft.item is not None
    token = bag.tokens[draft.item]
    place: tuple[Any, ...] = ("bag", draft.index, "token", draft.item)
    changes = []
    if name != token.name.as_dict():
        changes.append(((*place, "name"), name))
    if draft.count != token.count:
        changes.append(((*place, "count"), draft.count))
    return [*changes, ((*place, "confidence"), "high")]


def _both(draft: Draft, name: str, required: bool) -> dict[str, str] | None:
    """A text in both languages, or None when both are left empty and it may be; a problem when only one is
    given (the other language's words never stand in for it)."""
    values = {lang: draft.texts.get(f"{name}.{lang}", "").strip() for lang in LANGUAGES}
    if not any(values.values()) and not required:
        return None
    if not all(values.values()):
        what = _("the name") if name == "name" else _("what it says")
        raise FormProblem(_("Give {what} in English and in French.").format(what=what))
    return values


#: The words for a blank face and a wild one, in each language; `parse_faces` reads both languages'.
BLANK = {"en": "blank", "fr": "vide"}
WILD = {"en": "wild", "fr": "joker"}


def faces_text(kit: KitDefinition, die: comp.DieSpec) -> str:
    """A die's faces as the form shows them and `parse_faces` reads them back: "1, 2, star, 2 star, wild, blank"
    ("joker" and "vide" in French; symbols by their id, as the file writes them)."""
    return ", ".join(_face_words(face) for face in die.faces)


def _face_words(face: comp.FaceSpec) -> str:
    lang = "fr" if language() == "fr" else "en"
    parts = []
    if face.shows_value:
        parts.append(str(face.value))
    if face.symbol is not None:
        parts.append(face.symbol)
    if face.wild:
        parts.append(WILD[lang])
    return " ".join(parts) if parts else BLANK[lang]


def parse_faces(text: str) -> list[Any]:
    """The faces typed in the form as a kit file writes them: `3`, `"star"`, `"blank"`, `"wild"` or a table. What
    is not a number, blank or wild (in either language) is taken as a symbol's id (the kit's check names one it
    does not know)."""
    faces: list[Any] = []
    for item in text.split(","):
        words = item.split()
        if not words:
            continue
        value: int | None = None
        symbol: str | None = None
        wild = False
        for word in words:
            lowered = word.lower()
            if re.fullmatch(r"[+-]?\d+", word):
                value = int(word)
            elif lowered in WILD.values():
                wild = True
            elif lowered not in BLANK.values():
                symbol = lowered
        if symbol is None and not wild:
            faces.append(value if value is not None else "blank")
        elif value is None and symbol is None:
            faces.append("wild")
        elif value is None and not wild:
            faces.append(symbol)
        else:
            table: dict[str, Any] = {}
            if value is not None:
                table["value"] = value
            if symbol is not None:
                table["symbol"] = symbol
            if wild:
                table["wild"] = True
            faces.append(table)
    return faces


def new_id(name: str, taken: set[str], fallback: str) -> str:
    """An id for a new card or token from its English name ("Flash flood" → "flash-flood"), unique in its deck or
    bag."""
    base = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or fallback
    if not base[0].isalnum():
        base = f"{fallback}-{base}"
    candidate, number = base, 1
    while candidate in taken:
        number += 1
        candidate = f"{base}-{number}"
    return candidate
