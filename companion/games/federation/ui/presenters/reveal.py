"""What the pop-up after a roll shows besides its lines: each die rolled, with the table it was rolled on and what
it gave (the exploration's three dice, the Enigma's, the consequences', the diplomacy's)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.federation import events as ev
from companion.games.federation import names
from companion.games.federation.definitions import Definitions
from companion.locale import domain

_, ngettext = domain("federation")


@dataclass(frozen=True)
class DieShown:
    value: int
    table: str  # "Resources"
    result: str  # "Rich (3)"


def dice_shown(events: tuple[object, ...], defs: Definitions) -> tuple[DieShown, ...]:
    shown: list[DieShown] = []
    for event in events:
        match event:
            case ev.Explored(dice=dice, resources=resources, minor_race=minor_race, enigma=enigma):
                resources_row = defs.resources.row(resources)
                minor_row = defs.minor_races.row(minor_race)
                shown.append(
                    DieShown(
                        dice[0],
                        _("Resources"),
                        _("{row} ({revenue})").format(row=resources_row.names.text(), revenue=resources_row.revenue),
                    )
                )
                minor = minor_row.names.text()
                if minor_row.revenue:
                    minor = _("{row} ({revenue})").format(row=minor, revenue=f"{minor_row.revenue:+d}")
                shown.append(DieShown(dice[1], _("Minor race"), minor))
                shown.append(DieShown(dice[2], _("Enigma"), _("an Enigma") if enigma == "present" else _("none")))
            case ev.EnigmaRolled(die=die, bonus=bonus, total=total, result=result):
                words = {"solved": _("solved"), "consequences": _("consequences"), "nothing": _("nothing")}
                text = words.get(result, result)
                shown.append(
                    DieShown(
                        die,
                        _("Enigma"),
                        _("{die} + {bonus} = {total}: {result}").format(die=die, bonus=bonus, total=total, result=text)
                        if bonus
                        else _("{total}: {result}").format(total=total, result=text),
                    )
                )
            case ev.ConsequenceRolled(die=die, result=result):
                shown.append(DieShown(die, _("Consequence"), names.row(defs, "consequences", result)))
            case ev.DiplomacyRolled(die=die, modifier=modifier, total=total, result=result):
                words = {"joined": _("joins"), "failed": _("no agreement"), "never": _("never")}
                text = words.get(result, result)
                shown.append(
                    DieShown(
                        die,
                        _("Diplomacy"),
                        _("{die} + {bonus} = {total}: {result}").format(
                            die=die, bonus=modifier, total=total, result=text
                        )
                        if modifier
                        else _("{total}: {result}").format(total=total, result=text),
                    )
                )
    return tuple(shown)
