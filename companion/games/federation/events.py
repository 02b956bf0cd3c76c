"""What happened during one action: the dice rolled and what they meant, for the history pop-ups and sounds.

Every event is public (the module hides nothing). Dice values are the faces shown (1 to 6).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Explored:
    """The three exploration dice and the rows they gave."""

    system: str
    race: str
    dice: tuple[int, int, int]  # resources, minor race, Enigma
    resources: str
    minor_race: str
    enigma: str  # "none" or "present"


@dataclass(frozen=True)
class EnigmaAwaits:
    """A stack entered a system with an unsolved Enigma: it faces it in the Enigma phase."""

    system: str
    race: str


@dataclass(frozen=True)
class EnigmaRolled:
    """One Enigma roll: the die, the ships' bonus, the total and its result ("solved", "consequences",
    "nothing"); `by_reading` when our reading of a total of 6 or more decided the result."""

    system: str
    race: str
    die: int
    bonus: int
    total: int
    result: str
    by_reading: bool = False


@dataclass(frozen=True)
class ConsequenceRolled:
    """One roll on the consequences table: "destroyed", "retreat" or "again"."""

    system: str
    race: str
    die: int
    result: str


@dataclass(frozen=True)
class MinorRaceDestroyed:
    system: str
    minor_race: str


@dataclass(frozen=True)
class DiplomacyRolled:
    """One Diplomacy roll: the die, the race's modifier, the total and the result ("joined", "failed",
    "never"); `by_reading` when our reading of 1 to 2 decided a "never" (or kept one from it)."""

    system: str
    race: str
    die: int
    modifier: int
    total: int
    result: str
    by_reading: bool = False


@dataclass(frozen=True)
class Built:
    system: str
    kind: str
    race: str | None


@dataclass(frozen=True)
class OwnerChanged:
    system: str
    before: str | None
    after: str | None


@dataclass(frozen=True)
class PhaseStarted:
    phase: str


@dataclass(frozen=True)
class TurnEnded:
    """The turn that ended and each race's revenue credited for it, in seat order."""

    turn: int
    revenue: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class VictoryReached:
    """A race now controls over the victory share of the systems."""

    race: str
    controlled: int
    systems: int


@dataclass(frozen=True)
class VictoryLost:
    """A correction brought the winner back under the victory share: the game goes on."""

    race: str
