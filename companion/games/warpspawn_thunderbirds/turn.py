"""The turn's upkeep phases, in the order of the text: Countdown, Alert, Organization, Response.

Each is one action with no choice but the reaction `PlayQuickResponder`; each checks its phase and says which
phase the game is in when refused.
"""

from __future__ import annotations

from companion.engine.chance import Chance
from companion.engine.deck import Deck
from companion.engine.dice import Die
from companion.games.warpspawn_thunderbirds import actions as act
from companion.games.warpspawn_thunderbirds import events as ev
from companion.games.warpspawn_thunderbirds.definitions import PAWNS, Definitions
from companion.games.warpspawn_thunderbirds.rescue import rescue
from companion.games.warpspawn_thunderbirds.state import (
    Emergency,
    GameState,
    Outcome,
    Seat,
    die,
    evolve,
    hand_with,
    hand_without,
)
from companion.locale import _


def phase_name(phase: str) -> str:
    return {
        "countdown": _("the Countdown phase"),
        "alert": _("the Alert phase"),
        "organization": _("the Organization phase"),
        "response": _("the Response phase"),
        "move": _("the move phases"),
        "over": _("the end of the game"),
    }[phase]


def wrong_phase(state: GameState, needed: str) -> str | None:
    if state.phase == needed:
        return None
    if state.phase == "over":
        return _("The game is over.")
    return _("This belongs to {needed}; the game is in {now}.").format(
        needed=phase_name(needed), now=phase_name(state.phase)
    )


def finished(state: GameState, out: list[object]) -> GameState:
    """Ends the game when the Emergency deck is empty and no emergency is left on the board."""
    if state.emergencies.draw_pile or state.board or state.outcome is not None:
        return state
    scores = tuple(len(seat.rescues) for seat in state.seats)
    best = max(scores)
    winners = tuple(seat.colour for seat, score in zip(state.seats, scores) if score == best)
    out.append(ev.GameOver(winners, scores))
    return evolve(state, phase="over", pending=None, outcome=Outcome(winners, scores))


# --- Countdown ---------------------------------------------------------------------------------------------------


def check_countdown(state: GameState, action: act.Countdown, defs: Definitions) -> str | None:
    return wrong_phase(state, "countdown")


def do_countdown(
    state: GameState, action: act.Countdown, defs: Definitions, chance: Chance, out: list[object]
) -> GameState:
    board = []
    deck = state.emergencies
    for emergency in state.board:
        left = emergency.counters - 1
        if left > 0:
            board.append(Emergency(emergency.card, emergency.square, left, emergency.placed_turn))
            out.append(ev.CounterRemoved(emergency.card, left))
        else:
            deck = deck.discard(emergency.card)
            out.append(ev.EmergencyExpired(emergency.card, emergency.square))
    state = evolve(state, board=tuple(board), emergencies=deck, phase="alert")
    return finished(state, out)


# --- Alert -------------------------------------------------------------------------------------------------------


def check_alert(state: GameState, action: act.Alert, defs: Definitions) -> str | None:
    return wrong_phase(state, "alert")


def do_alert(state: GameState, action: act.Alert, defs: Definitions, chance: Chance, out: list[object]) -> GameState:
    """Nothing is rolled once the Emergency deck is empty: there is nothing left to place."""
    deck = state.emergencies
    if not deck.draw_pile:
        return evolve(state, phase="organization")
    numbers = defs.numbers
    face = chance.roll(die(numbers.alert_die)).value
    count = numbers.alert[face - 1]
    out.append(ev.AlertRolled(face, count))
    coordinate = die(state.size)
    counters_die = die(numbers.time_counter_die)
    bases = set(state.setup.bases)
    board = list(state.board)
    seats = list(state.seats)
    for _new in range(count):
        card, deck = deck.draw(chance)
        if card is None:
            break
        taken = bases | {e.square for e in board}
        rerolled = []
        while True:
            square = (chance.roll(coordinate).value, chance.roll(coordinate).value)
            if square not in taken:
                break
            rerolled.append(square)
        for index, seat in enumerate(seats):
            if square in seat.pawns:
                base = state.setup.bases[index]
                for pawn_index, at in enumerate(seat.pawns):
                    if at == square:
                        out.append(ev.PawnSentToBase(seat.colour, PAWNS[pawn_index], square, base))
                seats[index] = Seat(
                    seat.colour, tuple(base if at == square else at for at in seat.pawns), seat.hand, seat.rescues
                )
        counters = chance.roll(counters_die).value
        board.append(Emergency(card, square, counters, state.turn))
        out.append(ev.EmergencyPlaced(card, square, counters, tuple(rerolled)))
        if not deck.draw_pile:
            out.append(ev.EmergencyDeckEmpty())
    return evolve(state, emergencies=deck, board=tuple(board), seats=tuple(seats), phase="organization")


# --- Organization ------------------------------------------------------------------------------------------------


def check_organize(state: GameState, action: act.Organize, defs: Definitions) -> str | None:
    return wrong_phase(state, "organization")


def do_organize(
    state: GameState, action: act.Organize, defs: Definitions, chance: Chance, out: list[object]
) -> GameState:
    """The whole deck (draw pile and discard) shuffled into one pile; hands filled to six in seat order."""
    old = state.responder
    pile = chance.shuffle(old.draw_pile + old.discard_pile)
    out.append(ev.ResponderShuffled(len(pile)))
    hand_size = defs.numbers.hand_size
    seats = []
    for seat in state.seats:
        wanted = max(0, hand_size - len(seat.hand))
        drawn, pile = pile[:wanted], pile[wanted:]
        out.append(ev.HandFilled(seat.colour, len(drawn), wanted - len(drawn)))
        seats.append(Seat(seat.colour, seat.pawns, hand_with(seat.hand, drawn), seat.rescues))
    deck = Deck(pile, (), old.reshuffle)
    return evolve(state, seats=tuple(seats), responder=deck, phase="response", delay_seen=False, quick=None, rolls=())


# --- Response ----------------------------------------------------------------------------------------------------


def quick_responder_kind(defs: Definitions) -> str | None:
    for kind in defs.responder.values():
        if kind.effect == "quick-responder":
            return kind.id
    return None


def check_play_quick_responder(state: GameState, action: act.PlayQuickResponder, defs: Definitions) -> str | None:
    reason = wrong_phase(state, "response")
    if reason is not None:
        return (
            _("Quick Responder is played in the Response phase, before the rolls.") if state.phase != "over" else reason
        )
    seat = state.seat_index(action.player)
    if seat is None:
        return _("No player plays {colour}.").format(colour=action.player)
    kind = quick_responder_kind(defs)
    if kind is None or kind not in state.seats[seat].hand:
        return _("{player} holds no Quick Responder card.").format(player=defs.colours[action.player].names.text())
    if state.quick is not None:
        return _("Quick Responder has already been played this turn.")
    return None


def do_play_quick_responder(
    state: GameState, action: act.PlayQuickResponder, defs: Definitions, chance: Chance, out: list[object]
) -> GameState:
    index = state.seat_index(action.player)
    assert index is not None
    kind = quick_responder_kind(defs)
    assert kind is not None
    seat = state.seats[index]
    seats = state.seats[:index] + (Seat(seat.colour, seat.pawns, hand_without(seat.hand, kind), seat.rescues),)
    seats += state.seats[index + 1 :]
    out.append(ev.QuickResponderPlayed(action.player))
    return evolve(state, seats=seats, responder=state.responder.discard(kind), quick=index)


def check_roll_for_order(state: GameState, action: act.RollForOrder, defs: Definitions) -> str | None:
    return wrong_phase(state, "response")


def do_roll_for_order(
    state: GameState, action: act.RollForOrder, defs: Definitions, chance: Chance, out: list[object]
) -> GameState:
    """Every player but a Quick Responder rolls; tied players re-roll among themselves until none is tied, the
    highest group first. The Quick Responder moves first."""
    response = die(defs.numbers.response_die)
    rolling = [i for i in range(len(state.seats)) if i != state.quick]
    rolls: dict[int, list[int]] = {i: [] for i in range(len(state.seats))}
    for i in rolling:
        rolls[i].append(chance.roll(response).value)
    order = _ranked(rolling, rolls, chance, response)
    if state.quick is not None:
        order = [state.quick, *order]
    colours = tuple(state.seats[i].colour for i in order)
    out.append(
        ev.OrderRolled(tuple((state.seats[i].colour, tuple(rolls[i])) for i in range(len(state.seats))), colours)
    )
    state = evolve(
        state, order=tuple(order), mover=0, phase="move", rolls=tuple(tuple(rolls[i]) for i in range(len(state.seats)))
    )
    return finished(rescue(state, order[0], defs, out), out)


def _ranked(seats: list[int], rolls: dict[int, list[int]], chance: Chance, response: Die) -> list[int]:
    """`seats` from the highest last roll down; a group with the same roll re-rolls (seat order) and is ranked
    within its place."""
    groups: dict[int, list[int]] = {}
    for seat in seats:
        groups.setdefault(rolls[seat][-1], []).append(seat)
    order: list[int] = []
    for value in sorted(groups, reverse=True):
        group = groups[value]
        if len(group) == 1:
            order.append(group[0])
            continue
        for seat in group:
            rolls[seat].append(chance.roll(response).value)
        order.extend(_ranked(group, rolls, chance, response))
    return order
