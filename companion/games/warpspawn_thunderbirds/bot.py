"""A bot that plays sensibly: it makes the rescues its hand can reach, defends with Delay and False Alarm, spends
its long moves to stand near where emergencies are, and keeps the precise short cards for the next turn.

Each seat decides with what it may know: its own hand, and the public table. `next_action` answers for whoever
must act now (the moving player, the holder of Quick Responder before the roll, the holder of Delay while a card
waits); `simulate.py` and the conformance tests drive whole games with it.

The rescue search: for an emergency, the free squares next to it are the targets; moves are symmetric (a straight
line of N squares, a knight's jump), so the squares one card away from a target are the target's own moves. A
pawn then needs no card (already there), one (its square is one card from a target) or two (one card to such a
square). Two pawns meeting the solution with cards the hand holds make a plan; the cheapest wins, the emergency
closest to expiring first among equals.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.games.warpspawn_thunderbirds import actions as act
from companion.games.warpspawn_thunderbirds import grid
from companion.games.warpspawn_thunderbirds.definitions import PAWNS, Definitions, Square
from companion.games.warpspawn_thunderbirds.legal import legal_actions
from companion.games.warpspawn_thunderbirds.moves import delay_kind
from companion.games.warpspawn_thunderbirds.rescue import rescuers
from companion.games.warpspawn_thunderbirds.rules import check
from companion.games.warpspawn_thunderbirds.state import Emergency, GameState, Seat
from companion.games.warpspawn_thunderbirds.turn import quick_responder_kind

#: Move cards this short are kept for next turn's fine adjustments rather than spent on getting closer.
KEEP_DISTANCE = 2
#: At most this many cards in a rescue plan (two pawns, up to two cards each).
MAX_PLAN_CARDS = 4

Step = tuple[str, str, Square]  # (card, pawn, destination)


@dataclass
class Memory:
    """What a bot remembers between its decisions in one game: the rest of the plan it is carrying out."""

    plan: list[act.PlayCard] = field(default_factory=list)
    turn: int = 0
    seat: int = -1


def next_action(state: GameState, defs: Definitions, memory: Memory | None = None) -> object:
    """The action for whoever must act now (upkeep, a reaction, or the moving player's choice)."""
    phase = state.phase
    if phase in ("countdown", "alert", "organization"):
        return legal_actions(state, defs)[0]
    if phase == "response":
        quick = quick_responder_kind(defs)
        if state.quick is None and quick is not None and state.board:
            for seat in state.seats:
                if quick in seat.hand:
                    return act.PlayQuickResponder(seat.colour)
        return act.RollForOrder()
    if state.pending is not None:
        return _react(state, defs)
    return _move(state, defs, memory if memory is not None else Memory())


# --- reactions -----------------------------------------------------------------------------------------------------


def _react(state: GameState, defs: Definitions) -> object:
    """The holder of Delay cancels a card that would complete a rescue (or a False Alarm against it); else Allow."""
    pending = state.pending
    assert pending is not None
    kind = delay_kind(defs)
    holder = next(
        (i for i, seat in enumerate(state.seats) if i != pending.seat and kind is not None and kind in seat.hand),
        None,
    )
    if holder is None:
        return act.Allow()
    effect = defs.responder[pending.card].effect
    if effect == "false-alarm" and pending.owner == state.seats[holder].colour:
        return act.PlayDelay(state.seats[holder].colour)
    if pending.pawn is not None and pending.to is not None:
        seat = state.seats[pending.seat]
        moved = tuple(pending.to if p == pending.pawn else at for p, at in zip(PAWNS, seat.pawns))
        for emergency in state.board:
            solution = defs.emergencies[emergency.card].solution
            if solution is not None and solution.is_met_by(rescuers(emergency, moved)):
                return act.PlayDelay(state.seats[holder].colour)
    return act.Allow()


# --- the move phase ------------------------------------------------------------------------------------------------


def _move(state: GameState, defs: Definitions, memory: Memory) -> object:
    seat_index = state.order[state.mover]
    if memory.turn != state.turn or memory.seat != seat_index:
        memory.plan, memory.turn, memory.seat = [], state.turn, seat_index
    while memory.plan:
        step = memory.plan.pop(0)
        if check(state, step, defs) is None:
            return step
        memory.plan = []
    seat = state.seats[seat_index]
    if not seat.hand:
        return act.EndPhase()
    plan = best_rescue(state, defs, seat_index)
    if plan:
        memory.plan = plan[1:]
        return plan[0]
    kinds = {card: defs.responder[card] for card in seat.hand}
    for card, kind in kinds.items():
        if kind.effect == "sos":
            return act.PlayCard(card)
    threat = _threat(state, defs, seat_index)
    if threat is not None:
        for card, kind in kinds.items():
            if kind.effect == "false-alarm":
                return act.PlayCard(card, threat[1], owner=threat[0])
    closer = _position(state, defs, seat_index, seat)
    if closer is not None:
        return closer
    for card in sorted(set(seat.hand)):
        if _useless(state, defs, seat, card):
            return act.Discard(card)
    return act.EndPhase()


def _movement_cards(seat: Seat, defs: Definitions, size: int) -> dict[str, dict[Square, tuple[Square, ...]]]:
    """The hand's cards that move a pawn by a fixed pattern, each with its table of landing squares."""
    tables = {}
    for card in sorted(set(seat.hand)):
        kind = defs.responder[card]
        if kind.effect == "move":
            tables[card] = grid.straight(size, kind.distance)
        elif kind.effect == "knight":
            tables[card] = grid.knight(size)
    return tables


def best_rescue(state: GameState, defs: Definitions, seat_index: int) -> list[act.PlayCard]:
    """The cheapest list of card plays that completes a rescue this phase, or [] when the hand cannot."""
    seat = state.seats[seat_index]
    size = state.size
    tables = _movement_cards(seat, defs, size)
    counts: dict[str, int] = {}
    for card in seat.hand:
        counts[card] = counts.get(card, 0) + 1
    blocked = state.occupied()
    neighbours = grid.neighbours(size)
    worth = {card: keep_worth(defs, card) for card in counts}
    reach = two_card_reach(defs, counts)
    best: tuple[tuple[int, int, int], list[act.PlayCard]] | None = None
    for emergency in state.board:
        solution = defs.emergencies[emergency.card].solution
        if solution is None:
            continue
        col, row = emergency.square
        near = 0
        for pawn, (c, r) in zip(PAWNS, seat.pawns):
            if pawn in solution.pawns and abs(c - col) <= reach + 1 and abs(r - row) <= reach + 1:
                near += 1
        if near < 2:
            continue  # two of the pawns it needs cannot get there with two cards each
        targets = [t for t in neighbours[emergency.square] if t not in blocked]
        if not targets:
            continue
        routes = _routes(emergency, targets, tables, blocked, seat, solution.pawns, worth, reach)
        found = _pair(routes, solution.first, solution.second, counts)
        if found is None:
            continue
        (cost, kept), steps = found
        rank = (cost, kept, emergency.counters)
        if best is None or rank < best[0]:
            best = (rank, [act.PlayCard(card, pawn, to) for card, pawn, to in steps])
    return [] if best is None else best[1]


#: A way for a pawn to get next to an emergency: the cards it spends (sorted), their worth, the plays in order
#: as (card, destination).
Route = tuple[tuple[str, ...], int, tuple[tuple[str, Square], ...]]


def _routes(
    emergency: Emergency,
    targets: list[Square],
    tables: dict[str, dict[Square, tuple[Square, ...]]],
    blocked: frozenset[Square],
    seat: Seat,
    pawns: frozenset[str],
    worth: dict[str, int],
    reach: int,
) -> dict[str, list[Route]]:
    """For each pawn that can take part, its cheapest ways next to the emergency: one per set of cards spent
    (which target square it ends on does not matter), fewest cards and least worth first."""
    one_away: dict[Square, list[tuple[str, Square]]] = {}
    for card, table in tables.items():
        for target in targets:
            for square in table[target]:
                if square not in blocked:
                    found = one_away.get(square)
                    if found is None:
                        one_away[square] = [(card, target)]
                    else:
                        found.append((card, target))
    col, row = emergency.square
    routes: dict[str, list[Route]] = {}
    by_square: dict[Square, list[Route]] = {}
    for pawn, here in zip(PAWNS, seat.pawns):
        if pawn not in pawns:
            continue
        if -1 <= here[0] - col <= 1 and -1 <= here[1] - row <= 1:
            routes[pawn] = _HERE
            continue
        if max(abs(here[0] - col), abs(here[1] - row)) > reach + 1:
            continue  # two cards cannot take it that far
        ways = by_square.get(here)
        if ways is None:  # pawns sharing a square share their ways (a base often holds several)
            ways = by_square[here] = _ways(here, one_away, tables, blocked, worth)
        if ways:
            routes[pawn] = ways
    return routes


def _ways(
    here: Square,
    one_away: dict[Square, list[tuple[str, Square]]],
    tables: dict[str, dict[Square, tuple[Square, ...]]],
    blocked: frozenset[Square],
    worth: dict[str, int],
) -> list[Route]:
    """From `here`, the cheapest card plays (card, destination) next to the emergency, one per set of cards."""
    ways: dict[tuple[str, ...], Route] = {}
    direct = one_away.get(here)
    if direct:
        for card, target in direct:
            if (card,) not in ways:
                ways[(card,)] = ((card,), worth[card], ((card, target),))
    else:
        get = one_away.get
        for card, table in tables.items():
            for middle in table[here]:
                if middle in blocked:
                    continue
                for second, target in get(middle, ()):
                    key = (card, second) if card <= second else (second, card)
                    if key not in ways:
                        ways[key] = (key, worth[card] + worth[second], ((card, middle), (second, target)))
    return sorted(ways.values(), key=lambda way: (len(way[0]), way[1]))


def two_card_reach(defs: Definitions, counts: dict[str, int]) -> int:
    """The farthest (in king's moves) two of the hand's moving cards can take a pawn."""
    reaches: list[int] = []
    for card, count in counts.items():
        kind = defs.responder[card]
        if kind.effect == "move" or kind.effect == "knight":
            reaches += [kind.distance if kind.effect == "move" else 2] * min(count, 2)
    reaches.sort(reverse=True)
    return sum(reaches[:2])


_HERE: list[Route] = [((), 0, ())]


def _pair(
    routes: dict[str, list[Route]],
    first: frozenset[str],
    second: frozenset[str],
    counts: dict[str, int],
) -> tuple[tuple[int, int], list[Step]] | None:
    """The cheapest two routes, for two different pawns filling the two slots, that the hand can pay for: fewest
    cards first, then the cards least worth keeping."""
    best: tuple[tuple[int, int], str, Route, str, Route] | None = None
    for p, p_routes in routes.items():
        if p not in first:
            continue
        for q, q_routes in routes.items():
            if q == p or q not in second:
                continue
            for a in p_routes:
                for b in q_routes:
                    rank = (len(a[0]) + len(b[0]), a[1] + b[1])
                    if best is not None and rank >= best[0]:
                        break  # the routes are sorted: the rest of this list costs as much or more
                    if rank[0] <= MAX_PLAN_CARDS and _affordable(a[0] + b[0], counts):
                        best = (rank, p, a, q, b)
                        break
    if best is None:
        return None
    rank, p, a, q, b = best
    return rank, [(card, p, to) for card, to in a[2]] + [(card, q, to) for card, to in b[2]]


def keep_worth(defs: Definitions, card: str) -> int:
    """How much a card is worth keeping for later: short moves are precise, long ones easy to replace."""
    kind = defs.responder[card]
    if kind.effect == "move":
        return max(0, 11 - kind.distance)
    if kind.effect == "knight":
        return 6
    return 20


def _affordable(cards: tuple[str, ...], counts: dict[str, int]) -> bool:
    """The hand holds every card of `cards` (as many copies as listed)."""
    if len(cards) <= 1:
        return True
    for card in cards:
        if cards.count(card) > counts[card]:
            return False
    return True


def _threat(state: GameState, defs: Definitions, seat_index: int) -> tuple[str, str] | None:
    """An opponent's pawn next to an emergency whose solution it could take part in, as (colour, pawn)."""
    for other, seat in enumerate(state.seats):
        if other == seat_index:
            continue
        base = state.base(other)
        for emergency in state.board:
            solution = defs.emergencies[emergency.card].solution
            if solution is None:
                continue
            near = rescuers(emergency, seat.pawns)
            for pawn in PAWNS:
                if pawn in near and pawn in solution.pawns and seat.square_of(pawn) != base:
                    return seat.colour, pawn
    return None


def _position(state: GameState, defs: Definitions, seat_index: int, seat: Seat) -> act.PlayCard | None:
    """A long move card played to bring a pawn closer to where it is wanted; None when no move helps."""
    size = state.size
    centre = (size + 1) / 2
    spots = [e.square for e in state.board if e.counters >= 2]
    blocked = state.occupied()
    remoteness: dict[Square, float] = {}

    def far(square: Square) -> float:
        found = remoteness.get(square)
        if found is None:
            found = remoteness[square] = _remoteness(square, spots, centre)
        return found

    best: tuple[float, act.PlayCard] | None = None
    for card in sorted(set(seat.hand)):
        kind = defs.responder[card]
        if kind.effect != "move" or kind.distance <= KEEP_DISTANCE:
            continue
        table = grid.straight(size, kind.distance)
        seen: set[Square] = set()
        for pawn, here in zip(PAWNS, seat.pawns):
            if here in seen:
                continue  # the same moves as the pawn before it on this square
            seen.add(here)
            before = far(here)
            for to in table[here]:
                if to in blocked:
                    continue
                gain = before - far(to)
                if gain >= 1 and (best is None or gain > best[0]):
                    best = (gain, act.PlayCard(card, pawn, to))
    return None if best is None else best[1]


def _remoteness(square: Square, spots: list[Square], centre: float) -> float:
    """How far a pawn is from being useful: from the nearest lasting emergency, else from the board's centre."""
    col, row = square
    if spots:
        nearest = 1_000_000
        for c, r in spots:
            d = max(abs(col - c), abs(row - r))
            if d < nearest:
                nearest = d
        return nearest
    return max(abs(col - centre), abs(row - centre))


def _useless(state: GameState, defs: Definitions, seat: Seat, card: str) -> bool:
    """A move card no pawn can play on this board (Move 10 on a 10 by 10 board) only takes a hand's place."""
    kind = defs.responder[card]
    if kind.effect != "move":
        return False
    table = grid.straight(state.size, kind.distance)
    return all(not table[here] for here in seat.pawns)
