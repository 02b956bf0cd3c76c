"""Before a roll: each modifier itemised, then the exact odds of every result (one die plus the modifiers), and where
one of our readings decides a result, that it is ours and can be changed. Before a build: what it changes in the
system's revenue and what it costs (the players' cost, or "read it from your rules")."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.federation import actions as act
from companion.games.federation import names
from companion.games.federation.definitions import Definitions
from companion.games.federation.empire import system_revenue
from companion.games.federation.odds import diplomacy_odds, enigma_odds
from companion.games.federation.state import BUILDING_FIELDS, FederationState, change
from companion.games.federation.ui.presenters.revenue import per_turn
from companion.games.federation.ui.presenters.words import chance, faces, lower_first, signed
from companion.locale import domain
from companion.ui.presenters.lines import TextLine

_, ngettext = domain("federation")


@dataclass(frozen=True)
class RollView:
    title: str
    lines: tuple[TextLine, ...]
    action: object  # what "Roll" (or "Build") sends
    confirm_label: str
    #: The reading this roll's result may rest on ("" when none): the pop-up offers the Readings screen.
    reading: str


def reading_note(defs: Definitions, reading_id: str, state: FederationState) -> str:
    reading = defs.readings[reading_id]
    return _("Our reading, low confidence ({reading}): {choice}. Change it under Readings.").format(
        reading=reading.names.text(), choice=lower_first(names.choice(defs, reading_id, state.reading(reading_id)))
    )


def present_enigma(state: FederationState, defs: Definitions, system_id: str, race: str) -> RollView | None:
    encounter = state.encounter(system_id, race)
    if encounter is None:
        return None
    odds = enigma_odds(state, defs, encounter)
    system = names.system(state, defs, system_id)
    lines = [TextLine(_("The roll: one die"), "title")]
    if odds.bonus:
        ships = ", ".join(names.ship(defs, ship) for ship in odds.bonus_ships)
        lines.append(TextLine(_("{ships} in the stack: {bonus} (once)").format(ships=ships, bonus=signed(odds.bonus))))
    else:
        lines.append(TextLine(_("No Command ship or Science vessel in the stack: no bonus"), "dim"))
    by_result: dict[str, list[int]] = {}
    totals: dict[str, list[int]] = {}
    decided_by_reading = False
    for face in odds.faces:
        by_result.setdefault(face.result, []).append(face.die)
        totals.setdefault(face.result, []).append(face.total)
        decided_by_reading = decided_by_reading or face.by_reading
    words = {
        "solved": _("solved for ever"),
        "consequences": _("unintended consequences"),
        "nothing": _("nothing happens; the Enigma stays"),
    }
    for result in ("solved", "consequences", "nothing"):
        if result in by_result:
            text = (
                _("Die {faces} (total {totals}): {result}").format(
                    faces=faces(by_result[result]), totals=faces(totals[result]), result=words[result]
                )
                if odds.bonus
                else _("Die {faces}: {result}").format(faces=faces(by_result[result]), result=words[result])
            )
            lines.append(TextLine(text))
    consequence = {"destroyed": [], "retreat": [], "again": []}  # type: dict[str, list[int]]
    for face in odds.consequence_faces:
        consequence.setdefault(face.result, []).append(face.die)
    lines.append(
        TextLine(
            _(
                "Consequences, one die: {destroyed} the stack is destroyed; {retreat} it retreats; {again} {again_text}"
            ).format(
                destroyed=faces(consequence["destroyed"]),
                retreat=faces(consequence["retreat"]),
                again=faces(consequence["again"]),
                again_text=_("a minor race present is destroyed and the consequence is rolled again")
                if odds.again_rolls == "consequence"
                else _("a minor race present is destroyed and the Enigma is rolled again"),
            ),
            "dim",
        )
    )
    lines.append(TextLine(_("The odds"), "title"))
    outcome_words = {
        "solved": _("Enigma solved"),
        "destroyed": _("Stack destroyed"),
        "retreat": _("Stack retreats"),
        "nothing": _("Nothing happens"),
    }
    for result, value in odds.outcomes:
        lines.append(
            TextLine(
                _("{outcome}: {chance}").format(outcome=outcome_words[result], chance=chance(value)),
                "good" if result == "solved" else "normal",
            )
        )
    if odds.minor_destroyed:
        lines.append(TextLine(_("The minor race destroyed: {chance}").format(chance=chance(odds.minor_destroyed))))
    notes = []
    if decided_by_reading:
        notes.append(reading_note(defs, "enigma-high", state))
    if odds.consequence_faces and any(face.result == "again" for face in odds.consequence_faces):
        notes.append(reading_note(defs, "consequence-six", state))
    lines.extend(TextLine(note, "dim") for note in notes)
    return RollView(
        title=_("{race}: the stack faces the Enigma of {system}").format(race=names.race(defs, race), system=system),
        lines=tuple(lines),
        action=act.ResolveEnigma(system_id, race),
        confirm_label=_("Roll the die"),
        reading="enigma-high" if decided_by_reading else "consequence-six",
    )


def present_diplomacy(state: FederationState, defs: Definitions, system_id: str, race: str) -> RollView:
    odds = diplomacy_odds(state, defs, race)
    rule = defs.diplomacy
    race_name = names.race(defs, race)
    lines = [TextLine(_("The roll: one die"), "title")]
    if odds.modifier:
        lines.append(TextLine(_("{race}: {modifier}").format(race=race_name, modifier=signed(odds.modifier))))
    else:
        lines.append(TextLine(_("{race}: no modifier").format(race=race_name), "dim"))
    words = {
        "joined": _("the minor race joins the empire"),
        "failed": _("no agreement; try again next turn"),
        "never": _("it never joins this empire by diplomacy"),
    }
    outcome_words = {"joined": _("Joins"), "failed": _("No agreement"), "never": _("Never")}
    for result, value in odds.outcomes:
        dice = [face.die for face in odds.faces if face.result == result]
        totals = sorted({face.total for face in odds.faces if face.result == result})
        lines.append(
            TextLine(
                _("{outcome}: {chance}. Die {faces} (total {totals}): {result}").format(
                    outcome=outcome_words[result],
                    chance=chance(value),
                    faces=faces(dice),
                    totals=faces(totals),
                    result=words[result],
                ),
                "good" if result == "joined" else "normal",
            )
        )
    lines.append(
        TextLine(
            _("The rule: {joins} or more joins; {never} never; otherwise try again next turn.").format(
                joins=rule.joins_at, never=faces(rule.never_on)
            ),
            "dim",
        )
    )
    if odds.modifier and any(face.by_reading for face in odds.faces):
        lines.append(TextLine(reading_note(defs, "diplomacy-never", state), "dim"))
    return RollView(
        title=_("{race}: diplomacy in {system}").format(race=race_name, system=names.system(state, defs, system_id)),
        lines=tuple(lines),
        action=act.AttemptDiplomacy(system_id, race),
        confirm_label=_("Roll the die"),
        reading="diplomacy-never",
    )


def present_build(state: FederationState, defs: Definitions, system_id: str, kind: str) -> RollView | None:
    system = state.system(system_id)
    if system is None:
        return None
    building = names.building(defs, kind)
    label = names.system(state, defs, system_id)
    lines = [TextLine(_("No roll: the building is put on the system."), "dim")]
    if system.owner is not None:
        before = system_revenue(system, system.owner, defs).total
        after = system_revenue(change(system, **{BUILDING_FIELDS[kind]: True}), system.owner, defs).total
        if system.home_of == system.owner:  # "Homesystem (Borgs)" names its race already
            revenue = _("Revenue of {system}: {before} now, {after} after").format(
                system=label, before=per_turn(before), after=per_turn(after)
            )
        else:
            revenue = _("Revenue of {system} ({race}): {before} now, {after} after").format(
                system=label, race=names.race(defs, system.owner), before=per_turn(before), after=per_turn(after)
            )
        lines.append(TextLine(revenue, "good" if after > before else "normal"))
    slot = next((s for s in defs.slots if s.id == f"{kind}-cost"), None)
    if slot is not None and slot.value is not None:
        lines.append(TextLine(_("Cost: {value} (from your rules, on the Costs screen)").format(value=slot.value)))
    else:
        lines.append(TextLine(_("Cost: not in the module; read it from your Warp Empires rules (Costs screen)"), "dim"))
    reading = "build-needs-control" if state.reading("build-needs-control") == "yes" else ""
    if reading:
        lines.append(TextLine(reading_note(defs, reading, state), "dim"))
    return RollView(
        title=_("{building} in {system}").format(building=building, system=label),
        lines=tuple(lines),
        action=act.Build(system_id, kind),
        confirm_label=_("Build"),
        reading=reading,
    )
