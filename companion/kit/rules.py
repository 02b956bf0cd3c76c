"""The rules of any kit game: set-up from the embedded definition, one `apply`, `legal_actions`, and the engine's
`GameRules` (`KitRules`).

The kit automates upkeep, not a game's rules: it refuses only what the components make impossible (drawing from
an empty deck that is not reshuffled, a marker off its track, a counter past its limits, a die whose faces are
unknown). Every refusal is an `IllegalAction` naming the rule, and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from companion.engine import turns as tm
from companion.engine.chance import Chance, LiveChance
from companion.engine.errors import IllegalAction
from companion.kit import actions as act
from companion.kit import components as comp
from companion.kit.codec import decode, decode_tagged, encode, encode_tagged
from companion.kit.definition import KitDefinition
from companion.kit.schema import KitError, to_definition, validate_kit
from companion.kit.state import KitState, RollResult, upgraded
from companion.locale import domain

_, ngettext = domain("kit")

#: Bumped when the encoded state changes; older snapshots are then rebuilt from the log (3: the turns model).
STATE_FORMAT = 3


# ------------------------------------------------------------------------------------------------------ set-up


def setup_mapping(kit_json: Mapping[str, Any], players: int) -> dict[str, Any]:
    """The set-up a new kit game is saved with: the whole validated kit, so it replays without its file."""
    return {"players": players, "kit": dict(kit_json)}


def definition_of_setup(setup: Mapping[str, Any]) -> KitDefinition:
    """The kit a set-up embeds, validated again (a set-up may come from an imported file)."""
    data = setup.get("kit")
    if not isinstance(data, Mapping):
        raise ValueError("the set-up carries no kit")
    try:
        return to_definition(validate_kit(data, "set-up"))
    except KitError as error:
        raise ValueError(error.message) from error


def initial_state(setup: Mapping[str, Any], chance: Chance) -> KitState:
    kit = definition_of_setup(setup)
    players = setup.get("players")
    low, high = kit.players
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
        if low == high:
            raise IllegalAction(
                ngettext("{game} is played by {count} player.", "{game} is played by {count} players.", low).format(
                    game=kit.title.text(), count=low
                )
            )
        raise IllegalAction(
            _("{game} is played by {low} to {high} players.").format(game=kit.title.text(), low=low, high=high)
        )
    state = KitState(
        kit=kit,
        players=players,
        decks=tuple(comp.build_deck(deck, players, chance) for deck in kit.decks),
        bags=tuple(comp.fill_bag(bag) for bag in kit.bags),
        tracks=tuple(comp.place_markers(track, players) for track in kit.tracks),
        counters=tuple(comp.start_counter(counter, players) for counter in kit.counters),
        turns=tm.Turns(players),
    )
    first, order_rolls = _first_player(kit, players, chance)
    return replace(state, turns=tm.Turns(players, first=first, current=first), order_rolls=order_rolls)


def _first_player(kit: KitDefinition, players: int, chance: Chance) -> tuple[int, tuple[RollResult, ...]]:
    """The first player as the kit's turn order says: a roll-off throws its dice group."""
    group = kit.turn_order.dice
    dice = kit.group_dice(group) if group is not None else ()
    ids = tuple(d.id for d in dice)

    def throw(seat: int, chance: Chance) -> RollResult:
        assert group is not None
        return RollResult(group, seat, ids, comp.roll_dice(dice, chance))

    return tm.choose_first(kit.turn_order.first, players, chance, throw, lambda roll: comp.total_of(dice, roll.faces))


# -------------------------------------------------------------------------------------------------------- apply

Do = Callable[[KitState, Any, Chance, list[object]], KitState]


def apply(state: KitState, action: object, chance: Chance) -> tuple[KitState, tuple[object, ...]]:
    """The state after `action` and what happened; raises `IllegalAction` (nothing changes)."""
    handler = HANDLERS.get(type(action))
    if handler is None:
        raise IllegalAction(_("Unknown action {name}.").format(name=type(action).__name__))
    if state.is_over and not isinstance(action, act.GoToPhase):
        raise IllegalAction(_("The game is over."))
    events: list[object] = []
    return handler(state, action, chance, events), tuple(events)


def check(state: KitState, action: object) -> str | None:
    """Why `action` is refused now, or None."""
    try:
        apply(state, action, LiveChance(state.rng))
    except IllegalAction as refused:
        return refused.reason
    return None


def _seat(state: KitState, seat: int | None) -> int:
    return state.turns.seat(seat)


def _with(items: tuple[Any, ...], index: int, item: Any) -> tuple[Any, ...]:
    return items[:index] + (item,) + items[index + 1 :]


def do_draw(state: KitState, action: act.Draw, chance: Chance, events: list[object]) -> KitState:
    index, spec = state.kit.deck(action.deck)
    seat = _seat(state, action.seat)
    card, deck, reshuffled = comp.draw_card(spec, state.decks[index], seat, chance)
    if reshuffled:
        events.append(act.DeckReshuffled(spec.id))
    events.append(act.CardDrawn(spec.id, card, seat, spec.face_up))
    return replace(state, decks=_with(state.decks, index, deck))


def do_discard(state: KitState, action: act.Discard, chance: Chance, events: list[object]) -> KitState:
    index, _spec = state.kit.deck(action.deck)
    seat = None if action.seat is None else _seat(state, action.seat)
    deck = comp.discard_card(state.decks[index], action.card, seat)
    return replace(state, decks=_with(state.decks, index, deck))


def do_reshuffle(state: KitState, action: act.Reshuffle, chance: Chance, events: list[object]) -> KitState:
    index, spec = state.kit.deck(action.deck)
    deck = comp.reshuffle_deck(state.decks[index], chance)
    events.append(act.DeckReshuffled(spec.id))
    return replace(state, decks=_with(state.decks, index, deck))


def do_move_card(state: KitState, action: act.MoveCard, chance: Chance, events: list[object]) -> KitState:
    index, _spec = state.kit.deck(action.deck)
    if action.to not in comp.CARD_PLACES:
        raise IllegalAction(_("A card cannot go to {place}.").format(place=action.to))
    seat = None if action.seat is None else _seat(state, action.seat)
    deck = comp.move_card(state.decks[index], action.card, action.to, seat)
    return replace(state, decks=_with(state.decks, index, deck))


def do_roll(state: KitState, action: act.Roll, chance: Chance, events: list[object]) -> KitState:
    _index, group = state.kit.group(action.group)
    seat = _seat(state, action.seat)
    dice = state.kit.group_dice(group.id)
    result = RollResult(group.id, seat, group.dice, comp.roll_dice(dice, chance))
    events.append(act.DiceRolled(group.id, seat, result.dice, result.faces))
    others = tuple(roll for roll in state.rolls if roll.group != group.id)
    order = {g.id: i for i, g in enumerate(state.kit.dice_groups)}
    return replace(state, rolls=tuple(sorted(others + (result,), key=lambda roll: order[roll.group])))


def do_draw_from_bag(state: KitState, action: act.DrawFromBag, chance: Chance, events: list[object]) -> KitState:
    index, spec = state.kit.bag(action.bag)
    seat = _seat(state, action.seat)
    put_back = spec.put_back if action.put_back is None else action.put_back
    token, bag = comp.draw_token(state.bags[index], seat, put_back, chance)
    events.append(act.TokenDrawn(spec.id, token, seat, spec.secret, put_back))
    return replace(state, bags=_with(state.bags, index, bag))


def do_return_to_bag(state: KitState, action: act.ReturnToBag, chance: Chance, events: list[object]) -> KitState:
    index, spec = state.kit.bag(action.bag)
    spec.token(action.token)
    seat = None if action.seat is None else _seat(state, action.seat)
    return replace(state, bags=_with(state.bags, index, comp.return_token(state.bags[index], action.token, seat)))


def do_move_marker(state: KitState, action: act.MoveMarker, chance: Chance, events: list[object]) -> KitState:
    index, spec = state.kit.track(action.track)
    if action.by == 0:
        raise IllegalAction(_("A move of 0 spaces changes nothing."))
    before = state.tracks[index].position(action.marker)
    track = comp.move_marker(spec, state.tracks[index], action.marker, action.to, action.by)
    at = track.position(action.marker)
    if at == before and action.to is None:
        raise IllegalAction(_("The marker is already at the end of the track."))
    if spec.space(at) is not None:
        events.append(act.MarkerLanded(spec.id, action.marker, at))
    return replace(state, tracks=_with(state.tracks, index, track))


def do_set_counter(state: KitState, action: act.SetCounter, chance: Chance, events: list[object]) -> KitState:
    index, spec = state.kit.counter(action.counter)
    player = None if action.player is None else _seat(state, action.player)
    counter = comp.set_counter(spec, state.counters[index], player, action.value)
    return replace(state, counters=_with(state.counters, index, counter))


def do_change_counter(state: KitState, action: act.ChangeCounter, chance: Chance, events: list[object]) -> KitState:
    index, spec = state.kit.counter(action.counter)
    if action.delta == 0:
        raise IllegalAction(_("A change of 0 changes nothing."))
    player = None if action.player is None else _seat(state, action.player)
    value = comp.counter_value(spec, state.counters[index], player) + action.delta
    counter = comp.set_counter(spec, state.counters[index], player, value)
    return replace(state, counters=_with(state.counters, index, counter))


def do_next_player(state: KitState, action: act.NextPlayer, chance: Chance, events: list[object]) -> KitState:
    state = replace(state, turns=tm.end_turn(state.turns, state.kit.round_rules))
    return _timer_reset(state, "each_turn")


def do_pass_first_player(
    state: KitState, action: act.PassFirstPlayer, chance: Chance, events: list[object]
) -> KitState:
    turns, happened = tm.pass_marker(state.turns)
    events += happened
    return replace(state, turns=turns)


def do_set_first_player(state: KitState, action: act.SetFirstPlayer, chance: Chance, events: list[object]) -> KitState:
    turns, happened = tm.give_marker(state.turns, action.seat)
    events += happened
    return replace(state, turns=turns)


def do_set_current_player(
    state: KitState, action: act.SetCurrentPlayer, chance: Chance, events: list[object]
) -> KitState:
    return _timer_reset(replace(state, turns=tm.give_turn(state.turns, action.seat)), "each_turn")


def do_check_step(state: KitState, action: act.CheckStep, chance: Chance, events: list[object]) -> KitState:
    return replace(state, turns=tm.check_step(state.turns, state.kit.round_rules, action.step, action.done))


def do_next_phase(state: KitState, action: act.NextPhase, chance: Chance, events: list[object]) -> KitState:
    turns, happened = tm.end_phase(state.turns, state.kit.round_rules)
    if happened == (tm.LastRoundEnded(),):
        events.append(act.GameEnded())
        return replace(state, is_over=True, timer_running=False)
    events += happened
    if turns.round == state.round:
        return replace(state, turns=turns)
    state = replace(state, turns=turns)
    return _timer_reset(_timer_reset(state, "each_round"), "each_turn")


def do_go_to_phase(state: KitState, action: act.GoToPhase, chance: Chance, events: list[object]) -> KitState:
    turns, happened = tm.go_to(state.turns, state.kit.round_rules, action.round, action.phase)
    events += happened
    return replace(state, turns=turns, is_over=False)


def do_start_timer(state: KitState, action: act.StartTimer, chance: Chance, events: list[object]) -> KitState:
    if state.kit.timer is None:
        raise IllegalAction(_("This game has no timer."))
    if state.timer_running:
        raise IllegalAction(_("The timer is already running."))
    return replace(state, timer_running=True, timer_runs=state.timer_runs + 1)


def do_pause_timer(state: KitState, action: act.PauseTimer, chance: Chance, events: list[object]) -> KitState:
    if not state.timer_running:
        raise IllegalAction(_("The timer is not running."))
    if isinstance(action.ran_ms, bool) or action.ran_ms < 0:
        raise IllegalAction(_("A timer cannot run for a negative time."))
    return replace(state, timer_running=False, timer_ms=state.timer_ms + action.ran_ms)


def do_reset_timer(state: KitState, action: act.ResetTimer, chance: Chance, events: list[object]) -> KitState:
    if state.kit.timer is None:
        raise IllegalAction(_("This game has no timer."))
    if state.timer_ms == 0 and not state.timer_running:
        raise IllegalAction(_("The timer is already at zero."))
    return replace(state, timer_ms=0, timer_running=False)


def _timer_reset(state: KitState, when: str) -> KitState:
    """A timer that restarts each turn (or round) goes back to zero; a running one keeps running."""
    timer = state.kit.timer
    if timer is None or timer.resets != when:
        return state
    return replace(state, timer_ms=0, timer_runs=state.timer_runs + (1 if state.timer_running else 0))


def do_set_player_out(state: KitState, action: act.SetPlayerOut, chance: Chance, events: list[object]) -> KitState:
    return replace(state, turns=tm.set_out(state.turns, action.seat, action.out))


def do_end_game(state: KitState, action: act.EndGame, chance: Chance, events: list[object]) -> KitState:
    events.append(act.GameEnded())
    return replace(state, is_over=True, timer_running=False)


HANDLERS: dict[type, Do] = {
    act.Draw: do_draw,
    act.Discard: do_discard,
    act.Reshuffle: do_reshuffle,
    act.MoveCard: do_move_card,
    act.Roll: do_roll,
    act.DrawFromBag: do_draw_from_bag,
    act.ReturnToBag: do_return_to_bag,
    act.MoveMarker: do_move_marker,
    act.SetCounter: do_set_counter,
    act.ChangeCounter: do_change_counter,
    act.NextPlayer: do_next_player,
    act.PassFirstPlayer: do_pass_first_player,
    act.SetFirstPlayer: do_set_first_player,
    act.SetCurrentPlayer: do_set_current_player,
    act.CheckStep: do_check_step,
    act.NextPhase: do_next_phase,
    act.GoToPhase: do_go_to_phase,
    act.StartTimer: do_start_timer,
    act.PauseTimer: do_pause_timer,
    act.ResetTimer: do_reset_timer,
    act.SetPlayerOut: do_set_player_out,
    act.EndGame: do_end_game,
}


# ------------------------------------------------------------------------------------------------ legal actions


def legal_actions(state: KitState) -> tuple[object, ...]:
    """What the table screen offers now (the current player acting): every action listed applies. Manual
    corrections (`actions.MANUAL`) take values the players choose and are checked when sent."""
    if state.is_over:
        return ()
    kit = state.kit
    seat = state.current
    found: list[object] = []
    for spec, deck in zip(kit.decks, state.decks):
        if comp.can_draw(spec, deck):
            found.append(act.Draw(spec.id, seat))
        for card in dict.fromkeys(deck.table):
            found.append(act.Discard(spec.id, card, None))
        for holder, hand in enumerate(deck.hands):  # a card may be discarded out of turn
            for card in dict.fromkeys(hand):
                found.append(act.Discard(spec.id, card, holder))
        if deck.discard_pile:
            found.append(act.Reshuffle(spec.id))
    for group in kit.dice_groups:
        if all(kit.die(die_id).is_known for die_id in group.dice):
            found.append(act.Roll(group.id, seat))
    for bag_spec, bag in zip(kit.bags, state.bags):
        if bag.contents:
            found.append(act.DrawFromBag(bag_spec.id, seat))
        for held in dict.fromkeys(bag.out):
            found.append(act.ReturnToBag(bag_spec.id, held.token, held.seat))
    for track_spec, track in zip(kit.tracks, state.tracks):
        for marker, at in track.positions:
            if at < track_spec.last:
                found.append(act.MoveMarker(track_spec.id, marker, by=1))
            if at > track_spec.first:
                found.append(act.MoveMarker(track_spec.id, marker, by=-1))
    for counter_spec, counter in zip(kit.counters, state.counters):
        players: tuple[int | None, ...] = tuple(range(state.players)) if counter_spec.per_player else (None,)
        for player in players:
            value = comp.counter_value(counter_spec, counter, player)
            if counter_spec.maximum is None or value < counter_spec.maximum:
                found.append(act.ChangeCounter(counter_spec.id, player, 1))
            if counter_spec.minimum is None or value > counter_spec.minimum:
                found.append(act.ChangeCounter(counter_spec.id, player, -1))
    if state.players - len(state.out) > 1:
        found.append(act.NextPlayer())
        found.append(act.PassFirstPlayer())
    if kit.phases:
        for step in kit.phases[state.phase].steps:
            found.append(act.CheckStep(step.id, step.id not in state.checked))
    found.append(act.NextPhase())
    if kit.timer is not None:
        found.append(act.PauseTimer(0) if state.timer_running else act.StartTimer())
        if state.timer_ms or state.timer_running:
            found.append(act.ResetTimer())
    found.append(act.EndGame())
    return tuple(found)


def is_terminal(state: KitState) -> bool:
    return state.is_over


def current_player(state: KitState) -> int:
    return state.current


# --------------------------------------------------------------------------------------------------- GameRules


class KitRules:
    """The engine's `GameRules` for one kit game. Everything it needs travels in the set-up and the state, so
    `KitRules(name)` replays any saved game of that kit, whatever became of its file."""

    state_format = STATE_FORMAT

    def __init__(self, name: str) -> None:
        self.name = name

    def initial_state(self, setup: Mapping[str, Any], chance: Chance) -> KitState:
        state = initial_state(setup, chance)
        if state.kit.name != self.name:
            raise ValueError(f"the set-up is for the kit {state.kit.name!r}, not {self.name!r}")
        return state

    def apply(self, state: KitState, action: object, chance: Chance) -> tuple[KitState, tuple[object, ...]]:
        return apply(state, action, chance)

    def check(self, state: KitState, action: object) -> str | None:
        return check(state, action)

    def legal_actions(self, state: KitState) -> tuple[object, ...]:
        return legal_actions(state)

    def describe(self, action: object, state: KitState) -> str:
        from companion.kit.describe import describe

        return describe(action, state)

    def encode_action(self, action: object) -> dict[str, Any]:
        return encode_tagged(action)

    def decode_action(self, data: Mapping[str, Any]) -> object:
        return decode_tagged(data, act.ACTION_TYPES)

    def encode_state(self, state: KitState) -> dict[str, Any]:
        data: dict[str, Any] = encode(state)
        return data

    def decode_state(self, data: Mapping[str, Any]) -> KitState:
        state: KitState = decode(KitState, upgraded(data), "state")
        return state

    def summary(self, state: KitState) -> dict[str, Any]:
        from companion.kit.describe import summary

        return summary(state)

    is_terminal = staticmethod(is_terminal)
    current_player = staticmethod(current_player)
