"""A heuristic Thunderbirds player: good enough to play whole games sensibly, fast enough to simulate thousands.

`choose(state, defs)` returns one action for the position, a pure function of what the table can see (no
randomness of its own). Each call re-plans from scratch:

1. a rescue under way follows `odds.advice_for` (re-roll, Teamwork, John's ignore, then finish); joker rewards
   are taken where the team needs them (the face-up scheme first, then Teamwork and Intelligence);
2. free operations that are clearly good: foil the face-up scheme when the tokens and people are in place, build
   a pod a disaster on the track asks for, Lady Penelope's exchange towards a kind the scheme needs, a
   Determination token when one more action is worth it;
3. otherwise every short plan "(transfer into a Thunderbird here) (load Thunderbird 2) fly to region X, (transfer
   into a Thunderbird standing there and fly on to R), then act" within the actions left is scored, and the first
   step of the best one is taken. Acting is a rescue (exact odds with the bonuses the move brings, weighted by
   how close the card is to the skull and by the Hood advances it risks), reaching a scheme's region with the
   tokens to foil it, a Scan from Thunderbird 5, a character's token-drawing action. A move also earns what it
   sets up for the next turn, and how much closer it brings pieces needed elsewhere: a no-dice card's
   Thunderbirds, the scheme's pods, and bonus pieces weighted by the chance their bonus adds (moving a piece away
   from where it helps costs as much). Thunderbird 2 fetches and carries such pieces. When nothing is worth an
   action, the turn ends.

Cards the app does not know (see `UnknownCardModel`) are handled by the assumptions the model states, so the bot
never takes a free win from a card the app cannot check. The bot never moves a piece back and forth for free:
transfers and loads only happen as the first step of a plan that then spends an action, and callers also cap the
choices per turn (`MAX_CHOICES_PER_TURN`, see `next_action`).
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from math import ceil

from companion.games.thunderbirds import actions as act
from companion.games.thunderbirds.definitions import TOKEN_KINDS, Ability, Definitions, DisasterCard, SchemeCard
from companion.games.thunderbirds.movement import blocked_edges, cargo_room, piece_region, top_speed
from companion.games.thunderbirds.odds import RescueOdds, advice_for, rescue_odds
from companion.games.thunderbirds.operations import check_foil_scheme, scheme_needs_confirmation
from companion.games.thunderbirds.rescue import hood_ignorer, is_unknown
from companion.games.thunderbirds.state import HOOD_FACE, GameState, HoodCard, PendingRescue, PendingReward
from companion.games.thunderbirds.tables import tables
from companion.locale import _

#: After this many choices in one turn the caller forces the turn to close (see `next_action`).
MAX_CHOICES_PER_TURN = 60

# --- weights of the evaluation (units: "one card at slot 1 cleared" = 1) -------------------------------------

#: How pressing a disaster card is, by its slot: the card on slot 7 falls on the skull at the next disaster.
URGENCY: Mapping[int, float] = {1: 1.0, 2: 1.15, 3: 1.35, 4: 1.7, 5: 2.5, 6: 5.0, 7: 12.0}
RESCUE_WEIGHT = 2.0
TOKEN_VALUE = 0.3  # a token gained (rewards, a character's draw)
NEXT_TURN_DISCOUNT = 0.45  # a rescue set up for next turn is worth this much of one made now
BONUS_SHARE = 1.0  # a bonus piece brought into place: this share of the rescue chance it adds to its card
HOOD_STEP_COST = 0.5  # one Hood space, far from the next scheme
LOSS_COST = 60.0  # the game lost
SCHEME_VALUE = 6.0  # foiling the face-up scheme
SCHEME_APPROACH = 1.2  # bringing tokens to the scheme's region, times the share of its tokens brought
SCHEME_PIECE_VALUE = 2.0  # bringing the pieces the face-up scheme needs into place (shared between them)
TRANSFER_COST = 0.02  # breaks ties towards staying in one's own Thunderbird
MOVE_COST = 0.03  # per move, so a useless move never beats ending the turn
DETERMINATION_THRESHOLD = 0.9  # what one more action must be worth to spend a Determination token
NO_DICE_PIECE_SHARE = 1.0  # bringing one of a no-dice card's pieces: this share of the card, split per piece
PICKUP_SHARE = 0.4  # Thunderbird 2 reaching a needed piece it can carry: this share of bringing it in
FAR = 6  # the distance used for pieces out of reach of the Earth network
JOHN_IN_TB5_VALUE = 0.3  # what John gives up by leaving Thunderbird 5 (ignoring Hood faces, scanning)
# Least useful kinds first: what a scheme's "any token" discard gives up.
DISCARD_ORDER: tuple[str, ...] = ("logistics", "determination", "technology", "intelligence", "teamwork")


# --- what the simulation assumes about cards the app does not know ---------------------------------------------


@dataclass(frozen=True)
class TokenNeed:
    """`count` tokens of `kind` (None: any kind), discarded by characters standing in one of `regions`."""

    kind: str | None
    count: int
    regions: tuple[str, ...]


@dataclass(frozen=True)
class UnknownCardModel:
    """The assumptions the bot (and so the simulation) makes where a card's content is not known.

    The rules let players confirm any unknown requirement, so without a model a scheme whose tokens are unknown
    could be "foiled" for free. Instead:

    - a scheme's regions are those printed; a scheme with none known gets one region chosen from its id (stable);
    - a scheme whose tokens are unknown needs `unknown_scheme_tokens[level]` tokens of any kinds;
    - a token whose kind is illegible may be of any kind; a token whose region is illegible is discarded by a
      character in one of the scheme's regions (so are the assumed ones); pods and Thunderbirds whose places are
      not known are not required;
    - a disaster card nobody knows is a no-dice card (as the known ones are): one action, no dice, no reward,
      by a character in an Earth region chosen from its id;
    - F.A.B. cards and character abilities with unknown effects are never played (they do nothing here).

    Event cards with unknown effects and the unknown ends of lasting effects are the simulation's business
    (see `simulate.py`).
    """

    unknown_scheme_tokens: Mapping[int, int]

    def scheme_regions(self, scheme: SchemeCard, defs: Definitions) -> tuple[str, ...]:
        if scheme.regions:
            return tuple(scheme.regions)
        regions = sorted(defs.board.region_ids)
        return (regions[zlib.crc32(scheme.id.encode()) % len(regions)],)

    def scheme_tokens(self, scheme: SchemeCard, defs: Definitions) -> tuple[TokenNeed, ...]:
        regions = self.scheme_regions(scheme, defs)
        if scheme.tokens is None:
            return (TokenNeed(None, self.unknown_scheme_tokens.get(scheme.level, 3), regions),)
        return tuple(
            TokenNeed(req.kind, req.count, (req.region,) if req.region is not None else regions)
            for req in scheme.tokens
        )

    def disaster_region(self, card: DisasterCard, defs: Definitions) -> str:
        if card.region is not None:
            return card.region
        earth = sorted(r.id for r in defs.board.regions if r.domain == "earth")
        return earth[zlib.crc32(card.id.encode()) % len(earth)]

    def describe(self) -> tuple[str, ...]:
        """The assumptions, in the current language, for printing beside simulated results."""
        counts = ", ".join(f"{_roman(level)}: {count}" for level, count in sorted(self.unknown_scheme_tokens.items()))
        return (
            _("A scheme whose tokens are unknown needs this many tokens of any kinds ({counts}), discarded by "
              "characters in its regions; a scheme with no known region gets one chosen from its id.").format(
                counts=counts
            ),
            _("An illegible token kind may be any kind; an illegible token region is one of the scheme's regions; "
              "pods and Thunderbirds whose places are not known are not required."),
            _("An unknown disaster card is a no-dice card: one action by a character in an Earth region chosen "
              "from its id, no reward."),
            _("F.A.B. cards and character abilities whose effects are unknown are never played."),
        )


def _roman(level: int) -> str:
    return {1: "I", 2: "II", 3: "III", 4: "IV"}.get(level, str(level))


DEFAULT_MODEL = UnknownCardModel(unknown_scheme_tokens={1: 2, 2: 3, 3: 3, 4: 4})


# --- entry points ---------------------------------------------------------------------------------------------


def choose(
    state: GameState, defs: Definitions, chance_free: bool = True, model: UnknownCardModel = DEFAULT_MODEL
) -> object:
    """The bot's action in `state` (the game must not be over).

    `chance_free`: True, the choice depends only on what players can see; False, the bot may also read the top
    card of the disaster deck (an upper bound for studies, never for play).
    """
    if state.outcome is not None:
        raise ValueError("the game is over: there is nothing to choose")
    if isinstance(state.pending, PendingRescue):
        return _rescue_step(state, defs)
    if isinstance(state.pending, PendingReward):
        return _reward_choice(state, defs, model)
    return _Turn(state, defs, model, chance_free).decide()


def next_action(
    state: GameState,
    defs: Definitions,
    choices_this_turn: int,
    chance_free: bool = True,
    model: UnknownCardModel = DEFAULT_MODEL,
) -> object:
    """`choose`, but once `MAX_CHOICES_PER_TURN` choices were made this turn the turn is closed: whatever is
    under way is finished and the turn ends. Drivers use this so a heuristic slip can never loop forever."""
    if choices_this_turn < MAX_CHOICES_PER_TURN:
        return choose(state, defs, chance_free, model)
    if isinstance(state.pending, PendingRescue):
        return act.FinishRescue()
    if isinstance(state.pending, PendingReward):
        return _reward_choice(state, defs, model)
    return act.EndTurn()


# --- the rescue under way and rewards ------------------------------------------------------------------------


def _rescue_step(state: GameState, defs: Definitions) -> object:
    pending = state.pending
    assert isinstance(pending, PendingRescue)
    advice = advice_for(state, defs)
    if advice is not None and advice.kind == "reroll" and advice.die is not None:
        return act.UseIntelligence(advice.die)
    if pending.ignored_die is None and hood_ignorer(state, defs) is not None:
        for die, face in enumerate(pending.dice):
            if face == HOOD_FACE:
                return act.IgnoreHood(die)
    if advice is not None and advice.kind == "teamwork":
        return act.UseTeamwork()
    return act.FinishRescue()


def _reward_choice(state: GameState, defs: Definitions, model: UnknownCardModel) -> object:
    pending = state.pending
    assert isinstance(pending, PendingReward)
    wanted = min(pending.jokers, sum(state.supply))
    supply = list(state.supply)
    order = _wanted_kinds(state, defs, model)
    kinds: list[str] = []
    while len(kinds) < wanted:
        for kind in order:
            i = TOKEN_KINDS.index(kind)
            if supply[i] > 0:
                supply[i] -= 1
                kinds.append(kind)
                break
        else:  # pragma: no cover - wanted never exceeds the supply
            break
    return act.ChooseReward(tuple(kinds))


def _wanted_kinds(state: GameState, defs: Definitions, model: UnknownCardModel) -> list[str]:
    """Token kinds by usefulness to the team now: what the face-up scheme names and nobody holds, then the rest."""
    order: list[str] = []
    current = state.current_scheme
    if current is not None:
        held = [sum(h.count(k) for h in state.players) for k in TOKEN_KINDS]
        for need in model.scheme_tokens(defs.schemes[current.card], defs):
            if need.kind is not None and held[TOKEN_KINDS.index(need.kind)] < need.count and need.kind not in order:
                order.append(need.kind)
    if _pods_wanted(state, defs):
        order.append("technology")
    for kind in ("teamwork", "intelligence", "determination", "technology", "logistics"):
        if kind not in order:
            order.append(kind)
    return order


def _pods_wanted(state: GameState, defs: Definitions) -> list[tuple[float, str]]:
    """Unbuilt pods that a disaster on the track gives a bonus for, by how much it matters (largest first)."""
    wanted: dict[str, float] = {}
    current = state.current_scheme
    if current is not None:
        for need in defs.schemes[current.card].pieces or ():
            if need.piece_kind == "pod" and state.pod_region(need.piece) is None:
                wanted[need.piece] = wanted.get(need.piece, 0.0) + 10.0
    for slot, card_id in state.track.occupied():
        card = defs.disasters[card_id]
        for bonus in card.bonuses:
            if bonus.piece_kind == "pod" and state.pod_region(bonus.piece) is None:
                wanted[bonus.piece] = wanted.get(bonus.piece, 0.0) + URGENCY.get(slot, 1.0) * bonus.value
    return sorted(((v, p) for p, v in wanted.items()), reverse=True)


# --- the actions phase ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Need:
    """A piece wanted in `target`: a no-dice card's Thunderbirds, the scheme's pods, a bonus piece of a card on the
    track; `weight` is what having it there is worth (for pieces already there: what taking them away costs)."""

    piece: str
    target: str
    weight: float


#: (success with tokens, success without, expected Hood with tokens, without): one attempt, as floats.
_Odds = tuple[float, float, float, float]
#: What a card on the track offers the character flying one vehicle: (odds, the card's weight, the action to take
#: there, None when this character cannot attempt it that way); odds are None for certain, Hood-free cards.
_Chance = tuple["_Odds | None", float, "object | None"]
#: A printed bonus as the search reads it: (piece kind, piece, required region, value).
_Line = tuple[str, str, "str | None", int]


@dataclass(frozen=True)
class _Card:
    """One disaster card as the plan search reads it (built once per definitions, not per decision)."""

    id: str
    region: str  # the model's region: the printed one when known
    printed_region: str | None
    kind: str
    unknown: bool
    difficulty: int | None
    rescue_type: str | None
    rewards: int  # how many rewards are printed (0 when unknown)
    no_dice: tuple[tuple[str, str, str], ...] | None  # (kind, piece, region) a no-dice card needs
    seat_bonuses: tuple[tuple[str, str, int], ...]  # (character, vehicle, value): "(if in Thunderbird N)"
    place_bonuses: tuple[_Line, ...]  # every other printed bonus
    need_lines: tuple[_Line, ...]  # the printed bonuses without a seat condition (pieces worth bringing)


@dataclass(frozen=True)
class _Scheme:
    regions: tuple[str, ...]
    tokens: tuple[TokenNeed, ...]
    tokens_needed: int
    pieces: tuple[tuple[str, str, str], ...]  # (kind, piece, region)


@dataclass(frozen=True)
class _Facts:
    """What every decision reads from the definitions and the model, derived once: the plan search runs
    thousands of times per simulated game batch, so nothing here is recomputed per decision."""

    carrier: str
    pod_capacity: int
    carries: tuple[str, ...]
    cards: Mapping[str, _Card]
    schemes: Mapping[str, _Scheme]
    networks: Mapping[str, str]  # vehicle -> network
    seat_counts: Mapping[str, int | None]
    pods: frozenset[str]
    kinds: Mapping[str, str]  # piece -> "pod", "vehicle" or "character"
    ignore_hood: tuple[tuple[str, str | None], ...]  # (character, vehicle it must sit in or None)
    draw_ability: Mapping[str, Ability]
    exchange_ability: Mapping[str, Ability]
    rescue_type: Mapping[str, tuple[str | None, int]]
    leaving_cost: Mapping[tuple[str, str], float]  # (character, seat) -> what leaving that seat gives up
    fab_values: Mapping[str, tuple[bool, tuple[tuple[str | None, int], ...]]]  # rescue F.A.B.s: (any turn, values)
    distances: Mapping[str, Mapping[str, Mapping[str, int]]]  # network -> from -> to -> moves, nothing blocked


_FACTS: dict[tuple[int, int], tuple[Definitions, UnknownCardModel, _Facts]] = {}


def _facts(defs: Definitions, model: UnknownCardModel) -> _Facts:
    """The facts for `defs` under `model`, built on first use; the entry keeps both alive so ids are not reused."""
    key = (id(defs), id(model))
    entry = _FACTS.get(key)
    if entry is not None and entry[0] is defs and entry[1] is model:
        return entry[2]
    built = _build_facts(defs, model)
    if len(_FACTS) > 16:
        _FACTS.clear()
    _FACTS[key] = (defs, model, built)
    return built


def _build_facts(defs: Definitions, model: UnknownCardModel) -> _Facts:
    table = tables(defs)
    cards = {}
    for card in defs.disasters.values():
        seat_bonuses = tuple(
            (b.piece, b.in_vehicle, b.value)
            for b in card.bonuses
            if b.in_vehicle is not None and b.piece_kind == "character"
        )
        place_bonuses = tuple(
            (b.piece_kind, b.piece, b.region if b.region is not None else card.region, b.value)
            for b in card.bonuses
            if not (b.in_vehicle is not None and b.piece_kind == "character")
        )
        need_lines = tuple(
            (b.piece_kind, b.piece, b.region if b.region is not None else card.region, b.value)
            for b in card.bonuses
            if b.in_vehicle is None
        )
        cards[card.id] = _Card(
            id=card.id,
            region=model.disaster_region(card, defs),
            printed_region=card.region,
            kind=card.kind,
            unknown=is_unknown(card),
            difficulty=card.difficulty,
            rescue_type=card.rescue_type,
            rewards=len(card.rewards or ()),
            no_dice=None
            if not card.is_no_dice
            else tuple((n.piece_kind, n.piece, n.region) for n in card.auto_requirements or ()),
            seat_bonuses=seat_bonuses,
            place_bonuses=place_bonuses,
            need_lines=need_lines,
        )
    schemes = {}
    for scheme in defs.schemes.values():
        tokens = model.scheme_tokens(scheme, defs)
        schemes[scheme.id] = _Scheme(
            regions=model.scheme_regions(scheme, defs),
            tokens=tokens,
            tokens_needed=sum(n.count for n in tokens),
            pieces=tuple((n.piece_kind, n.piece, n.region) for n in scheme.pieces or ()),
        )
    kinds: dict[str, str] = {c: "character" for c in defs.characters}
    kinds.update({v: "vehicle" for v in defs.vehicles})
    kinds.update({p: "pod" for p in defs.pods})
    draw: dict[str, Ability] = {}
    exchange: dict[str, Ability] = {}
    ignore: list[tuple[str, str | None]] = []
    leaving: dict[tuple[str, str], float] = {}
    for character in defs.characters.values():
        for ability in table.abilities.get(character.id, ()):
            if ability.kind == "draw-token-action":
                draw.setdefault(character.id, ability)
            elif ability.kind == "exchange-token-operation":
                exchange.setdefault(character.id, ability)
            elif ability.kind == "ignore-hood-face":
                if ability.in_vehicle is not None:
                    leaving.setdefault((character.id, ability.in_vehicle), JOHN_IN_TB5_VALUE)
        for ability in character.abilities:
            if ability.kind == "ignore-hood-face":
                ignore.append((character.id, ability.in_vehicle))
    fab_values = {}
    for fab_id in table.rescue_fabs:
        fab = defs.fabs[fab_id]
        fab_values[fab_id] = (
            fab.any_turn,
            tuple((e.rescue_type, e.value) for e in fab.effects if e.kind == "rescue-modifier"),
        )
    carrier = defs.vehicles[table.carrier]
    return _Facts(
        carrier=carrier.id,
        pod_capacity=carrier.pod_capacity,
        carries=tuple(carrier.carries_vehicles),
        cards=cards,
        schemes=schemes,
        networks={v.id: v.network for v in defs.vehicles.values()},
        seat_counts={v.id: v.seats for v in defs.vehicles.values()},
        pods=frozenset(defs.pods),
        kinds=kinds,
        ignore_hood=tuple(ignore),
        draw_ability=draw,
        exchange_ability=exchange,
        rescue_type={c.id: (c.rescue_type, c.rescue_bonus) for c in defs.characters.values()},
        leaving_cost=leaving,
        fab_values=fab_values,
        distances=table.distances,
    )


#: Float odds by (difficulty, bonus, Teamwork, Intelligence, John): the exact tables hold fractions.
_FLOAT_ODDS: dict[tuple[int, int, int, int, bool], _Odds] = {}
#: Rescue actions by (card, F.A.B. cards played): actions are immutable, so one object serves every decision.
_RESCUES: dict[tuple[str, tuple[str, ...]], object] = {}


def _float_odds(difficulty: int, bonus: int, teamwork: int, intelligence: int, john: bool) -> _Odds:
    key = (difficulty, bonus, teamwork, intelligence, john)
    found = _FLOAT_ODDS.get(key)
    if found is None:
        found = _FLOAT_ODDS[key] = _floats(rescue_odds(difficulty, bonus, teamwork, intelligence, john))
    return found


def _rescue_action(card_id: str, fabs: tuple[str, ...] = ()) -> object:
    key = (card_id, fabs)
    found = _RESCUES.get(key)
    if found is None:
        found = _RESCUES[key] = act.Rescue(card_id, fabs) if fabs else act.Rescue(card_id)
    return found


class _Turn:
    """One decision in the actions phase; holds the facts every plan reads, with the state's small tuples turned
    into dictionaries once."""

    def __init__(self, state: GameState, defs: Definitions, model: UnknownCardModel, chance_free: bool) -> None:
        facts = _facts(defs, model)
        self.facts = facts
        self.state = state
        self.defs = defs
        self.model = model
        self.hand = hand = state.players[state.active]
        self.who = who = hand.character
        self.seats = seats = dict(state.seats)
        self.vehicle_at = vehicle_at = dict(state.vehicles)
        self.character_at = character_at = {c: vehicle_at.get(v) for c, v in state.seats}
        self.pod_at = dict(state.pods)
        self.pos: dict[str, dict[str, str | None]] = {
            "character": character_at,  # type: ignore[dict-item]
            "vehicle": vehicle_at,  # type: ignore[dict-item]
            "pod": self.pod_at,  # type: ignore[dict-item]
        }
        occupants: dict[str, tuple[str, ...]] = {}
        for character, vehicle in state.seats:
            occupants[vehicle] = occupants.get(vehicle, ()) + (character,)
        self.occupants = occupants
        self.cargo = state.cargo
        self.here = character_at.get(who) or ""
        self.seat = seats.get(who) or ""
        self.carrier = facts.carrier
        self.blocked = blocked_edges(state)
        self.track = state.track.occupied()
        self.peek_disaster = False
        if not chance_free and state.disasters.draw_pile:
            self.peek_disaster = state.disasters.draw_pile[0] not in tables(defs).hood_advances
        self.hood_cost, self.loss_risk_at = self._hood_costs()
        self.teamwork = hand.count("teamwork")
        self.intelligence = hand.count("intelligence")
        self._distance_cache: dict[tuple[str, str], Mapping[str, int]] = {}
        self._chance_cache: dict[str, dict[str, _Chance]] = {}
        self._moved_cache: dict[str, frozenset[str]] = {}
        self._value_cache: dict[tuple[str, str, int], float] = {}
        self._fleet_cache: dict[str, dict[str, float]] = {}
        self._next_cache: dict[tuple[str, str], float] = {}
        self._loads_cache: dict[tuple[str, str], tuple[str, ...]] = {}
        self._parked_cache: dict[str, list[str]] = {}
        self._scheme_cache: dict[tuple[str, frozenset[str]], float] = {}
        self._progress_cache: dict[tuple[str, frozenset[str]], float] = {}
        self._local: list[tuple[float, object]] | None = None
        cards = facts.cards
        self.cards_at: dict[str, list[str]] = {}
        for _slot, card_id in self.track:
            self.cards_at.setdefault(cards[card_id].region, []).append(card_id)
        current = state.current_scheme
        self.current = current
        self.scheme = None if current is None else facts.schemes[current.card]
        self.scheme_regions: tuple[str, ...] = () if self.scheme is None else self.scheme.regions
        self.scheme_pieces = () if self.scheme is None else self.scheme.pieces
        self.scheme_urgency = 0.0 if current is None else self._scheme_urgency(current.space)
        self.need_pieces: frozenset[str] = frozenset()
        self.need_before: list[int] = []
        self.needs: tuple[_Need, ...] | None = None

    # --- the decision --------------------------------------------------------------------------------------------

    def decide(self) -> object:
        state = self.state
        foil = foil_action(state, self.defs, self.model)
        if foil is not None:
            return foil
        build = self._build_pod()
        if build is not None:
            return build
        exchange = self._exchange()
        if exchange is not None:
            return exchange
        if state.actions_left <= 0:
            if self.hand.count("determination") and self._best(1)[0] >= DETERMINATION_THRESHOLD:
                return act.UseDetermination()
            return act.EndTurn()
        value, step = self._best(state.actions_left)
        return step if value > 0 and step is not None else act.EndTurn()

    # --- free operations -------------------------------------------------------------------------------------------

    def _build_pod(self) -> object | None:
        if not self.hand.count("technology"):
            return None
        wanted = _pods_wanted(self.state, self.defs)
        return act.UseTechnology(wanted[0][1]) if wanted else None

    def _exchange(self) -> object | None:
        """Lady Penelope's exchange: a token of a kind the face-up scheme names, for one it does not."""
        ability = self.facts.exchange_ability.get(self.who)
        current = self.current
        if ability is None or ability.id in self.state.used or current is None:
            return None
        needs = self.model.scheme_tokens(self.defs.schemes[current.card], self.defs)
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

    def _boardable(self, vehicle: str) -> bool:
        """The active character can fly this vehicle (after a transfer if it is not their seat)."""
        if vehicle in self.cargo or self.facts.networks[vehicle] == "none":
            return False
        if vehicle == self.seat:
            return True
        seats = self.facts.seat_counts[vehicle]
        return seats is None or len(self.occupants.get(vehicle, ())) < seats

    def _moved(self, vehicle: str) -> frozenset[str]:
        """Every piece that goes where `vehicle` goes when the active character flies it."""
        found = self._moved_cache.get(vehicle)
        if found is None:
            occupants = self.occupants
            moved = {vehicle, self.who, *occupants.get(vehicle, ())}
            if vehicle == self.carrier:
                for piece in self.cargo:
                    moved.add(piece)
                    moved.update(occupants.get(piece, ()))
            found = frozenset(moved)
            self._moved_cache[vehicle] = found
        return found

    def _motion(self, vehicle: str) -> tuple[int, str]:
        network = self.facts.networks[vehicle]
        if network == "none" or vehicle in self.cargo:
            return 0, "none"
        return top_speed(self.state, self.defs, vehicle), network

    def _parked(self, region: str, exclude: Sequence[str]) -> list[str]:
        """Vehicles standing in `region` that the active character could board there."""
        found = self._parked_cache.get(region)
        if found is None:
            seat = self.seat
            found = sorted(
                v for v, r in self.state.vehicles if r == region and v != seat and self._boardable(v)
            )
            self._parked_cache[region] = found
        return [v for v in found if v not in exclude] if exclude and found else found

    # --- plans -------------------------------------------------------------------------------------------------------

    def _best(self, actions: int) -> tuple[float, object | None]:
        """The best plan within `actions`: (transfer here) fly a vehicle to X, (transfer there, fly on to R), act."""
        if self.needs is None:
            self.needs = self._needs()
        best_value, best_step = 0.0, None
        here = self.here
        cargo = self.cargo
        occupants = self.occupants
        first_legs = [self.seat] + self._parked(here, ())
        for vehicle in first_legs:
            transfer = vehicle != self.seat
            speed, network = self._motion(vehicle)
            reach = self._reach(here, speed, network)
            moved = self._moved(vehicle)
            penalty = (TRANSFER_COST + self._leaving_seat_cost()) if transfer else 0.0
            for region, distance in reach.items():
                moves = 0 if distance == 0 else -(-distance // speed)
                if moves > actions:
                    continue
                left = actions - moves
                loads = self._loads_for(vehicle, region) if moves else ()
                arriving = moved
                if loads:
                    arriving = moved | set(loads) | {o for p in loads for o in occupants.get(p, ())}
                value, local = self._value_at(vehicle, region, left, arriving, moves == 0 and not transfer)
                if moves:
                    value -= MOVE_COST * moves
                    value += self._progress(region, arriving) + self._pickup_value(vehicle, region)
                value -= penalty
                if value > best_value:
                    step = self._first_step(vehicle, transfer, loads, region, moves, local)
                    if step is not None:
                        best_value, best_step = value, step
                if moves == 0 or left <= 0:
                    continue
                # A second leg: transfer into a vehicle standing in `region` and fly it on.
                for other in self._parked(region, (vehicle,)):
                    if other in cargo or other in moved:
                        continue
                    speed2, network2 = self._motion(other)
                    other_moved = self._moved(other) | {self.who}
                    for target, distance2 in self._reach(region, speed2, network2).items():
                        moves2 = 0 if distance2 == 0 else -(-distance2 // speed2)
                        if moves2 == 0 or moves + moves2 > actions:
                            continue
                        value2, _local = self._value_at(other, target, left - moves2, other_moved, False)
                        value2 += self._progress(target, other_moved) + self._progress(region, moved)
                        value2 -= MOVE_COST * (moves + moves2) + TRANSFER_COST + penalty
                        if value2 > best_value:
                            step = self._first_step(vehicle, transfer, (), region, moves, None)
                            if step is not None:
                                best_value, best_step = value2, step
        return best_value, best_step

    def _reach(self, start: str, speed: int, network: str) -> Mapping[str, int]:
        if speed <= 0:
            return {start: 0}
        return self._distances(network, start)

    def _first_step(
        self, vehicle: str, transfer: bool, loads: Sequence[str], region: str, moves: int, local: object | None
    ) -> object | None:
        if transfer:
            return act.Transfer(self.who, vehicle)
        if loads:
            return act.Load(loads[0])
        if moves:
            unload = self._unload_before_leaving(vehicle, region)
            if unload is not None:
                return unload
            speed, network = self._motion(vehicle)
            return act.Move(vehicle, self._next_region(network, speed, region))
        return local

    def _leaving_seat_cost(self) -> float:
        """John leaving Thunderbird 5 gives up ignoring a Hood face in every rescue and scanning."""
        return self.facts.leaving_cost.get((self.who, self.seat), 0.0)

    def _value_at(
        self, vehicle: str, region: str, left: int, moved: frozenset[str], at_start: bool
    ) -> tuple[float, object | None]:
        """The best use of `left` actions after arriving in `region` in `vehicle` (with the action that starts
        it when the character is already there), plus what being there sets up for the next turn."""
        best, step = 0.0, None
        if left > 0:
            cards = self.cards_at.get(region)
            if cards:
                chances = self._chances(vehicle)
                for card_id in cards:
                    entry = chances.get(card_id)
                    if entry is None or entry[2] is None:
                        continue
                    value = self._attempts_value(vehicle, card_id, left)
                    if value > best:
                        best, step = value, entry[2]
        if region in self.scheme_regions:
            scheme_value = self._scheme_value(region, moved)
            if scheme_value > best:
                best, step = scheme_value, None
        if at_start and left > 0:
            for value, action in self._local_actions():
                if value > best:
                    best, step = value, action
        return max(best, 0.0) + self._next_turn_value(region, vehicle), step

    def _next_turn_value(self, region: str, vehicle: str) -> float:
        """The best rescue the character could make next turn from `region` (3 actions, any vehicle there)."""
        key = (region, vehicle)
        found = self._next_cache.get(key)
        if found is None:
            best = self._fleet_table(vehicle).get(region, 0.0)
            for fleet in self._parked(region, (vehicle,)):
                best = max(best, self._fleet_table(fleet).get(region, 0.0))
            found = self._next_cache[key] = NEXT_TURN_DISCOUNT * best
        return found

    def _fleet_table(self, vehicle: str) -> Mapping[str, float]:
        """For each region: the best rescue value next turn (3 actions) for the character flying `vehicle` from
        there."""
        table = self._fleet_cache.get(vehicle)
        if table is not None:
            return table
        table = {}
        speed, network = self._motion(vehicle)
        chances = self._chances(vehicle)
        cards = self.facts.cards
        for _slot, card_id in self.track:
            entry = chances.get(card_id)
            if entry is None or entry[2] is None:
                continue
            target = cards[card_id].region
            by_moves = [self._attempts_value(vehicle, card_id, attempts) for attempts in (3, 2, 1)]
            if table.get(target, 0.0) < by_moves[0]:
                table[target] = by_moves[0]
            if speed <= 0:
                continue
            two = by_moves[2]
            one = by_moves[1]
            for region, distance in self._distances(network, target).items():
                if distance == 0:
                    continue
                moves = -(-distance // speed)
                if moves == 1:
                    if table.get(region, 0.0) < one:
                        table[region] = one
                elif moves == 2 and table.get(region, 0.0) < two:
                    table[region] = two
        self._fleet_cache[vehicle] = table
        return table

    def _attempts_value(self, vehicle: str, card_id: str, attempts: int) -> float:
        key = (vehicle, card_id, attempts)
        value = self._value_cache.get(key)
        if value is None:
            odds, weight, _action = self._chances(vehicle)[card_id]
            value = self._rescue_value(odds, weight, attempts)
            self._value_cache[key] = value
        return value

    # --- rescues ------------------------------------------------------------------------------------------------

    def _urgency(self, slot: int) -> float:
        urgency = URGENCY.get(slot, 1.0)
        if self.peek_disaster and slot == len(self.state.track):
            urgency *= 2
        return urgency

    def _chances(self, vehicle: str) -> dict[str, _Chance]:
        """For each card on the track: the odds if the active character flies `vehicle` to it, the card's weight,
        and the Rescue action to take there (None when this character cannot attempt it that way)."""
        found = self._chance_cache.get(vehicle)
        if found is None:
            seats = {self.who: vehicle} if vehicle != self.seat else {}
            found = self._rescue_chances(self._moved(vehicle), seats)
            self._chance_cache[vehicle] = found
        return found

    def _rescue_chances(self, moved: frozenset[str], seats: Mapping[str, str]) -> dict[str, _Chance]:
        cards = self.facts.cards
        pos = self.pos
        chances: dict[str, _Chance] = {}
        john = self._john_ignores(seats)
        teamwork, intelligence = self.teamwork, self.intelligence
        for slot, card_id in self.track:
            card = cards[card_id]
            urgency = self._urgency(slot)
            weight = urgency * RESCUE_WEIGHT + TOKEN_VALUE * card.rewards
            region = card.region
            if card.unknown:
                chances[card_id] = (None, urgency * RESCUE_WEIGHT, _confirm_action(card_id))
                continue
            if card.no_dice is not None:
                ready = all(
                    (region if piece in moved else pos[kind].get(piece)) == required
                    for kind, piece, required in card.no_dice
                )
                chances[card_id] = (None, weight, _rescue_action(card_id) if ready else None)
                continue
            if card.difficulty is None:
                continue
            bonus = self._bonus(card, moved, region, seats)
            fabs = self._rescue_fabs(card)
            odds = _float_odds(card.difficulty, bonus, teamwork, intelligence, john)
            if fabs and odds[0] < 0.95:
                boosted = _float_odds(card.difficulty, bonus + sum(v for _, v in fabs), teamwork, intelligence, john)
                chances[card_id] = (boosted, weight, _rescue_action(card_id, tuple(f for f, _ in fabs)))
            else:
                chances[card_id] = (odds, weight, _rescue_action(card_id))
        return chances

    def _rescue_value(self, odds: _Odds | None, weight: float, attempts: int) -> float:
        if odds is None:  # a no-dice card (or one the model treats as such): certain, no Hood
            return weight
        first, later, hood_first, hood_later = odds
        fail_all = (1 - first) * (1 - later) ** (attempts - 1)
        tries = 1.0
        still = 1 - first
        for _ in range(attempts - 1):
            tries += still
            still *= 1 - later
        hood = hood_first + (tries - 1) * hood_later
        risk = self.loss_risk_at * hood_first * 11 / 12 if self.loss_risk_at else 0.0
        return weight * (1 - fail_all) - self.hood_cost * hood - LOSS_COST * risk

    def _bonus(self, card: _Card, moved: frozenset[str], region: str, seats: Mapping[str, str]) -> int:
        """The bonus the active character would have at `card` once `moved` pieces are in `region`."""
        total = 0
        for piece, vehicle, value in card.seat_bonuses:
            if seats.get(piece, self.seats.get(piece)) == vehicle:
                total += value
        pos = self.pos
        for kind, piece, required, value in card.place_bonuses:
            where = region if piece in moved else pos[kind].get(piece)
            if where is not None and where == required:
                total += value
        rescue_type, rescue_bonus = self.facts.rescue_type[self.who]
        if rescue_type is not None and rescue_type == card.rescue_type:
            total += rescue_bonus
        for effect in self.state.effects:
            if effect.kind == "rescue-modifier" and (effect.rescue_type in (None, card.rescue_type)):
                total += effect.value
        return total

    def _rescue_fabs(self, card: _Card) -> list[tuple[str, int]]:
        """F.A.B. cards that may add to this rescue before the roll (the active player's, and others' that may be
        played in another player's turn), with their value."""
        found: list[tuple[str, int]] = []
        fab_values = self.facts.fab_values
        if not fab_values:
            return found
        for index, hand in enumerate(self.state.players):
            for fab_id in hand.fabs:
                entry = fab_values.get(fab_id)
                if entry is None or any(f == fab_id for f, _ in found):
                    continue
                any_turn, values = entry
                if not any_turn and index != self.state.active:
                    continue
                value = sum(v for rescue_type, v in values if rescue_type in (None, card.rescue_type))
                if value > 0:
                    found.append((fab_id, value))
        return found

    def _john_ignores(self, seats: Mapping[str, str]) -> bool:
        played = {hand.character for hand in self.state.players}
        for character, vehicle in self.facts.ignore_hood:
            if character in played:
                if vehicle is None or seats.get(character, self.seats.get(character)) == vehicle:
                    return True
        return False

    def _hood_costs(self) -> tuple[float, float]:
        """(cost of one Hood space, loss weight): Hood spaces matter more as The Hood nears an unfoiled scheme."""
        state = self.state
        gaps = [c.space - state.hood for c in state.hood_cards if c.kind == "scheme" and c.status != "foiled"]
        gap = min((g for g in gaps if g > 0), default=99)
        if gap <= 1:
            return HOOD_STEP_COST * 4, 1.0
        if gap == 2:
            return HOOD_STEP_COST * 3, 0.0
        if gap == 3:
            return HOOD_STEP_COST * 1.8, 0.0
        if gap == 4:
            return HOOD_STEP_COST * 1.3, 0.0
        return HOOD_STEP_COST, 0.0

    # --- what a move sets up -----------------------------------------------------------------------------------

    def _distances(self, network: str, target: str) -> Mapping[str, int]:
        """Moves from every region to `target` (the board is undirected); shared tables when nothing is blocked."""
        if not self.blocked:
            return self.facts.distances[network].get(target) or {target: 0}
        key = (network, target)
        found = self._distance_cache.get(key)
        if found is None:
            found = self.defs.board.distances_from(target, network, self.blocked)  # type: ignore[arg-type]
            self._distance_cache[key] = found
        return found

    # --- pieces that must be brought somewhere (no-dice cards, the face-up scheme) --------------------------------

    def _needs(self) -> tuple[_Need, ...]:
        cards = self.facts.cards
        needs: list[_Need] = []
        for slot, card_id in self.track:
            required = cards[card_id].no_dice or ()
            for _kind, piece, region in required:
                needs.append(
                    _Need(piece, region, self._urgency(slot) * RESCUE_WEIGHT * NO_DICE_PIECE_SHARE / len(required))
                )
        for _kind, piece, region in self.scheme_pieces:
            needs.append(_Need(piece, region, self.scheme_urgency * SCHEME_PIECE_VALUE / len(self.scheme_pieces)))
        needs.extend(self._bonus_needs())
        defs = self.defs
        kept = [
            n
            for n in needs
            if n.piece in defs.vehicles or n.piece in defs.characters or self.pod_at.get(n.piece) is not None
        ]
        self.need_pieces = frozenset(n.piece for n in kept)
        self.need_before = [self._piece_distance(self._where(n.piece), n.target) for n in kept]
        return tuple(kept)

    def _bonus_needs(self) -> list[_Need]:
        """Printed bonus pieces of the cards on the track, weighted by the chance their bonus adds (or, for those
        in place, would lose), seen from the best type bonus the team can bring."""
        facts = self.facts
        types: dict[str, int] = {}
        for hand in self.state.players:
            rescue_type, bonus = facts.rescue_type[hand.character]
            if rescue_type is not None:
                types[rescue_type] = max(types.get(rescue_type, 0), bonus)
        pos = self.pos
        needs: list[_Need] = []
        for slot, card_id in self.track:
            card = facts.cards[card_id]
            if card.difficulty is None or card.kind != "disaster":
                continue
            lines = card.need_lines
            placed = {piece: pos[kind].get(piece) == required for kind, piece, required, _value in lines}
            bonus = sum(value for _k, piece, _r, value in lines if placed[piece]) + types.get(card.rescue_type or "", 0)
            base = _float_success(card.difficulty, bonus)
            weight = self._urgency(slot) * RESCUE_WEIGHT * BONUS_SHARE
            for kind, piece, required, value in lines:
                if required is None:
                    continue
                if placed[piece]:
                    gain = base - _float_success(card.difficulty, bonus - value)
                else:
                    if kind == "pod" and self.pod_at.get(piece) is None:
                        continue
                    gain = _float_success(card.difficulty, bonus + value) - base
                if gain > 0.01:
                    needs.append(_Need(piece, required, weight * gain))
        return needs

    def _piece_distance(self, start: str | None, target: str) -> int:
        """Moves (at speed 1, on Earth) between two regions; far for space regions."""
        if start is None:
            return FAR
        if start == target:
            return 0
        return self._distances("earth", target).get(start, FAR)

    def _progress(self, region: str, moved: frozenset[str]) -> float:
        """How much closer the moved pieces come to where no-dice cards and the scheme need them (negative when
        they leave)."""
        if not self.needs or self.need_pieces.isdisjoint(moved):
            return 0.0
        key = (region, moved)
        found = self._progress_cache.get(key)
        if found is None:
            found = 0.0
            for need, before in zip(self.needs, self.need_before):
                if need.piece not in moved:
                    continue
                after = self._piece_distance(region, need.target)
                found += need.weight * max(-1.0, (before - after) / max(before, 1))
            self._progress_cache[key] = found
        return found

    def _where(self, piece: str) -> str | None:
        kind = self.facts.kinds.get(piece, "character")
        return self.pos[kind].get(piece)

    def _pickup_value(self, vehicle: str, region: str) -> float:
        """Thunderbird 2 reaching a needed piece it can carry (to bring it on later)."""
        if vehicle != self.carrier or not self.needs:
            return 0.0
        value = 0.0
        pods, carries = self.facts.pods, self.facts.carries
        for need in self.needs:
            where = self._where(need.piece)
            if where != region or where == need.target or need.piece in self.cargo:
                continue
            if need.piece in pods or need.piece in carries:
                value = max(value, need.weight * PICKUP_SHARE)
        return value

    def _loads_for(self, vehicle: str, region: str) -> tuple[str, ...]:
        """What Thunderbird 2 should pick up here before flying to `region`: pieces with a bonus there."""
        if vehicle != self.carrier or self.vehicle_at.get(self.carrier) != self.here:
            return ()
        key = (vehicle, region)
        found = self._loads_cache.get(key)
        if found is None:
            found = self._loads_cache[key] = self._loads_uncached(vehicle, region)
        return found

    def _loads_uncached(self, vehicle: str, region: str) -> tuple[str, ...]:
        state, defs = self.state, self.defs
        pods = self.facts.pods
        wanted: list[tuple[float, str]] = []
        places: list[tuple[str, str, str, float]] = []
        for need in self.needs or ():
            if self._piece_distance(region, need.target) < self._piece_distance(self.here, need.target):
                kind = "pod" if need.piece in pods else "vehicle" if need.piece in defs.vehicles else "character"
                places.append((kind, need.piece, need.target, need.weight))
        for kind, piece, _required, value in places:
            if kind == "character":
                piece = self.seats.get(piece) or ""
            if piece in self._moved(vehicle) or piece in self.cargo:
                continue
            if self.pos["pod" if piece in pods else "vehicle"].get(piece) != self.here:
                continue
            if piece in pods or piece in self.facts.carries:
                wanted.append((value, piece))
        loads: list[str] = []
        for _value, piece in sorted(wanted, reverse=True):
            if piece in loads:
                continue
            if cargo_room(state, defs, piece) and all(_fits_with(defs, piece, other) for other in loads):
                loads.append(piece)
        return tuple(loads[: self.facts.pod_capacity])

    def _unload_before_leaving(self, vehicle: str, destination: str) -> object | None:
        """Thunderbird 2 leaves behind cargo that gives a bonus here and none at the destination."""
        if vehicle != self.carrier:
            return None
        for piece in self.cargo:
            pieces = frozenset({piece, *self.occupants.get(piece, ())})
            if self._progress(destination, pieces) < 0:
                return act.Unload(piece)
        return None

    def _next_region(self, network: str, speed: int, target: str) -> str:
        """The region one move takes the vehicle to on a shortest path to `target`."""
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

    def _scheme_uncached(self, current: HoodCard, scheme: _Scheme, region: str, moved: frozenset[str]) -> float:
        where = {hand.character: self.character_at.get(hand.character) for hand in self.state.players}
        for character in moved:
            if character in where:
                where[character] = region
        urgency = self._scheme_urgency(current.space)
        pos = self.pos
        pieces_ready = all(
            (region if piece in moved else pos[kind].get(piece)) == required for kind, piece, required in scheme.pieces
        )
        if pieces_ready and _assign_needs(self.state, scheme.tokens, where) is not None:
            return SCHEME_VALUE * urgency
        needed = scheme.tokens_needed
        mine = sum(self.hand.tokens)
        if not needed or not mine:
            return 0.0
        return SCHEME_APPROACH * urgency * min(1.0, mine / needed)

    def _scheme_urgency(self, space: int) -> float:
        gap = space - self.state.hood
        return {1: 3.0, 2: 2.2, 3: 1.6, 4: 1.3}.get(gap, 1.0)

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


_SUCCESS: dict[tuple[int, int], float] = {}
_CONFIRMS: dict[str, object] = {}


def _float_success(difficulty: int, bonus: int) -> float:
    """The bare chance of success (no tokens), as a float."""
    key = (difficulty, bonus)
    found = _SUCCESS.get(key)
    if found is None:
        found = _SUCCESS[key] = float(rescue_odds(difficulty, bonus).success)
    return found


def _confirm_action(card_id: str) -> object:
    found = _CONFIRMS.get(card_id)
    if found is None:
        found = _CONFIRMS[card_id] = act.ConfirmRescue(card_id)
    return found


def _floats(odds: RescueOdds) -> _Odds:
    return (
        float(odds.success_with_tokens),
        float(odds.success),
        float(odds.expected_hood_with_tokens),
        float(odds.expected_hood),
    )


def _fits_with(defs: Definitions, piece: str, other: str) -> bool:
    """Thunderbird 2 carries one vehicle, or pods only."""
    return piece in defs.pods and other in defs.pods


# --- foiling schemes -------------------------------------------------------------------------------------------


def foil_action(state: GameState, defs: Definitions, model: UnknownCardModel = DEFAULT_MODEL) -> object | None:
    """`FoilScheme` for the face-up scheme if the team can foil it now under the model, else None."""
    current = state.current_scheme
    if current is None or state.phase != "actions":
        return None
    scheme = defs.schemes[current.card]
    for need in scheme.pieces or ():
        if piece_region(state, defs, need.piece_kind, need.piece) != need.region:
            return None
    where = {hand.character: state.character_region(hand.character) for hand in state.players}
    discards = _assign_discards(state, defs, model, scheme, where)
    if discards is None:
        return None
    action = act.FoilScheme(discards, scheme_needs_confirmation(scheme))
    return action if check_foil_scheme(state, action, defs) is None else None


def _assign_discards(
    state: GameState,
    defs: Definitions,
    model: UnknownCardModel,
    scheme: SchemeCard,
    where: Mapping[str, str | None],
) -> tuple[tuple[str, str], ...] | None:
    """Which tokens to discard (player, kind) so every need is met by characters in its regions; greedy, named
    kinds first, giving up the least useful kinds for "any kind"."""
    return _assign_needs(state, model.scheme_tokens(scheme, defs), where)


def _assign_needs(
    state: GameState, needs: Sequence[TokenNeed], where: Mapping[str, str | None]
) -> tuple[tuple[str, str], ...] | None:
    left = {hand.character: list(hand.tokens) for hand in state.players}
    discards: list[tuple[str, str]] = []
    for need in sorted(needs, key=lambda n: n.kind is None):
        givers = [c for c in left if where.get(c) in need.regions]
        for _ in range(need.count):
            picked = _pick_token(left, givers, need.kind)
            if picked is None:
                return None
            discards.append(picked)
    return tuple(sorted(discards))


def _pick_token(left: dict[str, list[int]], givers: Sequence[str], kind: str | None) -> tuple[str, str] | None:
    kinds = (kind,) if kind is not None else DISCARD_ORDER
    for wanted in kinds:
        i = TOKEN_KINDS.index(wanted)
        for character in givers:
            if left[character][i] > 0:
                left[character][i] -= 1
                return character, wanted
    return None


__all__ = [
    "DEFAULT_MODEL",
    "MAX_CHOICES_PER_TURN",
    "TokenNeed",
    "UnknownCardModel",
    "choose",
    "foil_action",
    "next_action",
]
