"""The Rescue action, step by step: roll, token decisions, settle, rewards.

Rules as printed: a Rescue is possible only in the region of a disaster card on the track. Two dice are rolled
and every bonus added (see `bonuses.py`); a Hood face adds nothing. After the roll the rescuer may re-roll a die
per Intelligence token (a re-rolled Hood face no longer counts) and add +2 per Teamwork token. At the end of the
action the Hood advances one space per Hood face showing; John, seated in Thunderbird 5 and played by someone, may
ignore one Hood face per rescue, whoever rescues. Success (score >= difficulty) gives the printed rewards: a
joker is any token of the player's choice; a token out of stock gives nothing. The card goes to the discard pile.
A card without dice succeeds without rolling when its pieces are in place.

Decisions (also in docs/scenarios.md): a disaster card the app does not know (no difficulty and no condition)
is averted with `ConfirmRescue` after the players read it (an action, no dice, rewards by adjustment when not
known). If the die whose Hood face John ignored is re-rolled, John may ignore a later Hood face instead.
F.A.B. cards that add to a rescue are played with `Rescue(fab_cards=...)`, before the roll, by whoever holds them.
"""

from __future__ import annotations

from companion.engine.chance import Chance
from companion.games.thunderbirds import events as ev
from companion.games.thunderbirds import names
from companion.games.thunderbirds.actions import (
    ChooseReward,
    ConfirmRescue,
    FinishRescue,
    IgnoreHood,
    Rescue,
    UseIntelligence,
    UseTeamwork,
)
from companion.games.thunderbirds.bonuses import rescue_bonus
from companion.games.thunderbirds.definitions import JOKER, Definitions, DisasterCard
from companion.games.thunderbirds.effects import Events, advance_hood
from companion.games.thunderbirds.movement import piece_region
from companion.games.thunderbirds.state import (
    DIE,
    HOOD_FACE,
    TOKEN_INDEX,
    GameState,
    PendingRescue,
    PendingReward,
    evolve,
)
from companion.games.thunderbirds.steps import (
    action_reason,
    fab_holder,
    lacks_token,
    moved_tokens,
    phase_reason,
    remove_fab,
    return_tokens,
    spend_action,
    supply_count,
)
from companion.locale import domain

_, ngettext = domain("thunderbirds")

DICE_PER_RESCUE = 2


def is_unknown(card: DisasterCard) -> bool:
    """The app cannot run this card: no difficulty and no no-dice condition (or no region)."""
    return card.kind == "disaster" and (
        card.region is None or (card.difficulty is None and card.auto_requirements is None)
    )


def track_reason(state: GameState, defs: Definitions, disaster: str) -> str | None:
    if disaster not in defs.disasters:
        return _("There is no disaster card called {name}.").format(name=disaster)
    if state.track.slot_of(disaster) is None:
        return _("{card} is not on the disaster track.").format(card=names.card(defs, disaster))
    return None


def region_reason(state: GameState, defs: Definitions, card: DisasterCard) -> str | None:
    if card.region is None:
        return None
    who = state.players[state.active].character
    where = state.character_region(who)
    if where != card.region:
        return _("{card} is in {region}; {character} is in {where}.").format(
            card=names.card(defs, card.id),
            region=names.region(defs, card.region),
            character=names.character(defs, who),
            where=names.region(defs, where),
        )
    return None


def missing_requirement(state: GameState, defs: Definitions, card: DisasterCard) -> str | None:
    for need in card.auto_requirements or ():
        where = piece_region(state, defs, need.piece_kind, need.piece)
        if where != need.region:
            return _("{card} needs {piece} in {region}; it is in {where}.").format(
                card=names.card(defs, card.id),
                piece=names.piece(defs, need.piece),
                region=names.region(defs, need.region),
                where=names.region(defs, where) if where else _("Brains' notebook"),
            )
    return None


def fab_reason(state: GameState, defs: Definitions, card: DisasterCard, fab_cards: tuple[str, ...]) -> str | None:
    if len(set(fab_cards)) != len(fab_cards):
        return _("Each F.A.B. card can be played only once.")
    for fab_id in fab_cards:
        fab = defs.fabs.get(fab_id)
        if fab is None:
            return _("There is no F.A.B. card called {name}.").format(name=fab_id)
        holder = fab_holder(state, fab_id)
        if holder is None:
            return _("Nobody holds {card}.").format(card=names.card(defs, fab_id))
        if not fab.any_turn and holder != state.active:
            return _("{card} can only be played in its holder's own turn.").format(card=names.card(defs, fab_id))
        modifiers = [e for e in fab.effects if e.kind == "rescue-modifier"]
        if not modifiers:
            return _("{card} does not add to a rescue.").format(card=names.card(defs, fab_id))
        if all(e.rescue_type is not None and e.rescue_type != card.rescue_type for e in modifiers):
            return _("{card} adds only to {kind} rescues; {disaster} is a {other} rescue.").format(
                card=names.card(defs, fab_id),
                kind=rescue_type_name(modifiers[0].rescue_type),
                disaster=names.card(defs, card.id),
                other=rescue_type_name(card.rescue_type),
            )
    return None


def rescue_type_name(kind: str | None) -> str:
    return {"air": _("air"), "sea": _("sea"), "land": _("land"), "space": _("space")}.get(kind or "", "?")


def check_rescue(state: GameState, action: Rescue, defs: Definitions) -> str | None:
    if state.pending is not None or state.outcome is not None or state.actions_left <= 0:
        reason = action_reason(state)
        if reason:
            return reason
    card = defs.disasters.get(action.disaster)
    if card is None or action.disaster not in state.track.slots:
        return track_reason(state, defs, action.disaster)
    if is_unknown(card):
        return _("The app does not know {card}: read it from the card, then confirm the rescue.").format(
            card=names.card(defs, card.id)
        )
    reason = region_reason(state, defs, card)
    if reason:
        return reason
    if card.is_no_dice:
        if action.fab_cards:
            return _("No F.A.B. card can help a rescue without dice.")
        return missing_requirement(state, defs, card)
    if not action.fab_cards:
        return None
    return fab_reason(state, defs, card, tuple(action.fab_cards))


def do_rescue(state: GameState, action: Rescue, defs: Definitions, chance: Chance, out: Events) -> GameState:
    card = defs.disasters[action.disaster]
    player = state.active
    out.append(ev.RescueStarted(state.players[player].character, card.id, tuple(action.fab_cards)))
    if card.is_no_dice:
        return succeed(spend_action(state), defs, player, card, None, out)
    bonus = rescue_bonus(state, defs, card.id, action.fab_cards)
    for fab_id in action.fab_cards:
        holder = fab_holder(state, fab_id)
        assert holder is not None
        out.append(ev.FabPlayed(state.players[holder].character, fab_id, True))
        state = remove_fab(state, holder, fab_id)
    rolled = []
    for _die in range(DICE_PER_RESCUE):
        rolled.append(chance.roll_index(DIE))
    dice = tuple(rolled)
    out.append(ev.DiceRolled(dice))
    pending = PendingRescue(player, card.id, dice, bonus=bonus, fab_cards=tuple(action.fab_cards))
    # The action is spent in the same copy that records the roll.
    return evolve(state, pending=pending, actions_left=state.actions_left - 1, fresh_turn=False)


def succeed(
    state: GameState, defs: Definitions, player: int, card: DisasterCard, score: int | None, out: Events
) -> GameState:
    """The card leaves the track for the discard pile and its printed rewards are given, in one state copy."""
    character = state.players[player].character
    out.append(ev.RescueSucceeded(character, card.id, score, card.difficulty))
    track, disasters = state.track.remove(card.id), state.disasters.discard(card.id)
    if card.rewards is None:
        out.append(ev.RewardsUnknown(character, card.id))
        return evolve(state, track=track, disasters=disasters, pending=None)
    players, supply = state.players, state.supply
    jokers = 0
    for reward in card.rewards:
        if reward == JOKER:
            jokers += 1
        elif supply[TOKEN_INDEX[reward]] > 0:
            out.append(ev.TokenGained(character, reward, "reward"))
            players, supply = moved_tokens(players, supply, player, reward, 1)
        else:
            out.append(ev.RewardMissing(character, reward))
    jokers = min(jokers, sum(supply))
    pending = None
    if jokers:
        out.append(ev.JokerChoiceNeeded(character, jokers))
        pending = PendingReward(player, card.id, jokers)
    return evolve(state, track=track, disasters=disasters, pending=pending, players=players, supply=supply)


def check_confirm_rescue(state: GameState, action: ConfirmRescue, defs: Definitions) -> str | None:
    reason = action_reason(state) or track_reason(state, defs, action.disaster)
    if reason:
        return reason
    card = defs.disasters[action.disaster]
    if not is_unknown(card):
        return _("The app knows {card}: use Rescue.").format(card=names.card(defs, card.id))
    return region_reason(state, defs, card)


def do_confirm_rescue(
    state: GameState, action: ConfirmRescue, defs: Definitions, chance: Chance, out: Events
) -> GameState:
    card = defs.disasters[action.disaster]
    out.append(ev.RescueStarted(state.active_character, card.id))
    return succeed(spend_action(state), defs, state.active, card, None, out)


# --- after the roll -----------------------------------------------------------------------------------------------


def _pending(state: GameState) -> PendingRescue:
    assert isinstance(state.pending, PendingRescue)
    return state.pending


def die_reason(state: GameState, die: int) -> str | None:
    if not 0 <= die < len(_pending(state).dice):
        return _("There is no die {die}; dice are numbered 0 and 1.").format(die=die)
    return None


def check_use_intelligence(state: GameState, action: UseIntelligence, defs: Definitions) -> str | None:
    reason = phase_reason(state, "rescue")
    if reason:
        return reason
    return die_reason(state, action.die) or lacks_token(state, defs, _pending(state).player, "intelligence")


def do_use_intelligence(
    state: GameState, action: UseIntelligence, defs: Definitions, chance: Chance, out: Events
) -> GameState:
    pending = _pending(state)
    state = return_tokens(state, pending.player, "intelligence")
    out.append(ev.TokenSpent(state.players[pending.player].character, "intelligence"))
    face = chance.roll_index(DIE)
    out.append(ev.DieRerolled(action.die, pending.dice[action.die], face))
    dice = pending.dice[: action.die] + (face,) + pending.dice[action.die + 1 :]
    ignored = None if pending.ignored_die == action.die else pending.ignored_die
    return evolve(state, pending=_replace_pending(pending, dice=dice, ignored_die=ignored, rerolls=pending.rerolls + 1))


def check_use_teamwork(state: GameState, action: UseTeamwork, defs: Definitions) -> str | None:
    return phase_reason(state, "rescue") or lacks_token(state, defs, _pending(state).player, "teamwork")


def do_use_teamwork(state: GameState, action: UseTeamwork, defs: Definitions, chance: Chance, out: Events) -> GameState:
    pending = _pending(state)
    state = return_tokens(state, pending.player, "teamwork")
    out.append(ev.TeamworkUsed(state.players[pending.player].character))
    return evolve(state, pending=_replace_pending(pending, teamwork=pending.teamwork + 1))


def _replace_pending(pending: PendingRescue, **changes: object) -> PendingRescue:
    """`pending` with some fields changed, without re-running `__init__` (as `evolve` does for states)."""
    new = object.__new__(PendingRescue)
    fields = new.__dict__
    fields.update(pending.__dict__)
    fields.update(changes)
    return new


def hood_ignorer(state: GameState, defs: Definitions) -> str | None:
    """The played character who may ignore a Hood face now (John in Thunderbird 5), if any."""
    for hand in state.players:
        for ability in defs.characters[hand.character].abilities:
            if ability.kind == "ignore-hood-face" and (
                ability.in_vehicle is None or state.seat_of(hand.character) == ability.in_vehicle
            ):
                return hand.character
    return None


def check_ignore_hood(state: GameState, action: IgnoreHood, defs: Definitions) -> str | None:
    reason = phase_reason(state, "rescue") or die_reason(state, action.die)
    if reason:
        return reason
    pending = _pending(state)
    if hood_ignorer(state, defs) is None:
        return _("Only John, played and seated in Thunderbird 5, can ignore a Hood face.")
    if pending.ignored_die is not None:
        return _("One Hood face is already ignored in this rescue.")
    if pending.dice[action.die] != HOOD_FACE:
        return _("Die {die} does not show the Hood.").format(die=action.die)
    return None


def do_ignore_hood(state: GameState, action: IgnoreHood, defs: Definitions, chance: Chance, out: Events) -> GameState:
    out.append(ev.HoodIgnored(action.die))
    return evolve(state, pending=_replace_pending(_pending(state), ignored_die=action.die))


def check_finish_rescue(state: GameState, action: FinishRescue, defs: Definitions) -> str | None:
    return phase_reason(state, "rescue")


def do_finish_rescue(
    state: GameState, action: FinishRescue, defs: Definitions, chance: Chance, out: Events
) -> GameState:
    pending = _pending(state)
    card = defs.disasters[pending.disaster]
    score = pending.score
    difficulty = card.difficulty or 0
    if score >= difficulty:
        state = succeed(state, defs, pending.player, card, score, out)  # clears `pending` too
    else:
        out.append(ev.RescueFailed(state.players[pending.player].character, card.id, score, difficulty))
        state = evolve(state, pending=None)
    hood_faces = pending.hood_faces
    return advance_hood(state, defs, chance, hood_faces, out) if hood_faces else state


# --- joker rewards ------------------------------------------------------------------------------------------------


def check_choose_reward(state: GameState, action: ChooseReward, defs: Definitions) -> str | None:
    reason = phase_reason(state, "reward")
    if reason:
        return reason
    pending = state.pending
    assert isinstance(pending, PendingReward)
    wanted = min(pending.jokers, sum(state.supply))
    if len(action.kinds) != wanted:
        return ngettext(
            "Choose {count} token for the joker reward.", "Choose {count} tokens for the joker reward.", wanted
        ).format(count=wanted)
    counts: dict[str, int] = {}  # how many of each kind, first chosen first (as a Counter, without building one)
    for kind in action.kinds:
        counts[kind] = counts.get(kind, 0) + 1
    for kind, count in counts.items():
        if kind not in TOKEN_INDEX:
            return _("There is no token kind called {kind}.").format(kind=kind)
        if supply_count(state, kind) < count:
            return _("Not enough {token} tokens in the supply.").format(token=names.token(defs, kind))
    return None


def do_choose_reward(
    state: GameState, action: ChooseReward, defs: Definitions, chance: Chance, out: Events
) -> GameState:
    pending = state.pending
    assert isinstance(pending, PendingReward)
    character = state.players[pending.player].character
    players, supply = state.players, state.supply
    for kind in action.kinds:
        out.append(ev.TokenGained(character, kind, "reward"))
        players, supply = moved_tokens(players, supply, pending.player, kind, 1)
    return evolve(state, players=players, supply=supply, pending=None)
