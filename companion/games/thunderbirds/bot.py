"""A heuristic Thunderbirds player: good enough to play whole games sensibly, fast enough to simulate hundreds of
games a second.

`choose(state, defs)` returns one action for the position, a pure function of what the table can see (no
randomness of its own). It plans from scratch:

1. a rescue under way follows `odds.advice_for` (re-roll, Teamwork, John's ignore, then finish); joker rewards
   are taken where the team needs them (the face-up scheme first, then Teamwork and Intelligence);
2. free operations that are clearly good: foil the face-up scheme when the tokens and people are in place, build
   a pod a disaster on the track asks for, Lady Penelope's exchange towards a kind the scheme needs, a
   Determination token when one more action is worth it;
3. otherwise the plan for the actions left is chosen among the few regions that matter: where a card on the track
   is, the face-up scheme's regions, where a needed piece must go, where another Thunderbird waits, and here.
   For each Thunderbird the active character can fly (their own, or one standing here to transfer into), each
   such region is scored once: a rescue there (exact odds with the bonuses the flight brings, weighted by how
   close the card is to the skull and by the Hood advances it risks, counting every attempt the actions left
   allow), reaching the scheme's region with the tokens to foil it, a Scan from Thunderbird 5 or a character's
   token-drawing action where the character stands, taking on a faster Thunderbird (or one on another network)
   waiting there, and what the move sets up: the rescue there next turn, and how much closer it brings pieces
   needed elsewhere (a no-dice card's Thunderbirds, the scheme's pods, bonus pieces weighted by the chance their
   bonus adds; moving a piece away from where it helps costs as much). A region out of reach this turn is
   approached for what it sets up next turn. Thunderbird 2 loads the pieces it should bring and leaves behind
   those that help where they are. When nothing is worth an action, the turn ends; a Determination token is
   weighed only when one more action could pay (a card here or near the skull, the scheme with the tokens in
   hand, a Scan, a token to draw).

`next_action(state, defs, choices)` is what drivers playing whole games call (the simulation, the app's
autoplay): it plans as `choose` does, then follows the plan it chose. While each state it is given is exactly the
one its last step led to (`_led_to`), the plan's next step comes without a new search (also after a pod is built
or a token exchanged on the way); a failed rescue is tried again unless a Hood face brought a scheme nearer than
the plan weighed, since the plan was scored for every attempt. Anything else (a roll's outcome it did not
expect, a free operation that changes the plan's premises, arriving where another Thunderbird waits, a player's
own change) means planning again: about twenty searches per game, one per turn and one after most rolls.

The search is written for speed: what the definitions fix is derived once (`_Facts`), a decision turns the
state's small tuples into dictionaries once, a card's bonus is counted once and only corrected for the pieces a
vehicle moves, each vehicle's candidate regions are scored in one loop, and values that recur between decisions
(a rescue's worth, a card's bonus needs, the next region on a route) are kept in bounded tables keyed by
everything they depend on.

Cards the app does not know (see `UnknownCardModel`) are handled by the assumptions the model states, so the bot
never takes a free win from a card the app cannot check. The bot never moves a piece back and forth for free:
transfers and loads only happen as the first step of a plan that then spends an action, and `next_action` caps
the choices per turn (`MAX_CHOICES_PER_TURN`).
"""

from __future__ import annotations

import dataclasses
import operator
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from companion.games.thunderbirds import actions as act
from companion.games.thunderbirds.definitions import TOKEN_KINDS, Ability, Definitions, DisasterCard, SchemeCard
from companion.games.thunderbirds.movement import blocked_edges, cargo_room, piece_region, top_speed
from companion.games.thunderbirds.odds import RescueOdds, advice_for, rescue_odds
from companion.games.thunderbirds.operations import check_foil_scheme, scheme_needs_confirmation
from companion.games.thunderbirds.rescue import hood_ignorer, is_unknown
from companion.games.thunderbirds.rules import check
from companion.games.thunderbirds.state import HOOD_FACE, GameState, HoodCard, PendingRescue, PendingReward, assign
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
    """The bot's action in `state` (the game must not be over): a pure function of the state.

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
    """The bot's action when it plays a whole game, one call per step: drivers (the simulation, the app's
    autoplay) use this rather than `choose`.

    A plan chosen here is followed to its end: when `state` is exactly the one the plan's last step led to, the
    next step comes without planning again (free operations that became possible still come first); a roll, a
    drawn card or anything else unforeseen means a new plan, as `choose` makes it. Once `MAX_CHOICES_PER_TURN`
    choices were made this turn the turn is closed: whatever is under way is finished and the turn ends, so a
    heuristic slip can never loop forever."""
    if choices_this_turn >= MAX_CHOICES_PER_TURN:
        _FOLLOWING[0] = None
        _RETRY[0] = None
        if isinstance(state.pending, PendingRescue):
            return act.FinishRescue()
        if isinstance(state.pending, PendingReward):
            return _reward_choice(state, defs, model)
        return act.EndTurn()
    if state.outcome is not None or state.pending is not None:
        _FOLLOWING[0] = None
        return choose(state, defs, chance_free, model)
    return _follow(state, defs, chance_free, model)


#: The plan `next_action` is following: (the state its last step was taken in, that step, the rest of the plan).
_FOLLOWING: list[tuple[GameState, object, "_Plan"] | None] = [None]
#: The rescue the plan is trying, to try again if it fails: (the state it was first tried in, the Rescue).
_RETRY: list[tuple[GameState, object] | None] = [None]


def _follow(state: GameState, defs: Definitions, chance_free: bool, model: UnknownCardModel) -> object:
    following = _FOLLOWING[0]  # one read and one write each: another thread may be playing too
    _FOLLOWING[0] = None
    retry = _RETRY[0]
    _RETRY[0] = None
    turn = _Turn(state, defs, model, chance_free)
    plan = None
    if following is not None and state.actions_left > 0:
        before, taken, rest = following
        if _led_to(before, taken, state, turn.facts.carrier):
            plan = rest
    free = turn.free_operation()
    if free is not None:
        if type(free) in _KEEPS_PLAN:  # a pod built or a token exchanged: the plan and the retry still stand
            if plan is not None:
                _FOLLOWING[0] = (state, free, plan)
            _RETRY[0] = retry
        return free
    step = None
    if plan is None and retry is not None and state.actions_left > 0:
        # A failed rescue is tried again with the actions left: the plan was worth what it was for every attempt.
        tried, action = retry
        if (
            state.turn == tried.turn
            and state.active == tried.active
            # The Hood moved nearer a scheme than the plan weighed: what it risked has changed, plan again.
            and (state.hood == tried.hood or hood_costs(state) == hood_costs(tried))
            and state.vehicles == tried.vehicles
            and state.seats == tried.seats
            and state.disasters == tried.disasters  # the same game, the card still unresolved
            and check(state, action, defs) is None
        ):
            _RETRY[0] = retry
            return action
    if plan is not None:
        step = turn.first_step(plan, not isinstance(taken, (act.Move, act.Load)))  # type: ignore[arg-type]
        if not isinstance(step, (act.Move, act.Unload)) and check(state, step, defs) is not None:
            step = None  # e.g. a second pod no longer fits: plan again
    if step is None:
        plan = turn.plan()
        if plan is None:
            return act.EndTurn()
        step = turn.first_step(plan)
    rest = _rest(plan, step)  # type: ignore[arg-type]
    if isinstance(step, act.Rescue) and not defs.disasters[step.disaster].is_no_dice:
        _RETRY[0] = (state, step)
    if rest is not None:
        _FOLLOWING[0] = (state, step, rest)
    return step


#: For each step a plan goes on after: the state fields it changes (`_led_to` checks those itself).
_CHANGES: dict[type, frozenset[str]] = {
    act.Move: frozenset({"vehicles", "pods", "actions_left", "fresh_turn"}),
    act.Transfer: frozenset({"seats", "fresh_turn"}),
    act.Load: frozenset({"cargo", "fresh_turn"}),
    act.Unload: frozenset({"cargo", "fresh_turn"}),
    act.UseTechnology: frozenset({"players", "pods", "supply", "fresh_turn"}),
    act.ExchangeToken: frozenset({"players", "supply", "used", "fresh_turn"}),
}
#: Free operations a plan being followed survives (they only change tokens, or add a pod on Tracy Island).
_KEEPS_PLAN = frozenset({act.UseTechnology, act.ExchangeToken})
_STATE_FIELDS = tuple(f.name for f in dataclasses.fields(GameState))
#: For each step a plan goes on after: the state's other fields, read at once.
_UNCHANGED = {
    kind: operator.attrgetter(*(name for name in _STATE_FIELDS if name not in changed))
    for kind, changed in _CHANGES.items()
}


def _led_to(before: GameState, step: object, state: GameState, carrier: str) -> bool:
    """Whether `state` is exactly what taking `step` in `before` gives: every other field the same (states share
    unchanged values, so this is mostly identity), the changed ones as the rules make them. A state reached any
    other way (an undo, a reload, a player's own move) is not, and gets a new plan."""
    unchanged = _UNCHANGED.get(type(step))
    if unchanged is None or unchanged(state) != unchanged(before):  # tuples of the fields: compared by identity first
        return False
    if state.fresh_turn:
        return False
    if isinstance(step, act.Move):
        if state.actions_left != before.actions_left - 1:
            return False
        to, moved = step.to, step.vehicle
        carried = before.cargo if before.cargo and moved == carrier else ()
        vehicles = tuple([(v, to) if v == moved or v in carried else (v, r) for v, r in before.vehicles])
        pods = tuple([(p, to) if p in carried else (p, r) for p, r in before.pods]) if carried else before.pods
        return state.vehicles == vehicles and state.pods == pods
    if isinstance(step, act.Transfer):
        return step.swap_with is None and state.seats == assign(before.seats, step.character, step.to_vehicle)
    if isinstance(step, act.Load):
        return state.cargo == before.cargo + (step.piece,)
    if isinstance(step, act.Unload):
        return state.cargo == tuple([p for p in before.cargo if p != step.piece])
    if isinstance(step, act.UseTechnology):
        return state.pods[:-1] == before.pods and state.pods[-1][0] == step.pod
    return isinstance(step, act.ExchangeToken) and state.used != before.used


def _rest(plan: "_Plan", step: object) -> "_Plan | None":
    """What is left of `plan` once `step` is taken (None: nothing, a roll decides what comes next, or cargo left
    behind on the way changes what the plan was worth)."""
    vehicle, _transfer, loads, region, moves, local = plan
    if isinstance(step, act.Transfer):
        rest = (vehicle, False, loads, region, moves, local)
    elif isinstance(step, act.Load):
        rest = (vehicle, False, tuple(loads[1:]), region, moves, local)
    elif isinstance(step, act.Move):
        rest = (vehicle, False, (), region, moves - 1, local)
    elif isinstance(step, act.Unload):
        rest = plan  # cargo left behind before the move: the move comes next
    else:
        return None
    # Arrived with nothing planned there (a Thunderbird to take on, a scheme's region): plan again, with loads and
    # the character's own actions in view (following the onward leg as scored from afar plays worse).
    return rest if rest[4] > 0 or rest[5] is not None or rest[2] else None


# --- the rescue under way and rewards ------------------------------------------------------------------------


def _rescue_step(state: GameState, defs: Definitions) -> object:
    pending = state.pending
    assert isinstance(pending, PendingRescue)
    card = defs.disasters[pending.disaster]
    ignorer = hood_ignorer(state, defs) is not None
    hand = state.players[pending.player]
    key = (
        card.difficulty,
        pending.bonus + pending.adjust_bonus + 2 * pending.teamwork,
        pending.dice,
        hand.count("teamwork"),
        hand.count("intelligence"),
        pending.ignored_die,
        ignorer,
    )
    found = _RESCUE_STEPS.get(key)
    if found is None:
        found = _RESCUE_STEPS[key] = _rescue_step_uncached(state, defs, pending, ignorer)
        if len(_RESCUE_STEPS) > _KEPT:
            _RESCUE_STEPS.clear()
            _RESCUE_STEPS[key] = found
    return found


#: Token decisions after a roll by everything they depend on (see `_rescue_step`); actions are immutable.
_RESCUE_STEPS: dict[tuple[object, ...], object] = {}


def _rescue_step_uncached(state: GameState, defs: Definitions, pending: PendingRescue, ignorer: bool) -> object:
    advice = advice_for(state, defs)
    if advice is not None and advice.kind == "reroll" and advice.die is not None:
        return act.UseIntelligence(advice.die)
    if pending.ignored_die is None and ignorer:
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
#
# The plan search (see the module docstring for how it is kept fast). The tables shared between decisions are
# pure functions of their keys: keeping them changes no choice.


class _Need(NamedTuple):
    """A piece wanted in `target`: a no-dice card's Thunderbirds, the scheme's pods, a bonus piece of a card on the
    track; `weight` is what having it there is worth (for pieces already there: what taking them away costs)."""

    piece: str
    target: str
    weight: float


#: (success with tokens, success without, expected Hood with tokens, without): one attempt, as floats.
_Odds = tuple[float, float, float, float]


@dataclass(frozen=True)
class _Card:
    """One disaster card as the plan search reads it (built once per definitions, not per decision)."""

    id: str
    region: str  # the model's region: the printed one when known
    kind: str
    unknown: bool
    difficulty: int | None
    rescue_type: str | None
    rewards: int  # how many rewards are printed (0 when unknown)
    no_dice: tuple[tuple[str, str, str], ...] | None  # (kind, piece, region) a no-dice card needs
    seat_bonuses: tuple[tuple[str, str, int], ...]  # (character, vehicle, value): "(if in Thunderbird N)"
    #: Every other printed bonus: (kind, piece, required region, value, value when the piece is flown to the card).
    place_bonuses: tuple[tuple[str, str, str | None, int, int], ...]
    need_lines: tuple[tuple[str, str, str | None, int], ...]  # bonuses without a seat condition: pieces to bring
    rescue: object  # Rescue(card), shared (actions are immutable)
    confirm: object  # ConfirmRescue(card)
    #: The pieces whose place changes the card's bonus or makes it possible (printed bonuses, no-dice conditions),
    #: and the same without each character whose own bonus line it is (they go wherever they fly).
    pieces: frozenset[str]
    pieces_without: Mapping[str, frozenset[str]]
    seats_by_character: Mapping[str, Mapping[str, int]]  # character -> vehicle -> "(if in Thunderbird N)" bonus


@dataclass(frozen=True)
class _Scheme:
    regions: tuple[str, ...]
    tokens: tuple[TokenNeed, ...]
    tokens_needed: int
    token_regions: frozenset[str]  # where characters can discard for one need or another
    pieces: tuple[tuple[str, str, str], ...]  # (kind, piece, region)


@dataclass(frozen=True)
class _Facts:
    """What every decision reads from the definitions and the model, derived once."""

    carrier: str
    pod_capacity: int
    carries: tuple[str, ...]
    cards: Mapping[str, _Card]
    schemes: Mapping[str, _Scheme]
    networks: Mapping[str, str]  # vehicle -> network
    seat_counts: Mapping[str, int | None]
    pods: frozenset[str]
    vehicles: frozenset[str]
    characters: frozenset[str]
    kinds: Mapping[str, str]  # piece -> "pod", "vehicle" or "character"
    ignore_hood: tuple[tuple[str, str | None], ...]  # (character, vehicle it must sit in or None)
    draw_ability: Mapping[str, Ability]
    exchange_ability: Mapping[str, Ability]
    rescue_type: Mapping[str, tuple[str | None, int]]
    leaving_cost: Mapping[tuple[str, str], float]  # (character, seat) -> what leaving that seat gives up
    fab_values: Mapping[str, tuple[bool, tuple[tuple[str | None, int], ...]]]  # rescue F.A.B.s: (any turn, values)
    distances: Mapping[str, Mapping[str, Mapping[str, int]]]  # network -> from -> to -> moves, nothing blocked
    #: Filled as the search asks, nothing blocked: (network, speed, from, to) -> the region one move reaches.
    next_regions: dict[tuple[str, int, str, str], str]


_FACTS: dict[tuple[int, int], tuple[Definitions, UnknownCardModel, _Facts]] = {}


def _facts(defs: Definitions, model: UnknownCardModel) -> _Facts:
    """The facts for `defs` under `model`, built on first use; the entry keeps both alive so ids are not reused."""
    last = _LAST_FACTS[0]  # one read: another thread may replace it (each entry is a whole tuple)
    if last is not None and last[0] is defs and last[1] is model:
        return last[2]
    key = (id(defs), id(model))
    entry = _FACTS.get(key)
    if entry is None or entry[0] is not defs or entry[1] is not model:
        built = _build_facts(defs, model)
        if len(_FACTS) > 16:
            _FACTS.clear()
        entry = _FACTS[key] = (defs, model, built)
    _LAST_FACTS[0] = entry
    return entry[2]


#: The facts asked for last (nearly every call asks for the same ones).
_LAST_FACTS: list[tuple[Definitions, UnknownCardModel, _Facts] | None] = [None]


def _current_scheme(state: GameState) -> HoodCard | None:
    """`state.current_scheme`, kept for the Hood cards last asked about (states share unchanged tuples)."""
    cards = state.hood_cards
    last = _LAST_SCHEME[0]
    if last is not None and last[0] is cards:
        return last[1]
    found = state.current_scheme
    _LAST_SCHEME[0] = (cards, found)
    return found


_LAST_SCHEME: list[tuple[tuple[HoodCard, ...], HoodCard | None] | None] = [None]


def _build_facts(defs: Definitions, model: UnknownCardModel) -> _Facts:
    table = tables(defs)
    cards = {}
    for card in defs.disasters.values():
        region = model.disaster_region(card, defs)
        place = []
        for b in card.bonuses:
            if b.in_vehicle is not None and b.piece_kind == "character":
                continue
            required = b.region if b.region is not None else card.region
            place.append((b.piece_kind, b.piece, required, b.value, b.value if region == required else 0))
        no_dice_pieces = frozenset(n.piece for n in card.auto_requirements or ()) if card.is_no_dice else frozenset()
        seats_by_character: dict[str, dict[str, int]] = {}
        for b in card.bonuses:
            if b.in_vehicle is not None and b.piece_kind == "character":
                by_vehicle = seats_by_character.setdefault(b.piece, {})
                by_vehicle[b.in_vehicle] = by_vehicle.get(b.in_vehicle, 0) + b.value
        cards[card.id] = _Card(
            id=card.id,
            region=region,
            kind=card.kind,
            unknown=is_unknown(card),
            difficulty=card.difficulty,
            rescue_type=card.rescue_type,
            rewards=len(card.rewards or ()),
            no_dice=None
            if not card.is_no_dice
            else tuple((n.piece_kind, n.piece, n.region) for n in card.auto_requirements or ()),
            seat_bonuses=tuple(
                (b.piece, b.in_vehicle, b.value)
                for b in card.bonuses
                if b.in_vehicle is not None and b.piece_kind == "character"
            ),
            place_bonuses=tuple(place),
            need_lines=tuple(
                (b.piece_kind, b.piece, b.region if b.region is not None else card.region, b.value)
                for b in card.bonuses
                if b.in_vehicle is None
            ),
            rescue=act.Rescue(card.id),
            confirm=act.ConfirmRescue(card.id),
            pieces=frozenset(p[1] for p in place) | no_dice_pieces,
            pieces_without={
                piece: frozenset(p[1] for p in place if p[1] != piece) | no_dice_pieces
                for _kind, piece, *_rest in place
            },
            seats_by_character=seats_by_character,
        )
    schemes = {}
    for scheme in defs.schemes.values():
        tokens = model.scheme_tokens(scheme, defs)
        schemes[scheme.id] = _Scheme(
            regions=model.scheme_regions(scheme, defs),
            tokens=tokens,
            tokens_needed=sum(n.count for n in tokens),
            token_regions=frozenset(r for n in tokens for r in n.regions),
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
            elif ability.kind == "ignore-hood-face" and ability.in_vehicle is not None:
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
        vehicles=frozenset(defs.vehicles),
        characters=frozenset(defs.characters),
        kinds=kinds,
        ignore_hood=tuple(ignore),
        draw_ability=draw,
        exchange_ability=exchange,
        rescue_type={c.id: (c.rescue_type, c.rescue_bonus) for c in defs.characters.values()},
        leaving_cost=leaving,
        fab_values=fab_values,
        distances=table.distances,
        next_regions={},
    )


# Values shared by every decision (all are pure functions of their keys; bounded so long runs stay small).
_KEPT = 20000
#: Float odds by (difficulty, bonus, Teamwork, Intelligence, John): the exact tables hold fractions.
_FLOAT_ODDS: dict[tuple[int, int, int, int, bool], _Odds] = {}
#: Bare chance of success by (difficulty, bonus).
_SUCCESS: dict[tuple[int, int], float] = {}
#: A rescue's worth by (odds, weight, attempts, cost of a Hood space, loss weight).
_WORTH: dict[tuple[object, ...], float] = {}
#: Actions are immutable, so one object serves every decision.
_RESCUES: dict[tuple[str, tuple[str, ...]], object] = {}


def _float_odds(difficulty: int, bonus: int, teamwork: int, intelligence: int, john: bool) -> _Odds:
    key = (difficulty, bonus, teamwork, intelligence, john)
    found = _FLOAT_ODDS.get(key)
    if found is None:
        found = _FLOAT_ODDS[key] = _floats(rescue_odds(difficulty, bonus, teamwork, intelligence, john))
    return found


def _float_success(difficulty: int, bonus: int) -> float:
    """The bare chance of success (no tokens), as a float."""
    key = (difficulty, bonus)
    found = _SUCCESS.get(key)
    if found is None:
        found = _SUCCESS[key] = float(rescue_odds(difficulty, bonus).success)
    return found


def _rescue_action(card_id: str, fabs: tuple[str, ...] = ()) -> object:
    key = (card_id, fabs)
    found = _RESCUES.get(key)
    if found is None:
        found = _RESCUES[key] = act.Rescue(card_id, fabs) if fabs else act.Rescue(card_id)
    return found


def _floats(odds: RescueOdds) -> _Odds:
    return (
        float(odds.success_with_tokens),
        float(odds.success),
        float(odds.expected_hood_with_tokens),
        float(odds.expected_hood),
    )


def _worth(odds: _Odds | None, weight: float, attempts: int, hood_cost: float, loss_risk_at: float) -> float:
    """What trying a card `attempts` times is worth: its weight times the chance one attempt succeeds, less the
    Hood spaces the attempts are expected to cost (and the game, when one space loses it)."""
    if odds is None:  # a no-dice card (or one the model treats as such): certain, no Hood
        return weight
    key = (odds, weight, attempts, hood_cost, loss_risk_at)
    found = _WORTH.get(key)
    if found is None:
        first, later, hood_first, hood_later = odds
        fail_all = (1 - first) * (1 - later) ** (attempts - 1)
        tries = 1.0
        still = 1 - first
        for _ in range(attempts - 1):
            tries += still
            still *= 1 - later
        hood = hood_first + (tries - 1) * hood_later
        risk = loss_risk_at * hood_first * 11 / 12 if loss_risk_at else 0.0
        found = weight * (1 - fail_all) - hood_cost * hood - LOSS_COST * risk
        if len(_WORTH) > _KEPT:
            _WORTH.clear()
        _WORTH[key] = found
    return found


def _attempts(entry: list[object], attempts: int, hood_cost: float, loss_risk_at: float) -> float:
    """The worth of trying a card `attempts` times (see `_worth`), kept in the flight's entry for the card."""
    value = _worth(entry[0], entry[1], attempts, hood_cost, loss_risk_at)  # type: ignore[arg-type]
    entry[3][attempts] = value  # type: ignore[index]
    return value


_BLOCKED: dict[tuple[int, str, str, tuple[frozenset[str], ...]], tuple[Definitions, dict[str, int]]] = {}


def _blocked_distances(
    defs: Definitions, network: str, target: str, blocked: tuple[frozenset[str], ...]
) -> dict[str, int]:
    """`distances_from` with blocked edges, kept: blocked routes last a round or more, and a breadth-first search
    per decision would cost more than the rest of it."""
    key = (id(defs), network, target, blocked)
    entry = _BLOCKED.get(key)
    if entry is None or entry[0] is not defs:
        if len(_BLOCKED) > _KEPT:
            _BLOCKED.clear()
        entry = _BLOCKED[key] = (defs, defs.board.distances_from(target, network, blocked))  # type: ignore[arg-type]
    return entry[1]


def _progress(region: str, towards: Sequence[tuple[float, int, int, Mapping[str, int]]]) -> float:
    """How much closer pieces flown to `region` come to where they are needed (`_Turn._towards`); each need counts
    its share of the way left, down to minus one for leaving the place it is needed."""
    found = 0.0
    for weight, before, divisor, distances in towards:
        found += weight * max(-1.0, (before - distances.get(region, FAR)) / divisor)
    return found


#: A card's bonus needs by (card, which lines are in place, which pieces exist, the team's type bonus, urgency).
_CARD_NEEDS: dict[tuple[object, ...], list["_Need"]] = {}


def _card_needs(card: "_Card", placed: int, built: int, type_bonus: int, urgency: float) -> list["_Need"]:
    """The bonus needs of one card (see `_Turn._needs`); `placed` and `built` hold one bit per bonus line."""
    lines = card.need_lines
    in_place = {piece: bool(placed >> i & 1) for i, (_k, piece, _r, _v) in enumerate(lines)}
    bonus = sum(value for _k, piece, _r, value in lines if in_place[piece]) + type_bonus
    difficulty = card.difficulty
    assert difficulty is not None
    base = _float_success(difficulty, bonus)
    weight = urgency * RESCUE_WEIGHT * BONUS_SHARE
    needs = []
    for i, (_kind, piece, required, value) in enumerate(lines):
        if required is None:
            continue
        if in_place[piece]:
            gain = base - _float_success(difficulty, bonus - value)
        else:
            if not built >> i & 1:
                continue
            gain = _float_success(difficulty, bonus + value) - base
        if gain > 0.01:
            needs.append(_Need(piece, required, weight * gain))
    return needs


def _fits_with(defs: Definitions, piece: str, other: str) -> bool:
    """Thunderbird 2 carries one vehicle, or pods only."""
    return piece in defs.pods and other in defs.pods


class _Flight:
    """The active character flying one vehicle: its speed and network, every piece that goes with it, and what
    each card on the track offers that way: `chances[card] = [odds, weight, action, worth by attempts]` (odds
    None for certain, Hood-free cards; action None when the card cannot be attempted that way)."""

    __slots__ = ("vehicle", "speed", "network", "moved", "chances")

    def __init__(
        self, vehicle: str, speed: int, network: str, moved: frozenset[str], chances: dict[str, list[object]]
    ) -> None:
        self.vehicle = vehicle
        self.speed = speed
        self.network = network
        self.moved = moved
        self.chances = chances


#: A plan: (vehicle, transfer into it first, loads, region it flies to, moves, the action there or None).
_Plan = tuple[str, bool, tuple[str, ...], str, int, "object | None"]
_NONE = float("-inf")


class _Turn:
    """One decision in the actions phase. The plan search reads the state through dictionaries built once here
    (`_prepare`), scores each vehicle's plans over the few candidate regions in one loop (`_legs`, and `_onward`
    for a Thunderbird taken on the way), and builds the first step only for the winner."""

    def __init__(self, state: GameState, defs: Definitions, model: UnknownCardModel, chance_free: bool) -> None:
        self.facts = _facts(defs, model)
        self.state = state
        self.defs = defs
        self.model = model
        self.chance_free = chance_free
        self.hand = state.players[state.active]
        self.who = self.hand.character
        self.current = _current_scheme(state)
        self._ready = False

    def _prepare(self) -> None:
        """What only the plan search reads (the free operations before it need none of it)."""
        if self._ready:
            return
        self._ready = True
        state, facts, who = self.state, self.facts, self.who
        self.seats = seats = dict(state.seats)
        self.vehicle_at = vehicle_at = dict(state.vehicles)
        self.character_at = character_at = {c: vehicle_at.get(v) for c, v in state.seats}
        self.pod_at = pod_at = dict(state.pods)
        self.pos: dict[str, dict[str, str | None]] = {
            "character": character_at,  # type: ignore[dict-item]
            "vehicle": vehicle_at,  # type: ignore[dict-item]
            "pod": pod_at,  # type: ignore[dict-item]
        }
        occupants: dict[str, list[str]] = {}
        for character, vehicle in state.seats:
            found_seats = occupants.get(vehicle)
            if found_seats is None:
                occupants[vehicle] = [character]
            else:
                found_seats.append(character)
        self.occupants = occupants
        self.cargo = cargo = state.cargo
        self.here = here = character_at.get(who) or ""
        self.seat = seat = seats.get(who) or ""
        self.carrier = facts.carrier
        self.blocked = blocked_edges(state)
        self.track = state.track.occupied()
        self.peek_disaster = False
        if not self.chance_free and state.disasters.draw_pile:
            self.peek_disaster = state.disasters.draw_pile[0] not in tables(self.defs).hood_advances
        self.hood_cost, self.loss_risk_at = self._hood_costs()
        self.teamwork = self.hand.count("teamwork")
        self.intelligence = self.hand.count("intelligence")
        # Who ignores a Hood face: another played character where they sit, or the active one by the vehicle flown.
        self.john_elsewhere = False
        self.john_anywhere = False
        self.john_vehicles: frozenset[str] = frozenset()
        if facts.ignore_hood:
            john_needs: list[str | None] = []
            played = {hand.character for hand in state.players}
            for character, needed in facts.ignore_hood:
                if character not in played:
                    continue
                if character == who:
                    john_needs.append(needed)
                elif needed is None or seats.get(character) == needed:
                    self.john_elsewhere = True
            self.john_anywhere = None in john_needs
            self.john_vehicles = frozenset([v for v in john_needs if v is not None])
        self._distance_cache: dict[tuple[str, str], Mapping[str, int]] = {}
        self._flights: dict[str, _Flight] = {}
        self._base: dict[bool, dict[str, list[object]]] = {}
        self._scheme_cache: dict[tuple[str, frozenset[str]], float] = {}
        self._towards_cache: dict[frozenset[str], list[tuple[float, int, int, Mapping[str, int]]]] = {}
        self._second_cache: dict[tuple[str, str, int], float] = {}
        self._local: list[tuple[float, object]] | None = None
        self._pickups: dict[str, float] | None = None
        self._load_candidates: list[tuple[str, float, str]] | None = None
        self._loads_cache: dict[str, tuple[str, ...]] = {}
        parked: dict[str, list[str]] = {}
        seat_counts, networks = facts.seat_counts, facts.networks
        for vehicle, where in state.vehicles:
            if vehicle == seat or vehicle in cargo or networks[vehicle] == "none":
                continue
            room = seat_counts[vehicle]
            if room is None or len(occupants.get(vehicle, ())) < room:
                parked.setdefault(where, []).append(vehicle)
        for found in parked.values():
            found.sort()
        self.parked = parked  # vehicles the active character could board where they stand (own seat excluded)
        # The cards on the track, in track order: (card, urgency, weight, the bonus with the active character flown
        # there and nothing else, the pieces besides them whose place changes it, F.A.B. boost and action, the
        # active character's "(if in Thunderbird N)" bonuses by vehicle).
        cards, pos = facts.cards, self.pos
        rescue_type, rescue_bonus = facts.rescue_type[who]
        modifiers = [e for e in state.effects if e.kind == "rescue-modifier"] if state.effects else ()
        held_fabs = any(hand.fabs for hand in state.players) and facts.fab_values
        no_seats: dict[str, int] = {}
        urgencies = URGENCY if not self.peek_disaster else {slot: self._urgency(slot) for slot in URGENCY}
        cards_at: dict[str, list[str]] = {}
        self.cards_at = cards_at
        entries = []
        seated_vehicles: frozenset[str] = frozenset()
        piece_cards: frozenset[str] = frozenset()
        for slot, card_id in self.track:
            card = cards[card_id]
            found = cards_at.get(card.region)
            if found is None:
                cards_at[card.region] = [card_id]
            else:
                found.append(card_id)
            urgency = urgencies.get(slot, 1.0)
            base = 0
            for character, vehicle, value in card.seat_bonuses:
                if character != who and seats.get(character) == vehicle:
                    base += value
            for kind, piece, required, value, flown in card.place_bonuses:
                if piece == who:
                    base += flown
                else:
                    where = pos[kind].get(piece)
                    if where is not None and where == required:
                        base += value
            if rescue_type is not None and rescue_type == card.rescue_type:
                base += rescue_bonus
            for effect in modifiers:
                if effect.rescue_type in (None, card.rescue_type):
                    base += effect.value
            boost, action = 0, card.rescue
            if held_fabs and card.difficulty is not None:
                fabs = self._rescue_fabs(card)
                if fabs:
                    boost = sum(v for _, v in fabs)
                    action = _rescue_action(card_id, tuple(f for f, _ in fabs))
            pieces = card.pieces if who not in card.pieces else card.pieces_without.get(who, card.pieces)
            if pieces:
                piece_cards = piece_cards | pieces
            who_seats = card.seats_by_character.get(who, no_seats)
            if who_seats:
                seated_vehicles = seated_vehicles.union(who_seats)
            entries.append(
                (
                    card,
                    urgency,
                    urgency * RESCUE_WEIGHT + TOKEN_VALUE * card.rewards,
                    base,
                    pieces,
                    boost,
                    action,
                    who_seats,
                )
            )
        self.entries = entries
        self.seated_vehicles = seated_vehicles
        self.piece_cards = piece_cards
        current = self.current
        self.scheme = None if current is None else facts.schemes[current.card]
        self.scheme_regions: tuple[str, ...] = () if self.scheme is None else self.scheme.regions
        self.scheme_pieces = () if self.scheme is None else self.scheme.pieces
        self.scheme_urgency = 0.0 if current is None else self._scheme_urgency(current.space)
        self.needs = self._needs()
        self.here_ok = here != ""

    # --- the decision --------------------------------------------------------------------------------------------

    def decide(self) -> object:
        free = self.free_operation()
        if free is not None:
            return free
        plan = self.plan()
        return act.EndTurn() if plan is None else self.first_step(plan)

    def free_operation(self) -> object | None:
        """Foiling the scheme, building a pod a card asks for, Lady Penelope's exchange: taken before any plan."""
        foil = foil_action(self.state, self.defs, self.model)
        if foil is not None:
            return foil
        build = self._build_pod()
        if build is not None:
            return build
        return self._exchange()

    def plan(self) -> _Plan | None:
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
        return plan if value > 0 and plan is not None else None

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

    def _flight(self, vehicle: str) -> _Flight:
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
        network = self.facts.networks[vehicle]
        if network == "none" or vehicle in cargo:
            speed, network = 0, "none"
        else:
            speed = top_speed(self.state, self.defs, vehicle)
        frozen = frozenset(moved)
        john = self.john_elsewhere or self.john_anywhere or vehicle in self.john_vehicles
        base = self._base.get(john)
        if base is None:
            base = self._base[john] = self._chances(frozenset((who,)), "", john)
        if frozen.isdisjoint(self.piece_cards) and vehicle not in self.seated_vehicles:
            chances = base
        else:
            chances = self._chances(frozen, vehicle, john, base)
        found = self._flights[vehicle] = _Flight(vehicle, speed, network, frozen, chances)
        return found

    def _chances(
        self,
        moved: frozenset[str],
        vehicle: str,
        john: bool,
        base: dict[str, list[object]] | None = None,
    ) -> dict[str, list[object]]:
        """What every card offers the active character flying `vehicle` with `moved` pieces; cards untouched by
        the moved pieces reuse `base`."""
        pos, who = self.pos, self.who
        teamwork, intelligence = self.teamwork, self.intelligence
        chances: dict[str, list[object]] = {}
        for card, urgency, weight, fixed, pieces, boost, action, who_seats in self.entries:
            card_id = card.id
            seated = who_seats.get(vehicle, 0)
            if base is not None and not seated and pieces.isdisjoint(moved):
                if card_id in base:
                    chances[card_id] = base[card_id]
                continue
            if card.unknown:
                chances[card_id] = [None, urgency * RESCUE_WEIGHT, card.confirm, {}]
                continue
            region = card.region
            if card.no_dice is not None:
                ready = True
                for kind, piece, required in card.no_dice:
                    if (region if piece in moved else pos[kind].get(piece)) != required:
                        ready = False
                        break
                chances[card_id] = [None, weight, card.rescue if ready else None, {}]
                continue
            difficulty = card.difficulty
            if difficulty is None:
                continue
            bonus = fixed + seated
            for kind, piece, required, value, flown in card.place_bonuses:
                if piece != who and piece in moved:
                    where = pos[kind].get(piece)
                    bonus += flown - (value if where is not None and where == required else 0)
            odds = _FLOAT_ODDS.get((difficulty, bonus, teamwork, intelligence, john)) or _float_odds(
                difficulty, bonus, teamwork, intelligence, john
            )
            if boost and odds[0] < 0.95:
                boosted = _float_odds(difficulty, bonus + boost, teamwork, intelligence, john)
                chances[card_id] = [boosted, weight, action, {}]
            else:
                chances[card_id] = [odds, weight, card.rescue, {}]
        return chances

    # --- plans -------------------------------------------------------------------------------------------------------

    def _best(self, actions: int) -> tuple[float, _Plan | None]:
        """The best plan within `actions`: (transfer into a Thunderbird here) fly it towards one of the few regions
        that matter (a card, the scheme, a piece's target, a pickup, a Thunderbird to take on, here) and act
        there, or get as close as the actions allow for next turn."""
        self._prepare()
        if not self.here_ok:
            return 0.0, None
        best_value, best_plan = 0.0, None
        seat = self.seat
        for vehicle in [seat] + self.parked.get(self.here, []):
            transfer = vehicle != seat
            penalty = (TRANSFER_COST + self._leaving_seat_cost()) if transfer else 0.0
            value, plan = self._legs(self._flight(vehicle), transfer, penalty, actions, self.here)
            if value > best_value:
                best_value, best_plan = value, plan
        return best_value, best_plan

    def _candidates(self) -> tuple[str, ...]:
        """The regions worth flying to: cards, the scheme's regions, where needed pieces go, Thunderbirds to take
        on, here."""
        found = self._candidate_regions
        if found is None:
            regions = dict.fromkeys(self.cards_at)
            regions.update(dict.fromkeys(self.scheme_regions))
            for need in self.needs:
                regions[need.target] = None
            regions.update(dict.fromkeys(self.parked))
            regions[self.here] = None
            found = self._candidate_regions = tuple(regions)
        return found

    _candidate_regions: tuple[str, ...] | None = None

    def _legs(
        self, flight: _Flight, transfer: bool, penalty: float, actions: int, start: str, first: bool = True
    ) -> tuple[float, _Plan | None]:
        """The best plan flying `flight` from `start` to one candidate region: acting there with the actions left
        (a rescue, the scheme, or where the character stands a Scan or a token-drawing ability), taking another
        Thunderbird on from there (`first` only), or, for a region out of reach this turn, what getting closer
        sets up. (Written out in one loop: it runs for every vehicle of every decision.)"""
        vehicle, speed = flight.vehicle, flight.speed
        distances = self._distances(flight.network, start) if speed > 0 else None
        is_carrier = vehicle == self.carrier
        loading = first and is_carrier and self.vehicle_at.get(vehicle) == start and self._loadable_here()
        pickups = self._pickup_values() if is_carrier else None
        parked = self.parked if first else None
        moved = flight.moved
        towards = self._towards(moved)
        at_start = first and not transfer
        cards_at, chances = self.cards_at, flight.chances
        hood_cost, loss_risk_at = self.hood_cost, self.loss_risk_at
        scheme_regions, here = self.scheme_regions, self.here
        best_value, best_plan = _NONE, None
        for region in self._candidates():
            if region == start:
                moves = 0
            elif distances is None:
                continue
            else:
                distance = distances.get(region)
                if distance is None:
                    continue
                moves = -(-distance // speed)
            loads: tuple[str, ...] = ()
            arriving, arriving_towards = moved, towards
            if loading and moves:
                loads = self._loads_for(region)
                if loads:
                    arriving = moved | set(loads) | {o for p in loads for o in self.occupants.get(p, ())}
                    arriving_towards = self._towards(arriving)
            progress = 0.0
            if moves and arriving_towards:
                for weight, before, divisor, to_target in arriving_towards:
                    gain = (before - to_target.get(region, FAR)) / divisor
                    progress += weight * (gain if gain > -1.0 else -1.0)
            ids = cards_at.get(region)
            left = actions - moves
            value, local = 0.0, None
            if left > 0 and ids:  # the best rescue there with the attempts the actions left allow
                for card_id in ids:
                    entry = chances.get(card_id)
                    if entry is None or entry[2] is None:
                        continue
                    worth = entry[3].get(left)  # type: ignore[attr-defined]
                    if worth is None:
                        worth = _attempts(entry, left, hood_cost, loss_risk_at)
                    if worth > value:
                        value, local = worth, entry[2]
            if left >= 0:
                if left > 0 and moves == 0 and at_start:
                    for worth, action in self._local_actions():
                        if worth > value:
                            value, local = worth, action
                if region in scheme_regions and region != here:
                    worth = self._scheme_value(region, arriving)
                    if worth > value:
                        value, local = worth, None
                if ids and (left == 0 or local is None):  # what it sets up for next turn
                    value += NEXT_TURN_DISCOUNT * self._next_turn(flight, region, 0)
                if moves:
                    if parked and left and region in parked:
                        onward = self._onward(flight, region, left)
                        if onward > value:
                            value, local = onward, None
                    value += progress - MOVE_COST * moves
                    if pickups:
                        value += pickups.get(region, 0.0)
                elif not transfer and local is None:
                    continue  # staying is a plan only with something to do here
            else:
                if ids:
                    value = NEXT_TURN_DISCOUNT * self._next_turn(flight, region, -left)
                value += actions / moves * progress - MOVE_COST * actions
            value -= penalty
            if value > best_value:
                best_value, best_plan = value, (vehicle, transfer, loads, region, moves, local)
        return best_value, best_plan

    def _onward(self, flight: _Flight, region: str, left: int) -> float:
        """The best of taking a Thunderbird standing in `region` on from there with `left` actions (one faster than
        `flight`, or on another network)."""
        key = (flight.vehicle, region, left)
        found = self._second_cache.get(key)
        if found is not None:
            return found
        found = 0.0
        for other in self.parked[region]:
            if other == flight.vehicle or other in flight.moved:
                continue
            second = self._flight(other)
            if second.network == flight.network and second.speed <= flight.speed:
                continue
            value, _plan = self._legs(second, True, TRANSFER_COST, left, region, first=False)
            if value > found:
                found = value
        self._second_cache[key] = found
        return found

    def _next_turn(self, flight: _Flight, region: str, later: int) -> float:
        """The best rescue at `region` next turn (3 actions) for the character flying this vehicle, with `later`
        moves still to make."""
        ids = self.cards_at.get(region)
        if not ids or later >= 3:
            return 0.0
        attempts = 3 - later
        best = 0.0
        chances = flight.chances
        for card_id in ids:
            entry = chances.get(card_id)
            if entry is None or entry[2] is None:
                continue
            value = entry[3].get(attempts)  # type: ignore[attr-defined]
            if value is None:
                value = _attempts(entry, attempts, self.hood_cost, self.loss_risk_at)
            if value > best:
                best = value
        return best

    def first_step(self, plan: _Plan, weigh_cargo: bool = True) -> object:
        """The action that starts `plan`: a transfer, a load, leaving cargo behind, a move, or the action there.
        (Cheap unless Thunderbird 2 has cargo to weigh: plans being followed come here without a search, and weigh
        it only before the first move, not just after loading it or on the way.)"""
        vehicle, transfer, loads, region, moves, local = plan
        if transfer:
            return act.Transfer(self.who, vehicle)
        if loads:
            return act.Load(loads[0])
        if moves:
            state = self.state
            if weigh_cargo and vehicle == self.facts.carrier and state.cargo:
                self._prepare()
                unload = self._unload_before_leaving(vehicle, region)
                if unload is not None:
                    return unload
            if not self._ready:
                self.here = state.character_region(self.who) or ""
                self.blocked = blocked_edges(state)
                self._distance_cache = {}
            speed = top_speed(state, self.defs, vehicle)
            return act.Move(vehicle, self._next_region(self.facts.networks[vehicle], speed, region))
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

    def _hood_costs(self) -> tuple[float, float]:
        return hood_costs(self.state)

    # --- what a move sets up -----------------------------------------------------------------------------------

    def _distances(self, network: str, target: str) -> Mapping[str, int]:
        """Moves from every region to `target` (the board is undirected); shared tables when nothing is blocked."""
        if not self.blocked:
            return self.facts.distances[network].get(target) or {target: 0}
        key = (network, target)
        found = self._distance_cache.get(key)
        if found is None:
            found = _blocked_distances(self.defs, network, target, self.blocked)
            self._distance_cache[key] = found
        return found

    # --- pieces that must be brought somewhere (no-dice cards, the face-up scheme) --------------------------------

    def _needs(self) -> tuple[_Need, ...]:
        """Pieces wanted somewhere, with what having them there is worth (see `_Need`): a no-dice card's pieces, the
        scheme's pieces, and the printed bonus pieces of the cards on the track weighted by the chance their bonus
        adds (or, for those in place, would lose), seen from the best type bonus the team can bring (per card:
        `_card_needs`). `need_before` holds how far each is now, `need_pieces` which pieces they are."""
        facts, pos, pod_at = self.facts, self.pos, self.pod_at
        needs: list[_Need] = []
        types: dict[str, int] | None = None
        for card, urgency, *_rest in self.entries:
            required = card.no_dice
            if required:
                share = urgency * RESCUE_WEIGHT * NO_DICE_PIECE_SHARE / len(required)
                for _kind, piece, region in required:
                    needs.append(_Need(piece, region, share))
            elif card.need_lines and card.difficulty is not None and card.kind == "disaster":
                if types is None:
                    types = {}
                    for hand in self.state.players:
                        rescue_type, bonus = facts.rescue_type[hand.character]
                        if rescue_type is not None and types.get(rescue_type, -1) < bonus:
                            types[rescue_type] = bonus
                placed = built = 0  # one bit per line
                bit = 1
                for kind, piece, where_needed, _value in card.need_lines:
                    if pos[kind].get(piece) == where_needed:
                        placed |= bit
                    if kind != "pod" or piece in pod_at:
                        built |= bit
                    bit <<= 1
                key = (card.id, placed, built, types.get(card.rescue_type or "", 0), urgency)
                found = _CARD_NEEDS.get(key)
                if found is None:
                    found = _CARD_NEEDS[key] = _card_needs(card, placed, built, key[3], urgency)
                    if len(_CARD_NEEDS) > _KEPT:
                        _CARD_NEEDS.clear()
                needs.extend(found)
        if self.scheme_pieces:
            share = self.scheme_urgency * SCHEME_PIECE_VALUE / len(self.scheme_pieces)
            for _kind, piece, region in self.scheme_pieces:
                needs.append(_Need(piece, region, share))
        if not needs:
            self.need_pieces = frozenset()
            self.need_before = []
            return ()
        vehicles, kinds = facts.vehicles, facts.kinds
        earth = None if self.blocked else facts.distances["earth"]
        kept = []
        before = []
        for need in needs:
            piece, target, _weight = need
            kind = kinds.get(piece, "character")
            where = pos[kind].get(piece)
            if where is None and kind == "pod":
                continue  # a pod still on Brains' notebook goes nowhere
            kept.append(need)
            if where is None:
                before.append(FAR)
            elif where == target:
                before.append(0)
            elif earth is not None:
                before.append((earth.get(target) or {target: 0}).get(where, FAR))
            else:
                before.append(self._distances("earth", target).get(where, FAR))
        self.need_pieces = frozenset([n[0] for n in kept])
        self.need_before = before
        return tuple(kept)

    def _towards(self, moved: frozenset[str]) -> list[tuple[float, int, int, Mapping[str, int]]]:
        """The needs `moved` pieces serve, for `_progress`: (weight, moves before, its divisor, distances to its
        target), in the order of `needs`."""
        if not self.needs or self.need_pieces.isdisjoint(moved):
            return []
        found = self._towards_cache.get(moved)
        if found is None:
            found = [
                (need.weight, before, max(before, 1), self._distances("earth", need.target))
                for need, before in zip(self.needs, self.need_before)
                if need.piece in moved
            ]
            self._towards_cache[moved] = found
        return found

    def _progress(self, region: str, moved: frozenset[str]) -> float:
        """How much closer the moved pieces come to where no-dice cards and the scheme need them (negative when
        they leave)."""
        towards = self._towards(moved)
        return _progress(region, towards) if towards else 0.0

    def _where(self, piece: str) -> str | None:
        kind = self.facts.kinds.get(piece, "character")
        return self.pos[kind].get(piece)

    def _pickup_values(self) -> dict[str, float]:
        """Thunderbird 2 reaching a needed piece it can carry (to bring it on later), by region."""
        pickups = self._pickups
        if pickups is None:
            pickups = {}
            pods, carries = self.facts.pods, self.facts.carries
            for need in self.needs:
                where = self._where(need.piece)
                if where is None or where == need.target or need.piece in self.cargo:
                    continue
                if need.piece in pods or need.piece in carries:
                    pickups[where] = max(pickups.get(where, 0.0), need.weight * PICKUP_SHARE)
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
                if cargo_room(self.state, self.defs, piece) and all(_fits_with(self.defs, piece, o) for o in loads):
                    loads.append(piece)
            found = tuple(loads[: self.facts.pod_capacity])
        self._loads_cache[region] = found
        return found

    def _loadable(self) -> list[tuple[str, float, str]]:
        """(where it is wanted, its weight, the piece to load) for needed pieces Thunderbird 2 can load here."""
        pods, carries = self.facts.pods, self.facts.carries
        moved = self._flight(self.carrier).moved
        found: list[tuple[str, float, str]] = []
        for need in self.needs:
            piece = need.piece
            if piece not in pods and piece not in self.facts.vehicles:
                piece = self.seats.get(piece) or ""  # a character: load the vehicle they sit in
            if piece in moved or piece in self.cargo:
                continue
            if self.pos["pod" if piece in pods else "vehicle"].get(piece) != self.here:
                continue
            if piece in pods or piece in carries:
                found.append((need.target, need.weight, piece))
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

    def _next_region(self, network: str, speed: int, target: str) -> str:
        """The region one move takes the vehicle to on a shortest path to `target` (kept per definitions when no
        route is blocked)."""
        if self.blocked:
            return self._next_region_uncached(network, speed, target)
        key = (network, speed, self.here, target)
        found = self.facts.next_regions.get(key)
        if found is None:
            found = self.facts.next_regions[key] = self._next_region_uncached(network, speed, target)
        return found

    def _next_region_uncached(self, network: str, speed: int, target: str) -> str:
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
        urgency = self.scheme_urgency
        needed = scheme.tokens_needed
        character_at, token_regions = self.character_at, scheme.token_regions
        where: dict[str, str | None] = {}
        held = 0  # tokens of the characters who would stand where some need can take them
        for hand in self.state.players:
            character = hand.character
            found = where[character] = region if character in moved else character_at.get(character)
            if found in token_regions:
                held += sum(hand.tokens)
        if held >= needed:
            pos = self.pos
            pieces_ready = all(
                (region if piece in moved else pos[kind].get(piece)) == required
                for kind, piece, required in scheme.pieces
            )
            if pieces_ready and _assign_needs(self.state, scheme.tokens, where) is not None:
                return SCHEME_VALUE * urgency
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


def hood_costs(state: GameState) -> tuple[float, float]:
    """(cost of one Hood space, loss weight): Hood spaces matter more as The Hood nears an unfoiled scheme."""
    hood = state.hood
    gap = 99
    for card in state.hood_cards:
        if card.kind == "scheme" and card.status != "foiled" and 0 < card.space - hood < gap:
            gap = card.space - hood
    if gap <= 1:
        return HOOD_STEP_COST * 4, 1.0
    if gap == 2:
        return HOOD_STEP_COST * 3, 0.0
    if gap == 3:
        return HOOD_STEP_COST * 1.8, 0.0
    if gap == 4:
        return HOOD_STEP_COST * 1.3, 0.0
    return HOOD_STEP_COST, 0.0


# --- foiling schemes -------------------------------------------------------------------------------------------


def foil_action(state: GameState, defs: Definitions, model: UnknownCardModel = DEFAULT_MODEL) -> object | None:
    """`FoilScheme` for the face-up scheme if the team can foil it now under the model, else None."""
    if state.pending is not None or state.outcome is not None:
        return None
    current = _current_scheme(state)
    if current is None:
        return None
    scheme = _facts(defs, model).schemes[current.card]
    needed = scheme.tokens_needed
    players = state.players
    last = _LAST_TEAM_TOKENS[0]
    if last is not None and last[0] is players:
        team_tokens = last[1]
    else:
        team_tokens = sum([sum(hand.tokens) for hand in players])
        _LAST_TEAM_TOKENS[0] = (players, team_tokens)
    if team_tokens < needed:
        return None  # not enough tokens on the whole team: the common case, answered first
    held = 0  # every token a need can take, from characters where one of its regions is
    for hand in state.players:
        if state.character_region(hand.character) in scheme.token_regions:
            held += sum(hand.tokens)
    if held < needed:
        return None
    for kind, piece, region in scheme.pieces:
        if piece_region(state, defs, kind, piece) != region:
            return None
    where = {hand.character: state.character_region(hand.character) for hand in state.players}
    discards = _assign_needs(state, scheme.tokens, where)
    if discards is None:
        return None
    card = defs.schemes[current.card]
    action = act.FoilScheme(discards, scheme_needs_confirmation(card))
    return action if check_foil_scheme(state, action, defs) is None else None


#: The team's token count for the hands last asked about (states share unchanged tuples).
_LAST_TEAM_TOKENS: list[tuple[tuple[object, ...], int] | None] = [None]


def _assign_needs(
    state: GameState, needs: Sequence[TokenNeed], where: Mapping[str, str | None]
) -> tuple[tuple[str, str], ...] | None:
    """Which tokens to discard (player, kind) so every need is met by characters in its regions; greedy, named
    kinds first, giving up the least useful kinds for "any kind"."""
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
