"""New game: the races in seat order (tapped one after the other: the tap order is the seat order, two to six
races), how many planetary systems the map has besides the Homesystems, or their names, and the language."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.engine.errors import IllegalAction
from companion.games.federation import SYSTEM_COUNTS
from companion.games.federation.definitions import Definitions
from companion.games.federation.setup import initial_state
from companion.games.federation.ui.presenters.words import signed
from companion.locale import domain
from companion.ui.presenters.lines import ButtonView

_, ngettext = domain("federation")

LOWEST_PLAYERS, HIGHEST_PLAYERS = 2, 6


@dataclass(frozen=True)
class NewGameForm:
    races: tuple[str, ...] = ("federation", "klingon")
    systems: int = 12
    #: The players' names for the systems, as typed ("Vulcan, Risa, ..."): when given, they replace the count.
    names: str = ""

    def toggle(self, race: str) -> NewGameForm:
        if race in self.races:
            return replace(self, races=tuple(r for r in self.races if r != race))
        if len(self.races) >= HIGHEST_PLAYERS:
            return self
        return replace(self, races=self.races + (race,))

    def system_names(self) -> list[str]:
        return [name.strip() for name in self.names.split(",") if name.strip()]

    def setup(self) -> dict[str, Any]:
        named = self.system_names()
        return {"races": list(self.races), "systems": named if named else self.systems}


@dataclass(frozen=True)
class NewGameView:
    title: str
    races_label: str
    races: tuple[ButtonView, ...]
    systems_label: str
    systems: tuple[ButtonView, ...]
    names_label: str
    names_hint: str
    language_label: str
    start: ButtonView


def race_traits(defs: Definitions, race: str) -> str:
    """What the race changes in the module's rules, in a few words."""
    found = defs.races[race]
    traits = []
    if found.diplomacy_modifier:
        traits.append(_("diplomacy {modifier}").format(modifier=signed(found.diplomacy_modifier)))
    if found.minor_race_revenue:
        traits.append(_("minor races {modifier} revenue").format(modifier=signed(found.minor_race_revenue)))
    if not found.conquers_minor_races:
        traits.append(_("never conquers minor races"))
    return ", ".join(traits) if traits else _("no modifier")


def problem(form: NewGameForm, defs: Definitions) -> str:
    """Why the game cannot start with this form ("" when it can): the rules' own set-up checks."""
    if len(form.races) < LOWEST_PLAYERS:
        return ngettext(
            "Tap at least {count} race ({chosen} chosen).",
            "Tap at least {count} races ({chosen} chosen).",
            LOWEST_PLAYERS,
        ).format(count=LOWEST_PLAYERS, chosen=len(form.races))
    from companion.engine.chance import LiveChance

    try:
        initial_state(form.setup(), LiveChance(0), defs)
    except IllegalAction as refused:
        return refused.reason
    return ""


def present_new_game(form: NewGameForm, defs: Definitions, counts: Sequence[int] = SYSTEM_COUNTS) -> NewGameView:
    races = []
    for race in defs.races:
        seat = form.races.index(race) + 1 if race in form.races else 0
        name = defs.races[race].short.text()
        head = _("Player {seat}: {race}").format(seat=seat, race=name) if seat else name
        races.append(
            ButtonView(
                f"race:{race}",
                f"{'✓ ' if seat else ''}{head}\n{race_traits(defs, race)}",
                "primary" if seat else "normal",
                bool(seat) or len(form.races) < HIGHEST_PLAYERS,
            )
        )
    named = form.system_names()
    systems = tuple(
        ButtonView(
            f"systems:{count}",
            ("✓ " if count == form.systems and not named else "") + str(count),
            "primary" if count == form.systems and not named else "normal",
            not named,
        )
        for count in counts
    )
    why = problem(form, defs)
    total = len(named) if named else form.systems
    start = _("Start: {races}, {systems}").format(
        races=ngettext("{count} race", "{count} races", len(form.races)).format(count=len(form.races)),
        systems=ngettext("{count} system", "{count} systems", total).format(count=total),
    )
    return NewGameView(
        title=_("New game: Federation"),
        races_label=_("Races in seat order: tap them one after the other (2 to 6); tap again to remove"),
        races=tuple(races),
        systems_label=_("Planetary systems on your map, besides the Homesystems"),
        systems=systems,
        names_label=_("Or their names, separated by commas (optional)"),
        names_hint=_("Vulcan, Risa, Bajor"),
        language_label=_("Language"),
        start=ButtonView("start_game", why or start, "primary", not why),
    )
