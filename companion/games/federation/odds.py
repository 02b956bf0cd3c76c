"""The exact odds of the module's rolls before they are made: one six-sided die plus modifiers, worked out as
fractions from the data's tables and the game's readings (the same rules `exploration.py` and `diplomacy.py`
apply, so what the screen promises is what the roll does).

The Enigma: one die plus the ships' bonus; 5 solves it, 1 to 4 brings a consequence (1-3 the stack is destroyed,
4-5 it retreats, 6 roll again and a minor race present is destroyed); a total of 6 or more and what the 6's "roll
again" rolls are our readings. Diplomacy: one die plus the race's modifier; 6 or more joins, 1 to 2 never (on the
die or the total: our reading), otherwise try again next turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from companion.games.federation.definitions import Definitions
from companion.games.federation.state import Encounter, FederationState

FACES = (1, 2, 3, 4, 5, 6)
SIXTH = Fraction(1, 6)


@dataclass(frozen=True)
class Face:
    """What one face of the die gives: the total with the modifiers and its result."""

    die: int
    total: int
    result: str
    by_reading: bool = False


@dataclass(frozen=True)
class EnigmaOdds:
    bonus: int
    bonus_ships: tuple[str, ...]  # the ships of the stack that give the bonus (it counts once)
    faces: tuple[Face, ...]  # the Enigma roll: "solved", "consequences" or "nothing"
    consequence_faces: tuple[Face, ...]  # the consequences table: "destroyed", "retreat" or "again"
    again_rolls: str  # what a consequence of 6 rolls again: "consequence" or "enigma" (our reading)
    #: Where the whole encounter ends, with every "roll again" followed: "solved", "destroyed", "retreat",
    #: "nothing" (the Enigma stays, the stack too).
    outcomes: tuple[tuple[str, Fraction], ...]
    #: The chance that a minor race present is destroyed on the way (0 when there is none).
    minor_destroyed: Fraction


@dataclass(frozen=True)
class DiplomacyOdds:
    modifier: int
    faces: tuple[Face, ...]  # "joined", "failed" or "never"
    outcomes: tuple[tuple[str, Fraction], ...]


def enigma_bonus(encounter: Encounter, defs: Definitions) -> tuple[int, tuple[str, ...]]:
    """The ships' bonus for this stack's roll and the ships that give it."""
    rule = defs.enigma_roll
    ships = tuple(ship for ship in encounter.ships if ship in rule.bonus_ships)
    return (rule.ship_bonus if ships else 0), ships


def enigma_odds(state: FederationState, defs: Definitions, encounter: Encounter) -> EnigmaOdds:
    rule = defs.enigma_roll
    bonus, ships = enigma_bonus(encounter, defs)
    high = state.reading("enigma-high")
    faces = []
    for die in FACES:
        total = die + bonus
        if total in rule.solved_on:
            faces.append(Face(die, total, "solved"))
        elif total in rule.consequences_on:
            faces.append(Face(die, total, "consequences"))
        else:
            faces.append(Face(die, total, high, by_reading=True))
    consequence_faces = tuple(Face(die, die, defs.consequences.row_for(die).id) for die in FACES)
    again_rolls = state.reading("consequence-six")

    def chance(found: tuple[Face, ...] | list[Face], result: str) -> Fraction:
        return SIXTH * sum(1 for face in found if face.result == result)

    solved, consequences, nothing = (chance(faces, r) for r in ("solved", "consequences", "nothing"))
    destroyed, retreat, again = (chance(consequence_faces, r) for r in ("destroyed", "retreat", "again"))
    if again_rolls == "enigma":  # E = S + N + C(D + R + again * E)
        scale = 1 / (1 - consequences * again)
        end = {
            "solved": solved * scale,
            "destroyed": consequences * destroyed * scale,
            "retreat": consequences * retreat * scale,
            "nothing": nothing * scale,
        }
    else:  # the consequences table again until it gives a result
        settle = 1 / (1 - again)
        end = {
            "solved": solved,
            "destroyed": consequences * destroyed * settle,
            "retreat": consequences * retreat * settle,
            "nothing": nothing,
        }
    system = state.system(encounter.system)
    minor = consequences * again if system is not None and system.has_minor_race else Fraction(0)
    outcomes = tuple((result, value) for result, value in end.items() if value)
    return EnigmaOdds(bonus, ships, tuple(faces), consequence_faces, again_rolls, outcomes, minor)


def diplomacy_odds(state: FederationState, defs: Definitions, race: str) -> DiplomacyOdds:
    rule = defs.diplomacy
    modifier = defs.races[race].diplomacy_modifier
    reads = state.reading("diplomacy-never")
    faces = []
    for die in FACES:
        total = die + modifier
        read = die if reads == "die" else total
        by_reading = (die in rule.never_on) != (total in rule.never_on)
        if read in rule.never_on:
            result = "never"
        elif total >= rule.joins_at:
            result = "joined"
        else:
            result = "failed"
        faces.append(Face(die, total, result, by_reading))
    outcomes = tuple(
        (result, SIXTH * count)
        for result in ("joined", "failed", "never")
        if (count := sum(1 for face in faces if face.result == result))
    )
    return DiplomacyOdds(modifier, tuple(faces), outcomes)
