"""A fleet enters a system: which system, which race, which ships of the stack matter; then the exploration roll
(three dice, one per table) for an unexplored system, or the stack waits to face the Enigma there.

The form is a frozen value, each touch makes a new one; "Enter" is offered only when the action it makes is
one of the legal actions."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from companion.games.federation import actions as act
from companion.games.federation import names
from companion.games.federation.definitions import Definitions
from companion.games.federation.state import FederationState
from companion.games.federation.ui.presenters.words import ENIGMA_WAITING, UNEXPLORED, either, faces, signed
from companion.locale import domain
from companion.ui.presenters.lines import ButtonView

_, ngettext = domain("federation")


@dataclass(frozen=True)
class EnterForm:
    system: str | None = None
    race: str | None = None
    ships: tuple[str, ...] = ()

    def toggle_ship(self, ship: str) -> EnterForm:
        if ship in self.ships:
            return replace(self, ships=tuple(s for s in self.ships if s != ship))
        return replace(self, ships=self.ships + (ship,))

    def action(self, defs: Definitions) -> act.EnterSystem | None:
        if self.system is None or self.race is None:
            return None
        return act.EnterSystem(self.system, self.race, tuple(ship for ship in defs.ships if ship in self.ships))


@dataclass(frozen=True)
class EnterView:
    title: str
    systems_label: str
    systems: tuple[ButtonView, ...]
    races_label: str
    races: tuple[ButtonView, ...]
    ships_label: str
    ships: tuple[ButtonView, ...]
    what_happens: str
    go: ButtonView
    action: act.EnterSystem | None


def enterable(legal: Sequence[object]) -> list[act.EnterSystem]:
    return [action for action in legal if isinstance(action, act.EnterSystem)]


def present_enter(state: FederationState, defs: Definitions, legal: Sequence[object], form: EnterForm) -> EnterView:
    entries = enterable(legal)
    open_systems = {entry.system for entry in entries}
    systems = []
    for system in state.systems:
        if system.id not in open_systems:
            continue
        mark = ENIGMA_WAITING if system.explored else UNEXPLORED
        text = _("{mark} {system}").format(mark=mark, system=names.system_label(system, defs))
        if system.explored:
            text = _("{system} (Enigma)").format(system=text)
        chosen = form.system == system.id
        systems.append(
            ButtonView(f"enter:system:{system.id}", ("✓ " if chosen else "") + text, "primary" if chosen else "normal")
        )
    races = []
    for race in state.races:
        possible = any(entry.race == race and (form.system is None or entry.system == form.system) for entry in entries)
        chosen = form.race == race
        races.append(
            ButtonView(
                f"enter:race:{race}",
                ("✓ " if chosen else "") + names.race(defs, race),
                "primary" if chosen else "normal",
                possible,
            )
        )
    ships = tuple(
        ButtonView(
            f"enter:ship:{ship}",
            ("✓ " if ship in form.ships else "") + names.ship(defs, ship),
            "primary" if ship in form.ships else "normal",
        )
        for ship in defs.ships
    )
    action = form.action(defs)
    legal_action = action if action is not None and action in legal else None
    target = state.system(form.system) if form.system is not None else None
    rule = defs.enigma_roll
    if target is None:
        what = _("Choose the system the stack enters, then its race.")
    elif not target.explored:
        what = _(
            "Not explored: three dice are rolled, one on each table: resources ({resources}), minor race "
            "({minor}), Enigma ({enigma})."
        ).format(
            resources=", ".join(f"{faces(row.faces)} {row.names.text()}" for row in defs.resources.rows),
            minor=", ".join(f"{faces(row.faces)} {row.names.text()}" for row in defs.minor_races.rows),
            enigma=", ".join(f"{faces(row.faces)} {row.names.text()}" for row in defs.enigmas.rows),
        )
    else:
        what = _("An Enigma waits there: the stack faces it in the Enigma phase.")
    if target is not None:
        bonus_ships = either([names.ship(defs, ship) for ship in rule.bonus_ships])
        what += " " + _("Against an Enigma: {bonus} once with {ships} in the stack.").format(
            bonus=signed(rule.ship_bonus), ships=bonus_ships
        )
    if form.system is not None and form.race is not None and legal_action is None:
        what = _("{race}: a stack already waits in {system}; it faces the Enigma first.").format(
            race=names.race(defs, form.race), system=names.system(state, defs, form.system)
        )
    go_label = _("Enter and roll three dice") if target is not None and not target.explored else _("Enter")
    return EnterView(
        title=_("A fleet enters a system"),
        systems_label=_("The system (unexplored, or with an unsolved Enigma)"),
        systems=tuple(systems),
        races_label=_("The race of the stack"),
        races=tuple(races),
        ships_label=_("Ships in the stack that matter"),
        ships=ships,
        what_happens=what,
        go=ButtonView("enter:go", go_label, "primary", legal_action is not None),
        action=legal_action,
    )
