"""The card editor: every card with its confidence; complete or correct one, saved to the user overlay (never
the shipped files), validated like the shipped data, undoable.

A `Draft` holds the card's fields in the data files' own format (see data/thunderbirds/README.md), starting from
what the companion knows now; saving writes only the fields that changed.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from companion.games.thunderbirds import names
from companion.games.thunderbirds.definitions import JOKER, TOKEN_KINDS
from companion.locale import _, ngettext
from companion.ui.presenters.lines import ButtonView
from companion.ui.presenters.table import ROMAN
from companion.ui.presenters.words import completeness_label, rescue_type_label, token_label

KINDS = ("disaster", "scheme", "event", "fab", "vehicle", "hood-track")
MAX_REWARDS = 3
MAX_DIFFICULTY = 20


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


def _names(value: Any) -> dict[str, str]:
    result = {"en": value.en}
    if value.fr and value.fr != value.en:
        result["fr"] = value.fr
    return result


def _piece(kind: str, piece: str) -> dict[str, Any]:
    return {kind: piece}


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
        if card.auto_requirements is None:
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
            data["pieces"] = [{**_piece(p.piece_kind, p.piece), "region": p.region} for p in card.pieces]
        return data
    card = (defs.events if kind == "event" else defs.fabs)[card_id]
    data = {"names": _names(card.names), "verified": card.source.verified}
    if card.text.en or card.text.fr:
        data["text"] = _names(card.text) if card.text.en else {"fr": card.text.fr}
    return data


@dataclass
class Draft:
    """The card being edited (a working copy; nothing is written until Save)."""

    kind: str
    card_id: str
    original: dict[str, Any]
    fields: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def start(cls, defs: Any, kind: str, card_id: str) -> Draft:
        original = fields_from_definitions(defs, kind, card_id)
        return cls(kind, card_id, original, copy.deepcopy(original))

    def changes(self) -> dict[str, Any]:
        """Only what differs from the card as it was: what Save writes to the overlay."""
        return {k: v for k, v in self.fields.items() if self.original.get(k) != v}

    # --- edits (each is a touch on the editor) ---

    def set(self, name: str, value: Any) -> None:
        if value is None:
            self.fields.pop(name, None)
        else:
            self.fields[name] = value

    def step(self, name: str, delta: int, low: int, high: int, default: int) -> None:
        value = int(self.fields.get(name, default)) + delta
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
        bonuses[index]["value"] = max(1, min(9, int(bonuses[index]["value"]) + delta))
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

    def add_token_requirement(self, kind: str) -> None:
        tokens = list(self.fields.get("tokens", []))
        regions = self.fields.get("regions") or []
        item: dict[str, Any] = {"kind": kind, "count": 1}
        if regions:
            item["region"] = regions[0]
        self.fields["tokens"] = tokens + [item]

    def change_token_count(self, index: int, delta: int) -> None:
        tokens = [dict(t) for t in self.fields.get("tokens", [])]
        tokens[index]["count"] = max(1, min(6, int(tokens[index]["count"]) + delta))
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

    def set_text(self, name: str, language: str, text: str) -> None:
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
    text_field: str = ""  # "names.en", "text.fr", "event_spaces"...: the row edits a text
    text_value: str = ""


@dataclass(frozen=True)
class EditorView:
    title: str
    confidence: str
    rows: tuple[FormRow, ...]
    changed: str
    save_label: str
    can_save: bool


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
        region = f.get("region")
        rows.append(
            FormRow(
                _("Region: {name}").format(name=names.region(defs, region) if region else "?"),
                (ButtonView("pick:region", _("Change")),),
            )
        )
        rows.append(
            FormRow(
                _("Rescue type: {type}").format(type=rescue_type_label(f.get("rescue_type"))),
                tuple(
                    ButtonView(f"type:{t}", rescue_type_label(t), "primary" if f.get("rescue_type") == t else "normal")
                    for t in ("air", "sea", "land", "space")
                ),
            )
        )
        difficulty = f.get("difficulty")
        rows.append(
            FormRow(
                _("Difficulty: {value}").format(value=difficulty if difficulty is not None else "?"),
                (ButtonView("difficulty:-1", "-1"), ButtonView("difficulty:+1", "+1")),
            )
        )
        rewards = f.get("rewards")
        reward_text = ", ".join(token_label(defs, r) for r in rewards) if rewards is not None else "?"
        rows.append(
            FormRow(
                _("Rewards: {rewards}").format(rewards=reward_text or _("none")),
                (ButtonView("pick:reward", _("Add")), ButtonView("rewards:clear", _("Clear"))),
            )
        )
        for index, bonus in enumerate(f.get("bonuses", [])):
            kind = next(k for k in ("character", "vehicle", "pod") if k in bonus)
            where = names.region(defs, bonus["region"]) if "region" in bonus else _("its region")
            label = f"{names.piece(defs, bonus[kind])} +{bonus['value']} · {where}"
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
    elif draft.kind == "scheme":
        rows.append(
            FormRow(
                _("Level {level}").format(level=ROMAN.get(int(f.get("level", 1)), "?")),
                (ButtonView("level:-1", "-1"), ButtonView("level:+1", "+1")),
            )
        )
        regions = ", ".join(names.region(defs, r) for r in f.get("regions", [])) or "?"
        rows.append(
            FormRow(_("Regions: {regions}").format(regions=regions), (ButtonView("pick:regions", _("Change")),))
        )
        for index, token in enumerate(f.get("tokens", [])):
            kind = token_label(defs, token["kind"]) if token.get("kind") else "?"
            place = names.region(defs, token["region"]) if token.get("region") else "?"
            rows.append(
                FormRow(
                    f"{token['count']} × {kind} · {place}",
                    (
                        ButtonView(f"token:{index}:-1", "-1"),
                        ButtonView(f"token:{index}:+1", "+1"),
                        ButtonView(f"token:{index}:remove", _("Remove"), "danger"),
                    ),
                )
            )
        rows.append(FormRow(_("Tokens to discard"), (ButtonView("pick:token", _("Add a token")),)))
    elif draft.kind in ("event", "fab"):
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


def changed_text(changes: dict[str, Any]) -> str:
    return _("Changed: {fields}").format(fields=", ".join(sorted(changes))) if changes else _("No change yet.")


def yes_no(value: bool) -> str:
    return ("✓ " if value else "") + (_("Yes") if value else _("No"))


def reward_choices(defs: Any) -> tuple[tuple[str, str], ...]:
    return tuple((kind, token_label(defs, kind)) for kind in TOKEN_KINDS) + ((JOKER, token_label(defs, JOKER)),)


def piece_choices(defs: Any) -> tuple[tuple[str, str, str], ...]:
    """(kind, id, name) of every piece a bonus can name."""
    return (
        tuple(("character", c, names.character(defs, c)) for c in defs.characters)
        + tuple(("vehicle", v, names.vehicle(defs, v)) for v in defs.vehicles)
        + tuple(("pod", p, names.pod(defs, p)) for p in defs.pods)
    )
