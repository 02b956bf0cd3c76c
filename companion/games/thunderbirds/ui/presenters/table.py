"""The Table screen's view model: the Hood track, the disaster track with every card's bonuses as they stand
now, the decks, every player's tokens and F.A.B. cards, and the legal actions as buttons.

The rules decide what is legal (`snapshot.legal`); this module only groups and labels those actions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.thunderbirds import actions as a
from companion.games.thunderbirds import names
from companion.games.thunderbirds.bonuses import bonus_total, rescue_bonuses
from companion.games.thunderbirds.definitions import TOKEN_KINDS
from companion.games.thunderbirds.state import GameState
from companion.games.thunderbirds.ui.presenters.words import (
    bonus_line_text,
    effect_source,
    effect_text,
    joined,
    keep_together,
    piece_name,
    rescue_type_label,
    separated,
    to_complete_text,
    token_counts,
    token_short,
    vehicle_names_whole,
)
from companion.locale import _, ngettext
from companion.ui.action_keys import act
from companion.ui.presenters.lines import ButtonView

ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV"}


@dataclass(frozen=True)
class HoodSpace:
    index: int
    mark: str  # plain, event, event-active, event-done, scheme, scheme-current, scheme-foiled
    label: str  # "E", "S" + numeral, "" (always with the mark, never colour alone)
    has_hood: bool


@dataclass(frozen=True)
class BonusRow:
    text: str
    value: int
    applies: bool


@dataclass(frozen=True)
class DisasterTile:
    slot: int  # 1..7, 8 for the skull
    card: str | None
    name: str
    region: str
    rescue_type: str | None  # air, sea, land, space (the icon and colour); None: unknown or empty
    type_label: str
    difficulty: str  # "9"; "" for a no-dice card (its pieces are counted instead) and a card not known yet
    bonus_now: int
    bonus_summary: str  # "+4 now (2 of 3)"
    bonuses: tuple[BonusRow, ...]
    is_known: bool
    is_skull: bool
    here: bool  # the active character is in this card's region
    #: What the card asks that its numbers cannot say (a no-dice card, a card to complete), for its pop-up.
    note: str = ""


@dataclass(frozen=True)
class TokenCount:
    kind: str
    short: str  # "Intel.": the start of the full name, never a colour or a letter alone
    name: str
    count: int


@dataclass(frozen=True)
class PlayerPanel:
    character: str
    name: str
    is_active: bool
    where: str
    tokens: tuple[TokenCount, ...]
    fabs: int
    summary: str  # "Tech 1 · Intel. 2 · F.A.B. 2" (held kinds only)


@dataclass(frozen=True)
class TableView:
    title: str
    turn: str
    active: str
    actions_left: str
    phase: str
    hood: tuple[HoodSpace, ...]
    hood_text: str
    scheme_button: str
    tiles: tuple[DisasterTile, ...]
    deck_text: str
    discard_text: str
    fab_text: str
    effects: tuple[str, ...]
    players: tuple[PlayerPanel, ...]
    actions: tuple[ButtonView, ...]
    end_turn: ButtonView | None
    notice: str
    #: Asked before End turn while actions are left (unused actions are lost): "" when there is nothing to ask.
    end_turn_question: str = ""


def hood_spaces(state: GameState, defs: Any) -> tuple[HoodSpace, ...]:
    by_space = {card.space: card for card in state.hood_cards}
    spaces = []
    for index in range(defs.hood_track.length):
        card = by_space.get(index)
        if card is None:
            mark, label = "plain", ""
        elif card.kind == "event":
            mark = {"face-down": "event", "active": "event-active"}.get(card.status, "event-done")
            label = "E"
        else:
            level = defs.schemes[card.card].level if card.card in defs.schemes else 0
            mark = {"face-up": "scheme-current", "foiled": "scheme-foiled"}.get(card.status, "scheme")
            label = ROMAN.get(level, "S")
        spaces.append(HoodSpace(index, mark, label, index == state.hood))
    return tuple(spaces)


def disaster_tile(state: GameState, defs: Any, slot: int, card_id: str | None) -> DisasterTile:
    if card_id is None:
        return DisasterTile(slot, None, "", "", None, "", "", 0, "", (), True, slot > defs.disaster_track_slots, False)
    card = defs.disasters[card_id]
    lines = rescue_bonuses(state, defs, card_id) if card.kind == "disaster" else ()
    printed = [line for line in lines if line.source == "card"]
    rows = tuple(BonusRow(bonus_line_text(defs, line), line.value, line.applies) for line in lines)
    total = bonus_total(lines)
    applying = sum(1 for line in printed if line.applies)
    note = ""
    summary = (
        _("{total:+d} now ({applying} of {count})").format(total=total, applying=applying, count=len(printed))
        if printed or total
        else ""
    )
    if card.is_no_dice:
        # No difficulty to show: the tile counts the pieces in place, its pop-up says what that means.
        difficulty = ""
        needs = no_dice_rows(state, defs, card)
        rows = needs
        summary = ngettext("{done} of {count} piece in place", "{done} of {count} pieces in place", len(needs)).format(
            done=sum(1 for row in needs if row.applies), count=len(needs)
        )
        note = _(
            "No dice: one Rescue action prevents this disaster, without rolling, while every piece below is in place."
        )
    elif card.difficulty is None:
        difficulty = ""
        note = to_complete_text(defs, card)
    else:
        difficulty = str(card.difficulty)
    region = names.region(defs, card.region) if card.region else _("Region to enter")
    return DisasterTile(
        slot=slot,
        card=card_id,
        name=names.card(defs, card_id),
        region=region,
        rescue_type=card.rescue_type,
        type_label=rescue_type_label(card.rescue_type) if not card.is_no_dice else _("No dice"),
        difficulty=difficulty,
        bonus_now=total,
        bonus_summary=summary,
        bonuses=rows,
        is_known=card.completeness == "complete",
        is_skull=slot > defs.disaster_track_slots,
        here=card.region is not None and state.character_region(state.active_character) == card.region,
        note=note,
    )


def no_dice_rows(state: GameState, defs: Any, card: Any) -> tuple[BonusRow, ...]:
    """A no-dice card's pieces, each with where it stands now ("Thunderbird 4 in Africa: now in Europe")."""
    from companion.games.thunderbirds.movement import piece_region

    rows = []
    for need in card.auto_requirements or ():
        where = piece_region(state, defs, need.piece_kind, need.piece)
        head = _("{piece} in {region}").format(
            piece=piece_name(defs, need.piece_kind, need.piece), region=names.region(defs, need.region)
        )
        if where == need.region:
            text = joined(head, _("in place"))
        elif where is None:
            text = joined(head, _("not built yet"))
        else:
            text = joined(head, _("now in {place}").format(place=names.region(defs, where)))
        rows.append(BonusRow(text, 0, where == need.region))
    return tuple(rows)


def player_panels(state: GameState, defs: Any, character_name: Callable[[str], str]) -> tuple[PlayerPanel, ...]:
    panels = []
    for index, hand in enumerate(state.players):
        tokens = tuple(
            TokenCount(kind, token_short(kind), names.token(defs, kind), hand.count(kind)) for kind in TOKEN_KINDS
        )
        vehicle = state.seat_of(hand.character)
        region = state.character_region(hand.character)
        where = f"{names.vehicle(defs, vehicle)}, {names.region(defs, region)}" if vehicle else ""
        panels.append(
            PlayerPanel(
                character=hand.character,
                name=character_name(hand.character),
                is_active=index == state.active,
                where=where,
                tokens=tokens,
                fabs=len(hand.fabs),
                summary=separated(
                    _("{tokens} · {fabs}").format(
                        tokens=token_counts([(t.kind, t.count) for t in tokens]),
                        fabs=keep_together(_("F.A.B. {count}").format(count=len(hand.fabs))),
                    )
                ),
            )
        )
    return tuple(panels)


def action_buttons(
    state: GameState, defs: Any, legal: Sequence[Any], describe: Callable[[Any], str]
) -> tuple[tuple[ButtonView, ...], ButtonView | None]:
    """Groups the legal actions into the Table's buttons; every legal action stays reachable from one."""
    buttons: list[ButtonView] = []
    seen: set[str] = set()
    end_turn: ButtonView | None = None

    def add(key: str, label: str, role: str = "normal") -> None:
        if key not in seen:
            seen.add(key)
            buttons.append(ButtonView(key, vehicle_names_whole(defs, label), role))

    if state.phase in ("rescue", "reward"):
        add("open:rescue", _("Back to the rescue"), "primary")
    for action in legal:
        kind = type(action)
        if kind in a.ADJUSTMENTS:
            continue
        if kind in (a.Move, a.Load, a.Unload, a.Transfer):
            add("open:board", _("Move, load, transfer"))
        elif kind is a.Rescue or kind is a.ConfirmRescue:
            add(
                f"open:rescue:{action.disaster}",
                _("Rescue: {card}").format(card=names.card(defs, action.disaster)),
                "primary",
            )
        elif kind is a.Plan:
            add(act(action), _("Plan: draw a F.A.B. card, the Hood advances"))
        elif kind is a.Scan:
            add(act(action), _("Scan: move {card} one slot left").format(card=names.card(defs, action.disaster)))
        elif kind is a.DrawAbilityToken:
            who = names.character(defs, state.active_character)
            add(act(action), _("{who}: draw a token (ability)").format(who=who))
        elif kind is a.UseDetermination:
            add(act(action), _("Determination: one more action"))
        elif kind is a.UseLogistics:
            add(act(action), _("Logistics: draw a F.A.B. card"))
        elif kind is a.UseTechnology:
            add("open:build", _("Technology: build a pod"))
        elif kind is a.ExchangeToken:
            add("open:exchange", _("Exchange a token"))
        elif kind is a.AnnounceAbility:
            owner = next((c.id for c in defs.characters.values() for ab in c.abilities if ab.id == action.ability), "")
            add(act(action), _("Use {who}'s other ability (read the card)").format(who=names.character(defs, owner)))
        elif kind is a.PlayFab:
            add("open:fabs", _("F.A.B. cards"))
        elif kind is a.FoilScheme:
            current = state.current_scheme
            if current is not None and defs.schemes[current.card].completeness != "complete":
                # Not a foil the companion can vouch for: the Scheme screen asks for the card first.
                add("open:scheme", _("Scheme: enter the card, or check it at the table"))
            else:
                add("open:scheme", _("Foil the scheme"), "success")
        elif kind is a.ChangeCharacter:
            add("open:change", _("Change character (whole turn)"))
        elif kind is a.EndTurn:
            end_turn = ButtonView(act(action), _("End turn: draw a disaster"), "danger")
        elif kind in (a.UseIntelligence, a.UseTeamwork, a.IgnoreHood, a.FinishRescue, a.ChooseReward):
            add("open:rescue", _("Back to the rescue"), "primary")
        else:
            add(act(action), describe(action))
    return tuple(buttons), end_turn


def present_table(
    state: GameState,
    defs: Any,
    legal: Sequence[Any],
    character_name: Callable[[str], str],
    describe: Callable[[Any], str],
) -> TableView:
    slots = len(state.track.slots)
    tiles = [disaster_tile(state, defs, slot, state.track.slots[slot - 1]) for slot in range(1, slots + 1)]
    tiles.append(disaster_tile(state, defs, len(state.track.slots) + 1, state.skull))
    buttons, end_turn = action_buttons(state, defs, legal, describe)
    scheme = state.current_scheme
    if scheme is not None:
        level = defs.schemes[scheme.card].level if scheme.card in defs.schemes else 0
        scheme_button = _("Scheme {level}: {name}").format(
            level=ROMAN.get(level, "?"), name=names.card(defs, scheme.card)
        )
        scheme_button += " · " + scheme_progress(state, defs, legal)
    else:
        scheme_button = _("Schemes foiled: {count}").format(count=state.schemes_foiled)
    effects = tuple(joined(effect_source(defs, e), effect_text(defs, e)) for e in state.effects)
    active = character_name(state.active_character)
    solo = _(" (Jeff Tracy)") if state.setup.solo else ""
    return TableView(
        title=_("Table"),
        turn=_("Turn {turn}").format(turn=state.turn),
        active=_("{name}'s turn{solo}").format(name=active, solo=solo),
        actions_left=ngettext("{count} action left", "{count} actions left", state.actions_left).format(
            count=state.actions_left
        ),
        phase=state.phase,
        hood=hood_spaces(state, defs),
        hood_text=_("Hood: space {space} of {length}").format(space=state.hood + 1, length=defs.hood_track.length),
        scheme_button=scheme_button,
        tiles=tuple(tiles),
        # A count stays on the line of its label ("Discards: 0", never "0" alone on a line).
        deck_text=keep_together(_("Disaster deck: {count}").format(count=len(state.disasters))),
        discard_text=keep_together(_("Discards: {count}").format(count=len(state.disasters.discard_pile))),
        fab_text=keep_together(_("F.A.B. deck: {count}").format(count=len(state.fab_deck))),
        effects=effects,
        players=player_panels(state, defs, character_name),
        actions=buttons,
        end_turn=end_turn,
        notice="",
        end_turn_question=end_turn_question(state, character_name) if end_turn is not None else "",
    )


def end_turn_question(state: GameState, character_name: Callable[[str], str]) -> str:
    """The pause before ending a turn with actions left: how many, and that they are lost."""
    left = state.actions_left
    if state.phase != "actions" or left <= 0:
        return ""
    return ngettext(
        "{name} still has {count} action. It is lost if the turn ends now, and a disaster card is drawn.",
        "{name} still has {count} actions. They are lost if the turn ends now, and a disaster card is drawn.",
        left,
    ).format(name=character_name(state.active_character), count=left)


def scheme_progress(state: GameState, defs: Any, legal: Sequence[Any]) -> str:
    """How far the face-up scheme's requirements are met: "2 of 3 in place", or what to check."""
    from companion.games.thunderbirds.ui.presenters.scheme import present_scheme

    checklist = present_scheme(state, defs, legal, lambda action: "").checklist
    known = [item for item in checklist if item.done is not None]
    if not known:
        return _("read the card")
    return _("{done} of {total} in place").format(done=sum(1 for item in known if item.done), total=len(known))
