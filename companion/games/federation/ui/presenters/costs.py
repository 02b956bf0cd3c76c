"""The Costs screen: the module's empty slots (the cost of a colony, a shipyard, terraforming), which the players
complete from their Warp Empires rules. Saved in the user's data directory, never in the shipped files."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from companion.games.federation.definitions import Definitions
from companion.games.federation.overlay import HIGHEST, LOWEST, PLAYERS
from companion.locale import domain
from companion.ui.presenters.lines import ButtonView

_, ngettext = domain("federation")


@dataclass(frozen=True)
class CostsDraft:
    """The values on screen, by slot id (None: unknown); compared with what is saved to enable Save."""

    values: tuple[tuple[str, int | None], ...]

    @classmethod
    def of(cls, defs: Definitions) -> CostsDraft:
        return cls(tuple((slot.id, slot.value if PLAYERS in slot.mark.source else None) for slot in defs.slots))

    def get(self, slot_id: str) -> int | None:
        return dict(self.values)[slot_id]

    def set(self, slot_id: str, value: int | None) -> CostsDraft:
        if value is not None:
            value = max(LOWEST, min(HIGHEST, value))
        return replace(self, values=tuple((key, value if key == slot_id else old) for key, old in self.values))

    def step(self, slot_id: str, by: int) -> CostsDraft:
        """One up or down; "+" on an unknown cost starts it at 1."""
        current = self.get(slot_id)
        return self.set(slot_id, current + by if current is not None else max(LOWEST, by))

    def known(self) -> dict[str, int]:
        return {key: value for key, value in self.values if value is not None}


@dataclass(frozen=True)
class CostRow:
    slot: str
    name: str
    value: str
    note: str
    buttons: tuple[ButtonView, ...]


@dataclass(frozen=True)
class CostsView:
    title: str
    note: str
    rows: tuple[CostRow, ...]
    save: ButtonView
    problems: tuple[str, ...]


def present_costs(
    defs: Definitions, draft: CostsDraft, saved: Mapping[str, int], file: Path, problems: tuple[str, ...]
) -> CostsView:
    rows = []
    for slot in defs.slots:
        value = draft.get(slot.id)
        if value is None:
            shown, note = _("not entered"), _("not in the module: read it from your Warp Empires rules")
        else:
            shown, note = str(value), _("yours, from your rules") if saved.get(slot.id) == value else _("not saved yet")
        rows.append(
            CostRow(
                slot.id,
                slot.names.text(),
                shown,
                note,
                (
                    ButtonView(f"cost:{slot.id}:down", "−", "normal", value is not None and value > LOWEST),
                    ButtonView(f"cost:{slot.id}:up", "+", "normal", value is None or value < HIGHEST),
                    ButtonView(f"cost:{slot.id}:clear", _("Unknown"), "normal", value is not None),
                ),
            )
        )
    changed = draft.known() != dict(saved)
    return CostsView(
        title=_("Costs from your rules"),
        note=_(
            "The module gives no cost for these. Enter them from your Warp Empires rules; they are kept in the "
            "companion's data folder ({file}), never in the shipped data."
        ).format(file=file),
        rows=tuple(rows),
        save=ButtonView("costs:save", _("Save") if changed else _("Saved"), "primary", changed),
        problems=problems,
    )
