"""The bot's decision in the actions phase (`Turn`): the free operations worth taking at once, then the plan for
the actions left, chosen among the few regions that matter (see `bot`'s docstring for what is weighed).

The search is written for speed, since it runs about twenty-four times a game and is most of what a simulated game
costs:
- what the definitions fix is derived once (`bot_tables.facts`): every card as each character sees it (their own
  bonus lines and rescue type counted in advance), moves per vehicle speed, and where a needed piece stands against
  where it is needed (moves away, the share of the way each region gains);
- what the state's small tuples give as dictionaries (seats, positions, built pods, boarding places, Hood costs,
  F.A.B. boosts) is kept for the tuples last asked about: states share unchanged tuples, so consecutive decisions
  often find them ready;
- a card's bonus is counted once and only corrected for the pieces a vehicle moves; each vehicle's candidate
  regions are scored in one loop; an onward Thunderbird's plans are scored once per region;
- values that recur between decisions (a rescue's worth, a card's bonus needs, the next region on a route) are kept
  in bounded tables keyed by everything they depend on.
None of these changes a choice: every table is a pure function of its key.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from operator import itemgetter
from typing import Any

from companion.games.thunderbirds import actions as act
from companion.games.thunderbirds.bot_model import UnknownCardModel
from companion.games.thunderbirds.bot_schemes import assign_needs, foil_now
from companion.games.thunderbirds.bot_tables import (
    FLOAT_ODDS,
    KEPT,
    Card,
    Facts,
    Need,
    NeedRow,
    Odds,
    Scheme,
    blocked_distances,
    built_pods,
    card_needs,
    current_scheme,
    facts,
    fits_with,
    float_odds,
    places,
    rescue_action,
    seating,
    worth,
)
from companion.games.thunderbirds.bot_weights import (
    DETERMINATION_THRESHOLD,
    DISCARD_ORDER,
    FAR,
    MOVE_COST,
    NEXT_TURN_DISCOUNT,
    NO_DICE_PIECE_SHARE,
    PICKUP_SHARE,
    PLAN_SCHEME_GAP,
    RESCUE_WEIGHT,
    SCHEME_APPROACH,
    SCHEME_PIECE_VALUE,
    SCHEME_VALUE,
    TOKEN_VALUE,
    TRANSFER_COST,
    URGENCY,
    hood_costs,
    scheme_gap,
)
from companion.games.thunderbirds.definitions import TOKEN_KINDS, Definitions, Network
from companion.games.thunderbirds.movement import blocked_edges, cargo_room, top_speed
from companion.games.thunderbirds.state import GameState, Hand, HoodCard, lookup
from companion.games.thunderbirds.tables import tables


def pods_wanted(state: GameState, known: Facts) -> list[tuple[float, str]]:
    """Unbuilt pods that the face-up scheme or a disaster on the track gives a bonus for, by how much it matters
    (largest first). Kept for the pods, track and Hood cards last asked about: a player holding a Technology token
    is asked at every step of a turn, mostly with none of them changed. Never changed by the caller."""
    pods, track, hood_cards = state.pods, state.track, state.hood_cards
    last = _LAST_PODS_WANTED[0]
    if last is not None and last[0] is pods and last[1] is track and last[2] is hood_cards and last[3] is known:
        return last[4]
    found = _pods_wanted(state, known)
    _LAST_PODS_WANTED[0] = (pods, track, hood_cards, known, found)
    return found


#: What `pods_wanted` found last: (pods, track, Hood cards, facts, the pods wanted).
_LAST_PODS_WANTED: list[tuple[object, object, object, Facts, list[tuple[float, str]]] | None] = [None]


def _pods_wanted(state: GameState, known: Facts) -> list[tuple[float, str]]:
    wanted: dict[str, float] = {}
    built = dict(state.pods)
    current = current_scheme(state)
    if current is not None:
        for kind, piece, _region in known.schemes[current.card].pieces:
            if kind == "pod" and piece not in built:
                wanted[piece] = wanted.get(piece, 0.0) + 10.0
    cards = known.cards
    for slot, card_id in state.track.occupied():
        for piece, value in cards[card_id].pod_lines:
            if piece not in built:
                wanted[piece] = wanted.get(piece, 0.0) + URGENCY.get(slot, 1.0) * value
    by_value = []  # a loop: a generator builds a function object at every run
    for piece, weight in wanted.items():
        by_value.append((weight, piece))
    return sorted(by_value, reverse=True)


_EMPTY: frozenset[str] = frozenset()
_TEAMWORK = TOKEN_KINDS.index("teamwork")
_TECHNOLOGY = TOKEN_KINDS.index("technology")
_INTELLIGENCE = TOKEN_KINDS.index("intelligence")
#: The boarding places last asked about: (vehicles, seats, cargo, seat, what `_parked` makes of them).
_LAST_PARKED: list[tuple[object, object, object, str, dict[str, list[str]]] | None] = [None]
#: The Hood costs last asked about: (Hood cards, the Hood's space, the costs).
_LAST_HOOD: list[tuple[tuple[HoodCard, ...], int, tuple[float, float]] | None] = [None]


def _parked(
    vehicles: tuple[tuple[str, str], ...],
    seats: tuple[tuple[str, str], ...],
    cargo: tuple[str, ...],
    seat: str,
    occupants: Mapping[str, list[str]],
    known: Facts,
) -> dict[str, list[str]]:
    """The vehicles a character seated in `seat` could board, by region (their own, carried ones and those with
    no seat left excluded), kept for the positions last asked about; never changed."""
    last = _LAST_PARKED[0]
    if last is not None and last[0] is vehicles and last[1] is seats and last[2] is cargo and last[3] == seat:
        return last[4]
    parked: dict[str, list[str]] = {}
    rooms = known.rooms
    for vehicle, where in vehicles:
        if vehicle == seat or vehicle not in rooms or vehicle in cargo:
            continue
        room = rooms[vehicle]
        if room is None or len(occupants.get(vehicle, ())) < room:
            found = parked.get(where)
            if found is None:
                parked[where] = [vehicle]
            else:
                found.append(vehicle)
                found.sort()
    _LAST_PARKED[0] = (vehicles, seats, cargo, seat, parked)
    return parked


def _team_types(players: tuple[Hand, ...], facts: Facts) -> Mapping[str, int]:
    """The best rescue-type bonus the team can bring, by rescue type (kept for the hands last asked about)."""
    last = _LAST_TYPES[0]
    if last is not None and last[0] is players and last[1] is facts:
        return last[2]
    types: dict[str, int] = {}
    for hand in players:
        rescue_type, bonus = facts.rescue_type[hand.character]
        if rescue_type is not None and types.get(rescue_type, -1) < bonus:
            types[rescue_type] = bonus
    _LAST_TYPES[0] = (players, facts, types)
    return types


_LAST_TYPES: list[tuple[tuple[Hand, ...], Facts, Mapping[str, int]] | None] = [None]


def _fab_boosts(players: tuple[Hand, ...], active: int, known: Facts) -> dict[str | None, tuple[int, tuple[str, ...]]]:
    """What the F.A.B. cards that may add to a rescue (`Turn._rescue_fabs`) add and which they are, by the card's
    rescue type, kept for the hands and active player last asked about: they depend on nothing else."""
    last = _LAST_FABS[0]
    if last is not None and last[0] is players and last[1] == active and last[2] is known:
        return last[3]
    found: dict[str | None, tuple[int, tuple[str, ...]]] = {}
    _LAST_FABS[0] = (players, active, known, found)
    return found


_LAST_FABS: list[tuple[tuple[Hand, ...], int, Facts, dict[str | None, tuple[int, tuple[str, ...]]]] | None] = [None]


def _hood_costs(state: GameState) -> tuple[float, float]:
    """`hood_costs`, kept for the Hood cards and space last asked about."""
    cards, hood = state.hood_cards, state.hood
    last = _LAST_HOOD[0]
    if last is not None and last[0] is cards and last[1] == hood:
        return last[2]
    found = hood_costs(state)
    _LAST_HOOD[0] = (cards, hood, found)
    return found


#: The active character flying one vehicle: (vehicle, speed, network, every piece that goes with it, what each card
#: on the track offers that way: `chances[card] = [odds, weight, action, worth by attempts]`, odds None for certain,
#: Hood-free cards, action None when the card cannot be attempted that way). A plain tuple, read by unpacking: a
#: search builds a few of them, and a class's constructor is a Python call.
Flight = tuple[str, int, "Network", frozenset[str], "dict[str, CardChance]"]
#: What one card offers a flight: (odds, None for certain; weight; the action, None when it cannot be attempted that
#: way; worth by attempts, filled as the search asks).
CardChance = tuple["Odds | None", float, "object | None", dict[int, float]]


#: A plan: (vehicle, transfer into it first, loads, region it flies to, moves, the action there or None).
Plan = tuple[str, bool, tuple[str, ...], str, int, "object | None"]
#: The plan that spends a spare action on Plan (see `Turn._plan_pays`).
_PLAN: Plan = ("", False, (), "", 0, act.Plan())
_NONE = float("-inf")
#: Ending the turn (actions are immutable values: one serves every decision).
END_TURN = act.EndTurn()


@lru_cache(maxsize=KEPT)
def _action(kind: type, first: str, second: str) -> object:
    """`kind(first, second)` (a `Move` or a `Transfer`), kept for when the same one comes again: the same few recur
    in every game, and building a frozen dataclass costs a Python call and a `__setattr__` per field."""
    return kind(first, second)


_FIRST = itemgetter(0)
#: How pressing the face-up scheme is by how many spaces the Hood is from it (1.0 from five spaces on).
_SCHEME_URGENCY: Mapping[int, float] = {1: 3.0, 2: 2.2, 3: 1.6, 4: 1.3}


class Turn:
    """One decision in the actions phase. The plan search reads the state through dictionaries built once here
    (`_prepare`), scores each vehicle's plans over the few candidate regions in one loop (`_legs`, and `_onward`
    for a Thunderbird taken on the way), and builds the first step only for the winner. (Slots: every attribute
    read is a fixed offset, which matters in the search's loops.)"""

    __slots__ = (
        "_base",
        "_candidate_regions",
        "_distance_cache",
        "_flights",
        "_load_candidates",
        "_loads_cache",
        "_local",
        "_onward_legs",
        "_pickups",
        "_ready",
        "_scheme_cache",
        "_second_cache",
        "_towards_cache",
        "blocked",
        "cards_at",
        "cargo",
        "carrier",
        "chance_free",
        "character_at",
        "current",
        "defs",
        "entries",
        "facts",
        "hand",
        "here",
        "here_ok",
        "hood_cost",
        "intelligence",
        "john_anywhere",
        "john_elsewhere",
        "john_vehicles",
        "loss_risk_at",
        "model",
        "need_pieces",
        "needs",
        "occupants",
        "parked",
        "peek_disaster",
        "piece_cards",
        "pod_at",
        "pos",
        "scheme",
        "scheme_pieces",
        "scheme_regions",
        "scheme_urgency",
        "seat",
        "seated_vehicles",
        "seats",
        "state",
        "teamwork",
        "track",
        "vehicle_at",
        "who",
    )
    pos: dict[str, Mapping[str, str | None]]  # where each piece stands, by kind (character, vehicle, pod)

    def __init__(self, state: GameState, defs: Definitions, model: UnknownCardModel, chance_free: bool) -> None:
        self.facts = facts(defs, model)
        self.state = state
        self.defs = defs
        self.model = model
        self.chance_free = chance_free
        self.hand = state.players[state.active]
        self.who = self.hand.character
        self.current = current_scheme(state)
        self._ready = False

    def _prepare(self) -> None:
        """What only the plan search reads (the free operations before it need none of it)."""
        if self._ready:
            return
        self._ready = True
        state, facts, who = self.state, self.facts, self.who
        seats, occupants = seating(state.seats)
        self.seats, self.occupants = seats, occupants
        self.vehicle_at, self.character_at = vehicle_at, character_at = places(state.vehicles, state.seats)
        self.pod_at = pod_at = built_pods(state.pods)
        pos: dict[str, Mapping[str, str | None]] = {"character": character_at, "vehicle": vehicle_at, "pod": pod_at}
        self.pos = pos
        self.cargo = cargo = state.cargo
        self.here = here = character_at.get(who) or ""
        self.seat = seat = seats.get(who) or ""
        self.carrier = facts.carrier
        effects = state.effects
        self.blocked = blocked_edges(state) if effects else ()
        self.track = track = state.track.occupied()
        urgencies = self._urgencies()
        self.hood_cost, self.loss_risk_at = _hood_costs(state)
        tokens = self.hand.tokens
        self.teamwork = tokens[_TEAMWORK]
        self.intelligence = tokens[_INTELLIGENCE]
        self._john(facts, seats)
        self._distance_cache: dict[tuple[str, str], Mapping[str, int]] = {}
        self._flights: dict[str, Flight] = {}
        self._base: dict[bool, dict[str, CardChance]] = {}
        self._scheme_cache: dict[tuple[str, frozenset[str]], float] = {}
        self._towards_cache: dict[frozenset[str], list[tuple[float, Mapping[str, float], float]]] = {}
        self._onward_legs: dict[tuple[str, str, int], float] = {}
        self._second_cache: dict[tuple[str, str, int], float] = {}
        self._local: list[tuple[float, object]] | None = None
        self._pickups: dict[str, float] | None = None
        self._load_candidates: list[tuple[str, float, str]] | None = None
        self._loads_cache: dict[str, tuple[str, ...]] = {}
        self._candidate_regions: list[tuple[str, list[str] | None, bool, bool]] | None = None
        parked = _parked(state.vehicles, state.seats, cargo, seat, occupants, facts)
        self.parked = parked  # vehicles the active character could board where they stand (own seat excluded)
        # The cards on the track, in track order: (card, urgency, weight, the bonus with the active character flown
        # there and nothing else, the pieces besides them whose place changes it, F.A.B. boost and action, the
        # active character's "(if in Thunderbird N)" bonuses by vehicle).
        views = facts.views[who]
        modifiers = [e for e in effects if e.kind == "rescue-modifier"] if effects else ()
        held_fabs = False  # whether anyone holds a F.A.B. card that may add to a rescue (a loop: no comprehension)
        if facts.fab_values:
            for hand in state.players:
                if hand.fabs:
                    held_fabs = True
                    break
        fab_boosts: dict[str | None, tuple[int, tuple[str, ...]]] | None = None
        seat_of = seats.get
        cards_at: dict[str, list[str]] = {}
        self.cards_at = cards_at
        entries = []
        seated_vehicles: set[str] = set()
        piece_cards: set[str] = set()
        for slot, card_id in track:
            card, base, seat_lines, place_lines, pieces, who_seats, rewards_value = views[card_id]
            region = card.region
            found = cards_at.get(region)
            if found is None:
                cards_at[region] = [card_id]
            else:
                found.append(card_id)
            urgency = urgencies.get(slot, 1.0)
            for character, vehicle, value in seat_lines:
                if seat_of(character) == vehicle:
                    base += value
            for kind, piece, required, value, _flown in place_lines:
                if pos[kind].get(piece) == required:
                    base += value
            for effect in modifiers:
                if effect.rescue_type in (None, card.rescue_type):
                    base += effect.value
            boost, action = 0, card.rescue
            if held_fabs and card.difficulty is not None:
                if fab_boosts is None:
                    fab_boosts = _fab_boosts(state.players, state.active, facts)
                found_fabs = fab_boosts.get(card.rescue_type)
                if found_fabs is None:
                    total, fab_ids = 0, []  # a loop: a comprehension builds a function object at every run
                    for fab_id, value in self._rescue_fabs(card):
                        total += value
                        fab_ids.append(fab_id)
                    found_fabs = fab_boosts[card.rescue_type] = (total, tuple(fab_ids))
                if found_fabs[1]:
                    boost = found_fabs[0]
                    action = rescue_action(card_id, found_fabs[1])
            if pieces:
                piece_cards.update(pieces)
            if who_seats:
                seated_vehicles.update(who_seats)
            entries.append(
                (
                    card,
                    urgency,
                    urgency * RESCUE_WEIGHT + rewards_value,
                    base,
                    pieces,
                    boost,
                    action,
                    who_seats,
                    place_lines,
                )
            )
        self.entries = entries
        self.seated_vehicles = seated_vehicles
        self.piece_cards = piece_cards
        self._read_scheme()
        self.needs = self._needs(entries)
        self.here_ok = here != ""

    def _urgencies(self) -> Mapping[int, float]:
        """How pressing a card is by its slot (`URGENCY`, doubled on the last slot when the bot may read the top
        disaster card and it is not a Hood advance)."""
        state = self.state
        self.peek_disaster = False
        if not self.chance_free and state.disasters.draw_pile:
            self.peek_disaster = state.disasters.draw_pile[0] not in tables(self.defs).hood_advances
        return URGENCY if not self.peek_disaster else {slot: self._urgency(slot) for slot in URGENCY}

    def _read_scheme(self) -> None:
        """The face-up scheme as the search reads it: its card, regions, pieces and how pressing it is."""
        current = self.current
        self.scheme = scheme = None if current is None else self.facts.schemes[current.card]
        self.scheme_regions: tuple[str, ...] = () if scheme is None else scheme.regions
        self.scheme_pieces = () if scheme is None else scheme.pieces
        self.scheme_urgency = 0.0 if current is None else self._scheme_urgency(current.space)

    def _prepare_cargo_weighing(self) -> None:
        """What weighing Thunderbird 2's cargo before a move reads (`_unload_before_leaving`): the positions and the
        needs, without the rest of `_prepare` (what every card offers, the Thunderbirds to board), which a plan
        being followed does not search for. The same needs as `_prepare` finds: `_needs` reads only each card and
        its urgency."""
        if self._ready:
            return
        state, facts = self.state, self.facts
        self.occupants = seating(state.seats)[1]
        vehicle_at, character_at = places(state.vehicles, state.seats)
        self.pos = {"character": character_at, "vehicle": vehicle_at, "pod": built_pods(state.pods)}
        self.cargo = state.cargo
        self.carrier = facts.carrier
        self.blocked = blocked_edges(state) if state.effects else ()
        self._distance_cache = {}
        self._towards_cache = {}
        urgencies = self._urgencies()
        self._read_scheme()
        cards = facts.cards
        track = state.track.occupied()
        self.needs = self._needs([(cards[card_id], urgencies.get(slot, 1.0)) for slot, card_id in track])

    def _john(self, facts: Facts, seats: Mapping[str, str]) -> None:
        """Who ignores a Hood face: another played character where they sit (`john_elsewhere`), or the active one
        anywhere (`john_anywhere`) or in the vehicles `john_vehicles`."""
        self.john_elsewhere = False
        self.john_anywhere = False
        self.john_vehicles: frozenset[str] = _EMPTY
        if not facts.ignore_hood:
            return
        who = self.who
        john_needs: list[str | None] = []
        players = self.state.players
        for character, needed in facts.ignore_hood:
            for hand in players:  # played? (a loop: a comprehension builds a function object at every run)
                if hand.character == character:
                    break
            else:
                continue
            if character == who:
                john_needs.append(needed)
            elif needed is None or seats.get(character) == needed:
                self.john_elsewhere = True
        if john_needs:
            self.john_anywhere = None in john_needs
            self.john_vehicles = frozenset([v for v in john_needs if v is not None])

    # --- the decision --------------------------------------------------------------------------------------------

    def decide(self) -> object:
        free = self.free_operation()
        if free is not None:
            return free
        plan = self.plan()
        return END_TURN if plan is None else self.first_step(plan)

    def free_operation(self) -> object | None:
        """Foiling the scheme, building a pod a card asks for, Lady Penelope's exchange: taken before any plan."""
        current = self.current
        if current is not None:
            foil = foil_now(self.state, self.defs, self.facts, current)
            if foil is not None:
                return foil
        if self.hand.tokens[_TECHNOLOGY]:
            wanted = pods_wanted(self.state, self.facts)
            if wanted:
                return act.UseTechnology(wanted[0][1])
        if self.who in self.facts.exchange_ability:
            return self._exchange()
        return None

    def plan(self) -> Plan | None:
        """The best plan for the actions left (None: end the turn); with no action left, a Determination token is
        spent when one more action is worth it (the plan is then a bare `UseDetermination`)."""
        state = self.state
        if state.actions_left <= 0:
            if (
                self.hand.count("determination")
                and self._one_more_may_pay()
                and self._best(1)[0] >= DETERMINATION_THRESHOLD
            ):
                return ("", False, (), "", 0, act.UseDetermination())
            return None
        value, plan = self._best(state.actions_left)
        if value > 0 and plan is not None:
            return plan
        return _PLAN if self._plan_pays() else None

    def _plan_pays(self) -> bool:
        """Whether an action nothing else uses goes to Plan rather than being lost with the turn's end.

        Plan draws a F.A.B. card and moves the Hood one space on. The bot plays only the F.A.B. cards that add to a
        rescue, so a draw can pay only while some exist and the deck can give a card; and a Hood space is cheap
        only far from the next unfoiled scheme: every space nearer it leaves fewer turns to foil it, and events on
        the way are activated. Measured (two players, 1000 games a level): planning from 5 spaces away lowered win
        rates by up to a point, from 7 by a few tenths; from `PLAN_SCHEME_GAP` (9) no change beyond noise, about
        a quarter of a Plan a game."""
        state = self.state
        return bool(self.facts.fab_values) and state.fab_deck.can_draw and scheme_gap(state) >= PLAN_SCHEME_GAP

    def _one_more_may_pay(self) -> bool:
        """Whether one more action could be worth a Determination token at all, read from the state alone (most
        turns end with nothing of the kind, and a search would cost more than the rest of the turn): a card where
        the character stands, a card near the skull, the scheme with tokens in hand, a Scan or a token to draw."""
        state = self.state
        here = state.character_region(self.who)
        cards = self.facts.cards
        for slot, card_id in state.track.occupied():
            if slot >= 5 or cards[card_id].region == here:
                return True
        current = self.current
        if current is not None and sum(self.hand.tokens) >= self.facts.schemes[current.card].tokens_needed:
            return True
        if state.seat_of(self.who) == "tb5":
            return True
        ability = self.facts.draw_ability.get(self.who)
        return ability is not None and ability.id not in state.used

    # --- free operations -------------------------------------------------------------------------------------------

    def _exchange(self) -> object | None:
        """Lady Penelope's exchange: a token of a kind the face-up scheme names, for one it does not."""
        ability = self.facts.exchange_ability.get(self.who)
        current = self.current
        if ability is None or ability.id in self.state.used or current is None:
            return None
        needs = self.facts.schemes[current.card].tokens
        named = {n.kind for n in needs if n.kind is not None}
        for need in needs:
            if need.kind is None or self.hand.count(need.kind) >= need.count:
                continue
            if self.state.supply[TOKEN_KINDS.index(need.kind)] <= 0:
                continue
            for give in DISCARD_ORDER:
                if give not in named and self.hand.count(give):
                    return act.ExchangeToken(give, need.kind)
        return None

    # --- vehicles ------------------------------------------------------------------------------------------------

    def _flight(self, vehicle: str) -> Flight:
        """The active character flying `vehicle`, with what every card on the track offers that way: the cards
        whose bonus does not depend on the vehicle share one entry (`_base`)."""
        found = self._flights.get(vehicle)
        if found is not None:
            return found
        occupants, who, cargo = self.occupants, self.who, self.cargo
        moved = {vehicle, who, *occupants.get(vehicle, ())}
        if vehicle == self.carrier:
            for piece in cargo:
                moved.add(piece)
                moved.update(occupants.get(piece, ()))
        speed, network = self._speed(vehicle)
        frozen = frozenset(moved)
        john = self.john_elsewhere or self.john_anywhere or vehicle in self.john_vehicles
        base = self._base.get(john)
        if base is None:
            base = self._base[john] = self._chances(_EMPTY, "", john)
        if frozen.isdisjoint(self.piece_cards) and vehicle not in self.seated_vehicles:
            chances = base
        else:
            chances = self._chances(frozen, vehicle, john, base)
        found = self._flights[vehicle] = (vehicle, speed, network, frozen, chances)
        return found

    def _speed(self, vehicle: str) -> tuple[int, Network]:
        """How far one move takes `vehicle`, and on which network (none for a carried or grounded vehicle): read
        apart from the rest of a `Flight`, which a Thunderbird too slow to take on never needs."""
        network = self.facts.networks[vehicle]
        if network == "none" or vehicle in self.cargo:
            return 0, "none"
        if self.state.effects:
            return top_speed(self.state, self.defs, vehicle), network
        return self.facts.speeds[vehicle], network  # what `top_speed` gives with no lasting effect

    def _chances(
        self,
        moved: frozenset[str],
        vehicle: str,
        john: bool,
        base: dict[str, CardChance] | None = None,
    ) -> dict[str, CardChance]:
        """What every card offers the active character flying `vehicle` with `moved` pieces besides them; without
        `base`, the character alone (no vehicle, no other piece: the entries' own bonus), else cards untouched by
        the moved pieces reuse `base`."""
        pos, who = self.pos, self.who
        teamwork, intelligence = self.teamwork, self.intelligence
        odds_table = FLOAT_ODDS
        # Cards untouched by the moved pieces keep the base entry (one copy); only the others are worked out.
        chances: dict[str, CardChance] = {} if base is None else base.copy()
        for card, urgency, weight, fixed, pieces, boost, action, who_seats, place_lines in self.entries:
            seated = who_seats.get(vehicle, 0) if who_seats else 0
            if base is not None and not seated and pieces.isdisjoint(moved):
                continue
            card_id = card.id
            if card.unknown:
                chances[card_id] = (None, urgency * RESCUE_WEIGHT, card.confirm, {})
                continue
            no_dice = card.no_dice
            if no_dice is not None:
                ready = True
                region = card.region
                for kind, piece, required in no_dice:
                    if (region if piece == who or piece in moved else pos[kind].get(piece)) != required:
                        ready = False
                        break
                chances[card_id] = (None, weight, card.rescue if ready else None, {})
                continue
            difficulty = card.difficulty
            if difficulty is None:
                continue
            bonus = fixed + seated
            if base is not None:  # other pieces fly too: their lines count where the card is
                for kind, piece, required, value, flown in place_lines:
                    if piece in moved:
                        bonus += flown - (value if pos[kind].get(piece) == required else 0)
            odds = odds_table.get((difficulty, bonus, teamwork, intelligence, john)) or float_odds(
                difficulty, bonus, teamwork, intelligence, john
            )
            if boost and odds[0] < 0.95:
                boosted = float_odds(difficulty, bonus + boost, teamwork, intelligence, john)
                chances[card_id] = (boosted, weight, action, {})
            else:
                chances[card_id] = (odds, weight, card.rescue, {})
        return chances

    # --- plans -------------------------------------------------------------------------------------------------------

    def _best(self, actions: int) -> tuple[float, Plan | None]:
        """The best plan within `actions`: (transfer into a Thunderbird here) fly it towards one of the few regions
        that matter (a card, the scheme, a piece's target, a pickup, a Thunderbird to take on, here) and act
        there, or get as close as the actions allow for next turn."""
        self._prepare()
        if not self.here_ok:
            return 0.0, None
        best_value, best_plan = 0.0, None
        seat, here = self.seat, self.here
        for vehicle in [seat] + self.parked.get(here, []):
            transfer = vehicle != seat
            penalty = (TRANSFER_COST + self._leaving_seat_cost()) if transfer else 0.0
            value, plan = self._legs(self._flight(vehicle), transfer, penalty, actions, here)
            if value > best_value:
                best_value, best_plan = value, plan
        return best_value, best_plan

    def _candidates(self) -> list[tuple[str, list[str] | None, bool, bool]]:
        """The regions worth flying to (cards, the scheme's regions, where needed pieces go, Thunderbirds to take
        on, here), each with what every vehicle's plans read there: (region, the cards there or None, whether
        it is a scheme region other than here, whether a Thunderbird waits there)."""
        found = self._candidate_regions
        if found is None:
            cards_at, scheme_regions, parked, here = self.cards_at, self.scheme_regions, self.parked, self.here
            regions = dict.fromkeys(cards_at)
            for region in scheme_regions:
                regions[region] = None
            for need in self.needs:
                regions[need[1]] = None
            for region in parked:
                regions[region] = None
            regions[here] = None
            found = self._candidate_regions = []
            for region in regions:
                found.append(
                    (region, cards_at.get(region), region in scheme_regions and region != here, region in parked)
                )
        return found

    def _legs(
        self, flight: Flight, transfer: bool, penalty: float, actions: int, start: str, first: bool = True
    ) -> tuple[float, Plan | None]:
        """The best plan flying `flight` from `start` to one candidate region: acting there with the actions left
        (a rescue, the scheme, or where the character stands a Scan or a token-drawing ability), taking another
        Thunderbird on from there (`first` only), or, for a region out of reach this turn, what getting closer
        sets up. (Written out in one loop: it runs for every vehicle of every decision.)"""
        vehicle, speed, network, moved, chances = flight
        moves_to = self._moves_to(network, speed, start)
        is_carrier = vehicle == self.carrier
        loading = first and is_carrier and self.vehicle_at.get(vehicle) == start and self._loadable_here()
        pickups = self._pickup_values() if is_carrier else None
        towards = self._towards(moved)
        at_start = first and not transfer
        best_value, best_plan = _NONE, None
        loads: tuple[str, ...] = ()
        arriving, arriving_towards = moved, towards  # what flies there: only loads change it
        for region, ids, scheme_here, parked_here in self._candidate_regions or self._candidates():
            moves = moves_to.get(region)
            if moves is None:
                continue
            if loading:
                loads = self._loads_for(region) if moves else ()
                if loads:
                    arriving = moved | set(loads) | {o for p in loads for o in self.occupants.get(p, ())}
                    arriving_towards = self._towards(arriving)
                else:
                    arriving, arriving_towards = moved, towards
            left = actions - moves
            value, local = 0.0, None
            if ids and left > 0:  # the best rescue there with the attempts the actions left allow
                value, local = self._best_rescue(chances, ids, left)
            if left >= 0:
                if at_start and moves == 0 and left > 0:
                    for worth, action in self._local_actions():
                        if worth > value:
                            value, local = worth, action
                if scheme_here:
                    worth = self._scheme_value(region, arriving)
                    if worth > value:
                        value, local = worth, None
                if ids and (left == 0 or local is None):  # what it sets up for next turn
                    value += NEXT_TURN_DISCOUNT * self._best_rescue(chances, ids, 3)[0]
                if moves:
                    if parked_here and first and left:
                        onward = self._onward(flight, region, left)
                        if onward > value:
                            value, local = onward, None
                    progress = 0.0
                    for weight, gains, far in arriving_towards:
                        progress += weight * gains.get(region, far)
                    value += progress - MOVE_COST * moves
                    if pickups:
                        value += pickups.get(region, 0.0)
                elif not transfer and local is None:
                    continue  # staying is a plan only with something to do here
            else:
                if ids:
                    value = NEXT_TURN_DISCOUNT * self._next_turn(chances, ids, 3 + left)
                progress = 0.0
                for weight, gains, far in arriving_towards:
                    progress += weight * gains.get(region, far)
                value += actions / moves * progress - MOVE_COST * actions
            value -= penalty
            if value > best_value:
                best_value, best_plan = value, (vehicle, transfer, loads, region, moves, local)
        return best_value, best_plan

    def _moves_to(self, network: Network, speed: int, start: str) -> Mapping[str, int]:
        """The moves a vehicle of `speed` on `network` needs from `start` to every region it can reach (`start`
        itself: none), kept per definitions when no route is blocked."""
        if speed <= 0:
            return {start: 0}
        if self.blocked:
            return {region: -(-distance // speed) for region, distance in self._distances(network, start).items()}
        key = (network, speed, start)
        tables_by_key = self.facts.moves
        found = tables_by_key.get(key)
        if found is None:
            distances = self.facts.distances[network].get(start) or {start: 0}
            found = tables_by_key[key] = {region: -(-distance // speed) for region, distance in distances.items()}
        return found

    def _onward(self, flight: Flight, region: str, left: int) -> float:
        """The best of taking a Thunderbird standing in `region` on from there with `left` actions (one faster than
        `flight`, or on another network)."""
        vehicle, speed, network, moved, _chances = flight
        key = (vehicle, region, left)
        found = self._second_cache.get(key)
        if found is not None:
            return found
        found = 0.0
        for other in self.parked[region]:
            if other == vehicle or other in moved:
                continue
            other_speed, other_network = self._speed(other)
            if other_network == network and other_speed <= speed:
                continue
            onward_key = (other, region, left)
            value = self._onward_legs.get(onward_key)
            if value is None:  # the same whichever Thunderbird brought the character there
                value = self._onward_legs[onward_key] = self._legs(
                    self._flight(other), True, TRANSFER_COST, left, region, first=False
                )[0]
            if value > found:
                found = value
        self._second_cache[key] = found
        return found

    def _next_turn(self, chances: dict[str, CardChance], ids: list[str], attempts: int) -> float:
        """The best rescue among the cards `ids` (in one region) next turn with `attempts` actions there, as the
        character flying with these `chances` (nothing when no attempt is left)."""
        if attempts <= 0:
            return 0.0
        return self._best_rescue(chances, ids, attempts)[0]

    def _best_rescue(self, chances: dict[str, CardChance], ids: list[str], attempts: int) -> tuple[float, object]:
        """The most valuable rescue among the cards `ids` with `attempts` tries, and its action (0.0 and None when
        none can be tried)."""
        best, action = 0.0, None
        for card_id in ids:
            entry = chances.get(card_id)
            if entry is None or entry[2] is None:
                continue
            by_attempts = entry[3]
            value = by_attempts.get(attempts)
            if value is None:  # kept in the flight's entry for the card
                value = by_attempts[attempts] = worth(entry[0], entry[1], attempts, self.hood_cost, self.loss_risk_at)
            if value > best:
                best, action = value, entry[2]
        return best, action

    def first_step(self, plan: Plan, weigh_cargo: bool = True) -> object:
        """The action that starts `plan`: a transfer, a load, leaving cargo behind, a move, or the action there.
        (Cheap unless Thunderbird 2 has cargo to weigh: plans being followed come here without a search, and weigh
        it only before the first move, not just after loading it or on the way.)"""
        vehicle, transfer, loads, region, moves, local = plan
        if transfer:
            return _action(act.Transfer, self.who, vehicle)
        if loads:
            return act.Load(loads[0])
        if moves:
            state = self.state
            if weigh_cargo and vehicle == self.facts.carrier and state.cargo:
                self._prepare_cargo_weighing()
                unload = self._unload_before_leaving(vehicle, region)
                if unload is not None:
                    return unload
            effects = state.effects
            if not self._ready:  # a plan being followed: where the character stands, read from the pairs
                seat = lookup(state.seats, self.who)
                self.here = (lookup(state.vehicles, seat) if seat is not None else None) or ""
                self.blocked = blocked_edges(state) if effects else ()
                self._distance_cache = {}
            speed = top_speed(state, self.defs, vehicle) if effects else self.facts.speeds[vehicle]
            return _action(act.Move, vehicle, self._next_region(self.facts.networks[vehicle], speed, region))
        assert local is not None
        return local

    def _leaving_seat_cost(self) -> float:
        """John leaving Thunderbird 5 gives up ignoring a Hood face in every rescue and scanning."""
        return self.facts.leaving_cost.get((self.who, self.seat), 0.0)

    # --- rescues ------------------------------------------------------------------------------------------------

    def _urgency(self, slot: int) -> float:
        urgency = URGENCY.get(slot, 1.0)
        if self.peek_disaster and slot == len(self.state.track):
            urgency *= 2
        return urgency

    def _rescue_fabs(self, card: Card) -> list[tuple[str, int]]:
        """F.A.B. cards that may add to this rescue before the roll (the active player's, and others' that may be
        played in another player's turn), with their value."""
        found: list[tuple[str, int]] = []
        fab_values = self.facts.fab_values
        if not fab_values:
            return found
        for index, hand in enumerate(self.state.players):
            for fab_id in hand.fabs:
                entry = fab_values.get(fab_id)
                if entry is None:
                    continue
                for f, _value in found:  # counted once (plain loops: a generator builds a function object per run)
                    if f == fab_id:
                        break
                else:
                    any_turn, values = entry
                    if not any_turn and index != self.state.active:
                        continue
                    value = 0
                    for rescue_type, v in values:
                        if rescue_type in (None, card.rescue_type):
                            value += v
                    if value > 0:
                        found.append((fab_id, value))
        return found

    # --- what a move sets up -----------------------------------------------------------------------------------

    def _distances(self, network: Network, target: str) -> Mapping[str, int]:
        """Moves from every region to `target` (the board is undirected); shared tables when nothing is blocked."""
        if not self.blocked:
            return self.facts.distances[network].get(target) or {target: 0}
        key = (network, target)
        found = self._distance_cache.get(key)
        if found is None:
            found = blocked_distances(self.defs, network, target, self.blocked)
            self._distance_cache[key] = found
        return found

    # --- pieces that must be brought somewhere (no-dice cards, the face-up scheme) --------------------------------

    def _needs(self, track_cards: Sequence[tuple[Any, ...]]) -> list[NeedRow]:
        """Pieces wanted somewhere, with what having them there is worth (see `Need`): a no-dice card's pieces, the
        scheme's pieces, and the printed bonus pieces of the cards on the track weighted by the chance their bonus
        adds (or, for those in place, would lose), seen from the best type bonus the team can bring (per card:
        `card_needs`). Each row: (piece, target, weight, where the piece is, what `_towards` reads: the weight,
        the share of the way gained by each region, the share off the Earth network); `need_pieces` holds which
        pieces they are. A pod still on Brains' notebook is left out: it goes nowhere. `track_cards`: each card on
        the track and its urgency, first in each item (the search's entries, or just those two)."""
        facts, pos, card_rows = self.facts, self.pos, self.facts.card_rows
        types: Mapping[str, int] | None = None
        rows: list[NeedRow] = []
        known = None if self.blocked else facts.places  # where a piece stands against its target, when kept
        for entry in track_cards:
            card = entry[0]
            required = card.no_dice
            if required:
                share = entry[1] * RESCUE_WEIGHT * NO_DICE_PIECE_SHARE / len(required)
                for kind, piece, region in required:
                    self._add_row(rows, piece, region, share, kind, known)
                continue
            lines = card.bonus_lines
            if not lines:
                continue
            if types is None:
                types = _team_types(self.state.players, facts)
            # Everything the card's needs depend on: where its bonus pieces stand (a pod nowhere is not built).
            placed_at = []  # where each bonus line's piece stands
            for kind, piece, _where_needed, _value in lines:
                placed_at.append(pos[kind].get(piece))
            wheres = tuple(placed_at)
            urgency = entry[1]
            key = (card.id, wheres, types.get(card.rescue_type or "", 0), urgency)
            found = card_rows.get(key) if known is not None else None
            if found is None:
                found = []
                for need in self._card_needs(card, lines, wheres, key[2], urgency):
                    self._add_row(found, need.piece, need.target, need.weight, need.kind, known)
                if known is not None:
                    if len(card_rows) > KEPT:
                        card_rows.clear()
                    card_rows[key] = found
            rows.extend(found)
        scheme_pieces = self.scheme_pieces
        if scheme_pieces:
            share = self.scheme_urgency * SCHEME_PIECE_VALUE / len(scheme_pieces)
            for kind, piece, region in scheme_pieces:
                self._add_row(rows, piece, region, share, kind, known)
        self.need_pieces = frozenset(map(_FIRST, rows))
        return rows

    def _card_needs(
        self,
        card: Card,
        lines: tuple[tuple[str, str, str | None, int], ...],
        wheres: tuple[str | None, ...],
        type_bonus: int,
        urgency: float,
    ) -> list[Need]:
        """The bonus needs of one card (`card_needs`), from where its bonus pieces stand."""
        placed = built = 0  # one bit per line
        bit = 1
        for (kind, _piece, where_needed, _value), where in zip(lines, wheres):
            if where == where_needed:
                placed |= bit
            if kind != "pod" or where is not None:
                built |= bit
            bit <<= 1
        key = (card.id, placed, built, type_bonus, urgency)
        known = self.facts.card_needs
        found = known.get(key)
        if found is None:
            if len(known) > KEPT:
                known.clear()
            found = known[key] = card_needs(card, placed, built, type_bonus, urgency)
        return found

    def _add_row(
        self,
        rows: list[NeedRow],
        piece: str,
        target: str,
        weight: float,
        kind: str,
        known: dict[tuple[str, str | None], tuple[int, dict[str, float], float]] | None,
    ) -> None:
        """Adds the need for `piece` in `target` (the fields of a `Need`, passed apart so that the scheme's and
        no-dice cards' pieces, worked out at every search, build no `Need`) to `rows` with where its piece stands and
        what each region gains (a pod still on Brains' notebook goes nowhere: left out)."""
        where = self.pos[kind].get(piece)
        if where is None and kind == "pod":
            return
        key = (target, where)
        place = known.get(key) if known is not None else None
        if place is None:
            place = self._place(target, where)
            if known is not None:
                known[key] = place
        rows.append((piece, target, weight, where, (weight, place[1], place[2])))

    def _place(self, target: str, where: str | None) -> tuple[int, dict[str, float], float]:
        """For a piece in `where` (None: off the board) needed in `target`: how many moves away it is, and what
        bringing it to each region gains as a share of the way left, down to minus one for leaving the place it is
        needed (with the share for a region off the Earth network)."""
        to_target = self._distances("earth", target)
        if where is None:
            moves_before = FAR
        elif where == target:
            moves_before = 0
        else:
            moves_before = to_target.get(where, FAR)
        divisor = moves_before if moves_before > 1 else 1
        table = {}
        for region, distance in to_target.items():
            gain = (moves_before - distance) / divisor
            table[region] = gain if gain > -1.0 else -1.0
        far = (moves_before - FAR) / divisor
        return moves_before, table, far if far > -1.0 else -1.0

    def _towards(self, moved: frozenset[str]) -> list[tuple[float, Mapping[str, float], float]]:
        """The needs `moved` pieces serve, for `_progress`: (weight, gain by region, gain off the network), in the
        order of `needs`."""
        if not self.needs or self.need_pieces.isdisjoint(moved):
            return []
        found = self._towards_cache.get(moved)
        if found is None:
            found = self._towards_cache[moved] = []
            for row in self.needs:
                if row[0] in moved:
                    found.append(row[4])
        return found

    def _progress(self, region: str, moved: frozenset[str]) -> float:
        """How much closer the moved pieces come to where no-dice cards and the scheme need them (negative when
        they leave)."""
        found = 0.0
        for weight, gains, far in self._towards(moved):
            found += weight * gains.get(region, far)
        return found

    def _pickup_values(self) -> dict[str, float]:
        """Thunderbird 2 reaching a needed piece it can carry (to bring it on later), by region."""
        pickups = self._pickups
        if pickups is None:
            pickups = {}
            pods, carries, cargo = self.facts.pods, self.facts.carries, self.cargo
            for piece, target, weight, where, _serves in self.needs:
                if where is None or where == target or piece in cargo:
                    continue
                if piece in pods or piece in carries:
                    pickups[where] = max(pickups.get(where, 0.0), weight * PICKUP_SHARE)
            self._pickups = pickups
        return pickups

    def _loadable_here(self) -> bool:
        candidates = self._load_candidates
        if candidates is None:
            candidates = self._load_candidates = self._loadable()
        return bool(candidates)

    def _loads_for(self, region: str) -> tuple[str, ...]:
        """What Thunderbird 2, standing here, should pick up before flying to `region`: pieces with a bonus there."""
        found = self._loads_cache.get(region)
        if found is not None:
            return found
        candidates = self._load_candidates
        if candidates is None:
            candidates = self._load_candidates = self._loadable()
        found = ()
        if candidates:
            here = self.here
            wanted = []
            for target, value, piece in candidates:
                distances = self._distances("earth", target)
                closer = 0 if region == target else distances.get(region, FAR)
                now = 0 if here == target else distances.get(here, FAR)
                if closer < now:
                    wanted.append((value, piece))
            loads: list[str] = []
            for _value, piece in sorted(wanted, reverse=True):
                if piece in loads:
                    continue
                if not cargo_room(self.state, self.defs, piece):
                    continue
                for other in loads:
                    if not fits_with(self.defs, piece, other):
                        break
                else:
                    loads.append(piece)
            found = tuple(loads[: self.facts.pod_capacity])
        self._loads_cache[region] = found
        return found

    def _loadable(self) -> list[tuple[str, float, str]]:
        """(where it is wanted, its weight, the piece to load) for needed pieces Thunderbird 2 can load here."""
        facts = self.facts
        pods, carries, vehicles = facts.pods, facts.carries, facts.vehicles
        _vehicle, _speed, _network, moved, _chances = self._flight(self.carrier)
        seats, cargo, here, pod_at, vehicle_at = self.seats, self.cargo, self.here, self.pod_at, self.vehicle_at
        found: list[tuple[str, float, str]] = []
        for piece, target, weight, _where, _serves in self.needs:
            if piece not in pods and piece not in vehicles:
                piece = seats.get(piece) or ""  # a character: load the vehicle they sit in
            if piece in moved or piece in cargo:
                continue
            if (pod_at if piece in pods else vehicle_at).get(piece) != here:
                continue
            if piece in pods or piece in carries:
                found.append((target, weight, piece))
        return found

    def _unload_before_leaving(self, vehicle: str, destination: str) -> object | None:
        """Thunderbird 2 leaves behind cargo that gives a bonus here and none at the destination."""
        if vehicle != self.carrier:
            return None
        occupants = self.occupants
        for piece in self.cargo:
            pieces = frozenset({piece, *occupants.get(piece, ())})
            if self._progress(destination, pieces) < 0:
                return act.Unload(piece)
        return None

    def _next_region(self, network: Network, speed: int, target: str) -> str:
        """The region one move takes the vehicle to on a shortest path to `target` (kept per definitions when no
        route is blocked)."""
        if self.blocked:
            return self._next_region_uncached(network, speed, target)
        key = (network, speed, self.here, target)
        found = self.facts.next_regions.get(key)
        if found is None:
            found = self.facts.next_regions[key] = self._next_region_uncached(network, speed, target)
        return found

    def _next_region_uncached(self, network: Network, speed: int, target: str) -> str:
        to_target = self._distances(network, target)
        total = to_target.get(self.here, 0)
        if total <= speed:
            return target
        here_dist = self._distances(network, self.here)
        best = target
        for region in sorted(here_dist):
            step = here_dist[region]
            if step == speed and to_target.get(region, 99) == total - step:
                return region
        return best

    # --- schemes ------------------------------------------------------------------------------------------------

    def _scheme_value(self, region: str, moved: frozenset[str]) -> float:
        current = self.current
        scheme = self.scheme
        if current is None or scheme is None or region not in self.scheme_regions or region == self.here:
            return 0.0
        key = (region, moved)
        found = self._scheme_cache.get(key)
        if found is not None:
            return found
        found = self._scheme_cache[key] = self._scheme_uncached(current, scheme, region, moved)
        return found

    def _scheme_uncached(self, current: HoodCard, scheme: Scheme, region: str, moved: frozenset[str]) -> float:
        urgency = self.scheme_urgency
        needed = scheme.tokens_needed
        character_at, token_regions = self.character_at, scheme.token_regions
        players = self.state.players
        held = 0  # tokens of the characters who would stand where some need can take them
        for hand in players:
            character = hand.character
            if (region if character in moved else character_at.get(character)) in token_regions:
                held += sum(hand.tokens)
        if held >= needed:  # rare: only then where everyone would stand is worth writing down
            where: dict[str, str | None] = {}
            for hand in players:
                character = hand.character
                where[character] = region if character in moved else character_at.get(character)
            pos = self.pos
            pieces_ready = True
            for kind, piece, required in scheme.pieces:
                if (region if piece in moved else pos[kind].get(piece)) != required:
                    pieces_ready = False
                    break
            if pieces_ready and assign_needs(self.state, scheme.tokens, where) is not None:
                return SCHEME_VALUE * urgency
        mine = sum(self.hand.tokens)
        if not needed or not mine:
            return 0.0
        return SCHEME_APPROACH * urgency * min(1.0, mine / needed)

    def _scheme_urgency(self, space: int) -> float:
        return _SCHEME_URGENCY.get(space - self.state.hood, 1.0)

    # --- actions where the character stands ------------------------------------------------------------------------

    def _local_actions(self) -> list[tuple[float, object]]:
        found = self._local
        if found is None:
            found = self._local = self._local_uncached()
        return found

    def _local_uncached(self) -> list[tuple[float, object]]:
        state = self.state
        found: list[tuple[float, object]] = []
        if self.seat == "tb5":
            for slot, card_id in self.track:
                if slot > 1 and state.track.slots[slot - 2] is None:
                    gain = self._urgency(slot) - self._urgency(slot - 1)
                    found.append((gain * RESCUE_WEIGHT * 0.5, act.Scan(card_id)))
        ability = self.facts.draw_ability.get(self.who)
        if (
            ability is not None
            and ability.token is not None
            and ability.id not in state.used
            and state.supply[TOKEN_KINDS.index(ability.token)] > 0
            and (ability.in_vehicle is None or self.seat == ability.in_vehicle)
            and (ability.in_region is None or self.here == ability.in_region)
        ):
            found.append((TOKEN_VALUE * 1.5, act.DrawAbilityToken()))
        return found
