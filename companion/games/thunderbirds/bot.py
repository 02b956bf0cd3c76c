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
   those that help where they are. When nothing is worth an action, the action goes to Plan (a F.A.B. card, the
   Hood one space on) if the next unfoiled scheme is far (`PLAN_SCHEME_GAP` spaces or more) and the F.A.B. deck
   can give a card, else the turn ends; a Determination token is weighed only when one more action could pay (a
   card here or near the skull, the scheme with the tokens in hand, a Scan, a token to draw).

`next_action(state, defs, choices)` is what drivers playing whole games call (the simulation, the app's
autoplay): it plans as `choose` does, then follows the plan it chose. While each state it is given is exactly the
one its last step led to (`_led_to`), the plan's next step comes without a new search (also after a pod is built
or a token exchanged on the way); a failed rescue is tried again unless a Hood face brought a scheme nearer than
the plan weighed, since the plan was scored for every attempt. Anything else (a roll's outcome it did not
expect, a free operation that changes the plan's premises, arriving where another Thunderbird waits, a player's
own change) means planning again: about twenty searches per game, one per turn and one after most rolls.

The modules, one job each: `bot_model` (what is assumed about unknown cards), `bot_weights` (the evaluation's
weights), `bot_tables` (what the definitions fix, derived once, and the value tables shared by every decision),
`bot_schemes` (foiling the face-up scheme), `bot_plan` (the search in the actions phase, and how it is kept fast);
this one holds the entry points, plan following, a roll's token decisions and reward choices.

Cards the app does not know (see `UnknownCardModel`) are handled by the assumptions the model states, so the bot
never takes a free win from a card the app cannot check. The bot never moves a piece back and forth for free:
transfers and loads only happen as the first step of a plan that then spends an action, and `next_action` caps
the choices per turn (`MAX_CHOICES_PER_TURN`).
"""

from __future__ import annotations

import dataclasses
import operator

from companion.games.thunderbirds import actions as act
from companion.games.thunderbirds.bot_model import DEFAULT_MODEL, TokenNeed, UnknownCardModel
from companion.games.thunderbirds.bot_plan import END_TURN, Plan, Turn, pods_wanted
from companion.games.thunderbirds.bot_schemes import foil_action
from companion.games.thunderbirds.bot_tables import current_scheme, facts
from companion.games.thunderbirds.bot_weights import hood_costs
from companion.games.thunderbirds.definitions import TOKEN_KINDS, Definitions
from companion.games.thunderbirds.odds import advice_for
from companion.games.thunderbirds.rules import check
from companion.games.thunderbirds.state import (
    HOOD_FACE,
    TOKEN_INDEX,
    GameState,
    PendingRescue,
    PendingReward,
    assign,
    lookup,
)

#: After this many choices in one turn the caller forces the turn to close (see `next_action`).
MAX_CHOICES_PER_TURN = 60
#: Token decisions after a roll are kept by everything they depend on; the table is cleared past this size.
_KEPT = 20000


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
        return _rescue_step(state, defs, model)
    if isinstance(state.pending, PendingReward):
        return _reward_choice(state, defs, model)
    return Turn(state, defs, model, chance_free).decide()


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
        return END_TURN
    if state.outcome is not None or state.pending is not None:
        _FOLLOWING[0] = None
        return choose(state, defs, chance_free, model)
    return _follow(state, defs, chance_free, model)


#: The plan `next_action` is following: (the state its last step was taken in, that step, the rest of the plan).
_FOLLOWING: list[tuple[GameState, object, Plan] | None] = [None]
#: The rescue the plan is trying, to try again if it fails: (the state it was first tried in, the Rescue).
_RETRY: list[tuple[GameState, object] | None] = [None]


def _follow(state: GameState, defs: Definitions, chance_free: bool, model: UnknownCardModel) -> object:
    following = _FOLLOWING[0]  # one read and one write each: another thread may be playing too
    _FOLLOWING[0] = None
    retry = _RETRY[0]
    _RETRY[0] = None
    turn = Turn(state, defs, model, chance_free)
    plan: Plan | None = None
    if following is not None and state.actions_left > 0:
        before, taken, remaining = following
        if _led_to(before, taken, state, turn.facts.carrier):
            plan = remaining
    free = turn.free_operation()
    if free is not None:
        if type(free) in _KEEPS_PLAN:  # a pod built or a token exchanged: the plan and the retry still stand
            if plan is not None:
                _FOLLOWING[0] = (state, free, plan)
            _RETRY[0] = retry
        return free
    step: object | None = None
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
        step = turn.first_step(plan, not isinstance(taken, (act.Move, act.Load)))
        if not isinstance(step, (act.Move, act.Unload)) and check(state, step, defs) is not None:
            step = None  # e.g. a second pod no longer fits: plan again
    if step is None:
        plan = turn.plan()
        if plan is None:
            return END_TURN
        step = turn.first_step(plan)
    rest = _rest(plan, step) if plan is not None else None
    if type(step) is act.Rescue and turn.facts.cards[step.disaster].no_dice is None:
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
#: For each step a plan goes on after: the state's other fields, read at once from its `__dict__` (where every
#: field of a state built by its `__init__` or `evolve` is stored: subscripts cost less than attribute reads), and
#: the same fields read as attributes, for a state built some other way.
_UNCHANGED = {
    kind: operator.itemgetter(*(name for name in _STATE_FIELDS if name not in changed))
    for kind, changed in _CHANGES.items()
}
_UNCHANGED_ATTRIBUTES = {
    kind: operator.attrgetter(*(name for name in _STATE_FIELDS if name not in changed))
    for kind, changed in _CHANGES.items()
}


def _led_to(before: GameState, step: object, state: GameState, carrier: str) -> bool:
    """Whether `state` is exactly what taking `step` in `before` gives: every other field the same (states share
    unchanged values, so this is mostly identity), the changed ones as the rules make them. A state reached any
    other way (an undo, a reload, a player's own move) is not, and gets a new plan."""
    unchanged = _UNCHANGED.get(type(step))
    if unchanged is None:
        return False
    try:
        differs = unchanged(vars(state)) != unchanged(vars(before))  # tuples of the fields: identity first
    except KeyError:  # a state whose `__dict__` lacks a field: read the attributes
        attributes = _UNCHANGED_ATTRIBUTES[type(step)]
        differs = attributes(state) != attributes(before)
    if differs:
        return False
    if state.fresh_turn:
        return False
    if isinstance(step, act.Move):
        if state.actions_left != before.actions_left - 1:
            return False
        to, moved = step.to, step.vehicle
        carried = before.cargo if before.cargo and moved == carrier else ()
        vehicles = []  # plain loops: a comprehension builds a function object at every run
        for v, r in before.vehicles:
            vehicles.append((v, to) if v == moved or v in carried else (v, r))
        if not carried:
            return state.vehicles == tuple(vehicles) and state.pods == before.pods
        pods = []
        for p, r in before.pods:
            pods.append((p, to) if p in carried else (p, r))
        return state.vehicles == tuple(vehicles) and state.pods == tuple(pods)
    if isinstance(step, act.Transfer):
        return step.swap_with is None and state.seats == assign(before.seats, step.character, step.to_vehicle)
    if isinstance(step, act.Load):
        return state.cargo == before.cargo + (step.piece,)
    if isinstance(step, act.Unload):
        return state.cargo == tuple([p for p in before.cargo if p != step.piece])
    if isinstance(step, act.UseTechnology):
        return state.pods[:-1] == before.pods and state.pods[-1][0] == step.pod
    return isinstance(step, act.ExchangeToken) and state.used != before.used


def _rest(plan: Plan, step: object) -> Plan | None:
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


def _rescue_step(state: GameState, defs: Definitions, model: UnknownCardModel) -> object:
    pending = state.pending
    assert isinstance(pending, PendingRescue)
    known = facts(defs, model)
    ignorer = False  # whether a played character may ignore a Hood face now (`hood_ignorer`)
    if known.ignore_hood:
        played = []  # a loop: a comprehension builds a function object at every run
        for hand in state.players:
            played.append(hand.character)
        seats = state.seats
        for character, needed in known.ignore_hood:
            if character in played and (needed is None or lookup(seats, character) == needed):
                ignorer = True
                break
    tokens = state.players[pending.player].tokens
    key = (
        known.cards[pending.disaster].difficulty,
        pending.bonus + pending.adjust_bonus + 2 * pending.teamwork,
        pending.dice,
        tokens[_TEAMWORK],
        tokens[_INTELLIGENCE],
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


_TEAMWORK = TOKEN_INDEX["teamwork"]
_INTELLIGENCE = TOKEN_INDEX["intelligence"]
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
            i = TOKEN_INDEX[kind]
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
    known = facts(defs, model)
    current = current_scheme(state)
    if current is not None:
        held = [0] * len(TOKEN_KINDS)  # the team's tokens by kind (loops: no comprehension's function object)
        for hand in state.players:
            for i, count in enumerate(hand.tokens):
                held[i] += count
        for need in known.schemes[current.card].tokens:
            if need.kind is not None and held[TOKEN_INDEX[need.kind]] < need.count and need.kind not in order:
                order.append(need.kind)
    if pods_wanted(state, known):
        order.append("technology")
    for kind in _REWARD_ORDER:
        if kind not in order:
            order.append(kind)
    return order


#: Token kinds by their worth to the team when nothing in particular asks for one.
_REWARD_ORDER = ("teamwork", "intelligence", "determination", "technology", "logistics")


__all__ = [
    "DEFAULT_MODEL",
    "MAX_CHOICES_PER_TURN",
    "TokenNeed",
    "UnknownCardModel",
    "choose",
    "foil_action",
    "hood_costs",
    "next_action",
]
