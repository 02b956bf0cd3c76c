"""The Scheme screen: the face-up scheme's requirements as a checklist of what is already in place, the ways
to foil it now, and the other schemes on the Hood track."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.thunderbirds import actions as a
from companion.games.thunderbirds import names
from companion.games.thunderbirds.definitions import TOKEN_KINDS
from companion.games.thunderbirds.movement import piece_region
from companion.games.thunderbirds.operations import scheme_needs_confirmation
from companion.games.thunderbirds.ui.presenters.words import (
    ROMAN_LEVELS as ROMAN,  # the table's too: it lists the scheme's progress through this module
)
from companion.games.thunderbirds.ui.presenters.words import (
    completeness_label,
    joined,
    piece_name,
    scheme_to_complete_text,
)
from companion.locale import _, ngettext
from companion.ui.action_keys import act
from companion.ui.presenters.lines import TextLine


@dataclass(frozen=True)
class CheckItem:
    text: str
    done: bool | None  # None: the companion cannot tell (players check the card)


@dataclass(frozen=True)
class FoilChoice:
    key: str
    label: str


@dataclass(frozen=True)
class DiscardOption:
    key: str  # "discard:<player>:<kind>"
    label: str
    enabled: bool


@dataclass(frozen=True)
class SchemeView:
    title: str
    name: str
    heading: str  # "Scheme: name" as the language writes it (French: "Plan : name")
    level: str
    confidence: str
    story: str
    checklist: tuple[CheckItem, ...]
    complete: bool
    status: str
    foils: tuple[FoilChoice, ...]
    track: tuple[TextLine, ...]
    #: When the companion cannot check every requirement: players pick the tokens they discard, then confirm.
    discard_options: tuple[DiscardOption, ...] = ()
    picked: str = ""
    confirm_key: str = ""
    confirm_label: str = ""
    #: A scheme the companion does not fully know: what the players read off the card and enter, once.
    complete_hint: str = ""
    complete_key: str = ""
    complete_label: str = ""


def present_scheme(
    state: Any,
    defs: Any,
    legal: Sequence[Any],
    describe: Callable[[Any], str],
    picked: Sequence[tuple[str, str]] = (),
    character_name: Callable[[str], str] = str,
) -> SchemeView:
    current = state.current_scheme
    track_lines = tuple(_track_line(defs, card, state) for card in state.hood_cards if card.kind == "scheme")
    if current is None:
        return SchemeView(
            _("Scheme"),
            _("No scheme to foil"),
            joined(_("Scheme"), _("No scheme to foil")),
            "",
            "",
            "",
            (),
            False,
            _("Every scheme on the track is foiled."),
            (),
            track_lines,
        )
    scheme = defs.schemes[current.card]
    items: list[CheckItem] = []
    if scheme.pieces is None:
        items.append(CheckItem(_("Thunderbirds and pods required: read them from the card."), None))
    else:
        for need in scheme.pieces:
            where = piece_region(state, defs, need.piece_kind, need.piece)
            items.append(
                CheckItem(
                    _("{piece} in {region}").format(
                        piece=piece_name(defs, need.piece_kind, need.piece), region=names.region(defs, need.region)
                    ),
                    where == need.region,
                )
            )
    if scheme.tokens is None:
        items.append(CheckItem(_("Tokens to discard: read them from the card."), None))
    else:
        for req in scheme.tokens:
            holders = [
                h for h in state.players if req.region is None or state.character_region(h.character) == req.region
            ]
            place = names.region(defs, req.region) if req.region else None
            if req.kind is None:
                held = sum(sum(h.tokens) for h in holders)
                text = (
                    ngettext(
                        "{count} token of the kind printed on the card, by players in {region}",
                        "{count} tokens of the kind printed on the card, by players in {region}",
                        req.count,
                    ).format(count=req.count, region=place)
                    if place
                    else ngettext(
                        "{count} token of the kind printed on the card, by any players",
                        "{count} tokens of the kind printed on the card, by any players",
                        req.count,
                    ).format(count=req.count)
                )
                items.append(CheckItem(text, None if held >= req.count else False))
            else:
                held = sum(h.count(req.kind) for h in holders)
                kind = names.token(defs, req.kind)
                text = (
                    ngettext(
                        "{count} {kind} token, by players in {region} (they hold {held})",
                        "{count} {kind} tokens, by players in {region} (they hold {held})",
                        req.count,
                    ).format(count=req.count, kind=kind, region=place, held=held)
                    if place
                    else ngettext(
                        "{count} {kind} token, by any players (they hold {held})",
                        "{count} {kind} tokens, by any players (they hold {held})",
                        req.count,
                    ).format(count=req.count, kind=kind, held=held)
                )
                items.append(CheckItem(text, held >= req.count))
    legal_foils = [x for x in legal if isinstance(x, a.FoilScheme)]
    confirming = scheme_needs_confirmation(scheme) and bool(legal_foils)
    # One foil, one button: a card the companion cannot check is foiled only by the players' confirmation below;
    # a known card's button says which tokens go, so two ways to pay never read as the same button twice.
    foils = () if confirming else tuple(FoilChoice(act(x), foil_label(defs, x, character_name)) for x in legal_foils)
    complete = all(item.done is not False for item in items) and bool(legal_foils)
    if foils:
        status = _("Everything is in place: foil it now (free).")
    elif all(item.done is not False for item in items):
        status = _("Check the card: the companion cannot confirm every requirement.")
    else:
        status = _("Not yet: what is missing is marked ✗.")
    options: tuple[DiscardOption, ...] = ()
    confirm_key = confirm_label = picked_text = ""
    if confirming:
        counts = Counter(picked)
        options = tuple(
            DiscardOption(
                f"discard:{hand.character}:{kind}",
                _("{who} discards {kind}").format(who=character_name(hand.character), kind=names.token(defs, kind)),
                hand.count(kind) > counts.get((hand.character, kind), 0),
            )
            for hand in state.players
            for kind in TOKEN_KINDS
            if hand.count(kind)
        )
        confirm_key = "foil:confirm"
        confirm_label = _("The card's requirements are met: foil it")
        picked_text = (
            _("Discarded: {tokens}").format(
                tokens=", ".join(f"{character_name(p)} {names.token(defs, k)}" for p, k in picked)
            )
            if picked
            else _("Pick the tokens the card asks you to discard, then confirm.")
        )
        status = _("Check the card at the table: the companion cannot check every requirement.")
    complete_hint = complete_key = complete_label = ""
    if scheme.completeness != "complete":
        complete_hint = scheme_to_complete_text(defs, scheme, current.space + 1)
        complete_key = f"open:complete:{scheme.id}"
        complete_label = _("Enter this card")
        if confirming:
            picked_text = joined(_("Or check the card at the table yourselves"), picked_text)
    return SchemeView(
        title=_("Scheme"),
        name=names.card(defs, current.card),
        heading=joined(_("Scheme"), names.card(defs, current.card)),
        level=_("Level {level}").format(level=ROMAN.get(scheme.level, "?")),
        confidence=completeness_label(scheme.completeness, scheme.source.verified),
        story=scheme.story.text(),
        checklist=tuple(items),
        complete=complete,
        status=status,
        foils=foils,
        track=track_lines,
        discard_options=options,
        picked=picked_text,
        confirm_key=confirm_key,
        confirm_label=confirm_label,
        complete_hint=complete_hint,
        complete_key=complete_key,
        complete_label=complete_label,
    )


def foil_label(defs: Any, action: Any, character_name: Callable[[str], str]) -> str:
    """The foil button: what it costs, so two ways to pay for one foil read differently."""
    if not action.discards:
        return _("Foil it (no token to discard)")
    tokens = ", ".join(f"{character_name(p)} {names.token(defs, k)}" for p, k in action.discards)
    return _("Foil it, discarding: {tokens}").format(tokens=tokens)


def confirmed_foil(picked: Sequence[tuple[str, str]]) -> Any:
    """The action of the confirm button: the picked tokens discarded, requirements confirmed by the players."""
    return a.FoilScheme(tuple(sorted(picked)), confirmed=True)


def _track_line(defs: Any, card: Any, state: Any) -> TextLine:
    scheme = defs.schemes.get(card.card)
    level = ROMAN.get(scheme.level, "?") if scheme else "?"
    space = card.space + 1
    if card.status == "foiled":
        return TextLine(
            _("Level {level}, space {space}: {name}, foiled").format(
                level=level, space=space, name=names.card(defs, card.card)
            ),
            "good",
        )
    if card.status == "face-up":
        return TextLine(
            _("Level {level}, space {space}: {name}, to foil now").format(
                level=level, space=space, name=names.card(defs, card.card)
            ),
            "title",
        )
    return TextLine(_("Level {level}, space {space}: face down").format(level=level, space=space), "dim")
