"""Every change to a Federation game is one of these named verbs, applied by `rules.apply`.

Systems are named by their id ("s3", "home-klingon"), races by their data id ("klingon"). Each action encodes as
`{"type": "<class name>", <field>: <value>, ...}` (`codec.py`), which is also how scenario files write them.

The module's rules: `EnterSystem` (the exploration roll), `ResolveEnigma`, `AttemptDiplomacy`, `Build`,
`SetOwner` (the Control phase's result), `NextPhase` and `EndTurn` (the revenue).

The players' corrections (the table is the truth): `AddSystem`, `RenameSystem`, `RemoveSystem`,
`RecordExploration`, `ForgetExploration`, `AdjustSystem`, `CancelEncounter` and `SetReading`. They are allowed at
any time, even after a victory (a correction may undo it), logged and undoable like every action, and roll nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

# --- the module's rules -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class EnterSystem:
    """A stack of `race` enters a system: explores it (three dice) if unexplored; faces its Enigma if one is there.

    `ships` lists the ships in the stack that matter to the module (a Command ship, a Science vessel)."""

    system: str
    race: str
    ships: tuple[str, ...] = ()


@dataclass(frozen=True)
class ResolveEnigma:
    """The Enigma phase: the stack of `race` in `system` rolls against the Enigma."""

    system: str
    race: str


@dataclass(frozen=True)
class AttemptDiplomacy:
    """The Diplomacy phase: `race` rolls to have the minor race of `system` join its empire."""

    system: str
    race: str


@dataclass(frozen=True)
class Build:
    """A colony, a shipyard or terraforming (`kind`) in `system`, for the system's owner."""

    system: str
    kind: str


@dataclass(frozen=True)
class SetOwner:
    """Who controls `system` after the Control phase or a conquest (`race`), or nobody (None)."""

    system: str
    race: str | None


@dataclass(frozen=True)
class NextPhase:
    """Ticks the current phase of the turn's checklist."""


@dataclass(frozen=True)
class EndTurn:
    """Ends the turn: each race's revenue is computed and credited, and the next turn starts at its first phase."""


# --- the players' corrections -------------------------------------------------------------------------------


@dataclass(frozen=True)
class AddSystem:
    """A system of the players' map the list lacks; `name` may be "" (a default label is shown)."""

    name: str = ""


@dataclass(frozen=True)
class RenameSystem:
    system: str
    name: str


@dataclass(frozen=True)
class RemoveSystem:
    """A system the players' map does not have (Homesystems stay)."""

    system: str


@dataclass(frozen=True)
class RecordExploration:
    """Sets what exploring `system` revealed, as read from the players' own dice or an earlier game."""

    system: str
    resources: str
    minor_race: str
    enigma: str  # "none", "present" or "solved"


@dataclass(frozen=True)
class ForgetExploration:
    """`system` was marked explored by mistake: it becomes unexplored, its owner and buildings cleared."""

    system: str


@dataclass(frozen=True)
class AdjustSystem:
    """Sets one field of an explored system without rule checks: `owner` (a race or ""), `colony`, `shipyard`,
    `terraformed`, `minor_destroyed` (true or false) or `enigma` ("none", "present", "solved")."""

    system: str
    field: str
    value: str | bool


@dataclass(frozen=True)
class CancelEncounter:
    """The stack of `race` in `system` will not face the Enigma after all (it left, or never entered)."""

    system: str
    race: str


@dataclass(frozen=True)
class SetReading:
    """Changes one of our readings of the module for this game (`reading` id, `choice` id)."""

    reading: str
    choice: str


ACTION_TYPES: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        EnterSystem,
        ResolveEnigma,
        AttemptDiplomacy,
        Build,
        SetOwner,
        NextPhase,
        EndTurn,
        AddSystem,
        RenameSystem,
        RemoveSystem,
        RecordExploration,
        ForgetExploration,
        AdjustSystem,
        CancelEncounter,
        SetReading,
    )
}
#: Actions allowed after a victory: the players' corrections.
CORRECTIONS: frozenset[type] = frozenset(
    {
        AddSystem,
        RenameSystem,
        RemoveSystem,
        RecordExploration,
        ForgetExploration,
        AdjustSystem,
        CancelEncounter,
        SetReading,
    }
)
