"""What the bot reads from the definitions, derived once per definitions and model (`facts`), and the value tables
shared by every decision (rescue odds as floats, a rescue's worth, a card's bonus needs, distances around blocked
routes). Every table is a pure function of its key, so keeping values changes no choice; the unbounded ones are
cleared when they grow past `KEPT`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

from companion.games.thunderbirds import actions as act
from companion.games.thunderbirds.bot_model import TokenNeed, UnknownCardModel
from companion.games.thunderbirds.bot_weights import (
    BONUS_SHARE,
    JOHN_IN_TB5_VALUE,
    LOSS_COST,
    RESCUE_WEIGHT,
    TOKEN_VALUE,
)
from companion.games.thunderbirds.definitions import Ability, Definitions, DisasterCard, Network
from companion.games.thunderbirds.odds import RescueOdds, rescue_odds
from companion.games.thunderbirds.rescue import is_unknown
from companion.games.thunderbirds.state import GameState, HoodCard
from companion.games.thunderbirds.tables import tables


class Need(NamedTuple):
    """A piece wanted in `target`: a no-dice card's Thunderbirds, the scheme's pods, a bonus piece of a card on the
    track; `weight` is what having it there is worth (for pieces already there: what taking them away costs)."""

    piece: str
    target: str
    weight: float
    kind: str  # the piece's kind: "character", "vehicle" or "pod"


#: A need as the search reads it: (piece, target, weight, where the piece is, (weight, the share of the way gained
#: by each region, the share off the Earth network)).
NeedRow = tuple[str, str, float, "str | None", tuple[float, Mapping[str, float], float]]

#: (success with tokens, success without, expected Hood with tokens, without): one attempt, as floats.
Odds = tuple[float, float, float, float]


@dataclass(frozen=True)
class Card:
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
    bonus_lines: tuple[tuple[str, str, str | None, int], ...]  # `need_lines` of a known dice card, else none
    pod_lines: tuple[tuple[str, int], ...]  # (pod, value) of every printed pod bonus, in printed order
    rescue: object  # Rescue(card), shared (actions are immutable)
    confirm: object  # ConfirmRescue(card)
    #: The pieces whose place changes the card's bonus or makes it possible (printed bonuses, no-dice conditions),
    #: and the same without each character whose own bonus line it is (they go wherever they fly).
    pieces: frozenset[str]
    pieces_without: Mapping[str, frozenset[str]]
    seats_by_character: Mapping[str, Mapping[str, int]]  # character -> vehicle -> "(if in Thunderbird N)" bonus


class CardView(NamedTuple):
    """One card as one character sees it when they fly to it: what their own bonus lines and rescue type give
    (`own`), and the lines that depend on where the other pieces are. Built once per card and character, so a
    decision only checks the other pieces' places."""

    card: Card
    own: int  # the character's own printed bonuses when flown to the card, and their rescue type's bonus
    seat_lines: tuple[tuple[str, str, int], ...]  # other characters' (character, vehicle, value) seat bonuses
    #: Other pieces' printed bonuses with a known region: (kind, piece, required region, value, value when flown).
    place_lines: tuple[tuple[str, str, str, int, int], ...]
    pieces: frozenset[str]  # the pieces besides the character whose place changes the bonus
    who_seats: Mapping[str, int]  # the character's own "(if in Thunderbird N)" bonuses by vehicle
    rewards_value: float  # what the card's printed rewards are worth (see `TOKEN_VALUE`)


@dataclass(frozen=True)
class Scheme:
    regions: tuple[str, ...]
    tokens: tuple[TokenNeed, ...]
    tokens_needed: int
    token_regions: frozenset[str]  # where characters can discard for one need or another
    pieces: tuple[tuple[str, str, str], ...]  # (kind, piece, region)


@dataclass(frozen=True)
class Facts:
    """What every decision reads from the definitions and the model, derived once."""

    carrier: str
    pod_capacity: int
    carries: tuple[str, ...]
    cards: Mapping[str, Card]
    views: Mapping[str, Mapping[str, CardView]]  # character -> card -> how the character sees it
    schemes: Mapping[str, Scheme]
    networks: Mapping[str, Network]  # vehicle -> network
    speeds: Mapping[str, int]  # vehicle -> printed speed (what `top_speed` gives with no lasting effect)
    rooms: Mapping[str, int | None]  # seats of every vehicle that moves on a network (None: unlimited)
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
    #: Filled as the search asks, nothing blocked: (network, speed, from) -> moves to every region reached.
    moves: dict[tuple[str, int, str], dict[str, int]]
    #: Filled as the search asks, nothing blocked: (a need's target, where its piece is) -> (moves away, the share
    #: of the way gained by each region, the share off the Earth network); see `Turn._place`.
    places: dict[tuple[str, str | None], tuple[int, dict[str, float], float]]
    #: Filled as the search asks, nothing blocked: a card's need rows (`Turn._needs`) by (card, where its bonus
    #: pieces stand, the team's type bonus, urgency); cleared past `KEPT` entries.
    card_rows: dict[tuple[object, ...], list[NeedRow]]
    #: A card's bonus needs by (card, which lines are in place, which pieces exist, the team's type bonus, urgency);
    #: cleared past `KEPT` entries.
    card_needs: dict[tuple[object, ...], list[Need]]


_FACTS: dict[tuple[int, int], tuple[Definitions, UnknownCardModel, Facts]] = {}
#: The facts asked for last (nearly every call asks for the same ones).
_LAST_FACTS: list[tuple[Definitions, UnknownCardModel, Facts] | None] = [None]


def facts(defs: Definitions, model: UnknownCardModel) -> Facts:
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


def current_scheme(state: GameState) -> HoodCard | None:
    """`state.current_scheme`, kept for the Hood cards last asked about (states share unchanged tuples)."""
    cards = state.hood_cards
    last = _LAST_SCHEME[0]
    if last is not None and last[0] is cards:
        return last[1]
    found = state.current_scheme
    _LAST_SCHEME[0] = (cards, found)
    return found


_LAST_SCHEME: list[tuple[tuple[HoodCard, ...], HoodCard | None] | None] = [None]


# --- the state's small tuples as dictionaries, kept between decisions ---------------------------------------------

#: The seating last asked about: (the state's seats, what `seating` makes of them).
_LAST_SEATING: list[tuple[tuple[tuple[str, str], ...], tuple[dict[str, str], dict[str, list[str]]]] | None] = [None]
#: The positions last asked about: (vehicles, seats, what `places` makes of them).
_LAST_PLACES: list[tuple[object, object, tuple[dict[str, str], dict[str, str | None]]] | None] = [None]
#: The pods last asked about: (the state's pods, as a dictionary).
_LAST_PODS: list[tuple[object, dict[str, str]] | None] = [None]


def seating(pairs: tuple[tuple[str, str], ...]) -> tuple[dict[str, str], dict[str, list[str]]]:
    """The seats as a dictionary and each vehicle's occupants in seat order, kept for the seats last asked about
    (states share an unchanged tuple, and seats change far less often than the decisions come); neither is ever
    changed, like every table kept here."""
    last = _LAST_SEATING[0]
    if last is not None and last[0] is pairs:
        return last[1]
    occupants: dict[str, list[str]] = {}
    for character, vehicle in pairs:
        found = occupants.get(vehicle)
        if found is None:
            occupants[vehicle] = [character]
        else:
            found.append(character)
    seating = (dict(pairs), occupants)
    _LAST_SEATING[0] = (pairs, seating)
    return seating


def places(
    vehicles: tuple[tuple[str, str], ...], seats: tuple[tuple[str, str], ...]
) -> tuple[dict[str, str], dict[str, str | None]]:
    """Each vehicle's region and each character's region, kept for the positions last asked about."""
    last = _LAST_PLACES[0]
    if last is not None and last[0] is vehicles and last[1] is seats:
        return last[2]
    vehicle_at = dict(vehicles)
    character_at: dict[str, str | None] = {}
    for character, vehicle in seats:  # a loop: a comprehension builds a function object at every run
        character_at[character] = vehicle_at.get(vehicle)
    found = (vehicle_at, character_at)
    _LAST_PLACES[0] = (vehicles, seats, found)
    return found


def built_pods(pods: tuple[tuple[str, str], ...]) -> dict[str, str]:
    """Each built pod's region, kept for the pods last asked about."""
    last = _LAST_PODS[0]
    if last is not None and last[0] is pods:
        return last[1]
    found = dict(pods)
    _LAST_PODS[0] = (pods, found)
    return found


def _build_facts(defs: Definitions, model: UnknownCardModel) -> Facts:
    table = tables(defs)
    cards = {card.id: _card(card, model.disaster_region(card, defs)) for card in defs.disasters.values()}
    schemes = {}
    for scheme in defs.schemes.values():
        tokens = model.scheme_tokens(scheme, defs)
        schemes[scheme.id] = Scheme(
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
    rescue_types = {c.id: (c.rescue_type, c.rescue_bonus) for c in defs.characters.values()}
    return Facts(
        carrier=carrier.id,
        pod_capacity=carrier.pod_capacity,
        carries=tuple(carrier.carries_vehicles),
        cards=cards,
        views={who: {c.id: _view(c, who, *rescue_types[who]) for c in cards.values()} for who in defs.characters},
        schemes=schemes,
        networks={v.id: v.network for v in defs.vehicles.values()},
        speeds={v.id: v.speed for v in defs.vehicles.values()},
        rooms={v.id: v.seats for v in defs.vehicles.values() if v.network != "none"},
        pods=frozenset(defs.pods),
        vehicles=frozenset(defs.vehicles),
        characters=frozenset(defs.characters),
        kinds=kinds,
        ignore_hood=tuple(ignore),
        draw_ability=draw,
        exchange_ability=exchange,
        rescue_type=rescue_types,
        leaving_cost=leaving,
        fab_values=fab_values,
        distances=table.distances,
        next_regions={},
        moves={},
        places={},
        card_rows={},
        card_needs={},
    )


def _card(card: DisasterCard, region: str) -> Card:
    """The plan search's view of one disaster card whose model region is `region`."""
    place = []
    for b in card.bonuses:
        if b.in_vehicle is not None and b.piece_kind == "character":
            continue
        required = b.region if b.region is not None else card.region
        place.append((b.piece_kind, b.piece, required, b.value, b.value if region == required else 0))
    requirements = card.auto_requirements or ()
    no_dice = card.is_no_dice
    no_dice_pieces = frozenset(n.piece for n in requirements) if no_dice else frozenset()
    seats_by_character: dict[str, dict[str, int]] = {}
    for b in card.bonuses:
        if b.in_vehicle is not None and b.piece_kind == "character":
            by_vehicle = seats_by_character.setdefault(b.piece, {})
            by_vehicle[b.in_vehicle] = by_vehicle.get(b.in_vehicle, 0) + b.value
    need_lines = tuple(
        (b.piece_kind, b.piece, b.region if b.region is not None else card.region, b.value)
        for b in card.bonuses
        if b.in_vehicle is None
    )
    return Card(
        id=card.id,
        region=region,
        kind=card.kind,
        unknown=is_unknown(card),
        difficulty=card.difficulty,
        rescue_type=card.rescue_type,
        rewards=len(card.rewards or ()),
        no_dice=None if not no_dice else tuple((n.piece_kind, n.piece, n.region) for n in requirements),
        seat_bonuses=tuple(
            (b.piece, b.in_vehicle, b.value)
            for b in card.bonuses
            if b.in_vehicle is not None and b.piece_kind == "character"
        ),
        place_bonuses=tuple(place),
        need_lines=need_lines,
        bonus_lines=need_lines if card.difficulty is not None and card.kind == "disaster" else (),
        pod_lines=tuple((b.piece, b.value) for b in card.bonuses if b.piece_kind == "pod"),
        rescue=act.Rescue(card.id),
        confirm=act.ConfirmRescue(card.id),
        pieces=frozenset(p[1] for p in place) | no_dice_pieces,
        pieces_without={
            piece: frozenset(p[1] for p in place if p[1] != piece) | no_dice_pieces for _kind, piece, *_rest in place
        },
        seats_by_character=seats_by_character,
    )


_NO_SEATS: Mapping[str, int] = {}


def _view(card: Card, who: str, rescue_type: str | None, rescue_bonus: int) -> CardView:
    """`card` as `who` sees it (see `CardView`): a place line with no known region never counts, so it is left out."""
    own = sum(flown for _kind, piece, _required, _value, flown in card.place_bonuses if piece == who)
    if rescue_type is not None and rescue_type == card.rescue_type:
        own += rescue_bonus
    return CardView(
        card=card,
        own=own,
        seat_lines=tuple(line for line in card.seat_bonuses if line[0] != who),
        place_lines=tuple(
            (kind, piece, required, value, flown)
            for kind, piece, required, value, flown in card.place_bonuses
            if piece != who and required is not None
        ),
        pieces=card.pieces if who not in card.pieces else card.pieces_without.get(who, card.pieces),
        who_seats=card.seats_by_character.get(who, _NO_SEATS),
        rewards_value=TOKEN_VALUE * card.rewards,
    )


# --- values shared by every decision ------------------------------------------------------------------------------

KEPT = 20000
#: Float odds by (difficulty, bonus, Teamwork, Intelligence, John): the exact tables hold fractions.
FLOAT_ODDS: dict[tuple[int, int, int, int, bool], Odds] = {}
#: Bare chance of success by (difficulty, bonus).
_SUCCESS: dict[tuple[int, int], float] = {}
#: A rescue's worth by (odds, weight, attempts, cost of a Hood space, loss weight).
_WORTH: dict[tuple[object, ...], float] = {}
#: Actions are immutable, so one object serves every decision.
_RESCUES: dict[tuple[str, tuple[str, ...]], object] = {}


def float_odds(difficulty: int, bonus: int, teamwork: int, intelligence: int, john: bool) -> Odds:
    key = (difficulty, bonus, teamwork, intelligence, john)
    found = FLOAT_ODDS.get(key)
    if found is None:
        found = FLOAT_ODDS[key] = _floats(rescue_odds(difficulty, bonus, teamwork, intelligence, john))
    return found


def float_success(difficulty: int, bonus: int) -> float:
    """The bare chance of success (no tokens), as a float."""
    key = (difficulty, bonus)
    found = _SUCCESS.get(key)
    if found is None:
        found = _SUCCESS[key] = float(rescue_odds(difficulty, bonus).success)
    return found


def rescue_action(card_id: str, fabs: tuple[str, ...] = ()) -> object:
    key = (card_id, fabs)
    found = _RESCUES.get(key)
    if found is None:
        found = _RESCUES[key] = act.Rescue(card_id, fabs) if fabs else act.Rescue(card_id)
    return found


def _floats(odds: RescueOdds) -> Odds:
    return (
        float(odds.success_with_tokens),
        float(odds.success),
        float(odds.expected_hood_with_tokens),
        float(odds.expected_hood),
    )


def worth(odds: Odds | None, weight: float, attempts: int, hood_cost: float, loss_risk_at: float) -> float:
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
        if len(_WORTH) > KEPT:
            _WORTH.clear()
        _WORTH[key] = found
    return found


_BLOCKED: dict[tuple[int, str, str, tuple[frozenset[str], ...]], tuple[Definitions, dict[str, int]]] = {}


def blocked_distances(
    defs: Definitions, network: Network, target: str, blocked: tuple[frozenset[str], ...]
) -> dict[str, int]:
    """`distances_from` with blocked edges, kept: blocked routes last a round or more, and a breadth-first search
    per decision would cost more than the rest of it."""
    key = (id(defs), network, target, blocked)
    entry = _BLOCKED.get(key)
    if entry is None or entry[0] is not defs:
        if len(_BLOCKED) > KEPT:
            _BLOCKED.clear()
        entry = _BLOCKED[key] = (defs, defs.board.distances_from(target, network, blocked))
    return entry[1]


def card_needs(card: Card, placed: int, built: int, type_bonus: int, urgency: float) -> list[Need]:
    """The bonus needs of one card (see `Turn._needs`); `placed` and `built` hold one bit per bonus line."""
    lines = card.need_lines
    in_place = {piece: bool(placed >> i & 1) for i, (_k, piece, _r, _v) in enumerate(lines)}
    bonus = sum(value for _k, piece, _r, value in lines if in_place[piece]) + type_bonus
    difficulty = card.difficulty
    assert difficulty is not None
    base = float_success(difficulty, bonus)
    weight = urgency * RESCUE_WEIGHT * BONUS_SHARE
    needs = []
    for i, (kind, piece, required, value) in enumerate(lines):
        if required is None:
            continue
        if in_place[piece]:
            gain = base - float_success(difficulty, bonus - value)
        else:
            if not built >> i & 1:
                continue
            gain = float_success(difficulty, bonus + value) - base
        if gain > 0.01:
            needs.append(Need(piece, required, weight * gain, kind))
    return needs


def fits_with(defs: Definitions, piece: str, other: str) -> bool:
    """Thunderbird 2 carries one vehicle, or pods only."""
    return piece in defs.pods and other in defs.pods
