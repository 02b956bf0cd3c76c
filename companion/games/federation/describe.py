"""Words for players: history labels ("Klingons: exploration of Vulcan"), what the dice said, the saved-games line.

Everything is in the language of the moment. A result that rests on one of our readings says so ("our reading,
low confidence"), so players know where to look if their copy of the rules reads otherwise.
"""

from __future__ import annotations

from typing import Any

from companion.engine.pack import SavedGameLine
from companion.games.federation import actions as act
from companion.games.federation import events as ev
from companion.games.federation import names
from companion.games.federation.definitions import Definitions
from companion.games.federation.empire import controlled, needed_to_win, revenues, winner
from companion.games.federation.state import FederationState, change
from companion.locale import domain

_, ngettext = domain("federation")


def describe(action: object, state: FederationState, defs: Definitions) -> str:
    """A label for the history; `state` is the state before the action."""

    def system(system_id: str) -> str:
        return names.system(state, defs, system_id)

    def race(race_id: str | None) -> str:
        return names.race(defs, race_id)

    match action:
        case act.EnterSystem(system_id, race_id, ships):
            found = state.system(system_id)
            with_ships = ", ".join(names.ship(defs, s) for s in ships)
            if found is not None and found.explored:
                if with_ships:
                    return _("{race}: a stack enters {system}, where an Enigma waits ({ships})").format(
                        race=race(race_id), system=system(system_id), ships=with_ships
                    )
                return _("{race}: a stack enters {system}, where an Enigma waits").format(
                    race=race(race_id), system=system(system_id)
                )
            if with_ships:
                return _("{race}: exploration of {system} ({ships})").format(
                    race=race(race_id), system=system(system_id), ships=with_ships
                )
            return _("{race}: exploration of {system}").format(race=race(race_id), system=system(system_id))
        case act.ResolveEnigma(system_id, race_id):
            return _("{race}: the stack in {system} faces the Enigma").format(
                race=race(race_id), system=system(system_id)
            )
        case act.CancelEncounter(system_id, race_id):
            return _("{race}: the stack in {system} will not face the Enigma").format(
                race=race(race_id), system=system(system_id)
            )
        case act.AttemptDiplomacy(system_id, race_id):
            return _("{race}: diplomacy with the minor race of {system}").format(
                race=race(race_id), system=system(system_id)
            )
        case act.Build(system_id, kind):
            return _("{building} built in {system}").format(
                building=names.building(defs, kind), system=system(system_id)
            )
        case act.SetOwner(system_id, None):
            return _("{system}: controlled by nobody").format(system=system(system_id))
        case act.SetOwner(system_id, race_id):
            return _("{system}: controlled by {race}").format(system=system(system_id), race=race(race_id))
        case act.NextPhase():
            return _("Next phase: {phase}").format(phase=names.phase(defs, state.phase + 1))
        case act.EndTurn():
            return _("End of turn {turn}: revenue credited").format(turn=state.turn)
        case act.AddSystem(name):
            label = name or _("System {number}").format(number=state.next_number)
            return _("System added to the list: {system}").format(system=label)
        case act.RenameSystem(system_id, name):
            found = state.system(system_id)
            new = name
            if not name and found is not None:
                new = names.system_label(change(found, name=""), defs)
            return _("{system} renamed {name}").format(system=system(system_id), name=new)
        case act.RemoveSystem(system_id):
            return _("{system} removed from the list").format(system=system(system_id))
        case act.RecordExploration(system_id, resources, minor_race, enigma):
            return _("{system} recorded: {resources} resources; {minor}; {enigma}").format(
                system=system(system_id),
                resources=names.row(defs, "resources", resources).lower(),
                minor=names.row(defs, "minor-race", minor_race).lower(),
                enigma=names.enigma(enigma),
            )
        case act.ForgetExploration(system_id):
            return _("{system} marked unexplored").format(system=system(system_id))
        case act.AdjustSystem(system_id, field, value):
            return _("{system}: {field} set to {value}").format(
                system=system(system_id), field=field_name(field), value=field_value(defs, field, value)
            )
        case act.SetReading(reading, choice):
            return _("Reading changed: {reading}: {choice}").format(
                reading=names.reading(defs, reading), choice=names.choice(defs, reading, choice)
            )
    return type(action).__name__


def field_name(field: str) -> str:
    return {
        "owner": _("owner"),
        "enigma": _("Enigma"),
        "colony": _("colony"),
        "shipyard": _("shipyard"),
        "terraformed": _("terraformed"),
        "minor_destroyed": _("minor race destroyed"),
    }.get(field, field)


def field_value(defs: Definitions, field: str, value: object) -> str:
    if field == "owner":
        return names.race(defs, str(value) or None)
    if field == "enigma":
        return names.enigma(str(value))
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return str(value)


# --- what happened ------------------------------------------------------------------------------------------


def event_lines(events: tuple[object, ...], state: FederationState, defs: Definitions) -> tuple[str, ...]:
    """One line per event, for the pop-up after an action (`state` is the state after it)."""
    lines = [line for event in events if (line := event_line(event, state, defs))]
    return tuple(lines)


def event_line(event: object, state: FederationState, defs: Definitions) -> str:
    def system(system_id: str) -> str:
        return names.system(state, defs, system_id)

    reading_note = _("our reading, low confidence")
    match event:
        case ev.Explored(system_id, _race, dice, resources, minor_race, enigma):
            resources_row = defs.resources.row(resources)
            minor_row = defs.minor_races.row(minor_race)
            minor = minor_row.names.text().lower()
            if minor_row.revenue:
                minor = _("{minor} (+{revenue})").format(minor=minor, revenue=minor_row.revenue)
            return _("{system} explored, dice {dice}: {resources} resources ({revenue}); {minor}; {enigma}").format(
                system=system(system_id),
                dice=" ".join(str(d) for d in dice),
                resources=resources_row.names.text().lower(),
                revenue=resources_row.revenue,
                minor=minor,
                enigma=names.enigma(enigma),
            )
        case ev.EnigmaAwaits(system_id, race_id):
            return _("{race}: the stack in {system} faces the Enigma in the Enigma phase").format(
                race=names.race(defs, race_id), system=system(system_id)
            )
        case ev.EnigmaRolled(system_id, _race, die, bonus, total, result, by_reading):
            outcome = {
                "solved": _("the Enigma is solved for ever"),
                "consequences": _("unintended consequences"),
                "nothing": _("nothing happens; the Enigma stays"),
            }.get(result, result)
            if by_reading:
                outcome = _("{outcome} ({note})").format(outcome=outcome, note=reading_note)
            return _("Enigma roll {die} + {bonus} = {total}: {outcome}").format(
                die=die, bonus=bonus, total=total, outcome=outcome
            )
        case ev.ConsequenceRolled(_system, _race, die, result):
            return _("Consequence {die}: {result}").format(die=die, result=names.row(defs, "consequences", result))
        case ev.MinorRaceDestroyed(system_id, minor_race):
            return _("The {minor} of {system} is destroyed").format(
                minor=names.row(defs, "minor-race", minor_race).lower(), system=system(system_id)
            )
        case ev.DiplomacyRolled(system_id, race_id, die, modifier, total, result, by_reading):
            outcome = {
                "joined": _("the minor race joins the empire"),
                "failed": _("no agreement; try again next turn"),
                "never": _("the minor race will never join this empire by diplomacy"),
            }.get(result, result)
            if by_reading:
                outcome = _("{outcome} ({note})").format(outcome=outcome, note=reading_note)
            return _("{race}: diplomacy roll {die} + {modifier} = {total}: {outcome}").format(
                race=names.race(defs, race_id), die=die, modifier=modifier, total=total, outcome=outcome
            )
        case ev.Built(system_id, kind, _race):
            return _("{building} built in {system}").format(
                building=names.building(defs, kind), system=system(system_id)
            )
        case ev.OwnerChanged(system_id, _before, after):
            return _("{system}: controlled by {race}").format(system=system(system_id), race=names.race(defs, after))
        case ev.PhaseStarted(phase):
            return _("Phase: {phase}").format(phase=names.phase(defs, defs.phase_index(phase)))
        case ev.TurnEnded(turn, credited):
            parts = ", ".join(f"{names.race(defs, race)} {amount}" for race, amount in credited)
            return _("Revenue of turn {turn}: {parts}").format(turn=turn, parts=parts)
        case ev.VictoryReached(race_id, count, total):
            return _("Victory: {race}, {count} of the {total} systems controlled, over {percent}%").format(
                race=names.race(defs, race_id), count=count, total=total, percent=defs.victory.over_percent
            )
        case ev.VictoryLost(race_id):
            return _("{race}: under the victory share again; the game goes on").format(race=names.race(defs, race_id))
    return ""


# --- the saved-games list -----------------------------------------------------------------------------------


def summary(state: FederationState, defs: Definitions) -> dict[str, Any]:
    """Small JSON-able facts for the saved-games list (read back by `saved_game_line`)."""
    return {
        "turn": state.turn,
        "races": list(state.races),
        "systems": len(state.systems),
        "controlled": {race: controlled(state, race) for race in state.races},
        "revenue": dict(revenues(state, defs)),
        "needed": needed_to_win(state, defs),
        "winner": winner(state, defs),
    }


def saved_game_line(data: dict[str, Any], defs: Definitions) -> SavedGameLine:
    """Home's line for a saved game, from its `summary`; tolerant of a damaged summary (shows what it can)."""
    listed = data.get("races")
    races = [r for r in listed if isinstance(r, str)] if isinstance(listed, list) else []
    controlled_data = data.get("controlled")
    owned: dict[str, Any] = controlled_data if isinstance(controlled_data, dict) else {}
    systems = data.get("systems", 0)
    turn = data.get("turn", "?")
    won = data.get("winner")
    over = isinstance(won, str)
    if not races or not isinstance(systems, int):
        return SavedGameLine(players="", detail="", status=_("Turn {turn}").format(turn=turn), is_over=over)
    players = _("{head}: {detail}").format(
        head=ngettext("{count} race", "{count} races", len(races)).format(count=len(races)),
        detail=", ".join(names.race(defs, race) for race in races),
    )
    detail = ngettext("{count} system", "{count} systems", systems).format(count=systems)
    held = ", ".join(f"{names.race(defs, race)} {owned.get(race, 0)}" for race in races)
    if over:
        status = _("Victory: {race}; systems {held} of {total}").format(
            race=names.race(defs, won), held=held, total=systems
        )
    else:
        status = _("Turn {turn}: systems {held} of {total}").format(turn=turn, held=held, total=systems)
    return SavedGameLine(players=players, detail=detail, status=status, is_over=over)
