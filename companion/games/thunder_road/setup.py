"""The race's set-up: teams and colours, expansions, the road, the piles, and the first player by the lowest
total of the movement dice (ties roll again; that roll is the first round's dice) [R set-up steps 1-7]."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine.chance import Chance
from companion.engine.errors import IllegalAction
from companion.engine.pack import Words
from companion.engine.turns import Turns, choose_first
from companion.games.thunder_road import COLOURS, EXPANSIONS
from companion.games.thunder_road.definitions import SIZES, Definitions
from companion.games.thunder_road.events import FirstPlayerChosen, MovementRolled
from companion.games.thunder_road.state import MOVEMENT_DICE, ROAD_LENGTH, Car, RaceState, Turn

T = frozenset({"en", "fr"})
#: Expansion option keys and the data's expansion ids.
EXPANSION_DATA = {"big_rig": "big-rig", "carnage": "carnage"}


def roll_movement(chance: Chance, defs: Definitions) -> tuple[int, ...]:
    die = defs.dice["movement"].die()
    return tuple(chance.roll(die).value for _ in range(MOVEMENT_DICE))


def _refuse(en: str, fr: str, **values: object) -> IllegalAction:
    return IllegalAction(Words(en, fr, T).text().format(**values))


def initial_state(setup: Mapping[str, Any], chance: Chance, defs: Definitions) -> tuple[RaceState, tuple[Any, ...]]:
    players = int(setup.get("players", 2))
    if not 2 <= players <= 4:
        raise _refuse("Thunder Road is for 2 to 4 players.", "Thunder Road se joue de 2 à 4 joueurs.")
    colours = tuple(str(setup.get(f"colour_{seat}", COLOURS[seat - 1][0])) for seat in range(1, players + 1))
    known = {value for value, _ in COLOURS}
    for colour in colours:
        if colour not in known:
            raise _refuse("There is no team colour {c}.", "Il n'y a pas de couleur d'équipe {c}.", c=colour)
    start = str(setup.get("start_tile", "1a"))
    if start not in ("1a", "1b"):
        raise _refuse("The tail tile is 1a or 1b.", "La tuile de queue est 1a ou 1b.")
    expansions = tuple(key for key, _ in EXPANSIONS if str(setup.get(key, "no")) == "yes")
    in_play = {"base", *(EXPANSION_DATA[key] for key in expansions if key in EXPANSION_DATA)}
    # [R] the tail tile is chosen; the other tiles (Carnage's shuffled in) make the stack; middle and lead drawn.
    tiles = [t.id for t in defs.tiles.values() if t.expansion in in_play and not t.tail]
    tail = next(t.id for t in defs.tiles.values() if t.tail)
    stack = list(chance.shuffle(tiles))
    middle, lead, stack = stack[0], stack[1], stack[2:]
    damage: list[str] = []
    for pile in defs.piles.values():
        if pile.expansion in in_play and pile.id != "minor":
            damage += defs.tokens(pile.id)
    hazards = sum(h.count for h in defs.hazards.values() if h.expansion in in_play)
    # [R] everyone rolls the movement dice; the lowest total goes first; on a tie everyone rolls again.
    first, throws = choose_first(
        "lowest_total", players, chance, lambda _seat, c: roll_movement(c, defs), lambda dice: sum(dice)
    )
    cars = tuple(Car(f"{seat}-{size}", seat, size) for seat in range(players) for size in SIZES)
    state = RaceState(
        players=players,
        colours=colours,
        expansions=expansions,
        start_tile=start,
        turns=Turns(seats=players, first=first, current=first),
        cars=cars,
        dice=throws,
        used=((),) * players,
        turn=Turn(),
        damage_pile=chance.shuffle(damage),
        road=(tail, middle, lead),
        stack=tuple(stack),
        laid=ROAD_LENGTH,
        hazard_pile=hazards,
        hazards_on=(0,) * ROAD_LENGTH,
        hazard_discard=0,
    )
    events = (MovementRolled(1, throws, first=True), FirstPlayerChosen(first, tuple(sum(d) for d in throws)))
    return state, events
