"""Every bonus of a rescue, itemised: the UI shows each line (and why it does or does not apply), the odds sum it.

A printed bonus applies when its character, Thunderbird or built pod is at the required place: the region printed
in brackets, else the disaster's own region. "(if in Thunderbird 5)" means seated in Thunderbird 5 (Geo-stationary
orbit and Thunderbird 5 are one region, but the card names the Thunderbird). Characters nobody plays still give
their bonus. The active character's "+N to <type> rescues during your turn" applies to rescues of that type.
F.A.B. cards played before the roll and lasting event modifiers add their value when the rescue type fits.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from companion.games.thunderbirds.definitions import Bonus, Definitions, DisasterCard
from companion.games.thunderbirds.movement import piece_region
from companion.games.thunderbirds.state import NOTEBOOK, GameState, lookup
from companion.games.thunderbirds.tables import tables

Why = Literal[
    "in-place",  # the piece is where the card asks
    "elsewhere",  # the piece is in another region
    "not-seated",  # "(if in Thunderbird N)": the character sits in another vehicle
    "notebook",  # the pod is not built yet
    "type-matches",  # the character's rescue type is the disaster's
    "other-type",  # the character's rescue type is not the disaster's
    "played",  # a F.A.B. card played before the roll
    "event",  # a lasting event modifier
]


@dataclass(frozen=True)
class BonusLine:
    source: Literal["card", "character", "fab", "event"]
    value: int
    applies: bool
    why: Why
    piece_kind: str | None = None  # character, vehicle, pod (printed bonuses)
    piece: str | None = None
    region: str | None = None  # the required region (printed bonuses)
    in_vehicle: str | None = None
    where: str | None = None  # where the piece actually is (a region, "notebook", or a vehicle for in_vehicle)
    card: str | None = None  # the F.A.B. or event card


def rescue_bonuses(
    state: GameState, defs: Definitions, disaster_id: str, fab_cards: Sequence[str] = ()
) -> tuple[BonusLine, ...]:
    """Every line for the active character rescuing `disaster_id` now, with `fab_cards` played before the roll."""
    card = defs.disasters[disaster_id]
    lines = [printed_bonus(state, defs, card, bonus) for bonus in card.bonuses]
    character = defs.characters[state.active_character]
    if character.rescue_type is not None and character.rescue_bonus:
        matches = character.rescue_type == card.rescue_type
        lines.append(
            BonusLine(
                "character",
                character.rescue_bonus,
                matches,
                "type-matches" if matches else "other-type",
                piece_kind="character",
                piece=character.id,
            )
        )
    for fab_id in fab_cards:
        for effect in defs.fabs[fab_id].effects:
            if effect.kind == "rescue-modifier":
                fits = effect.rescue_type is None or effect.rescue_type == card.rescue_type
                lines.append(BonusLine("fab", effect.value, fits, "played", card=fab_id))
    for lasting in state.effects:
        if lasting.kind == "rescue-modifier":
            fits = lasting.rescue_type is None or lasting.rescue_type == card.rescue_type
            lines.append(BonusLine("event", lasting.value, fits, "event", card=lasting.card))
    return tuple(lines)


def printed_bonus(state: GameState, defs: Definitions, card: DisasterCard, bonus: Bonus) -> BonusLine:
    required = bonus.region if bonus.region is not None else card.region
    if bonus.in_vehicle is not None and bonus.piece_kind == "character":
        seat = state.seat_of(bonus.piece)
        applies = seat == bonus.in_vehicle
        return BonusLine(
            "card",
            bonus.value,
            applies,
            "in-place" if applies else "not-seated",
            piece_kind=bonus.piece_kind,
            piece=bonus.piece,
            region=required,
            in_vehicle=bonus.in_vehicle,
            where=seat,
        )
    where = piece_region(state, defs, bonus.piece_kind, bonus.piece)
    if where is None and bonus.piece_kind == "pod":
        return BonusLine(
            "card", bonus.value, False, "notebook", bonus.piece_kind, bonus.piece, required, where=NOTEBOOK
        )
    applies = where is not None and where == required
    return BonusLine(
        "card",
        bonus.value,
        applies,
        "in-place" if applies else "elsewhere",
        piece_kind=bonus.piece_kind,
        piece=bonus.piece,
        region=required,
        where=where,
    )


def bonus_total(lines: Sequence[BonusLine]) -> int:
    return sum(line.value for line in lines if line.applies)


def rescue_bonus(state: GameState, defs: Definitions, disaster_id: str, fab_cards: Sequence[str] = ()) -> int:
    """The sum of the lines that apply: what the dice get added (before Teamwork). The same sum as
    `bonus_total(rescue_bonuses(...))`, counted without building the lines (every rescue asks for it)."""
    card = defs.disasters[disaster_id]
    total = 0
    seats, vehicles = state.seats, state.vehicles
    for kind, piece, value, required, seat in tables(defs).bonus_plans[disaster_id]:
        if seat is not None:  # "(if in Thunderbird 5)": seated there
            if lookup(seats, piece) == seat:
                total += value
            continue
        if kind == "character":
            vehicle = lookup(seats, piece)
            where = None if vehicle is None else lookup(vehicles, vehicle)
        elif kind == "vehicle":
            where = lookup(vehicles, piece)
        else:
            where = lookup(state.pods, piece)
        if where is not None and where == required:
            total += value
    character = defs.characters[state.players[state.active].character]
    if character.rescue_type is not None and character.rescue_bonus and character.rescue_type == card.rescue_type:
        total += character.rescue_bonus
    rescue_type = card.rescue_type
    for fab_id in fab_cards:
        for effect in defs.fabs[fab_id].effects:
            if effect.kind == "rescue-modifier" and (effect.rescue_type is None or effect.rescue_type == rescue_type):
                total += effect.value
    for lasting in state.effects:
        if lasting.kind == "rescue-modifier" and (lasting.rescue_type is None or lasting.rescue_type == rescue_type):
            total += lasting.value
    return total
