"""Short labels for the history ("Virgil moves Thunderbird 2 to North America") and the saved-games summary."""

from __future__ import annotations

from typing import Any

from companion.games.thunderbirds import actions as act
from companion.games.thunderbirds import names
from companion.games.thunderbirds.definitions import Definitions
from companion.games.thunderbirds.state import GameState, PendingRescue
from companion.locale import domain

_, ngettext = domain("thunderbirds")


def describe(action: object, state: GameState, defs: Definitions) -> str:
    """A label in the current language; `state` is the state before the action."""
    who = names.character(defs, state.active_character)
    if isinstance(state.pending, PendingRescue):
        who = names.character(defs, state.players[state.pending.player].character)

    def n(kind: str, value: str | None) -> str:
        return _name(defs, kind, value)

    match action:
        case act.Move(vehicle, to):
            return _("{who} moves {vehicle} to {region}").format(who=who, vehicle=n("v", vehicle), region=n("r", to))
        case act.Rescue(disaster, fab_cards):
            if fab_cards:
                return _("{who} attempts {card}, playing {fabs}").format(
                    who=who, card=n("c", disaster), fabs=", ".join(n("c", f) for f in fab_cards)
                )
            return _("{who} attempts {card}").format(who=who, card=n("c", disaster))
        case act.ConfirmRescue(disaster):
            return _("{who} averts {card} (confirmed by the players)").format(who=who, card=n("c", disaster))
        case act.Plan():
            return _("{who} plans: draws a F.A.B. card, the Hood advances").format(who=who)
        case act.Scan(disaster):
            return _("{who} scans {card} one slot back").format(who=who, card=n("c", disaster))
        case act.DrawAbilityToken():
            return _("{who} draws a token with their ability").format(who=who)
        case act.UseIntelligence(die):
            return _("{who} re-rolls die {die} (Intelligence)").format(who=who, die=die + 1)
        case act.UseTeamwork():
            return _("{who} adds +2 (Teamwork)").format(who=who)
        case act.IgnoreHood(die):
            return _("John ignores the Hood on die {die}").format(die=die + 1)
        case act.FinishRescue():
            return _("{who} settles the rescue").format(who=who)
        case act.ChooseReward(kinds):
            return _("{who} takes {tokens}").format(who=who, tokens=", ".join(n("t", k) for k in kinds))
        case act.Transfer(character, to_vehicle, swap_with):
            if swap_with:
                return _("{character} and {other} swap: {character} into {vehicle}").format(
                    character=n("p", character), other=n("p", swap_with), vehicle=n("v", to_vehicle)
                )
            return _("{character} boards {vehicle}").format(character=n("p", character), vehicle=n("v", to_vehicle))
        case act.Load(piece):
            return _("{who} loads {piece} into Thunderbird 2").format(who=who, piece=n("p", piece))
        case act.Unload(piece):
            return _("{who} unloads {piece} from Thunderbird 2").format(who=who, piece=n("p", piece))
        case act.FoilScheme():
            current = state.current_scheme
            return _("{who} foils {scheme}").format(who=who, scheme=n("c", current.card if current else None))
        case act.UseDetermination():
            return _("{who} takes an extra action (Determination)").format(who=who)
        case act.UseLogistics():
            return _("{who} draws a F.A.B. card (Logistics)").format(who=who)
        case act.UseTechnology(pod):
            return _("{who} builds {pod} (Technology)").format(who=who, pod=n("p", pod))
        case act.ExchangeToken(give, take):
            return _("{who} exchanges {give} for {take}").format(who=who, give=n("t", give), take=n("t", take))
        case act.AnnounceAbility():
            return _("{who} uses an ability (applied by the players)").format(who=who)
        case act.PlayFab(card, player, to):
            if to:
                return _("{player} plays {card}: to {region}").format(
                    player=n("p", player), card=n("c", card), region=n("r", to)
                )
            return _("{player} plays {card}").format(player=n("p", player), card=n("c", card))
        case act.EndTurn():
            return _("{who} ends the turn: disaster phase").format(who=who)
        case act.ChangeCharacter(out, incoming):
            return _("Jeff Tracy swaps {out} for {incoming}").format(out=n("p", out), incoming=n("p", incoming))
        case act.AdjustHood(space):
            return _("Adjust: the Hood to space {space}").format(space=space)
        case act.AdjustDisaster(card, to):
            return _("Adjust: {card} to {place}").format(card=n("c", card), place=_place(to))
        case act.AdjustTokens(player, kind, delta):
            return _("Adjust: {player} {delta:+d} {token}").format(
                player=n("p", player), delta=delta, token=n("t", kind)
            )
        case act.AdjustFab(player, card, direction):
            if direction == "give":
                return _("Adjust: {player} receives {card}").format(player=n("p", player), card=n("c", card))
            return _("Adjust: {player} discards {card}").format(player=n("p", player), card=n("c", card))
        case act.AdjustPiece(piece, region):
            place = _("Brains' notebook") if region == "notebook" else n("r", region)
            return _("Adjust: {piece} to {place}").format(piece=n("p", piece), place=place)
        case act.AdjustSeat(character, vehicle):
            return _("Adjust: {character} into {vehicle}").format(character=n("p", character), vehicle=n("v", vehicle))
        case act.AdjustSpeed(vehicle, speed):
            if speed is None:
                return _("Adjust: {vehicle} back to its printed speed").format(vehicle=n("v", vehicle))
            return _("Adjust: {vehicle} top speed {speed}").format(vehicle=n("v", vehicle), speed=speed)
        case act.EndEffect(card):
            return _("Adjust: {card} is over").format(card=n("c", card))
        case act.AdjustActions(actions):
            return ngettext("Adjust: {count} action left", "Adjust: {count} actions left", actions).format(
                count=actions
            )
        case act.AdjustRescue(delta):
            return _("Adjust: rescue score {delta:+d}").format(delta=delta)
    return type(action).__name__


def _place(to: int | str) -> str:
    if to == "discard":
        return _("the discard pile")
    if to == "deck-top":
        return _("the top of the deck")
    return _("slot {slot}").format(slot=to)


def _name(defs: Definitions, kind: str, value: str | None) -> str:
    if kind == "v":
        return names.vehicle(defs, value)
    if kind == "r":
        return names.region(defs, value)
    if kind == "t":
        return names.token(defs, value)
    if kind == "p":
        return names.piece(defs, value)
    return names.card(defs, value)


def summary(state: GameState, defs: Definitions) -> dict[str, Any]:
    """Small facts for the saved-games list."""
    status = "playing" if state.outcome is None else state.outcome.result
    return {
        "status": status,
        "reason": None if state.outcome is None else state.outcome.reason,
        "players": state.setup.players,
        "solo": state.setup.solo,
        "characters": [hand.character for hand in state.players],
        "difficulty": state.setup.difficulty,
        "turn": state.turn,
        "active": state.active_character,
        "hood": state.hood,
        "schemes_foiled": state.schemes_foiled,
        "disasters_left": len(state.disasters),
    }
