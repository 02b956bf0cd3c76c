"""The card editor: every card with its confidence; complete or correct one, saved to the user overlay (never
the shipped files), validated like the shipped data, undoable.

A `Draft` holds the card's fields in the data files' own format (see data/thunderbirds/README.md), starting from
what the companion knows now; saving writes only the fields that changed.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.games.thunderbirds import names
from companion.games.thunderbirds.definitions import JOKER, TOKEN_KINDS
from companion.games.thunderbirds.ui.presenters.table import ROMAN
from companion.games.thunderbirds.ui.presenters.words import (
    completeness_label,
    piece_name,
    rescue_type_label,
    route_names,
    token_label,
)
from companion.locale import _, ngettext
from companion.ui.presenters.lines import ButtonView

KINDS = ("disaster", "scheme", "event", "fab", "vehicle", "hood-track")
MAX_REWARDS = 3


def kind_label(kind: str) -> str:
    return {
        "disaster": _("Disasters"),
        "scheme": _("Schemes"),
        "event": _("Events"),
        "fab": _("F.A.B. cards"),
        "vehicle": _("Seats"),
        "hood-track": _("Hood track"),
    }[kind]


@dataclass(frozen=True)
class CardRow:
    kind: str
    card_id: str
    name: str
    confidence: str
    is_complete: bool
    key: str


@dataclass(frozen=True)
class CardListView:
    title: str
    kinds: tuple[tuple[str, str, bool], ...]
    rows: tuple[CardRow, ...]
    summary: str


def cards_of(defs: Any, kind: str) -> list[Any]:
    if kind == "disaster":
        return [c for c in defs.disasters.values() if c.kind == "disaster"]
    if kind == "scheme":
        return sorted(defs.schemes.values(), key=lambda c: (c.level, c.id))
    if kind == "event":
        return list(defs.events.values())
    if kind == "fab":
        return list(defs.fabs.values())
    return []


def present_card_list(defs: Any, kind: str) -> CardListView:
    kind = kind if kind in KINDS else "disaster"
    rows: list[CardRow] = []
    if kind == "hood-track":
        track = defs.hood_track
        rows.append(
            CardRow(
                "hood-track",
                "hood-track",
                _("Hood track: {length} spaces").format(length=track.length),
                _("Checked against the rulebook") if track.source.verified else _("From a fan reference: not checked"),
                track.source.verified,
                "edit:hood-track",
            )
        )
    if kind == "vehicle":
        for vehicle in defs.vehicles.values():
            known = vehicle.seats is not None
            seats = str(vehicle.seats) if known else _("not known: no limit")
            confidence = (
                (
                    _("Checked against the rulebook")
                    if vehicle.seats_source.verified
                    else _("Count the peg holes on your model")
                )
                if known
                else _("Count the peg holes on your model")
            )
            rows.append(
                CardRow(
                    "vehicle",
                    vehicle.id,
                    _("{name}: seats {seats}").format(name=vehicle.names.text(), seats=seats),
                    confidence,
                    known,
                    f"edit:{vehicle.id}",
                )
            )
    for card in cards_of(defs, kind):
        name = names.card(defs, card.id)
        if kind == "scheme":
            name = f"{ROMAN.get(card.level, '?')} · {name}"
        rows.append(
            CardRow(
                kind,
                card.id,
                name,
                completeness_label(card.completeness, card.source.verified),
                card.completeness == "complete",
                f"edit:{card.id}",
            )
        )
    incomplete = sum(1 for r in rows if not r.is_complete)
    return CardListView(
        title=_("Card editor"),
        kinds=tuple((k, kind_label(k), k == kind) for k in KINDS),
        rows=tuple(rows),
        summary=ngettext(
            "{count} card here is not fully known: complete it from your box.",
            "{count} cards here are not fully known: complete them from your box.",
            incomplete,
        ).format(count=incomplete)
        if incomplete
        else _("Every card here is complete."),
    )


# --- the draft ---------------------------------------------------------------------------------------------------

#: The effect blocks an event or a F.A.B. card is built from: what the rules already know how to apply.
EFFECT_KINDS = (
    "rescue-modifier",
    "speed-limit",
    "block-edges",
    "draw-disaster",
    "move-vehicle",
    "move-hood",
    "draw-fab",
)
#: Effects that last (until the players end them, as the card's `until` says).
LASTING = ("rescue-modifier", "speed-limit", "block-edges")
#: Each block's value range (low, high) and its first value; kinds without a value are left out.
EFFECT_VALUES = {
    "rescue-modifier": (-10, 10, 2),
    "speed-limit": (0, 10, 1),
    "draw-disaster": (1, 10, 1),
    "move-hood": (1, 5, 1),
    "draw-fab": (1, 5, 1),
}


def _names(value: Any) -> dict[str, str]:
    result = {"en": value.en}
    if value.fr and value.fr != value.en:
        result["fr"] = value.fr
    return result


def _piece(kind: str, piece: str) -> dict[str, Any]:
    return {kind: piece}


def _piece_at(need: Any) -> dict[str, Any]:
    return {**_piece(need.piece_kind, need.piece), "region": need.region}


def _effect(effect: Any) -> dict[str, Any]:
    """One effect as the data files write it."""
    data: dict[str, Any] = {"kind": effect.kind}
    if effect.kind in EFFECT_VALUES:
        data["value"] = effect.value
    if effect.rescue_type is not None:
        data["rescue_type"] = effect.rescue_type
    if effect.vehicle is not None:
        data["vehicle"] = effect.vehicle
    if effect.domain is not None:
        data["domain"] = effect.domain
    if effect.edges:
        data["edges"] = [list(edge) for edge in effect.edges]
    if effect.until is not None:
        data["until"] = _names(effect.until)
        if effect.until.translated:  # our translation stays marked as ours until the players type the card's words
            data["until"]["translated"] = dict(effect.until.translated)
    return data


def fields_from_definitions(defs: Any, kind: str, card_id: str) -> dict[str, Any]:
    """The card as the data files would write it, from what the companion knows now."""
    if kind == "hood-track":
        track = defs.hood_track
        return {
            "length": track.length,
            "event_spaces": list(track.event_spaces),
            "scheme_spaces": list(track.scheme_spaces),
            "verified": track.source.verified,
        }
    if kind == "vehicle":
        vehicle = defs.vehicles[card_id]
        seats: dict[str, Any] = {"seats_verified": vehicle.seats_source.verified}
        if vehicle.seats is not None:
            seats["seats"] = vehicle.seats
        return seats
    if kind == "disaster":
        card = defs.disasters[card_id]
        data: dict[str, Any] = {"names": _names(card.names), "verified": card.source.verified}
        if card.region is not None:
            data["region"] = card.region
        if card.rescue_type is not None:
            data["rescue_type"] = card.rescue_type
        if card.difficulty is not None:
            data["difficulty"] = card.difficulty
        if card.auto_requirements is not None:
            data["auto_requirements"] = [_piece_at(need) for need in card.auto_requirements]
        else:
            bonuses = []
            for bonus in card.bonuses:
                item: dict[str, Any] = {**_piece(bonus.piece_kind, bonus.piece), "value": bonus.value}
                if bonus.region is not None:
                    item["region"] = bonus.region
                if bonus.in_vehicle is not None:
                    item["in_vehicle"] = bonus.in_vehicle
                bonuses.append(item)
            if card.completeness != "unknown" or bonuses:
                data["bonuses"] = bonuses
        if card.rewards is not None:
            data["rewards"] = list(card.rewards)
        return data
    if kind == "scheme":
        card = defs.schemes[card_id]
        data = {"names": _names(card.names), "level": card.level, "verified": card.source.verified}
        if card.regions:
            data["regions"] = list(card.regions)
        if card.tokens is not None:
            data["tokens"] = [
                {k: v for k, v in (("kind", t.kind), ("count", t.count), ("region", t.region)) if v is not None}
                for t in card.tokens
            ]
        if card.pieces is not None:
            data["pieces"] = [_piece_at(p) for p in card.pieces]
        return data
    card = (defs.events if kind == "event" else defs.fabs)[card_id]
    data = {"names": _names(card.names), "verified": card.source.verified}
    if card.effects:
        data["effects"] = [_effect(effect) for effect in card.effects]
    if card.text.en or card.text.fr:
        data["text"] = _names(card.text) if card.text.en else {"fr": card.text.fr}
    if kind == "fab":
        if card.timing is not None:
            data["timing"] = card.timing
        data["any_turn"] = card.any_turn
    return data


def _number(value: Any, default: int) -> int:
    """A field's number, or `default` when a hand-written file gave something else (the editor then fixes it)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else default


@dataclass
class Draft:
    """The card being edited (a working copy; nothing is written until Save)."""

    kind: str
    card_id: str
    original: dict[str, Any]
    fields: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def start(cls, defs: Any, kind: str, card_id: str, pending: dict[str, Any] | None = None) -> Draft:
        """The card as the companion knows it; `pending`: fields a broken overlay file gives it, shown so the
        players correct them (saving writes them back, fixed, to that file)."""
        original = fields_from_definitions(defs, kind, card_id)
        fields = copy.deepcopy(original)
        fields.update(copy.deepcopy(pending or {}))
        return cls(kind, card_id, original, fields)

    def changes(self) -> dict[str, Any]:
        """Only what differs from the card as it was: what Save writes to the overlay (None: back to shipped)."""
        changed = {k: v for k, v in self.fields.items() if self.original.get(k) != v}
        changed.update({k: None for k in self.original if k not in self.fields})
        return changed

    # --- edits (each is a touch on the editor) ---

    def set(self, name: str, value: Any) -> None:
        if value is None:
            self.fields.pop(name, None)
        else:
            self.fields[name] = value

    def step(self, name: str, delta: int, low: int, high: int, default: int) -> None:
        value = _number(self.fields.get(name), default) + delta
        self.fields[name] = max(low, min(high, value))

    def add_reward(self, kind: str) -> None:
        rewards = list(self.fields.get("rewards", []))
        if len(rewards) < MAX_REWARDS:
            rewards.append(kind)
        self.fields["rewards"] = rewards

    def clear_rewards(self) -> None:
        self.fields["rewards"] = []

    def add_bonus(self, piece_kind: str, piece: str) -> None:
        self.fields["bonuses"] = list(self.fields.get("bonuses", [])) + [{piece_kind: piece, "value": 2}]

    def change_bonus(self, index: int, delta: int) -> None:
        bonuses = [dict(b) for b in self.fields.get("bonuses", [])]
        bonuses[index]["value"] = max(1, min(9, _number(bonuses[index].get("value"), 2) + delta))
        self.fields["bonuses"] = bonuses

    def set_bonus_region(self, index: int, region: str | None) -> None:
        bonuses = [dict(b) for b in self.fields.get("bonuses", [])]
        if region is None:
            bonuses[index].pop("region", None)
        else:
            bonuses[index]["region"] = region
        self.fields["bonuses"] = bonuses

    def remove_bonus(self, index: int) -> None:
        bonuses = list(self.fields.get("bonuses", []))
        del bonuses[index]
        self.fields["bonuses"] = bonuses

    def set_no_dice(self, no_dice: bool) -> None:
        """A disaster without dice is prevented by pieces in place: it has requirements, no type or difficulty."""
        if no_dice:
            for name in ("difficulty", "rescue_type", "bonuses"):
                self.fields.pop(name, None)
            self.fields.setdefault("auto_requirements", [])
        else:
            self.fields.pop("auto_requirements", None)

    def add_piece(self, name: str, piece_kind: str, piece: str, region: str) -> None:
        """A piece that must be in `region`: a no-dice card's requirement or a scheme's Thunderbird or pod."""
        self.fields[name] = list(self.fields.get(name) or []) + [{piece_kind: piece, "region": region}]

    def set_piece_region(self, name: str, index: int, region: str) -> None:
        pieces = [dict(p) for p in self.fields.get(name, [])]
        pieces[index]["region"] = region
        self.fields[name] = pieces

    def remove_piece(self, name: str, index: int) -> None:
        pieces = list(self.fields.get(name, []))
        del pieces[index]
        self.fields[name] = pieces

    def add_token_requirement(self, kind: str | None) -> None:
        tokens = list(self.fields.get("tokens") or [])
        regions = self.fields.get("regions") or []
        item: dict[str, Any] = {"count": 1}
        if kind is not None:
            item["kind"] = kind
        if len(regions) == 1:
            item["region"] = regions[0]
        self.fields["tokens"] = tokens + [item]

    def set_token(self, index: int, name: str, value: str | None) -> None:
        """A token requirement's kind or region; None: not legible on the card."""
        tokens = [dict(t) for t in self.fields.get("tokens", [])]
        if value is None:
            tokens[index].pop(name, None)
        else:
            tokens[index][name] = value
        self.fields["tokens"] = tokens

    def change_token_count(self, index: int, delta: int) -> None:
        tokens = [dict(t) for t in self.fields.get("tokens", [])]
        tokens[index]["count"] = max(1, min(6, _number(tokens[index].get("count"), 1) + delta))
        self.fields["tokens"] = tokens

    def remove_token_requirement(self, index: int) -> None:
        tokens = list(self.fields.get("tokens", []))
        del tokens[index]
        self.fields["tokens"] = tokens

    def toggle_region(self, region: str) -> None:
        regions = list(self.fields.get("regions", []))
        if region in regions:
            regions.remove(region)
        else:
            regions.append(region)
        self.fields["regions"] = regions

    # --- effects (events and F.A.B. cards) ---

    def add_effect(self, kind: str) -> None:
        effect: dict[str, Any] = {"kind": kind}
        if kind in EFFECT_VALUES:
            effect["value"] = EFFECT_VALUES[kind][2]
        if kind == "speed-limit":
            effect["vehicle"] = "tb1"
        if kind == "move-vehicle":
            effect.update(vehicle="tb3", domain="space")
        if kind == "block-edges":
            effect["edges"] = []
        self.fields["effects"] = list(self.fields.get("effects") or []) + [effect]

    def _effects(self) -> list[dict[str, Any]]:
        return [dict(e) for e in self.fields.get("effects", [])]

    def change_effect(self, index: int, delta: int) -> None:
        effects = self._effects()
        effect = effects[index]
        low, high, first = EFFECT_VALUES.get(effect["kind"], (0, 0, 0))
        value = max(low, min(high, _number(effect.get("value"), first) + delta))
        if effect["kind"] == "rescue-modifier" and value == 0:  # a modifier of 0 changes nothing: step over it
            value = max(low, min(high, value + delta))
        effect["value"] = value
        self.fields["effects"] = effects

    def set_effect(self, index: int, name: str, value: Any) -> None:
        effects = self._effects()
        if value is None:
            effects[index].pop(name, None)
        else:
            effects[index][name] = value
        self.fields["effects"] = effects

    def toggle_edge(self, index: int, edge: tuple[str, str]) -> None:
        effects = self._effects()
        edges = [list(e) for e in effects[index].get("edges", [])]
        found = [e for e in edges if frozenset(e) == frozenset(edge)]
        edges = [e for e in edges if e not in found] if found else edges + [list(edge)]
        effects[index]["edges"] = edges
        self.fields["effects"] = effects

    def remove_effect(self, index: int) -> None:
        effects = self._effects()
        del effects[index]
        self.fields["effects"] = effects

    def set_text(self, name: str, language: str, text: str) -> None:
        """A two-language text: `name` is a field ("names", "text") or an effect's "effects.<n>.until"."""
        if name.startswith("effects."):
            index = int(name.split(".")[1])
            value = dict(self._effects()[index].get("until") or {})
            marks = {k: v for k, v in dict(value.pop("translated", {})).items() if k != language}
            if text.strip():
                value[language] = text.strip()
            else:
                value.pop(language, None)
            if marks and value:
                value["translated"] = marks
            self.set_effect(index, "until", value or None)
            return
        value = dict(self.fields.get(name, {}))
        if text.strip():
            value[language] = text.strip()
        else:
            value.pop(language, None)
        self.set(name, value or None)

    def set_spaces(self, name: str, text: str) -> bool:
        """ "2, 4, 8, 12" -> [2, 4, 8, 12]; False (nothing changed) when the text is not a list of numbers."""
        try:
            spaces = [int(part) for part in text.replace(";", ",").split(",") if part.strip()]
        except ValueError:
            return False
        self.fields[name] = spaces
        return True


# --- the edit form -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class FormRow:
    label: str
    buttons: tuple[ButtonView, ...] = ()
    text_field: str = ""  # "names.en", "text.fr", "effects.0.until.en", "event_spaces"...: the row edits a text
    text_value: str = ""


@dataclass(frozen=True)
class EditorView:
    title: str
    confidence: str
    rows: tuple[FormRow, ...]
    changed: str
    save_label: str
    can_save: bool


def not_entered() -> str:
    return _("not entered yet")


def _region(defs: Any, region: Any) -> str:
    return names.region(defs, region) if isinstance(region, str) and region else not_entered()


def present_editor(defs: Any, draft: Draft, confidence: str) -> EditorView:
    f = draft.fields
    rows: list[FormRow] = []
    if draft.kind == "vehicle":
        seats = f.get("seats")
        rows.append(
            FormRow(
                _("Seats: {seats}").format(seats=seats if seats is not None else _("no limit")),
                (ButtonView("seats:-1", "-1"), ButtonView("seats:+1", "+1"), ButtonView("seats:none", _("No limit"))),
            )
        )
        verified = bool(f.get("seats_verified"))
        rows.append(
            FormRow(
                _("Counted on our own model"),
                (ButtonView("seats_verified:toggle", yes_no(verified), "primary" if verified else "normal"),),
            )
        )
        changes = draft.changes()
        return EditorView(
            title=names.vehicle(defs, draft.card_id),
            confidence=confidence,
            rows=tuple(rows),
            changed=changed_text(changes),
            save_label=_("Save"),
            can_save=bool(changes),
        )
    if draft.kind != "hood-track":
        names_value = f.get("names", {})
        rows.append(FormRow(_("Name in English"), text_field="names.en", text_value=names_value.get("en", "")))
        rows.append(FormRow(_("Name in French"), text_field="names.fr", text_value=names_value.get("fr", "")))
    if draft.kind == "disaster":
        rows += _disaster_rows(defs, f)
    elif draft.kind == "scheme":
        rows += _scheme_rows(defs, f)
    elif draft.kind in ("event", "fab"):
        rows += _effect_rows(defs, draft.kind, f)
        text = f.get("text", {})
        rows.append(FormRow(_("Text in English"), text_field="text.en", text_value=text.get("en", "")))
        rows.append(FormRow(_("Text in French"), text_field="text.fr", text_value=text.get("fr", "")))
    else:
        rows.append(
            FormRow(
                _("Spaces: {length}").format(length=f.get("length", 0)),
                (ButtonView("length:-1", "-1"), ButtonView("length:+1", "+1")),
            )
        )
        rows.append(
            FormRow(
                _("Event spaces"),
                text_field="event_spaces",
                text_value=", ".join(str(s) for s in f.get("event_spaces", [])),
            )
        )
        rows.append(
            FormRow(
                _("Scheme spaces"),
                text_field="scheme_spaces",
                text_value=", ".join(str(s) for s in f.get("scheme_spaces", [])),
            )
        )
    verified = bool(f.get("verified"))
    rows.append(
        FormRow(
            _("Checked against our own card"),
            (ButtonView("verified:toggle", yes_no(verified), "primary" if verified else "normal"),),
        )
    )
    changes = draft.changes()
    title = _("Hood track") if draft.kind == "hood-track" else names.card(defs, draft.card_id)
    return EditorView(
        title=title,
        confidence=confidence,
        rows=tuple(rows),
        changed=changed_text(changes),
        save_label=_("Save"),
        can_save=bool(changes),
    )


def _pieces_rows(defs: Any, name: str, pieces: Any) -> list[FormRow]:
    rows = []
    for index, need in enumerate(pieces or []):
        kind = next((k for k in ("character", "vehicle", "pod") if k in need), "")
        label = _("{piece} in {region}").format(
            piece=piece_name(defs, kind, need.get(kind)), region=_region(defs, need.get("region"))
        )
        rows.append(
            FormRow(
                label,
                (
                    ButtonView(f"pick:piece-region:{name}:{index}", _("Where")),
                    ButtonView(f"piece:{name}:{index}:remove", _("Remove"), "danger"),
                ),
            )
        )
    return rows


def _disaster_rows(defs: Any, f: dict[str, Any]) -> list[FormRow]:
    rows: list[FormRow] = []
    no_dice = "auto_requirements" in f
    rows.append(
        FormRow(
            _("Region: {name}").format(name=_region(defs, f.get("region"))), (ButtonView("pick:region", _("Change")),)
        )
    )
    rows.append(
        FormRow(
            _("Without dice (prevented by pieces in place)"),
            (ButtonView("no_dice:toggle", yes_no(no_dice), "primary" if no_dice else "normal"),),
        )
    )
    if no_dice:
        rows += _pieces_rows(defs, "auto_requirements", f.get("auto_requirements"))
        rows.append(FormRow(_("Pieces it needs"), (ButtonView("pick:piece:auto_requirements", _("Add a piece")),)))
    else:
        rescue_type = f.get("rescue_type")
        rows.append(
            FormRow(
                _("Rescue type: {type}").format(type=rescue_type_label(rescue_type) if rescue_type else not_entered()),
                tuple(
                    ButtonView(f"type:{t}", rescue_type_label(t), "primary" if rescue_type == t else "normal")
                    for t in ("air", "sea", "land", "space")
                ),
            )
        )
        difficulty = f.get("difficulty")
        rows.append(
            FormRow(
                _("Difficulty: {value}").format(value=difficulty if difficulty is not None else not_entered()),
                (ButtonView("difficulty:-1", "-1"), ButtonView("difficulty:+1", "+1")),
            )
        )
    rewards = f.get("rewards")
    reward_text = ", ".join(token_label(defs, r) for r in rewards) if rewards is not None else not_entered()
    rows.append(
        FormRow(
            _("Rewards: {rewards}").format(rewards=reward_text or _("none")),
            (ButtonView("pick:reward", _("Add")), ButtonView("rewards:clear", _("Clear"))),
        )
    )
    if not no_dice:
        for index, bonus in enumerate(f.get("bonuses", [])):
            kind = next((k for k in ("character", "vehicle", "pod") if k in bonus), "")
            where = _region(defs, bonus["region"]) if "region" in bonus else _("its region")
            label = f"{piece_name(defs, kind, bonus.get(kind))} +{bonus.get('value')} · {where}"
            rows.append(
                FormRow(
                    label,
                    (
                        ButtonView(f"bonus:{index}:-1", "-1"),
                        ButtonView(f"bonus:{index}:+1", "+1"),
                        ButtonView(f"pick:bonus-region:{index}", _("Where")),
                        ButtonView(f"bonus:{index}:remove", _("Remove"), "danger"),
                    ),
                )
            )
        rows.append(FormRow(_("Bonuses"), (ButtonView("pick:bonus", _("Add a bonus")),)))
    return rows


def _scheme_rows(defs: Any, f: dict[str, Any]) -> list[FormRow]:
    rows: list[FormRow] = [
        FormRow(
            _("Level {level}").format(level=ROMAN.get(_number(f.get("level"), 1), "I")),
            (ButtonView("level:-1", "-1"), ButtonView("level:+1", "+1")),
        )
    ]
    regions = ", ".join(_region(defs, r) for r in f.get("regions", [])) or not_entered()
    rows.append(FormRow(_("Regions: {regions}").format(regions=regions), (ButtonView("pick:regions", _("Change")),)))
    tokens = f.get("tokens")
    for index, token in enumerate(tokens or []):
        kind = token_label(defs, token["kind"]) if token.get("kind") else _("kind not legible")
        place = _region(defs, token["region"]) if token.get("region") else _("region not legible")
        rows.append(
            FormRow(
                f"{token.get('count')} × {kind} · {place}",
                (
                    ButtonView(f"token:{index}:-1", "-1"),
                    ButtonView(f"token:{index}:+1", "+1"),
                    ButtonView(f"pick:token-kind:{index}", _("Kind")),
                    ButtonView(f"pick:token-region:{index}", _("Where")),
                    ButtonView(f"token:{index}:remove", _("Remove"), "danger"),
                ),
            )
        )
    rows.append(
        FormRow(
            _("Tokens to discard") if tokens is not None else _("Tokens to discard: not entered yet"),
            (ButtonView("pick:token", _("Add a token")),),
        )
    )
    pieces = f.get("pieces")
    rows += _pieces_rows(defs, "pieces", pieces)
    if pieces is None:
        label = _("Thunderbirds and pods: not entered yet")
    elif not pieces:
        label = _("Thunderbirds and pods: none needed")
    else:
        label = _("Thunderbirds and pods")
    buttons = [ButtonView("pick:piece:pieces", _("Add a piece"))]
    if not pieces:
        buttons.append(ButtonView("pieces:none", _("None needed"), "primary" if pieces == [] else "normal"))
    rows.append(FormRow(label, tuple(buttons)))
    return rows


def _effect_rows(defs: Any, kind: str, f: dict[str, Any]) -> list[FormRow]:
    rows: list[FormRow] = []
    effects = f.get("effects") or []
    for index, effect in enumerate(effects):
        buttons = []
        if effect.get("kind") in EFFECT_VALUES:
            buttons += [ButtonView(f"effect:{index}:-1", "-1"), ButtonView(f"effect:{index}:+1", "+1")]
        if effect.get("kind") == "rescue-modifier":
            buttons.append(ButtonView(f"pick:effect-type:{index}", _("Type")))
        if effect.get("kind") in ("speed-limit", "move-vehicle"):
            buttons.append(ButtonView(f"pick:effect-vehicle:{index}", _("Vehicle")))
        if effect.get("kind") == "move-vehicle":
            buttons.append(ButtonView(f"effect:{index}:domain", _("Earth or space")))
        if effect.get("kind") == "block-edges":
            buttons.append(ButtonView(f"pick:effect-edges:{index}", _("Routes")))
        buttons.append(ButtonView(f"effect:{index}:remove", _("Remove"), "danger"))
        rows.append(FormRow(effect_label(defs, kind, effect), tuple(buttons)))
        if kind == "event" and effect.get("kind") in LASTING:
            until = effect.get("until") or {}
            for language, label in (
                ("en", _("Ends (as printed), in English")),
                ("fr", _("Ends (as printed), in French")),
            ):
                rows.append(
                    FormRow(label, text_field=f"effects.{index}.until.{language}", text_value=until.get(language, ""))
                )
    rows.append(
        FormRow(
            _("What it does") if effects else _("What it does: not entered yet"),
            (ButtonView("pick:effect", _("Add an effect")),),
        )
    )
    if kind == "fab":
        timing = f.get("timing")
        rows.append(
            FormRow(
                _("When it is played"),
                (
                    ButtonView(
                        "timing:before-roll", _("Before the roll"), "primary" if timing == "before-roll" else "normal"
                    ),
                    ButtonView("timing:any-time", _("Any time"), "primary" if timing == "any-time" else "normal"),
                ),
            )
        )
        any_turn = f.get("any_turn", True) is not False
        rows.append(
            FormRow(
                _("Also in another player's turn"),
                (ButtonView("any_turn:toggle", yes_no(any_turn), "primary" if any_turn else "normal"),),
            )
        )
    return rows


def effect_kind_label(kind: str) -> str:
    return {
        "rescue-modifier": _("A bonus or a penalty to rescues"),
        "speed-limit": _("A Thunderbird's top speed"),
        "block-edges": _("Routes closed"),
        "draw-disaster": _("Draw disaster cards"),
        "move-vehicle": _("Move a Thunderbird"),
        "move-hood": _("Move the Hood"),
        "draw-fab": _("Draw F.A.B. cards"),
    }.get(kind, kind)


def effect_label(defs: Any, card_kind: str, effect: dict[str, Any]) -> str:
    """One effect block as players read it ("Thunderbird 1 top speed 1", "+3 to sea rescues")."""
    kind = effect.get("kind", "")
    value = _number(effect.get("value"), 0)
    if kind == "rescue-modifier":
        rescue_type = effect.get("rescue_type")
        if card_kind == "fab":
            if rescue_type is None:
                return _("{value:+d} to a rescue, before the roll").format(value=value)
            return _("{value:+d} to a {kind} rescue, before the roll").format(
                value=value, kind=rescue_type_label(rescue_type)
            )
        if rescue_type is None:
            return _("{value:+d} to every rescue").format(value=value)
        return _("{value:+d} to {kind} rescues").format(value=value, kind=rescue_type_label(rescue_type))
    if kind == "speed-limit":
        return _("{vehicle} top speed {speed}").format(vehicle=names.vehicle(defs, effect.get("vehicle")), speed=value)
    if kind == "block-edges":
        edges = [tuple(e) for e in effect.get("edges", []) if isinstance(e, list) and len(e) == 2]
        if not edges:
            return _("Routes closed: none chosen yet")
        return ngettext("route closed: {routes}", "routes closed: {routes}", len(edges)).format(
            routes=route_names(defs, edges)
        )
    if kind == "draw-disaster":
        return ngettext("Draw {count} disaster card now", "Draw {count} disaster cards now", value).format(count=value)
    if kind == "move-vehicle":
        where = _("a space region") if effect.get("domain") == "space" else _("an Earth region")
        return _("Move {vehicle} to {where}").format(vehicle=names.vehicle(defs, effect.get("vehicle")), where=where)
    if kind == "move-hood":
        return ngettext("The Hood advances {count} space", "The Hood advances {count} spaces", value).format(
            count=value
        )
    if kind == "draw-fab":
        return ngettext("Draw {count} F.A.B. card", "Draw {count} F.A.B. cards", value).format(count=value)
    return effect_kind_label(kind)


def field_label(name: str) -> str:
    """A data field as players call it (never its id in the files)."""
    return {
        "names": _("name"),
        "region": _("region"),
        "rescue_type": _("rescue type"),
        "difficulty": _("difficulty"),
        "bonuses": _("bonuses"),
        "rewards": _("rewards"),
        "auto_requirements": _("pieces it needs"),
        "verified": _("checked"),
        "level": _("level"),
        "regions": _("regions"),
        "tokens": _("tokens"),
        "pieces": _("Thunderbirds and pods"),
        "effects": _("effects"),
        "text": _("text"),
        "timing": _("when it is played"),
        "any_turn": _("other players' turns"),
        "seats": _("seats"),
        "seats_verified": _("counted"),
        "length": _("spaces"),
        "event_spaces": _("event spaces"),
        "scheme_spaces": _("scheme spaces"),
    }.get(name, name)


def changed_text(changes: dict[str, Any]) -> str:
    if not changes:
        return _("No change yet.")
    return _("Changed: {fields}").format(fields=", ".join(sorted(field_label(name) for name in changes)))


def yes_no(value: bool) -> str:
    return ("✓ " if value else "") + (_("Yes") if value else _("No"))


def reward_choices(defs: Any) -> tuple[tuple[str, str], ...]:
    return tuple((kind, token_label(defs, kind)) for kind in TOKEN_KINDS) + ((JOKER, token_label(defs, JOKER)),)


def piece_choices(
    defs: Any, kinds: tuple[str, ...] = ("character", "vehicle", "pod")
) -> tuple[tuple[str, str, str], ...]:
    """(kind, id, name) of every piece a bonus (or a requirement) can name."""
    found: list[tuple[str, str, str]] = []
    if "character" in kinds:
        found += [("character", c, names.character(defs, c)) for c in defs.characters]
    if "vehicle" in kinds:
        found += [("vehicle", v, names.vehicle(defs, v)) for v in defs.vehicles]
    if "pod" in kinds:
        found += [("pod", p, names.pod(defs, p)) for p in defs.pods]
    return tuple(found)


def edge_choices(defs: Any) -> tuple[tuple[tuple[str, str], str], ...]:
    """Every Earth route of the board, named as players read it ("Europe – North Atlantic")."""
    edges = sorted(tuple(sorted(e)) for e in defs.board.earth_edges)
    return tuple(((a, b), route_names(defs, [(a, b)])) for a, b in edges)


def overlay_problem_rows(defs: Any, problems: Sequence[Any]) -> tuple[FormRow, ...]:
    """One row per overlay file the companion skipped: what is wrong in it, then the ways out from the app: fix
    each card it names here (the fix is saved back into that file), or set the whole file aside."""
    by_file: dict[str, list[Any]] = {}
    for problem in problems:
        by_file.setdefault(problem.file, []).append(problem)
    rows = []
    for file, found in by_file.items():
        lines = []
        for problem in found:
            where = names.card(defs, problem.card_id) if problem.card_id else ""
            detail = f"{problem.field}: {problem.message}" if problem.field else problem.message
            lines.append(_("{card}: {problem}").format(card=where, problem=detail) if where else detail)
        label = _("Skipped, not read: {file}").format(file=Path(file).name) + "\n" + "\n".join(lines)
        cards = dict.fromkeys(p.card_id for p in found if p.card_id and names.card(defs, p.card_id) != p.card_id)
        buttons = [ButtonView(f"fix:{card}", _("Fix {card}").format(card=names.card(defs, card))) for card in cards]
        buttons.append(ButtonView(f"aside:{file}", _("Set the file aside"), "danger"))
        rows.append(FormRow(label, tuple(buttons)))
    return tuple(rows)
