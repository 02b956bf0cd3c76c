"""The game's vocabulary as players read it: rescue types, tokens, bonus conditions, card completeness.

Names of cards, regions and pieces come from the game data (English and French); the words the app adds are
here, translated through `_()`.
"""

from __future__ import annotations

from typing import Any

from companion.games.thunderbirds import names
from companion.locale import _
from companion.ui.presenters.lines import TextLine

RESCUE_TYPE_KEYS = ("air", "sea", "land", "space")

#: Short marks beside token counts so colour is never the only signal; Teamwork shows its printed "+2".
TOKEN_MARKS: dict[str, str] = {
    "technology": "T",
    "determination": "D",
    "intelligence": "I",
    "teamwork": "+2",
    "logistics": "L",
}


def rescue_type_label(rescue_type: str | None) -> str:
    return {
        "air": _("Air"),
        "sea": _("Sea"),
        "land": _("Land"),
        "space": _("Space"),
    }.get(rescue_type or "", _("Unknown type"))


def token_label(defs: Any, kind: str) -> str:
    if kind == "joker":
        return _("any token")
    return names.token(defs, kind)


def completeness_label(completeness: str, verified: bool) -> str:
    if completeness == "unknown":
        return _("Unknown card: read it from your box")
    if completeness == "partial":
        return _("Partly known: check it against your card")
    return _("Checked against the rulebook") if verified else _("From a fan reference: not checked")


def piece_name(defs: Any, kind: str | None, piece: str | None) -> str:
    if kind == "character":
        return names.character(defs, piece)
    if kind == "vehicle":
        return names.vehicle(defs, piece)
    if kind == "pod":
        return names.pod(defs, piece)
    return names.piece(defs, piece)


def bonus_line_text(defs: Any, line: Any) -> str:
    """One bonus as printed, with where it stands now: "Mole +2 (in North America): on Brains' notebook"."""
    value = f"{line.value:+d}"
    if line.source == "character":
        who = piece_name(defs, "character", line.piece)
        if line.applies:
            return _("{who} {value}: rescue type bonus").format(who=who, value=value)
        return _("{who} {value}: only for another rescue type").format(who=who, value=value)
    if line.source == "fab":
        card = names.card(defs, line.card)
        wrong = "" if line.applies else " " + _("(wrong type)")
        return _("F.A.B. {card} {value}").format(card=card, value=value) + wrong
    if line.source == "event":
        card = names.card(defs, line.card)
        wrong = "" if line.applies else " " + _("(wrong type)")
        return _("Event {card} {value}").format(card=card, value=value) + wrong
    who = piece_name(defs, line.piece_kind, line.piece)
    if line.in_vehicle:
        place = names.vehicle(defs, line.in_vehicle)
        head = _("{who} {value} if in {place}").format(who=who, value=value, place=place)
    else:
        head = _("{who} {value} in {place}").format(who=who, value=value, place=names.region(defs, line.region))
    if line.applies:
        return head + ": " + _("in place")
    if line.why == "notebook":
        return head + ": " + _("not built yet")
    if line.why == "not-seated":
        return head + ": " + _("sits in {vehicle}").format(vehicle=names.vehicle(defs, line.where))
    if line.where is None:
        return head + ": " + _("not on the board")
    return head + ": " + _("now in {place}").format(place=names.region(defs, line.where))


def percent(chance: Any) -> str:
    """A chance as a whole percentage, never rounding a possible result to 0 % or a doubtful one to 100 %."""
    value = float(chance) * 100
    if 0 < value < 1:
        return "<1 %"
    if 99 < value < 100:
        return ">99 %"
    return f"{value:.0f} %"


def find_card(defs: Any, card_id: str) -> Any:
    for deck in (defs.disasters, defs.schemes, defs.events, defs.fabs):
        if card_id in deck:
            return deck[card_id]
    return None


def card_text_lines(defs: Any, card_id: str) -> list[Any]:
    """Story or effect text and the confidence of one card, as pop-up lines."""
    card = find_card(defs, card_id)
    if card is None:
        return []
    lines: list[Any] = []
    for attribute in ("text", "story"):
        names_of = getattr(card, attribute, None)
        text = names_of.text() if names_of is not None else ""
        if text:
            lines.append(TextLine(text, "normal"))
    lines.append(TextLine(completeness_label(card.completeness, card.source.verified), "dim"))
    return lines
