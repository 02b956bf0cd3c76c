"""The turn's checklist as a screen reads it: each phase, whether it is done, current or to come.

A small pure structure, so the generic kit's checklist can replace it later without touching the rules: the
phases come from `data/federation/phases.toml` and the state keeps only the current phase's index.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from companion.games.federation.definitions import Definitions
from companion.games.federation.state import FederationState

Status = Literal["done", "current", "to-come"]


@dataclass(frozen=True)
class ChecklistItem:
    phase: str  # the phase id ("exploration")
    label: str  # its name in the language of the moment
    status: Status
    #: The module's phase (the companion runs its tables) rather than Warp Empires' own (played on the table).
    module: bool


def checklist(state: FederationState, defs: Definitions) -> tuple[ChecklistItem, ...]:
    items = []
    for index, phase in enumerate(defs.phases):
        status: Status = "done" if index < state.phase else "current" if index == state.phase else "to-come"
        items.append(ChecklistItem(phase.id, phase.names.text(), status, phase.module))
    return tuple(items)


def current_phase(state: FederationState, defs: Definitions) -> str:
    """The current phase's id."""
    return defs.phases[state.phase].id
