"""What just happened, told once and clearly: the disaster card drawn at the end of a turn, events flipped by
the Hood, schemes revealed or foiled, F.A.B. cards drawn, the end of the game.

The rescue's own steps (dice, success) are shown on the Rescue screen, so they are not repeated here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.thunderbirds import events as ev
from companion.games.thunderbirds import names
from companion.games.thunderbirds.ui.presenters.words import (
    ROMAN_LEVELS,
    rescue_type_label,
    scheme_to_complete_text,
    to_complete_text,
    token_label,
)
from companion.locale import _
from companion.ui.presenters.lines import TextLine

#: Events that deserve a pop-up of their own; the others only add lines to one.
MAJOR = (
    ev.DisasterDrawn,
    ev.EventRevealed,
    ev.SchemeActivated,
    ev.SchemeRevealed,
    ev.SchemeFoiled,
    ev.FabDrawn,
    ev.GameWon,
    ev.GameLost,
    ev.DisasterReachedSkull,
    ev.RewardsUnknown,
    ev.CharacterChanged,
)


@dataclass(frozen=True)
class RevealView:
    title: str
    lines: tuple[TextLine, ...]
    placed_card: str | None  # the disaster card just put on the track (shown as a tile)
    placed_slot: int | None
    is_bad: bool
    #: A card the companion does not fully know that just came into play: the players may enter it now.
    complete_card: str | None = None


def present_reveal(
    events: Sequence[Any], defs: Any, state: Any, character_name: Callable[[str], str]
) -> RevealView | None:
    if not any(isinstance(e, MAJOR) for e in events):
        return None
    lines: list[TextLine] = []
    title = ""
    placed: tuple[str, int] | None = None
    bad = False
    complete: list[str] = []

    def headline(text: str) -> None:
        nonlocal title
        if not title:
            title = text

    for event in events:
        if isinstance(event, ev.DisasterDrawn):
            card = defs.disasters.get(event.card)
            if card is not None and card.kind == "hood-advances":
                headline(_("The Hood advances!"))
                lines.append(
                    TextLine(
                        _("Disaster card drawn: {name}. No disaster moves.").format(name=names.card(defs, event.card)),
                        "title",
                    )
                )
            elif card is not None and card.completeness == "unknown":
                headline(_("Disaster: a card the companion does not know yet"))
            else:
                headline(_("Disaster: {name}").format(name=names.card(defs, event.card)))
        elif isinstance(event, ev.DisastersShifted):
            if event.moves:
                lines.append(TextLine(_("Every disaster on the track moves one slot right.")))
        elif isinstance(event, ev.DisasterPlaced):
            card = defs.disasters[event.card]
            placed = (event.card, event.slot)
            if card.completeness == "unknown":
                lines.append(
                    TextLine(
                        _("Slot {slot}: a disaster card the companion does not know yet.").format(slot=event.slot),
                        "title",
                    )
                )
                lines.append(TextLine(to_complete_text(defs, card)))
                complete.append(card.id)
            elif card.is_no_dice:
                detail = _("{name} goes to slot {slot}: {region}, no dice (prevented by pieces in place).").format(
                    name=names.card(defs, event.card), slot=event.slot, region=names.region(defs, card.region)
                )
                lines.append(TextLine(detail, "title"))
            else:
                detail = _("{name} goes to slot {slot}: {region}, {type}, difficulty {difficulty}.").format(
                    name=names.card(defs, event.card),
                    slot=event.slot,
                    region=names.region(defs, card.region),
                    type=rescue_type_label(card.rescue_type),
                    difficulty=card.difficulty,
                )
                lines.append(TextLine(detail, "title"))
        elif isinstance(event, ev.DisasterReachedSkull):
            bad = True
            lines.append(TextLine(_("{name} reached the skull.").format(name=names.card(defs, event.card)), "bad"))
        elif isinstance(event, ev.HoodAdvanced):
            lines.append(TextLine(_("The Hood moves to space {space}.").format(space=event.to + 1)))
        elif isinstance(event, ev.EventRevealed):
            card = defs.events[event.card]
            headline(_("Event: {name}").format(name=names.card(defs, event.card)))
            lines.append(TextLine(_("Event revealed: {name}").format(name=names.card(defs, event.card)), "title"))
            text = card.text.text()
            if text:
                lines.append(TextLine(text))
            if not event.known:
                lines.append(
                    TextLine(
                        _(
                            "The companion does not know this card's full effect: read it from your "
                            "box and apply it with Adjust."
                        ),
                        "bad",
                    )
                )
                if card.completeness != "complete":
                    lines.append(
                        TextLine(_("Enter it now and the companion applies it itself the next time it comes up."))
                    )
                    complete.append(card.id)
        elif isinstance(event, ev.EffectEnded):
            lines.append(TextLine(_("{name} no longer applies.").format(name=names.card(defs, event.card))))
        elif isinstance(event, ev.SchemeActivated):
            bad = True
            headline(_("The Hood's scheme succeeds"))
            lines.append(
                TextLine(
                    _("The Hood reached the scheme {name} before it was foiled.").format(
                        name=names.card(defs, event.card)
                    ),
                    "bad",
                )
            )
        elif isinstance(event, ev.SchemeFoiled):
            headline(_("Scheme foiled!"))
            lines.append(TextLine(_("{name} is foiled.").format(name=names.card(defs, event.card)), "good"))
        elif isinstance(event, ev.SchemeRevealed):
            headline(_("A new scheme"))
            scheme = defs.schemes[event.card]
            if scheme.completeness == "unknown":
                lines.append(
                    TextLine(
                        _("Next scheme to foil: the level {level} scheme on space {space}.").format(
                            level=ROMAN_LEVELS.get(scheme.level, str(scheme.level)), space=event.space + 1
                        ),
                        "title",
                    )
                )
            else:
                lines.append(
                    TextLine(_("Next scheme to foil: {name}.").format(name=names.card(defs, event.card)), "title")
                )
            if scheme.completeness != "complete":
                lines.append(TextLine(scheme_to_complete_text(defs, scheme, event.space + 1)))
                complete.append(scheme.id)
        elif isinstance(event, ev.FabDrawn):
            who = character_name(event.player)
            if event.card is None:
                lines.append(TextLine(_("No F.A.B. card is left to draw.")))
            else:
                headline(_("F.A.B. card"))
                lines.append(
                    TextLine(_("{who} draws {card}.").format(who=who, card=names.card(defs, event.card)), "title")
                )
                fab = defs.fabs.get(event.card)
                if fab is not None and fab.completeness != "complete":
                    lines.append(TextLine(to_complete_text(defs, fab)))
                    complete.append(fab.id)
        elif isinstance(event, ev.FabPlayed) and not event.known:
            lines.append(
                TextLine(
                    _("Apply {card} at the table with Adjust: its effect is not known.").format(
                        card=names.card(defs, event.card)
                    )
                )
            )
        elif isinstance(event, ev.PodBuilt):
            lines.append(TextLine(_("{pod} is built on Tracy Island.").format(pod=names.pod(defs, event.pod))))
        elif isinstance(event, ev.TokenGained) and event.reason != "adjust":
            lines.append(
                TextLine(
                    _("{who} takes a {kind} token.").format(
                        who=character_name(event.player), kind=token_label(defs, event.kind)
                    )
                )
            )
        elif isinstance(event, ev.RewardMissing):
            lines.append(
                TextLine(
                    _("No {kind} token left in the supply: nothing instead.").format(kind=token_label(defs, event.kind))
                )
            )
        elif isinstance(event, ev.RewardsUnknown):
            headline(_("Rewards"))
            lines.append(TextLine(_("Take this card's rewards as printed on your card, with Adjust.")))
            lines.append(TextLine(_("Enter its rewards and the companion gives them itself the next time.")))
            complete.append(event.disaster)
        elif isinstance(event, ev.ActionGained):
            lines.append(TextLine(_("{who} gets one more action.").format(who=character_name(event.player))))
        elif isinstance(event, ev.CharacterChanged):
            headline(_("Change of character"))
            lines.append(
                TextLine(
                    _("{out} hands over to {incoming}.").format(
                        out=character_name(event.out), incoming=character_name(event.incoming)
                    )
                )
            )
        elif isinstance(event, ev.TurnPassed):
            lines.append(
                TextLine(
                    _("Turn {turn}: {who} plays.").format(turn=event.turn, who=character_name(event.player)), "dim"
                )
            )
        elif isinstance(event, ev.GameWon):
            title = _("International Rescue wins!")
            lines.append(TextLine(_("The last scheme is foiled."), "good"))
        elif isinstance(event, ev.GameLost):
            bad = True
            title = _("The game is lost")
            reached = any(isinstance(e, ev.DisasterReachedSkull) and e.card == event.card for e in events)
            if not (event.reason == "skull" and reached):  # the skull line above already says why
                lines.append(TextLine(loss_reason(event.reason, event.card, defs), "bad"))
    return RevealView(
        title=title or _("What happened"),
        lines=tuple(lines),
        placed_card=placed[0] if placed else None,
        placed_slot=placed[1] if placed else None,
        is_bad=bad,
        complete_card=complete[0] if complete and state.outcome is None else None,
    )


def loss_reason(reason: str, card: str | None, defs: Any) -> str:
    name = names.card(defs, card) if card else ""
    if reason == "skull":
        return _("A disaster reached the skull: {name}.").format(name=name)
    if reason == "scheme-reached":
        return _("The Hood reached a scheme that was not foiled: {name}.").format(name=name)
    if reason == "deck-exhausted":
        return _("The last disaster card was drawn.")
    return reason
