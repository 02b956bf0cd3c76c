"""The set-up guide: what to put where on the physical board, step by step, matching the decks the companion
has just dealt (and the lights, when the board has them)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.games.thunderbirds import names
from companion.games.thunderbirds.ui.presenters.table import ROMAN
from companion.games.thunderbirds.ui.presenters.words import other_schemes, scheme_to_complete_text, to_complete_text
from companion.locale import _
from companion.ui.presenters.lines import ButtonView, TextLine


@dataclass(frozen=True)
class GuideStep:
    title: str
    lines: tuple[TextLine, ...]
    #: Cards of this step the players complete now, from their box ("open:complete:<card>").
    buttons: tuple[ButtonView, ...] = ()


@dataclass(frozen=True)
class SetupGuideView:
    title: str
    step: GuideStep
    position: str  # "Step 2 of 8"
    index: int
    count: int
    next_label: str
    previous_label: str
    is_last: bool


def guide_steps(state: Any, defs: Any, character_name: Callable[[str], str], has_lights: bool) -> tuple[GuideStep, ...]:
    steps: list[GuideStep] = []
    hands = [h.character for h in state.players]
    if state.setup.solo:
        lines = [
            TextLine(
                _(
                    "You play Jeff Tracy and lead three characters. Put their cards face up in this order; "
                    "the current-player marker goes on the first."
                )
            )
        ]
        lines += [TextLine(f"{i}. {character_name(c)}", "title") for i, c in enumerate(hands, start=1)]
        if state.reserve:
            lines.append(
                TextLine(
                    _("Reserve (face down beside you): {names}.").format(
                        names=", ".join(character_name(c) for c in state.reserve)
                    )
                )
            )
    else:
        lines = [TextLine(_("Each player takes a character card and an aid card, in this seat order:"))]
        lines += [
            TextLine(_("Player {n}: {name}").format(n=i, name=character_name(c)), "title")
            for i, c in enumerate(hands, start=1)
        ]
    steps.append(GuideStep(_("Characters"), tuple(lines)))

    vehicles = [
        TextLine(_("{vehicle}: {region}").format(vehicle=names.vehicle(defs, v), region=names.region(defs, r)))
        for v, r in state.vehicles
    ]
    steps.append(GuideStep(_("Thunderbirds"), (TextLine(_("Put each model on its region:")), *vehicles)))

    pegs = [
        TextLine(
            _("{who} ({colour} peg) in {vehicle}").format(
                who=names.character(defs, c),
                colour=colour_name(defs.characters[c].colour),
                vehicle=names.vehicle(defs, v),
            )
        )
        for c, v in state.seats
    ]
    steps.append(GuideStep(_("Pegs"), (TextLine(_("All six pegs go in their Thunderbirds, played or not:")), *pegs)))

    built = [names.pod(defs, p) for p, _r in state.pods]
    steps.append(
        GuideStep(
            _("Pods"),
            (
                TextLine(_("Put every pod on Brains' notebook, plan side up.")),
                TextLine(
                    _("Then move {pods} to Tracy Island, built side up.").format(pods=", ".join(built) or "-"), "title"
                ),
            ),
        )
    )

    track: list[TextLine] = [TextLine(_("Put the Hood on the first space."), "title")]
    track_buttons: list[ButtonView] = []
    for card in state.hood_cards:
        space = card.space + 1
        if card.kind == "event":
            track.append(TextLine(_("Space {space}: an event card, face down.").format(space=space)))
        else:
            scheme = defs.schemes[card.card]
            level = ROMAN.get(scheme.level, str(scheme.level))
            if scheme.completeness == "unknown":
                others = other_schemes(defs, scheme.level)
                text = (
                    _(
                        "Space {space}: a level {level} scheme the companion does not know yet: from your level "
                        "{level} schemes, take one that is none of these: {names}."
                    ).format(space=space, level=level, names=others)
                    if others
                    else _(
                        "Space {space}: a level {level} scheme the companion does not know yet, from your level "
                        "{level} schemes."
                    ).format(space=space, level=level)
                )
            else:
                text = _("Space {space}: the level {level} scheme {name}.").format(
                    space=space, level=level, name=names.card(defs, card.card)
                )
            face = _("Face up: foil it first.") if card.status == "face-up" else _("Face down.")
            track.append(TextLine(f"{text} {face}", "title" if card.status == "face-up" else "normal"))
            if card.status == "face-up" and scheme.completeness != "complete":
                track.append(TextLine(scheme_to_complete_text(defs, scheme, space)))
                track_buttons.append(ButtonView(f"open:complete:{scheme.id}", _("Enter this scheme"), "primary"))
            elif scheme.completeness != "complete":
                track.append(TextLine(_("You enter it when it is turned face up."), "dim"))
    track.append(TextLine(_("The companion keeps the events and reveals each one when the Hood reaches it."), "dim"))
    steps.append(GuideStep(_("The Hood track"), tuple(track), tuple(track_buttons)))

    slots: list[TextLine] = []
    slot_buttons: list[ButtonView] = []
    for slot, card in state.track.occupied():
        disaster = defs.disasters[card]
        if disaster.completeness == "unknown":
            slots.append(
                TextLine(_("Slot {slot}: a disaster card the companion does not know yet.").format(slot=slot), "title")
            )
            slots.append(TextLine(to_complete_text(defs, disaster)))
            slot_buttons.append(
                ButtonView(f"open:complete:{card}", _("Enter the card of slot {slot}").format(slot=slot), "primary")
            )
        else:
            slots.append(
                TextLine(
                    _("Slot {slot}: {name} ({region})").format(
                        slot=slot, name=names.card(defs, card), region=names.region(defs, disaster.region)
                    ),
                    "title",
                )
            )
    steps.append(
        GuideStep(
            _("The disaster track"),
            (
                TextLine(_("Find these disaster cards in your deck and put them on the track:")),
                *slots,
                TextLine(
                    _(
                        "The companion shuffles and keeps the disaster deck: when it draws a card, take that card from "
                        "your deck."
                    ),
                    "dim",
                ),
            ),
            tuple(slot_buttons),
        )
    )

    steps.append(
        GuideStep(
            _("Tokens and F.A.B. cards"),
            (
                TextLine(_("Sort the bonus tokens by kind beside Tracy Island: 6 of each.")),
                TextLine(
                    _("The companion shuffles the F.A.B. deck and tells you which card each player draws."), "dim"
                ),
            ),
        )
    )
    if has_lights:
        steps.append(
            GuideStep(
                _("Board lights"),
                (
                    TextLine(
                        _(
                            "The lights now show the Hood on the first space and disasters on slots 1 to 3. Check "
                            "that they match the cards you placed."
                        )
                    ),
                ),
            )
        )
    first = character_name(state.active_character)
    steps.append(
        GuideStep(
            _("Ready"),
            (
                TextLine(_("{name} plays first.").format(name=first), "title"),
                TextLine(_("Each turn: up to 3 actions, then End turn draws a disaster card.")),
            ),
        )
    )
    return tuple(steps)


def colour_name(colour: str) -> str:
    return {
        "blue": _("blue"),
        "green": _("green"),
        "orange": _("orange"),
        "yellow": _("yellow"),
        "white": _("white"),
        "pink": _("pink"),
    }.get(colour, colour)


def present_setup_guide(
    state: Any, defs: Any, index: int, character_name: Callable[[str], str], has_lights: bool
) -> SetupGuideView:
    steps = guide_steps(state, defs, character_name, has_lights)
    index = max(0, min(index, len(steps) - 1))
    last = index == len(steps) - 1
    return SetupGuideView(
        title=_("Set-up guide"),
        step=steps[index],
        position=_("Step {n} of {count}").format(n=index + 1, count=len(steps)),
        index=index,
        count=len(steps),
        next_label=_("Start playing") if last else _("Next"),
        previous_label=_("Previous"),
        is_last=last,
    )
