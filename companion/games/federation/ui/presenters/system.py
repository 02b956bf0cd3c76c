"""One system's full record and what may be done there: a fleet entering, the Enigma, diplomacy, building, control,
and the players' corrections (the table is the truth).

The module's actions come from `legal_actions` (an action not listed is not offered); a correction is offered only
when `rules.check` accepts it. A refused build or diplomacy says why (the rule, or our reading), so players are
never left guessing. Rolls open a pop-up with their modifiers and odds first (`rolls.py`): their keys are `roll:`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from companion.games.federation import actions as act
from companion.games.federation import names
from companion.games.federation.definitions import Definitions
from companion.games.federation.empire import system_revenue
from companion.games.federation.state import ENIGMA_STATUSES, FederationState, System
from companion.games.federation.ui.presenters.revenue import per_turn, revenue_terms
from companion.games.federation.ui.presenters.table import owner_text
from companion.games.federation.ui.presenters.words import (
    BUILT,
    ENIGMA_SOLVED,
    ENIGMA_WAITING,
    EXPLORED,
    HOME,
    NOT_BUILT,
    UNEXPLORED,
    minor_race_text,
    resources_text,
)
from companion.locale import domain
from companion.ui.action_keys import act as act_key
from companion.ui.presenters.lines import ButtonView, TextLine

_, ngettext = domain("federation")

Check = Callable[[FederationState, object], "str | None"]
Item = ButtonView | TextLine


@dataclass(frozen=True)
class RecordDraft:
    """What the players read from their own dice for an unexplored system, chosen one table at a time."""

    resources: str | None = None
    minor_race: str | None = None
    enigma: str | None = None

    def chose(self, table: str, value: str) -> RecordDraft:
        field = {"resources": "resources", "minor": "minor_race", "enigma": "enigma"}[table]
        return replace(self, **{field: value})

    def action(self, system: str) -> act.RecordExploration | None:
        if self.resources is None or self.minor_race is None or self.enigma is None:
            return None
        return act.RecordExploration(system, self.resources, self.minor_race, self.enigma)


@dataclass(frozen=True)
class Section:
    title: str
    items: tuple[Item, ...]


@dataclass(frozen=True)
class SystemView:
    title: str
    name: str  # the players' name ("" for the default label), for the rename field
    record: tuple[TextLine, ...]
    sections: tuple[Section, ...]
    #: Each button's action, by key: `act:` keys are legal actions, `fix:` keys the players' corrections.
    actions: Mapping[str, object]
    rename_label: str
    name_placeholder: str
    name_hint: str


def enigma_line(system: System) -> str:
    if system.enigma == "present":
        return f"{ENIGMA_WAITING} " + _("Enigma: unsolved. The system cannot be controlled until it is solved.")
    if system.enigma == "solved":
        return f"{ENIGMA_SOLVED} " + _("Enigma: solved for ever.")
    return _("Enigma: none.")


def record_lines(state: FederationState, defs: Definitions, system: System) -> tuple[TextLine, ...]:
    lines: list[TextLine] = []
    if system.home_of is not None:
        lines.append(
            TextLine(f"{HOME} " + _("Homesystem ({race})").format(race=names.race(defs, system.home_of)), "title")
        )
    elif system.explored:
        lines.append(TextLine(f"{EXPLORED} " + _("Explored"), "title"))
        lines.append(TextLine(_("Resources: {text}").format(text=resources_text(system, defs, short=True))))
        lines.append(TextLine(_("Minor race: {text}").format(text=minor_race_text(system, defs))))
        lines.append(TextLine(enigma_line(system), "bad" if system.enigma == "present" else "normal"))
    else:
        lines.append(
            TextLine(f"{UNEXPLORED} " + _("Not explored: the first stack to enter rolls three dice."), "title")
        )
    lines.append(TextLine(_("Controlled by: {owner}").format(owner=owner_text(system.owner, defs))))
    if system.explored:
        for kind in defs.buildings:
            mark, word = (BUILT, _("yes")) if system.built(kind) else (NOT_BUILT, _("no"))
            lines.append(
                TextLine(f"{mark} " + _("{building}: {value}").format(building=names.building(defs, kind), value=word))
            )
    if system.owner is not None:
        part = system_revenue(system, system.owner, defs)
        lines.append(
            TextLine(
                _("Revenue ({race}): {amount} ({terms})").format(
                    amount=per_turn(part.total),
                    race=names.race(defs, system.owner),
                    terms=revenue_terms(part, system.owner, defs),
                ),
                "good" if part.total else "dim",
            )
        )
    if system.refused:
        lines.append(
            TextLine(
                _("Will never join by diplomacy: {races}").format(
                    races=", ".join(names.race(defs, race) for race in system.refused)
                ),
                "dim",
            )
        )
    tried = [race for where, race in state.diplomacy_tried if where == system.id]
    if tried:
        lines.append(
            TextLine(
                _("Diplomacy tried this turn: {races}").format(
                    races=", ".join(names.race(defs, race) for race in tried)
                ),
                "dim",
            )
        )
    for encounter in state.encounters:
        if encounter.system == system.id:
            lines.append(TextLine(waiting_text(encounter.race, encounter.ships, defs), "bad"))
    return tuple(lines)


def waiting_text(race: str, ships: Sequence[str], defs: Definitions) -> str:
    if ships:
        return _("{race}: a stack waits to face the Enigma ({ships})").format(
            race=names.race(defs, race), ships=", ".join(names.ship(defs, ship) for ship in ships)
        )
    return _("{race}: a stack waits to face the Enigma").format(race=names.race(defs, race))


def present_system(
    state: FederationState,
    defs: Definitions,
    legal: Sequence[object],
    system_id: str,
    check: Check,
    corrections: bool = False,
    draft: RecordDraft = RecordDraft(),
) -> SystemView | None:
    """The record and the actions of `system_id` (None when it is no longer on the list: removed, or undone)."""
    system = state.system(system_id)
    if system is None:
        return None
    label = names.system_label(system, defs)
    actions: dict[str, object] = {}
    sections: list[Section] = []

    def offer(key: str, text: str, action: object, role: str = "normal") -> ButtonView:
        actions[key] = action
        return ButtonView(key, text, role)

    here = [action for action in legal if getattr(action, "system", None) == system_id]
    if any(isinstance(action, act.EnterSystem) for action in here):
        text = _("A fleet enters {system}").format(system=label)
        sections.append(Section(_("Exploration"), (ButtonView(f"open:enter:{system_id}", text, "primary"),)))

    enigma: list[Item] = []
    for encounter in state.encounters:
        if encounter.system != system_id:
            continue
        race = names.race(defs, encounter.race)
        if act.ResolveEnigma(system_id, encounter.race) in legal:
            enigma.append(
                ButtonView(f"roll:enigma:{encounter.race}", _("{race}: face the Enigma").format(race=race), "primary")
            )
        cancel = act.CancelEncounter(system_id, encounter.race)
        if check(state, cancel) is None:
            enigma.append(
                offer(
                    f"fix:cancel:{encounter.race}",
                    _("{race}: the stack will not face it (it left)").format(race=race),
                    cancel,
                )
            )
    if enigma:
        sections.append(Section(_("Enigma"), tuple(enigma)))

    if system.explored and system.home_of is None and system.minor_race not in (None, "none"):
        talks: list[Item] = []
        for race in state.races:
            attempt = act.AttemptDiplomacy(system_id, race)
            if attempt in legal:
                talks.append(
                    ButtonView(
                        f"roll:diplomacy:{race}", _("Diplomacy: {race}").format(race=names.race(defs, race)), "normal"
                    )
                )
            elif system.owner is None and not system.minor_destroyed:
                reason = check(state, attempt)
                if reason and TextLine(reason, "dim") not in talks:
                    talks.append(TextLine(reason, "dim"))
        if talks:
            sections.append(Section(_("Diplomacy"), tuple(talks)))

    if system.explored:
        builds: list[Item] = []
        for kind in defs.buildings:
            build = act.Build(system_id, kind)
            if build in legal:
                builds.append(
                    ButtonView(f"build:{kind}", _("Build: {building}").format(building=names.building(defs, kind)))
                )
            elif not system.built(kind):
                reason = check(state, build)
                if reason and TextLine(reason, "dim") not in builds:
                    builds.append(TextLine(reason, "dim"))
        if builds:
            sections.append(Section(_("Building"), tuple(builds)))
        control: list[Item] = []
        for owner in (*state.races, None):
            change = act.SetOwner(system_id, owner)
            if change in legal:
                text = (
                    _("Control: {race}").format(race=names.race(defs, owner))
                    if owner is not None
                    else _("Control: nobody")
                )
                control.append(offer(act_key(change), text, change))
            elif owner is not None and owner != system.owner and system.owner is None:
                reason = check(state, change)
                if reason and TextLine(reason, "dim") not in control:
                    control.append(TextLine(reason, "dim"))
        if control:
            sections.append(Section(_("Control (after the Control phase or a conquest)"), tuple(control)))

    toggle = ButtonView(
        "fix:toggle", _("Hide the corrections") if corrections else _("Corrections: the table is right")
    )
    fixes: list[Item] = [toggle]
    if corrections:
        fixes.extend(correction_items(state, defs, system, check, draft, offer))
    sections.append(Section(_("Corrections"), tuple(fixes)))
    return SystemView(
        title=label,
        name=system.name,
        record=record_lines(state, defs, system),
        sections=tuple(sections),
        actions=actions,
        rename_label=_("Rename"),
        name_placeholder=_("Name"),
        name_hint=_("The name on your map (empty: {label})").format(
            label=names.system_label(replace(system, name=""), defs)
        ),
    )


def correction_items(
    state: FederationState,
    defs: Definitions,
    system: System,
    check: Check,
    draft: RecordDraft,
    offer: Callable[[str, str, object, str], ButtonView],
) -> list[Item]:
    """The players' corrections that `check` accepts for this system, each a button (a ✓ marks what is now)."""
    items: list[Item] = [
        TextLine(_("Corrections roll nothing and skip the module's rules; they are logged and can be undone."), "dim")
    ]
    sid = system.id

    def fix(key: str, text: str, action: object, role: str = "normal") -> None:
        if check(state, action) is None:
            items.append(offer(f"fix:{key}", text, action, role))

    if system.home_of is None and not system.explored:
        items.append(TextLine(_("Record an exploration rolled with your own dice:"), "title"))
        for table, field, rows in (
            ("resources", draft.resources, defs.resources.rows),
            ("minor", draft.minor_race, defs.minor_races.rows),
        ):
            for row in rows:
                mark = "✓ " if field == row.id else ""
                items.append(ButtonView(f"draft:{table}:{row.id}", mark + row_choice(table, row.names.text())))
        for status in ENIGMA_STATUSES:
            mark = "✓ " if draft.enigma == status else ""
            items.append(ButtonView(f"draft:enigma:{status}", mark + enigma_choice(status)))
        record = draft.action(sid)
        if record is not None and check(state, record) is None:
            items.append(offer("fix:record", _("Record this exploration"), record, "primary"))
        else:
            items.append(ButtonView("fix:record", _("Record this exploration"), "primary", enabled=False))
    if system.home_of is None and system.explored:
        fix("forget", _("Mark it unexplored (entered by mistake)"), act.ForgetExploration(sid))
        for status in ENIGMA_STATUSES:
            if status != system.enigma:
                fix(f"enigma:{status}", enigma_choice(status), act.AdjustSystem(sid, "enigma", status))
        if system.minor_race not in (None, "none"):
            destroyed = not system.minor_destroyed
            text = _("The minor race was destroyed") if destroyed else _("The minor race is alive")
            fix(
                f"minor_destroyed:{'yes' if destroyed else 'no'}",
                text,
                act.AdjustSystem(sid, "minor_destroyed", destroyed),
            )
    if system.explored:
        for race in (*state.races, None):
            if race == system.owner:
                continue
            fix(
                f"owner:{race or '-'}",
                _("Owner on the table: {race}").format(race=owner_text(race, defs)),
                act.AdjustSystem(sid, "owner", race or ""),
            )
        for kind, field in (("colony", "colony"), ("shipyard", "shipyard"), ("terraform", "terraformed")):
            built = system.built(kind)
            building = names.building(defs, kind)
            text = (
                _("{building}: not there after all").format(building=building)
                if built
                else _("{building}: already there").format(building=building)
            )
            fix(f"{field}:{'no' if built else 'yes'}", text, act.AdjustSystem(sid, field, not built))
    if system.home_of is None:
        fix(
            "remove",
            _("Remove {system} from the list").format(system=names.system_label(system, defs)),
            act.RemoveSystem(sid),
            "danger",
        )
    return items


def row_choice(table: str, row: str) -> str:
    if table == "resources":
        return _("Resources: {row}").format(row=row)
    return _("Minor race: {row}").format(row=row)


def enigma_choice(status: str) -> str:
    return {
        "none": _("Enigma: none"),
        "present": _("Enigma: unsolved"),
        "solved": _("Enigma: solved"),
    }[status]
