"""Every legal action in a position, with its parameters enumerated (each destination, each disaster, ...).

The manual overrides (`Adjust*`, `EndEffect`) are not listed: they are always available to the players with any
valid arguments, and offering them to a bot or as buttons would drown the real choices. `FoilScheme` for a scheme
whose tokens are not known at all is listed once, with no discards and `confirmed=True`.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, combinations_with_replacement, product

from companion.games.thunderbirds import actions as act
from companion.games.thunderbirds.definitions import TOKEN_KINDS, Definitions
from companion.games.thunderbirds.movement import cargo_room, carrier_id, destinations
from companion.games.thunderbirds.operations import check_foil_scheme, scheme_needs_confirmation
from companion.games.thunderbirds.rescue import hood_ignorer, is_unknown, missing_requirement
from companion.games.thunderbirds.state import HOOD_FACE, TOKEN_INDEX, GameState, PendingRescue, PendingReward, lookup
from companion.games.thunderbirds.tables import tables
from companion.games.thunderbirds.turn import TB5, check_change_character, check_draw_ability_token, draw_ability

MAX_FOIL_CHOICES = 64


def legal_actions(state: GameState, defs: Definitions) -> tuple[object, ...]:
    """Every legal action, in a fixed order. The bot and the UI ask for it at every step, so the common parts
    (moves, rescues, transfers) append straight to one list rather than going through generators."""
    if state.outcome is not None:
        return ()
    found: list[object] = []
    pending = state.pending
    if isinstance(pending, PendingRescue):
        found.extend(_rescue_steps(state, defs))
    elif isinstance(pending, PendingReward):
        found.extend(_reward_choices(state))
    else:
        if state.actions_left > 0:
            _actions(state, defs, found)
        _operations(state, defs, found)
        found.append(act.EndTurn())
        if state.setup.solo and state.fresh_turn:
            found.extend(_character_changes(state, defs))
    if any(hand.fabs for hand in state.players):
        found.extend(_fab_plays(state, defs))
    return tuple(found)


# --- actions ----------------------------------------------------------------------------------------------------


def _actions(state: GameState, defs: Definitions, found: list[object]) -> None:
    who = state.players[state.active].character
    seat = lookup(state.seats, who) or ""
    if seat not in state.cargo:
        for region in destinations(state, defs, seat):
            found.append(act.Move(seat, region))
    here = state.character_region(who)
    rescue_fabs = tables(defs).rescue_fabs
    for card_id in state.track.slots:
        if card_id is None:
            continue
        card = defs.disasters[card_id]
        if is_unknown(card):
            if card.region is None or card.region == here:
                found.append(act.ConfirmRescue(card_id))
            continue
        if card.region != here:
            continue
        if card.is_no_dice:
            if missing_requirement(state, defs, card) is None:
                found.append(act.Rescue(card_id))
            continue
        playable = _rescue_fabs_for(state, defs, card.rescue_type, rescue_fabs)
        if not playable:
            found.append(act.Rescue(card_id))
            continue
        for size in range(len(playable) + 1):
            for chosen in combinations(playable, size):
                found.append(act.Rescue(card_id, chosen))
    found.append(act.Plan())
    if seat == TB5:
        for slot, card_id in state.track.occupied():
            if slot > 1 and state.track.slots[slot - 2] is None:
                found.append(act.Scan(card_id))
    # Most characters have no token-drawing action: only those that do are asked the full question.
    if draw_ability(state, defs) is not None and check_draw_ability_token(state, act.DrawAbilityToken(), defs) is None:
        found.append(act.DrawAbilityToken())


def _rescue_fabs_for(
    state: GameState, defs: Definitions, rescue_type: str | None, rescue_fabs: tuple[str, ...]
) -> tuple[str, ...]:
    if not rescue_fabs:
        return ()
    playable = []
    for index, hand in enumerate(state.players):
        for card in hand.fabs:
            if card not in rescue_fabs or card in playable:
                continue
            fab = defs.fabs[card]
            if not fab.any_turn and index != state.active:
                continue
            if any(
                e.kind == "rescue-modifier" and (e.rescue_type is None or e.rescue_type == rescue_type)
                for e in fab.effects
            ):
                playable.append(card)
    return tuple(playable)


# --- operations ----------------------------------------------------------------------------------------------------


def _operations(state: GameState, defs: Definitions, found: list[object]) -> None:
    hand = state.players[state.active]
    here = state.character_region(hand.character)
    local = []
    for vehicle, region in state.vehicles:
        if region == here:
            local.append(vehicle)
    if len(local) > 1:  # transfers need two Thunderbirds in the region
        _transfers(state, defs, local, found)
    carrier = carrier_id(defs)
    if lookup(state.vehicles, carrier) == here:
        for piece in state.cargo:
            found.append(act.Unload(piece))
        for vehicle in defs.vehicles[carrier].carries_vehicles:
            if (
                vehicle not in state.cargo
                and state.vehicle_region(vehicle) == here
                and cargo_room(state, defs, vehicle)
            ):
                found.append(act.Load(vehicle))
        for pod, region in state.pods:
            if region == here and pod not in state.cargo and cargo_room(state, defs, pod):
                found.append(act.Load(pod))
    found.extend(_foils(state, defs))
    tokens = hand.tokens
    if tokens[_DETERMINATION]:
        found.append(act.UseDetermination())
    if tokens[_LOGISTICS] and state.fab_deck.can_draw:
        found.append(act.UseLogistics())
    if tokens[_TECHNOLOGY]:
        for pod in defs.pods:
            if lookup(state.pods, pod) is None:
                found.append(act.UseTechnology(pod))
    for ability in tables(defs).abilities.get(hand.character, ()):
        if ability.id in state.used:
            continue
        if ability.kind == "exchange-token-operation":
            for give in TOKEN_KINDS:
                if hand.count(give):
                    for take in TOKEN_KINDS:
                        if take != give and state.supply[TOKEN_KINDS.index(take)] > 0:
                            found.append(act.ExchangeToken(give, take))
        elif ability.kind == "unknown" or not ability.known:
            found.append(act.AnnounceAbility(ability.id))


_DETERMINATION = TOKEN_INDEX["determination"]
_LOGISTICS = TOKEN_INDEX["logistics"]
_TECHNOLOGY = TOKEN_INDEX["technology"]


def _transfers(state: GameState, defs: Definitions, local: list[str], found: list[object]) -> None:
    """Every character aboard a Thunderbird of the region to another one there: into a free seat, or swapping
    with someone aboard it."""
    aboard: dict[str, list[str]] = {}
    for vehicle in local:
        aboard[vehicle] = []
    for character, seat in state.seats:
        if seat in aboard:
            aboard[seat].append(character)
    has_room = {}
    for vehicle in local:
        seats = defs.vehicles[vehicle].seats
        has_room[vehicle] = seats is None or len(aboard[vehicle]) < (seats or 0)
    for seat, characters in aboard.items():
        for character in characters:
            for vehicle in local:
                if vehicle == seat:
                    continue
                if has_room[vehicle]:
                    found.append(act.Transfer(character, vehicle))
                for other in aboard[vehicle]:
                    found.append(act.Transfer(character, vehicle, other))


def _foils(state: GameState, defs: Definitions) -> Iterator[object]:
    current = state.current_scheme
    if current is None:
        return
    scheme = defs.schemes[current.card]
    confirmed = scheme_needs_confirmation(scheme)
    if scheme.tokens is None:
        candidates: list[tuple[tuple[str, str], ...]] = [()]
    else:
        per_requirement = []
        for req in scheme.tokens:
            eligible = [
                h for h in state.players if req.region is None or state.character_region(h.character) == req.region
            ]
            kinds = (req.kind,) if req.kind is not None else TOKEN_KINDS
            options: list[tuple[tuple[str, str], ...]] = []
            for kind in kinds:
                holders = [(h.character, h.count(kind)) for h in eligible if h.count(kind)]
                options.extend(_spread(holders, kind, req.count))
            per_requirement.append(options)
        candidates = []
        seen: set[tuple[tuple[str, str], ...]] = set()
        for combo in product(*per_requirement):
            discards = tuple(sorted(d for part in combo for d in part))
            if discards not in seen:
                seen.add(discards)
                candidates.append(discards)
            if len(candidates) >= MAX_FOIL_CHOICES:
                break
    for discards in candidates:
        action = act.FoilScheme(discards, confirmed)
        if check_foil_scheme(state, action, defs) is None:
            yield action


def _spread(holders: list[tuple[str, int]], kind: str, count: int) -> list[tuple[tuple[str, str], ...]]:
    """Every way `count` tokens of `kind` can come from the holders (player, how many they hold)."""
    if count == 0:
        return [()]
    if not holders:
        return []
    (player, held), rest = holders[0], holders[1:]
    ways = []
    for take in range(min(held, count) + 1):
        for tail in _spread(rest, kind, count - take):
            ways.append(((player, kind),) * take + tail)
    return ways


def _character_changes(state: GameState, defs: Definitions) -> Iterator[object]:
    for hand in state.players:
        for incoming in state.reserve:
            action = act.ChangeCharacter(hand.character, incoming)
            if check_change_character(state, action, defs) is None:
                yield action


# --- the rescue under way, rewards, F.A.B. cards ----------------------------------------------------------------


def _rescue_steps(state: GameState, defs: Definitions) -> Iterator[object]:
    pending = state.pending
    assert isinstance(pending, PendingRescue)
    hand = state.players[pending.player]
    if hand.count("intelligence"):
        for die in range(len(pending.dice)):
            yield act.UseIntelligence(die)
    if hand.count("teamwork"):
        yield act.UseTeamwork()
    if pending.ignored_die is None and hood_ignorer(state, defs) is not None:
        for die, face in enumerate(pending.dice):
            if face == HOOD_FACE:
                yield act.IgnoreHood(die)
    yield act.FinishRescue()


def _reward_choices(state: GameState) -> Iterator[object]:
    pending = state.pending
    assert isinstance(pending, PendingReward)
    wanted = min(pending.jokers, sum(state.supply))
    available = [k for i, k in enumerate(TOKEN_KINDS) if state.supply[i] > 0]
    for kinds in combinations_with_replacement(available, wanted):
        if all(kinds.count(k) <= state.supply[TOKEN_KINDS.index(k)] for k in set(kinds)):
            yield act.ChooseReward(kinds)


def _fab_plays(state: GameState, defs: Definitions) -> Iterator[object]:
    for index, hand in enumerate(state.players):
        for card in dict.fromkeys(hand.fabs):
            fab = defs.fabs[card]
            if any(e.kind == "rescue-modifier" for e in fab.effects):
                continue
            if not fab.any_turn and index != state.active:
                continue
            moves = [e for e in fab.effects if e.kind == "move-vehicle"]
            if not moves:
                yield act.PlayFab(card, hand.character)
                continue
            effect = moves[0]
            vehicle = effect.vehicle or ""
            if not any(state.is_played(c) for c in state.occupants(vehicle)):
                continue
            for region in defs.board.regions:
                if (effect.domain is None or region.domain == effect.domain) and region.id != state.vehicle_region(
                    vehicle
                ):
                    yield act.PlayFab(card, hand.character, region.id)
