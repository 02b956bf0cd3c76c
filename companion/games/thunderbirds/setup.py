"""Setting up a game as the rulebook says, for 1 to 4 players and the four difficulty levels.

- The Hood track: 4 event cards drawn from the shuffled events, one scheme of each level of the difficulty
  (Introduction I-II-III, Standard I-II-IV, Heroic I-III-IV, Legendary II-III-IV) drawn from its shuffled pile;
  the rest go back to the box unseen. The first scheme (lowest numeral) is face up; the Hood on the first space.
- The disaster deck: the "The Hood advances" cards set aside, the rest shuffled; 3 on slots 1-3; the remaining
  cards split into 4 piles, 2 "The Hood advances" shuffled into each pile, the piles stacked without mixing.
- Thunderbirds 1, 2, 4 on Tracy Island (South Pacific), Thunderbird 5 in Geo-stationary orbit, Thunderbird 3
  there too when John is played (else on Tracy Island), FAB 1 in Europe; every character in its Thunderbird;
  pods on Brains' notebook except the Mole, built on Tracy Island; F.A.B. deck shuffled; tokens in the supply.
- Characters dealt at random, or chosen. Solo (1 player, as Jeff Tracy): 3 characters, the current-player marker
  on the first, the others in the reserve.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.engine.chance import Chance
from companion.engine.deck import Deck, Reshuffle
from companion.engine.errors import IllegalAction
from companion.engine.track import SlotTrack
from companion.games.thunderbirds import loader
from companion.games.thunderbirds.definitions import TOKEN_KINDS, Definitions
from companion.games.thunderbirds.state import GameState, Hand, HoodCard, Setup
from companion.locale import domain

_, ngettext = domain("thunderbirds")

SOLO_HANDS = 3
ACTIONS_PER_TURN = 3
STARTING_DISASTERS = 3
DISASTER_PILES = 4

_DEFS_BY_DIR: dict[str, Definitions] = {}


def definitions_for(setup: Setup) -> Definitions:
    """The definitions a game plays with: the shipped data and overlay, or the setup's data override (without
    the user overlay, so a test's data is exactly what it says)."""
    if setup.data_dir is None:
        return loader.default_definitions()
    defs = _DEFS_BY_DIR.get(setup.data_dir)
    if defs is None:
        data_dir = Path(setup.data_dir)
        defs = loader.load_definitions(data_dir, overlay_dir=data_dir / "no-overlay")
        _DEFS_BY_DIR[setup.data_dir] = defs
    return defs


def parse_setup(data: Mapping[str, Any], defs: Definitions | None = None) -> Setup:
    """Checks the players' choices; `characters` may be left out (dealt at random)."""
    players = data.get("players", 1)
    if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= 4:
        raise IllegalAction(_("Thunderbirds is played by 1 to 4 players, not {players}.").format(players=players))
    difficulty = data.get("difficulty", "introduction")
    data_dir = data.get("data_dir")
    setup = Setup(
        players=players,
        difficulty=str(difficulty),
        characters=tuple(data.get("characters") or ()),
        solo=players == 1,
        data_dir=None if data_dir is None else str(data_dir),
    )
    defs = defs or definitions_for(setup)
    if setup.difficulty not in defs.difficulties:
        raise IllegalAction(
            _("Unknown difficulty {name}; choose one of {choices}.").format(
                name=setup.difficulty, choices=", ".join(defs.difficulties)
            )
        )
    if setup.characters:
        hands = SOLO_HANDS if setup.solo else players
        if len(setup.characters) != hands:
            raise IllegalAction(
                _("{count} characters are needed, {given} were chosen.").format(
                    count=hands, given=len(setup.characters)
                )
            )
        for character in setup.characters:
            if character not in defs.characters:
                raise IllegalAction(_("There is no character called {name}.").format(name=character))
        if len(set(setup.characters)) != len(setup.characters):
            raise IllegalAction(_("Each character can be played only once."))
    return setup


def initial_state(data: Mapping[str, Any], chance: Chance, defs: Definitions | None = None) -> GameState:
    setup = parse_setup(data, defs)
    defs = defs or definitions_for(setup)
    hands = SOLO_HANDS if setup.solo else setup.players
    if setup.characters:
        characters = setup.characters
        others = tuple(c for c in defs.characters if c not in characters)
    else:
        dealt = chance.shuffle(tuple(defs.characters))
        characters, others = dealt[:hands], dealt[hands:]
        setup = Setup(setup.players, setup.difficulty, characters, setup.solo, setup.data_dir)

    hood_cards = deal_hood_track(defs, setup.difficulty, chance)
    deck, track = build_disaster_deck(defs, chance)
    start = _start(defs)
    fab_deck = Deck.shuffled(start.fabs, chance, reshuffle=Reshuffle.DISCARD)
    john_played = any(c in start.johns for c in characters)
    vehicles = start.vehicles_with_john if john_played else start.vehicles
    seats, pods, supply = start.seats, start.pods, start.supply
    return GameState(
        setup=setup,
        players=tuple(Hand(character) for character in characters),
        reserve=tuple(others) if setup.solo else (),
        active=0,
        actions_left=ACTIONS_PER_TURN,
        turn=1,
        used=frozenset(),
        fresh_turn=True,
        vehicles=vehicles,
        seats=seats,
        cargo=(),
        pods=pods,
        supply=supply,
        disasters=deck,
        track=track,
        skull=None,
        fab_deck=fab_deck,
        hood=0,
        hood_cards=hood_cards,
        effects=(),
        pending=None,
        outcome=None,
    )


@dataclass(frozen=True)
class _Start:
    """What every set-up with the same definitions starts from (a simulation sets up thousands of games)."""

    fabs: tuple[str, ...]
    events: tuple[str, ...]
    schemes_by_level: Mapping[int, tuple[str, ...]]
    disasters: tuple[str, ...]  # the disaster cards, "The Hood advances" set aside
    hood_advances: tuple[str, ...]
    johns: frozenset[str]  # characters who ignore a Hood face (Thunderbird 3 then starts in orbit)
    vehicles: tuple[tuple[str, str], ...]
    vehicles_with_john: tuple[tuple[str, str], ...]
    seats: tuple[tuple[str, str], ...]
    pods: tuple[tuple[str, str], ...]
    supply: tuple[int, ...]


_STARTS: dict[int, tuple[Definitions, _Start]] = {}


def _start(defs: Definitions) -> _Start:
    entry = _STARTS.get(id(defs))
    if entry is not None and entry[0] is defs:
        return entry[1]
    levels: dict[int, list[str]] = {}
    for scheme in defs.schemes.values():
        levels.setdefault(scheme.level, []).append(scheme.id)
    start = _Start(
        fabs=tuple(defs.fabs),
        events=tuple(defs.events),
        schemes_by_level={level: tuple(ids) for level, ids in levels.items()},
        disasters=tuple(c.id for c in defs.disasters.values() if c.kind == "disaster"),
        hood_advances=tuple(c.id for c in defs.disasters.values() if c.kind == "hood-advances"),
        johns=frozenset(
            c.id for c in defs.characters.values() if any(a.kind == "ignore-hood-face" for a in c.abilities)
        ),
        vehicles=tuple((v.id, v.start_region) for v in defs.vehicles.values()),
        vehicles_with_john=tuple((v.id, v.start_region_with_john or v.start_region) for v in defs.vehicles.values()),
        seats=tuple((c.id, c.start_vehicle) for c in defs.characters.values()),
        pods=tuple((p.id, defs.board.tracy_island) for p in defs.pods.values() if p.starts_built),
        supply=tuple(defs.tokens[kind].count if kind in defs.tokens else 0 for kind in TOKEN_KINDS),
    )
    if len(_STARTS) > 16:
        _STARTS.clear()
    _STARTS[id(defs)] = (defs, start)
    return start


def deal_hood_track(defs: Definitions, difficulty: str, chance: Chance) -> tuple[HoodCard, ...]:
    level = defs.difficulties[difficulty]
    layout = defs.hood_track
    start = _start(defs)
    events = chance.shuffle(start.events)[: level.events]
    schemes: list[str] = []
    for scheme_level in sorted(level.scheme_levels):
        pile = start.schemes_by_level.get(scheme_level, ())
        if not pile:
            raise IllegalAction(_("No scheme card of level {level} in the data.").format(level=scheme_level))
        schemes.append(chance.shuffle(pile)[0])
    cards = [HoodCard(space, "event", card) for space, card in zip(layout.event_spaces, events)]
    cards += [
        HoodCard(space, "scheme", card, "face-up" if i == 0 else "face-down")
        for i, (space, card) in enumerate(zip(layout.scheme_spaces, schemes))
    ]
    return tuple(sorted(cards, key=lambda c: c.space))


def split_piles(cards: Sequence[str], piles: int) -> list[list[str]]:
    """`cards` dealt into `piles` piles as evenly as possible (the first piles take any remainder)."""
    size, extra = divmod(len(cards), piles)
    result: list[list[str]] = []
    start = 0
    for i in range(piles):
        end = start + size + (1 if i < extra else 0)
        result.append(list(cards[start:end]))
        start = end
    return result


def build_disaster_deck(defs: Definitions, chance: Chance) -> tuple[Deck, SlotTrack]:
    start = _start(defs)
    disasters, hood = start.disasters, start.hood_advances
    shuffled = chance.shuffle(disasters)
    track = SlotTrack.empty(defs.disaster_track_slots)
    for slot, card in enumerate(shuffled[:STARTING_DISASTERS], start=1):
        track = track.place(slot, card)
    piles = split_piles(shuffled[STARTING_DISASTERS:], DISASTER_PILES)
    for pile, extra in zip(piles, split_piles(hood, DISASTER_PILES)):
        pile.extend(extra)
    return Deck.stacked(piles, chance), track
