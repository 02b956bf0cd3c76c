"""The turn's own actions (Move, Plan, Scan, a character's token-drawing action), the end of the turn with the
disaster phase, and the solo character change.

Decisions where the rulebook is silent (also in docs/scenarios.md):
- A solo character change takes the whole turn, so it must come before anything else in that turn. Any of the
  three character cards in front of Jeff Tracy may go out; the new card takes its place in the turn order. Both
  pegs must be in the South Pacific (Tracy Island).
- Plan with the F.A.B. deck and its discard both empty draws nothing, and the Hood still advances.
"""

from __future__ import annotations

from companion.engine.chance import Chance
from companion.games.thunderbirds import events as ev
from companion.games.thunderbirds import names
from companion.games.thunderbirds.actions import (
    ChangeCharacter,
    DrawAbilityToken,
    EndTurn,
    Move,
    Plan,
    Scan,
)
from companion.games.thunderbirds.definitions import Ability, Definitions
from companion.games.thunderbirds.effects import Events, advance_hood, draw_disaster, draw_fab
from companion.games.thunderbirds.movement import (
    blocking_card,
    carrier_id,
    distances,
    top_speed,
)
from companion.games.thunderbirds.state import GameState, Hand, evolve, lookup, reassign
from companion.games.thunderbirds.steps import (
    ACTIONS_PER_TURN,
    action_reason,
    give_tokens,
    phase_reason,
    spend_action,
    supply_count,
    with_hand,
)
from companion.games.thunderbirds.tables import tables
from companion.locale import domain

_, ngettext = domain("thunderbirds")

#: Scan is done from this vehicle.
TB5 = "tb5"

# --- Move ------------------------------------------------------------------------------------------------------


def check_move(state: GameState, action: Move, defs: Definitions) -> str | None:
    """Why the Move is refused, or None. Written for the common case (no lasting effect in play, the phase
    right): it runs for every move a bot considers and every move applied, so each fact is read once."""
    if state.pending is not None or state.outcome is not None or state.actions_left <= 0:
        reason = action_reason(state)
        if reason:
            return reason
    moved, to = action.vehicle, action.to
    vehicle = defs.vehicles.get(moved)
    if vehicle is None:
        return _("There is no vehicle called {name}.").format(name=moved)
    if to not in defs.board.region_ids:
        return _("There is no region called {name}.").format(name=to)
    who = state.players[state.active].character
    seat = lookup(state.seats, who)
    if seat != moved:
        return _("{character} can only move the Thunderbird they are in ({vehicle}).").format(
            character=names.character(defs, who), vehicle=names.vehicle(defs, seat)
        )
    if moved in state.cargo:
        return _("{vehicle} is inside {carrier}: unload it first.").format(
            vehicle=names.vehicle(defs, moved), carrier=names.vehicle(defs, carrier_id(defs))
        )
    here = lookup(state.vehicles, moved)
    network = vehicle.network
    if network == "none":
        return _("{vehicle} never moves: it stays in {region}.").format(
            vehicle=names.vehicle(defs, moved), region=names.region(defs, here)
        )
    if here == to:
        return _("{vehicle} is already in {region}.").format(
            vehicle=names.vehicle(defs, moved), region=names.region(defs, here)
        )
    table = tables(defs)
    if to not in table.network_regions[network]:
        if network == "tb3-path":
            return _("{vehicle} moves only along the orange path; {region} is not on it.").format(
                vehicle=names.vehicle(defs, moved), region=names.region(defs, to)
            )
        return _("Only Thunderbird 3 can reach {region}, along the orange path.").format(region=names.region(defs, to))
    if state.effects:  # a speed limit or blocked edges may be in force
        speed = top_speed(state, defs, moved)
        if speed <= 0:
            return _("{vehicle} cannot move: its top speed is 0.").format(vehicle=names.vehicle(defs, moved))
        distance = distances(state, defs, moved).get(to)
    else:
        speed = vehicle.speed
        if speed <= 0:
            return _("{vehicle} cannot move: its top speed is 0.").format(vehicle=names.vehicle(defs, moved))
        # `distances` without effects: the table's row (here != to, so a missing row means unreachable)
        distance = table.distances[network].get(here or "", _NOWHERE).get(to)
    if distance is None:
        return _("{vehicle} cannot reach {region}: the way is blocked ({card}).").format(
            vehicle=names.vehicle(defs, moved),
            region=names.region(defs, to),
            card=names.card(defs, blocking_card(state)),
        )
    if distance > speed:
        if speed == 1:
            text = _("{vehicle} moves 1 region per action; {region} is {distance} away")
        else:
            text = _("{vehicle} moves up to {speed} regions per action; {region} is {distance} away")
        return text.format(
            vehicle=names.vehicle(defs, moved),
            speed=speed,
            region=names.region(defs, to),
            distance=distance,
        )
    return None


_NOWHERE: dict[str, int] = {}


def do_move(state: GameState, action: Move, defs: Definitions, chance: Chance, out: Events) -> GameState:
    moved, to = action.vehicle, action.to
    if state.cargo and moved == carrier_id(defs):
        here = lookup(state.vehicles, moved) or ""
        carried = state.cargo
        vehicles = tuple([(v, to) if v == moved or v in carried else (v, r) for v, r in state.vehicles])
        pods = tuple([(p, to) if p in carried else (p, r) for p, r in state.pods])
        out.append(ev.VehicleMoved(moved, here, to, carried))
        return evolve(state, vehicles=vehicles, pods=pods, actions_left=state.actions_left - 1, fresh_turn=False)
    left, vehicles = reassign(state.vehicles, moved, to)  # the check found the vehicle on the board
    out.append(ev.VehicleMoved(moved, left or "", to))
    return evolve(state, vehicles=vehicles, actions_left=state.actions_left - 1, fresh_turn=False)


# --- Plan -------------------------------------------------------------------------------------------------------


def check_plan(state: GameState, action: Plan, defs: Definitions) -> str | None:
    return action_reason(state)


def do_plan(state: GameState, action: Plan, defs: Definitions, chance: Chance, out: Events) -> GameState:
    state = spend_action(state)
    state = draw_fab(state, state.active, chance, out)
    return advance_hood(state, defs, chance, 1, out)


# --- Scan -------------------------------------------------------------------------------------------------------


def check_scan(state: GameState, action: Scan, defs: Definitions) -> str | None:
    reason = action_reason(state)
    if reason:
        return reason
    tb5 = TB5
    if state.seat_of(state.active_character) != tb5:
        return _("Scan is only possible from {vehicle}; {character} is in {seat}.").format(
            vehicle=names.vehicle(defs, tb5),
            character=names.character(defs, state.active_character),
            seat=names.vehicle(defs, state.seat_of(state.active_character)),
        )
    slot = state.track.slot_of(action.disaster)
    if slot is None:
        return _("{card} is not on the disaster track.").format(card=names.card(defs, action.disaster))
    if slot == 1:
        return _("{card} is already on slot 1.").format(card=names.card(defs, action.disaster))
    if state.track.card_at(slot - 1) is not None:
        return _("Slot {slot} is taken: a card can only be scanned into an empty slot.").format(slot=slot - 1)
    return None


def do_scan(state: GameState, action: Scan, defs: Definitions, chance: Chance, out: Events) -> GameState:
    slot = state.track.slot_of(action.disaster) or 1
    out.append(ev.DisasterScanned(action.disaster, slot, slot - 1))
    return spend_action(evolve(state, track=state.track.move(action.disaster, slot - 1)))


# --- a character's token-drawing action ------------------------------------------------------------------------


def draw_ability(state: GameState, defs: Definitions) -> Ability | None:
    for ability in defs.characters[state.active_character].abilities:
        if ability.kind == "draw-token-action":
            return ability
    return None


def check_draw_ability_token(state: GameState, action: DrawAbilityToken, defs: Definitions) -> str | None:
    reason = action_reason(state)
    if reason:
        return reason
    who = names.Later(names.character, defs, state.active_character)
    ability = draw_ability(state, defs)
    if ability is None or ability.token is None:
        return _("{character} has no ability that draws a token.").format(character=who)
    if ability.id in state.used:
        return _("{character} has already used this ability this turn.").format(character=who)
    if ability.in_vehicle is not None and state.seat_of(state.active_character) != ability.in_vehicle:
        return _("{character} draws this token only when in {vehicle}.").format(
            character=who, vehicle=names.vehicle(defs, ability.in_vehicle)
        )
    if ability.in_region is not None and state.character_region(state.active_character) != ability.in_region:
        return _("{character} draws this token only when in {region}.").format(
            character=who, region=names.region(defs, ability.in_region)
        )
    if supply_count(state, ability.token) <= 0:
        return _("No {token} token is left in the supply.").format(token=names.token(defs, ability.token))
    return None


def do_draw_ability_token(
    state: GameState, action: DrawAbilityToken, defs: Definitions, chance: Chance, out: Events
) -> GameState:
    ability = draw_ability(state, defs)
    assert ability is not None and ability.token is not None
    out.append(ev.AbilityUsed(state.active_character, ability.id, True))
    out.append(ev.TokenGained(state.active_character, ability.token, "ability"))
    state = give_tokens(state, state.active, ability.token)
    return spend_action(evolve(state, used=state.used | {ability.id}))


# --- the end of the turn ----------------------------------------------------------------------------------------


def check_end_turn(state: GameState, action: EndTurn, defs: Definitions) -> str | None:
    return phase_reason(state)


def pass_turn(state: GameState, out: Events) -> GameState:
    active = (state.active + 1) % len(state.players)
    turn = state.turn + 1
    out.append(ev.TurnPassed(state.players[active].character, turn))
    return evolve(state, active=active, actions_left=ACTIONS_PER_TURN, used=NOTHING_USED, fresh_turn=True, turn=turn)


#: The abilities used in a turn that has just begun.
NOTHING_USED: frozenset[str] = frozenset()


def do_end_turn(state: GameState, action: EndTurn, defs: Definitions, chance: Chance, out: Events) -> GameState:
    state = draw_disaster(state, defs, chance, out)
    if state.outcome is not None:
        return state
    return pass_turn(state, out)


# --- solo: change a character -------------------------------------------------------------------------------


def check_change_character(state: GameState, action: ChangeCharacter, defs: Definitions) -> str | None:
    reason = phase_reason(state)
    if reason:
        return reason
    if not state.setup.solo:
        return _("Changing characters is a solo rule (Jeff Tracy).")
    if not state.fresh_turn:
        return _("A character change takes a whole turn: it must be the turn's first and only move.")
    if state.hand_index(action.out) is None:
        return _("{character} is not one of your characters.").format(character=names.character(defs, action.out))
    if action.incoming not in state.reserve:
        return _("{character} is not in the reserve.").format(character=names.character(defs, action.incoming))
    tracy = defs.board.tracy_island
    for character in (action.out, action.incoming):
        if state.character_region(character) != tracy:
            return _("Both pegs must be in {region} to change characters; {character} is in {where}.").format(
                region=names.region(defs, tracy),
                character=names.character(defs, character),
                where=names.region(defs, state.character_region(character)),
            )
    return None


def do_change_character(
    state: GameState, action: ChangeCharacter, defs: Definitions, chance: Chance, out: Events
) -> GameState:
    index = state.hand_index(action.out)
    assert index is not None
    hand = state.players[index]
    supply = tuple(s + t for s, t in zip(state.supply, hand.tokens))
    fab_deck = state.fab_deck
    for card in hand.fabs:
        fab_deck = fab_deck.discard(card)
    reserve = tuple(c for c in state.reserve if c != action.incoming) + (action.out,)
    state = with_hand(state, index, Hand(action.incoming))
    state = evolve(state, supply=supply, fab_deck=fab_deck, reserve=reserve)
    out.append(ev.CharacterChanged(action.out, action.incoming))
    return pass_turn(state, out)
