"""Free operations: transfer characters, load and unload Thunderbird 2, foil a scheme, bonus tokens, the
once-per-turn character operations and F.A.B. cards.

Operations happen before or after an action, never during one: none is allowed while a rescue awaits its token
decisions, except F.A.B. cards (playable at any time, also in another player's turn, unless the card says
otherwise).

Decisions where the rulebook is silent (also in docs/scenarios.md):
- A transfer moves a character between two Thunderbirds that are both in the active character's region; other
  players' characters may be moved (the rulebook asks for their permission, which the table gives). A full
  Thunderbird takes a character only as a swap.
- A scheme whose requirements the app does not fully know (an unknown card, an illegible token kind) is foiled
  with `FoilScheme(confirmed=True)`: the players confirm what the app cannot check; everything known (regions,
  counts, pieces) is still checked. When a scheme's tokens are unknown altogether, any tokens the players hold
  may be listed as discards.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.engine.chance import Chance
from companion.games.thunderbirds import events as ev
from companion.games.thunderbirds import names
from companion.games.thunderbirds.actions import (
    AnnounceAbility,
    ExchangeToken,
    FoilScheme,
    Load,
    PlayFab,
    Transfer,
    Unload,
    UseDetermination,
    UseLogistics,
    UseTechnology,
)
from companion.games.thunderbirds.definitions import Ability, Definitions, SchemeCard, TokenRequirement
from companion.games.thunderbirds.effects import (
    Events,
    advance_hood,
    draw_disaster,
    draw_fab,
    set_hood_card,
    start_effect,
    win,
    with_status,
)
from companion.games.thunderbirds.movement import cargo_room, carrier_id, piece_region, seats_free
from companion.games.thunderbirds.state import GameState, assign, evolve, lookup, reassign
from companion.games.thunderbirds.steps import (
    fab_holder,
    give_tokens,
    lacks_token,
    moved_tokens,
    phase_reason,
    remove_fab,
    return_tokens,
    supply_count,
    token_reason,
)
from companion.locale import domain

_, ngettext = domain("thunderbirds")


def _touch(state: GameState) -> GameState:
    """The turn is no longer fresh once an operation is done (operations that change the state otherwise say
    `fresh_turn=False` in the same copy)."""
    return state if not state.fresh_turn else evolve(state, fresh_turn=False)


# --- Transfer ---------------------------------------------------------------------------------------------------


def check_transfer(state: GameState, action: Transfer, defs: Definitions) -> str | None:
    reason = phase_reason(state)
    if reason:
        return reason
    if action.character not in defs.characters:
        return _("There is no character called {name}.").format(name=action.character)
    if action.to_vehicle not in defs.vehicles:
        return _("There is no vehicle called {name}.").format(name=action.to_vehicle)
    here = state.character_region(state.players[state.active].character)
    source = lookup(state.seats, action.character)
    if source == action.to_vehicle:
        return _("{character} is already in {vehicle}.").format(
            character=names.character(defs, action.character), vehicle=names.vehicle(defs, action.to_vehicle)
        )
    if lookup(state.vehicles, source or "") != here:
        return _("Characters can only be transferred in your region ({region}); {character} is in {where}.").format(
            region=names.region(defs, here),
            character=names.character(defs, action.character),
            where=names.region(defs, state.character_region(action.character)),
        )
    if lookup(state.vehicles, action.to_vehicle) != here:
        return _("{vehicle} is not in your region ({region}).").format(
            vehicle=names.vehicle(defs, action.to_vehicle), region=names.region(defs, here)
        )
    if action.swap_with is not None:
        if action.swap_with == action.character or lookup(state.seats, action.swap_with) != action.to_vehicle:
            return _("{character} is not in {vehicle}, so cannot swap.").format(
                character=names.character(defs, action.swap_with), vehicle=names.vehicle(defs, action.to_vehicle)
            )
        return None
    free = seats_free(state, defs.vehicles[action.to_vehicle])
    if free is not None and free <= 0:
        seats = defs.vehicles[action.to_vehicle].seats
        return ngettext(
            "{vehicle} has {seats} seat, taken: swap with someone in it.",
            "{vehicle} has {seats} seats, all taken: swap with someone in it.",
            seats or 0,
        ).format(vehicle=names.vehicle(defs, action.to_vehicle), seats=seats)
    return None


def do_transfer(state: GameState, action: Transfer, defs: Definitions, chance: Chance, out: Events) -> GameState:
    source, seats = reassign(state.seats, action.character, action.to_vehicle)
    source = source or ""
    out.append(ev.CharacterTransferred(action.character, source, action.to_vehicle))
    if action.swap_with is not None:
        seats = assign(seats, action.swap_with, source)
        out.append(ev.CharacterTransferred(action.swap_with, action.to_vehicle, source))
    return evolve(state, seats=seats, fresh_turn=False)


# --- Load and Unload -------------------------------------------------------------------------------------------


def _carrier_reason(state: GameState, defs: Definitions) -> str | None:
    carrier = carrier_id(defs)
    here = state.character_region(state.active_character)
    if state.vehicle_region(carrier) != here:
        return _("{carrier} is not in your region ({region}).").format(
            carrier=names.vehicle(defs, carrier), region=names.region(defs, here)
        )
    return None


def check_load(state: GameState, action: Load, defs: Definitions) -> str | None:
    reason = phase_reason(state) or _carrier_reason(state, defs)
    if reason:
        return reason
    carrier_key = carrier_id(defs)
    carrier = defs.vehicles[carrier_key]
    if action.piece in state.cargo:
        return _("{piece} is already in {carrier}.").format(
            piece=names.piece(defs, action.piece), carrier=names.vehicle(defs, carrier_key)
        )
    if action.piece in defs.pods:
        if lookup(state.pods, action.piece) is None:
            return _("{pod} is not built yet: it is still on Brains' notebook.").format(
                pod=names.piece(defs, action.piece)
            )
        kind = "pod"
    elif action.piece in defs.vehicles:
        if action.piece not in carrier.carries_vehicles:
            return _("{carrier} cannot carry {piece}.").format(
                carrier=names.vehicle(defs, carrier_key), piece=names.piece(defs, action.piece)
            )
        kind = "vehicle"
    else:
        return _("There is no vehicle or pod called {name}.").format(name=action.piece)
    where = piece_region(state, defs, kind, action.piece)
    if where != lookup(state.vehicles, carrier_key):
        return _("{piece} is in {where}, not with {carrier}.").format(
            piece=names.piece(defs, action.piece),
            where=names.region(defs, where),
            carrier=names.vehicle(defs, carrier_key),
        )
    if not cargo_room(state, defs, action.piece):
        loaded = ", ".join(names.piece(defs, p) for p in state.cargo)
        return _("{carrier} carries either one vehicle or up to {pods} pods; it already carries {loaded}.").format(
            carrier=names.vehicle(defs, carrier_key), pods=carrier.pod_capacity, loaded=loaded
        )
    return None


def do_load(state: GameState, action: Load, defs: Definitions, chance: Chance, out: Events) -> GameState:
    out.append(ev.PieceLoaded(action.piece, state.vehicle_region(carrier_id(defs)) or ""))
    return evolve(state, cargo=state.cargo + (action.piece,), fresh_turn=False)


def check_unload(state: GameState, action: Unload, defs: Definitions) -> str | None:
    reason = phase_reason(state) or _carrier_reason(state, defs)
    if reason:
        return reason
    if action.piece not in state.cargo:
        return _("{piece} is not in {carrier}.").format(
            piece=names.piece(defs, action.piece), carrier=names.vehicle(defs, carrier_id(defs))
        )
    return None


def do_unload(state: GameState, action: Unload, defs: Definitions, chance: Chance, out: Events) -> GameState:
    out.append(ev.PieceUnloaded(action.piece, state.vehicle_region(carrier_id(defs)) or ""))
    return evolve(state, cargo=tuple(p for p in state.cargo if p != action.piece), fresh_turn=False)


# --- Foil a scheme ------------------------------------------------------------------------------------------------


def _matches(
    discards: Sequence[tuple[str, str]],
    requirements: Sequence[TokenRequirement],
    region_of: dict[str, str | None],
) -> bool:
    """Can every discard be given to a requirement so that each gets exactly its count (kind and region fit)?"""
    need = [r.count for r in requirements]

    def fits(discard: tuple[str, str], req: TokenRequirement) -> bool:
        player, kind = discard
        return (req.kind is None or req.kind == kind) and (req.region is None or region_of[player] == req.region)

    def place(i: int) -> bool:
        if i == len(discards):
            return all(n == 0 for n in need)
        for j, req in enumerate(requirements):
            if need[j] > 0 and fits(discards[i], req):
                need[j] -= 1
                if place(i + 1):
                    return True
                need[j] += 1
        return False

    return sum(need) == len(discards) and place(0)


def scheme_needs_confirmation(scheme: SchemeCard) -> bool:
    return (
        scheme.completeness != "complete"
        or scheme.tokens is None
        or scheme.pieces is None
        or any(r.kind is None or r.region is None for r in scheme.tokens)
    )


def check_foil_scheme(state: GameState, action: FoilScheme, defs: Definitions) -> str | None:
    reason = phase_reason(state)
    if reason:
        return reason
    current = state.current_scheme
    if current is None:
        return _("No scheme is face up to foil.")
    scheme = defs.schemes[current.card]
    held: dict[tuple[str, str], int] = {}
    for player, kind in action.discards:
        index = state.hand_index(player)
        if index is None:
            return _("{character} is not played by anyone.").format(character=names.character(defs, player))
        reason = token_reason(defs, kind)
        if reason:
            return reason
        held[(player, kind)] = held.get((player, kind), 0) + 1
        if state.players[index].count(kind) < held[(player, kind)]:
            return ngettext(
                "{character} does not have {count} {token} token.",
                "{character} does not have {count} {token} tokens.",
                held[(player, kind)],
            ).format(character=names.character(defs, player), count=held[(player, kind)], token=names.token(defs, kind))
    if scheme_needs_confirmation(scheme) and not action.confirmed:
        return _("The app does not know all of {scheme}'s requirements: check them on the card, then confirm.").format(
            scheme=names.card(defs, scheme.id)
        )
    for need in scheme.pieces or ():
        where = piece_region(state, defs, need.piece_kind, need.piece)
        if where != need.region:
            return _("{scheme} needs {piece} in {region}; it is in {where}.").format(
                scheme=names.card(defs, scheme.id),
                piece=names.piece(defs, need.piece),
                region=names.region(defs, need.region),
                where=names.region(defs, where) if where else _("Brains' notebook"),
            )
    if scheme.tokens is not None:
        region_of = {hand.character: state.character_region(hand.character) for hand in state.players}
        if not _matches(tuple(action.discards), scheme.tokens, region_of):
            wanted = "; ".join(_requirement_text(defs, r) for r in scheme.tokens)
            return _("{scheme} needs these tokens discarded at once: {wanted}.").format(
                scheme=names.card(defs, scheme.id), wanted=wanted
            )
    return None


def _requirement_text(defs: Definitions, req: TokenRequirement) -> str:
    kind = names.token(defs, req.kind) if req.kind else _("tokens shown on the card")
    if req.region is None:
        return _("{count} x {token}").format(count=req.count, token=kind)
    return _("{count} x {token} by characters in {region}").format(
        count=req.count, token=kind, region=names.region(defs, req.region)
    )


def do_foil_scheme(state: GameState, action: FoilScheme, defs: Definitions, chance: Chance, out: Events) -> GameState:
    current = state.current_scheme
    assert current is not None
    players, supply = state.players, state.supply
    for player, kind in action.discards:
        index = state.hand_index(player)
        assert index is not None
        players, supply = moved_tokens(players, supply, index, kind, -1)
        out.append(ev.TokenSpent(player, kind))
    out.append(ev.SchemeFoiled(current.card, state.active_character, tuple(action.discards)))
    hood_cards = with_status(state.hood_cards, current.card, "foiled")
    state = evolve(state, players=players, supply=supply, hood_cards=hood_cards, fresh_turn=False)
    state = draw_fab(state, state.active, chance, out)
    following = [c for c in state.hood_cards if c.kind == "scheme" and c.status == "face-down"]
    if following:
        nxt = min(following, key=lambda c: c.space)
        state = set_hood_card(state, nxt.card, "face-up")
        out.append(ev.SchemeRevealed(nxt.card, nxt.space))
    elif all(c.status == "foiled" for c in state.hood_cards if c.kind == "scheme"):
        state = win(state, out)
    return state


# --- bonus tokens ---------------------------------------------------------------------------------------------


def check_use_determination(state: GameState, action: UseDetermination, defs: Definitions) -> str | None:
    return phase_reason(state) or lacks_token(state, defs, state.active, "determination")


def do_use_determination(
    state: GameState, action: UseDetermination, defs: Definitions, chance: Chance, out: Events
) -> GameState:
    character = state.players[state.active].character
    out.append(ev.TokenSpent(character, "determination"))
    out.append(ev.ActionGained(character))
    players, supply = moved_tokens(state.players, state.supply, state.active, "determination", -1)
    return evolve(state, players=players, supply=supply, actions_left=state.actions_left + 1, fresh_turn=False)


def check_use_logistics(state: GameState, action: UseLogistics, defs: Definitions) -> str | None:
    reason = phase_reason(state) or lacks_token(state, defs, state.active, "logistics")
    if reason is None and not state.fab_deck.can_draw:
        reason = _("No F.A.B. card is left to draw.")
    return reason


def do_use_logistics(
    state: GameState, action: UseLogistics, defs: Definitions, chance: Chance, out: Events
) -> GameState:
    state = return_tokens(state, state.active, "logistics")
    out.append(ev.TokenSpent(state.active_character, "logistics"))
    return _touch(draw_fab(state, state.active, chance, out))


def check_use_technology(state: GameState, action: UseTechnology, defs: Definitions) -> str | None:
    reason = phase_reason(state) or lacks_token(state, defs, state.active, "technology")
    if reason:
        return reason
    if action.pod not in defs.pods:
        return _("There is no pod called {name}.").format(name=action.pod)
    if state.pod_region(action.pod) is not None:
        return _("{pod} is already built.").format(pod=names.pod(defs, action.pod))
    return None


def do_use_technology(
    state: GameState, action: UseTechnology, defs: Definitions, chance: Chance, out: Events
) -> GameState:
    out.append(ev.TokenSpent(state.players[state.active].character, "technology"))
    tracy = defs.board.tracy_island
    out.append(ev.PodBuilt(action.pod, tracy))
    players, supply = moved_tokens(state.players, state.supply, state.active, "technology", -1)
    pods = state.pods + ((action.pod, tracy),)
    return evolve(state, players=players, supply=supply, pods=pods, fresh_turn=False)


# --- character operations --------------------------------------------------------------------------------------


def _ability(state: GameState, defs: Definitions, kind: str) -> Ability | None:
    for ability in defs.characters[state.active_character].abilities:
        if ability.kind == kind:
            return ability
    return None


def check_exchange_token(state: GameState, action: ExchangeToken, defs: Definitions) -> str | None:
    reason = phase_reason(state)
    if reason:
        return reason
    who = names.Later(names.character, defs, state.active_character)
    ability = _ability(state, defs, "exchange-token-operation")
    if ability is None:
        return _("{character} cannot exchange tokens.").format(character=who)
    if ability.id in state.used:
        return _("{character} has already used this ability this turn.").format(character=who)
    reason = lacks_token(state, defs, state.active, action.give) or token_reason(defs, action.take)
    if reason:
        return reason
    if action.give == action.take:
        return _("Exchange a token for a different kind.")
    if supply_count(state, action.take) <= 0:
        return _("No {token} token is left in the supply.").format(token=names.token(defs, action.take))
    return None


def do_exchange_token(
    state: GameState, action: ExchangeToken, defs: Definitions, chance: Chance, out: Events
) -> GameState:
    ability = _ability(state, defs, "exchange-token-operation")
    assert ability is not None
    state = return_tokens(state, state.active, action.give)
    state = give_tokens(state, state.active, action.take)
    out.append(ev.AbilityUsed(state.active_character, ability.id, True))
    out.append(ev.TokenSpent(state.active_character, action.give))
    out.append(ev.TokenGained(state.active_character, action.take, "exchange"))
    return evolve(state, used=state.used | {ability.id}, fresh_turn=False)


def check_announce_ability(state: GameState, action: AnnounceAbility, defs: Definitions) -> str | None:
    reason = phase_reason(state)
    if reason:
        return reason
    who = names.Later(names.character, defs, state.active_character)
    ability = next((a for a in defs.characters[state.active_character].abilities if a.id == action.ability), None)
    if ability is None:
        return _("{character} has no ability {ability}.").format(character=who, ability=action.ability)
    if ability.known and ability.kind != "unknown":
        return _("The app knows this ability: use its own action.")
    if ability.id in state.used:
        return _("{character} has already used this ability this turn.").format(character=who)
    return None


def do_announce_ability(
    state: GameState, action: AnnounceAbility, defs: Definitions, chance: Chance, out: Events
) -> GameState:
    out.append(ev.AbilityUsed(state.active_character, action.ability, False))
    return evolve(state, used=state.used | {action.ability}, fresh_turn=False)


# --- F.A.B. cards ------------------------------------------------------------------------------------------------


def check_play_fab(state: GameState, action: PlayFab, defs: Definitions) -> str | None:
    if state.outcome is not None:
        return _("The game is over.")
    index = state.hand_index(action.player)
    if index is None:
        return _("{character} is not played by anyone.").format(character=names.character(defs, action.player))
    fab = defs.fabs.get(action.card)
    if fab is None:
        return _("There is no F.A.B. card called {name}.").format(name=action.card)
    cname = names.Later(names.card, defs, action.card)
    if action.card not in state.players[index].fabs:
        return _("{character} does not hold {card}.").format(character=names.character(defs, action.player), card=cname)
    if not fab.any_turn and index != state.active:
        return _("{card} can only be played in its holder's own turn.").format(card=cname)
    if any(e.kind == "rescue-modifier" for e in fab.effects):
        return _("Play {card} with a Rescue, before the dice are rolled.").format(card=cname)
    moves = [e for e in fab.effects if e.kind == "move-vehicle"]
    if not moves and action.to is not None:
        return _("{card} does not move a vehicle.").format(card=cname)
    for effect in moves:
        vehicle = effect.vehicle or ""
        vname = names.Later(names.vehicle, defs, vehicle)
        if action.to is None:
            return _("Say where {card} sends {vehicle}.").format(card=cname, vehicle=vname)
        if action.to not in defs.board.region_ids:
            return _("There is no region called {name}.").format(name=action.to)
        region = defs.board.region(action.to)
        if effect.domain is not None and region.domain != effect.domain:
            return _("{card} sends {vehicle} to a {domain} region; {region} is not one.").format(
                card=cname,
                vehicle=vname,
                domain=_("space") if effect.domain == "space" else _("Earth"),
                region=names.region(defs, action.to),
            )
        if not any(state.is_played(c) for c in state.occupants(vehicle)):
            return _("{card} needs a character played by someone aboard {vehicle}.").format(card=cname, vehicle=vname)
        if state.vehicle_region(vehicle) == action.to:
            return _("{vehicle} is already in {region}.").format(vehicle=vname, region=names.region(defs, action.to))
    return None


def do_play_fab(state: GameState, action: PlayFab, defs: Definitions, chance: Chance, out: Events) -> GameState:
    fab = defs.fabs[action.card]
    index = fab_holder(state, action.card)
    assert index is not None
    known = bool(fab.effects) and fab.completeness == "complete"
    out.append(ev.FabPlayed(action.player, action.card, known))
    state = remove_fab(state, index, action.card)
    for effect in fab.effects:
        if effect.kind == "move-vehicle" and effect.vehicle and action.to:
            here = state.vehicle_region(effect.vehicle) or ""
            out.append(ev.VehicleMoved(effect.vehicle, here, action.to))
            state = evolve(state, vehicles=assign(state.vehicles, effect.vehicle, action.to))
        elif effect.kind in ("speed-limit", "block-edges"):
            state = start_effect(
                state,
                action.card,
                "fab",
                effect.kind,
                effect.value,
                effect.rescue_type,
                effect.vehicle,
                effect.edges,
                out,
            )
        elif effect.kind == "draw-disaster":
            for _ in range(max(effect.value, 1)):
                state = draw_disaster(state, defs, chance, out)
        elif effect.kind == "move-hood":
            state = advance_hood(state, defs, chance, max(effect.value, 1), out)
        elif effect.kind == "draw-fab":
            for _ in range(max(effect.value, 1)):
                holder = state.hand_index(action.player)
                if holder is not None:
                    state = draw_fab(state, holder, chance, out)
        if state.outcome is not None:
            break
    return state
