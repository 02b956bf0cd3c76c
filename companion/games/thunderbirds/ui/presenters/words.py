"""The game's vocabulary as players read it: rescue types, tokens, bonus conditions, card completeness.

Names of cards, regions and pieces come from the game data (English and French); the words the app adds are
here, translated through `_()`.
"""

from __future__ import annotations

from typing import Any

from companion.games.thunderbirds import names
from companion.locale import _, ngettext
from companion.locale.numbers import decimal as decimal  # re-exported: the presenters' words
from companion.locale.numbers import percent as percent
from companion.ui.presenters.lines import TextLine


def token_short(kind: str) -> str:
    """A token kind's short name for the Table's small player buttons: the start of its full name, so a
    newcomer reads it without a legend (the Players screen gives the full names)."""
    return {
        "technology": _("Tech"),
        "determination": _("Deter."),
        "intelligence": _("Intel."),
        "teamwork": _("Team"),
        "logistics": _("Logis."),
    }.get(kind, kind)


def token_counts(counts: dict[str, int] | list[tuple[str, int]]) -> str:
    """The tokens a player holds as "Intel. 2 · Team 1" (held kinds only), or "No tokens". A name and its count
    are joined by a no-break space, so a line never ends between them."""
    pairs = counts.items() if isinstance(counts, dict) else counts
    held = [
        keep_together(_("{kind} {count}").format(kind=token_short(kind), count=count)) for kind, count in pairs if count
    ]
    return SEPARATOR.join(held) if held else _("No tokens")


def keep_together(text: str) -> str:
    """`text` with no-break spaces: Kivy wraps lines only at plain spaces."""
    return text.replace(" ", NO_BREAK_SPACE)


def vehicle_names_whole(defs: Any, text: str) -> str:
    """`text` with every vehicle's name kept on one line ("Thunderbird 3", never "Thunderbird" then "3")."""
    for vehicle in defs.vehicles:
        name = names.vehicle(defs, vehicle)
        if " " in name and name in text:
            text = text.replace(name, keep_together(name))
    return text


def separated(text: str) -> str:
    """`text` with each " · " held to the part before it, so no line begins with a dot."""
    return text.replace(" · ", SEPARATOR)


NO_BREAK_SPACE = "\u00a0"
SEPARATOR = NO_BREAK_SPACE + "· "


def joined(head: str, detail: str) -> str:
    """ "head: detail" as each language writes it (French puts a space before the colon)."""
    return _("{head}: {detail}").format(head=head, detail=detail)


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
        if line.applies:
            return _("F.A.B. {card} {value}").format(card=card, value=value)
        return _("F.A.B. {card} {value} (wrong type)").format(card=card, value=value)
    if line.source == "event":
        card = names.card(defs, line.card)
        if line.applies:
            return _("Event {card} {value}").format(card=card, value=value)
        return _("Event {card} {value} (wrong type)").format(card=card, value=value)
    who = piece_name(defs, line.piece_kind, line.piece)
    if line.in_vehicle:
        place = names.vehicle(defs, line.in_vehicle)
        head = _("{who} {value} if in {place}").format(who=who, value=value, place=place)
    else:
        head = _("{who} {value} in {place}").format(who=who, value=value, place=names.region(defs, line.region))
    if line.applies:
        return joined(head, _("in place"))
    if line.why == "notebook":
        return joined(head, _("not built yet"))
    if line.why == "not-seated":
        return joined(head, _("sits in {vehicle}").format(vehicle=names.vehicle(defs, line.where)))
    if line.where is None:
        return joined(head, _("not on the board"))
    return joined(head, _("now in {place}").format(place=names.region(defs, line.where)))


def effect_source(defs: Any, effect: Any) -> str:
    """The card behind a lasting effect, or "Adjustment" for one set by hand (its card id is not a name)."""
    if effect.source == "adjust":
        return _("Adjustment")
    return names.card(defs, effect.card)


def effect_text(defs: Any, effect: Any) -> str:
    if effect.kind == "speed-limit":
        return _("{vehicle} top speed {speed}").format(vehicle=names.vehicle(defs, effect.vehicle), speed=effect.value)
    if effect.kind == "rescue-modifier":
        if effect.rescue_type is None:
            return _("{value:+d} to every rescue").format(value=effect.value)
        return _("{value:+d} to {kind} rescues").format(value=effect.value, kind=rescue_type_label(effect.rescue_type))
    if effect.kind == "block-edges":
        return ngettext("route closed: {routes}", "routes closed: {routes}", len(effect.edges)).format(
            routes=route_names(defs, effect.edges)
        )
    return _("see the card")


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


def card_kind(defs: Any, card_id: str) -> str:
    """ "disaster", "scheme", "event" or "fab": which deck a card is in (the card editor's kinds)."""
    for kind, deck in (("disaster", defs.disasters), ("scheme", defs.schemes), ("event", defs.events)):
        if card_id in deck:
            return kind
    return "fab"


def missing_parts(card: Any) -> list[str]:
    """What the companion lacks of a card, as players would read it off the card (for "enter ...")."""
    parts: list[str] = []
    if card.completeness == "unknown":
        parts.append(_("its name"))
    if hasattr(card, "auto_requirements"):  # a disaster
        if card.region is None:
            parts.append(_("its region"))
        if card.difficulty is None and card.auto_requirements is None:
            parts.append(_("its rescue type and difficulty (or, without dice, the pieces it needs)"))
            parts.append(_("its bonuses"))
        if card.rewards is None:
            parts.append(_("its rewards"))
    elif hasattr(card, "pieces"):  # a scheme
        if not card.regions:
            parts.append(_("its regions"))
        if card.tokens is None:
            parts.append(_("the tokens to discard"))
        else:
            if any(t.kind is None for t in card.tokens):
                parts.append(_("the kind of each token to discard"))
            if any(t.region is None for t in card.tokens):
                parts.append(_("where each token is discarded"))
        if card.pieces is None:
            parts.append(_("the Thunderbirds and pods it needs"))
    else:  # an event or a F.A.B. card
        if not card.effects:
            parts.append(_("what it does"))
        elif any(e.kind in ("rescue-modifier", "speed-limit", "block-edges") and e.until is None for e in card.effects):
            parts.append(_("when its effect ends"))
        if getattr(card, "timing", "") is None:
            parts.append(_("when it is played"))
        if not card.text.en or not card.text.fr:
            parts.append(_("its text"))
    return parts


def to_complete_text(defs: Any, card: Any) -> str:
    """The players' part when a card the companion does not know matters: where the card is, what to enter."""
    parts = missing_parts(card)
    wanted = ", ".join(parts) if parts else _("what it shows")
    if hasattr(card, "auto_requirements"):
        unknown = sum(1 for c in defs.disasters.values() if c.completeness == "unknown")
        if card.completeness == "unknown":
            where = ngettext(
                "{count} disaster card of your deck is not in the companion's list yet: this is it (the card "
                "editor lists the others).",
                "{count} disaster cards of your deck are not in the companion's list yet: this is one of them (the "
                "card editor lists the others).",
                unknown,
            ).format(count=unknown)
            return _(
                "The companion does not know this disaster card yet. {where} Enter {wanted}: from then on the "
                "companion checks it."
            ).format(where=where, wanted=wanted)
    return _(
        "The companion does not know all of this card yet. Read it from your box and enter {wanted}: from then "
        "on the companion checks it."
    ).format(wanted=wanted)


def route_names(defs: Any, edges: Any) -> str:
    """Routes between regions as players read them on the board: "Europe – North Atlantic, Africa – ..."."""
    return ", ".join(f"{names.region(defs, a)} – {names.region(defs, b)}" for a, b in edges)


def other_schemes(defs: Any, level: int) -> str:
    """The level's schemes the companion knows by name, which an unknown slot is not ("A, B or C")."""
    known = sorted(
        names.card(defs, c.id) for c in defs.schemes.values() if c.level == level and c.completeness != "unknown"
    )
    return ", ".join(known)


def scheme_to_complete_text(defs: Any, scheme: Any, space: int) -> str:
    """The players' part for a scheme the companion does not fully know, once it is face up on the Hood track."""
    parts = missing_parts(scheme)
    wanted = ", ".join(parts) if parts else _("what it shows")
    return _(
        "The companion does not know all of this scheme yet. Read the level {level} scheme card on space {space} of "
        "the Hood track and enter {wanted}: from then on the companion checks it."
    ).format(level=ROMAN_LEVELS.get(scheme.level, str(scheme.level)), space=space, wanted=wanted)


ROMAN_LEVELS = {1: "I", 2: "II", 3: "III", 4: "IV"}
