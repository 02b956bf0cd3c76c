"""The systems list, the screen play goes on from: each system of the players' map at a glance (explored or not,
resources, minor race, Enigma, owner, buildings, in words and shapes), and the way to everything else."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.games.federation import actions as act
from companion.games.federation import names
from companion.games.federation.definitions import Definitions
from companion.games.federation.empire import controlled, needed_to_win, system_revenue, winner
from companion.games.federation.state import FederationState, System
from companion.games.federation.ui.presenters.revenue import per_turn
from companion.games.federation.ui.presenters.words import system_mark, system_summary
from companion.locale import domain
from companion.ui.action_keys import act as act_key
from companion.ui.presenters.lines import ButtonView

_, ngettext = domain("federation")


@dataclass(frozen=True)
class SystemRow:
    key: str  # "open:system:<id>"
    system: str
    title: str  # "● Vulcan · Klingons"
    detail: str  # "Rich resources (3) · Modern race (+2) · ◆ Enigma unsolved"
    waiting: bool  # a stack waits to face its Enigma: the row stands out


@dataclass(frozen=True)
class TableView:
    title: str
    banner: str  # the victory, or stacks waiting for the Enigma phase ("" when nothing to say)
    rows: tuple[SystemRow, ...]
    side: tuple[ButtonView, ...]
    end_turn: ButtonView


def next_phase_label(state: FederationState, defs: Definitions) -> str:
    if state.phase >= len(defs.phases) - 1:
        return _("Last phase: end the turn")
    return _("Next: {phase}").format(phase=names.phase(defs, state.phase + 1))


def owner_text(owner: str | None, defs: Definitions) -> str:
    return names.race(defs, owner) if owner is not None else _("nobody")


def row_title(system: System, defs: Definitions) -> str:
    """ "● Vulcan · Klingons, 6 a turn": the shape, the name, who controls it and what it yields them."""
    head = _("{mark} {system}").format(mark=system_mark(system), system=names.system_label(system, defs))
    if system.owner is None:
        return _("{system} · nobody").format(system=head)
    amount = system_revenue(system, system.owner, defs).total
    return _("{system} · {race}, {amount}").format(
        system=head, race=names.race(defs, system.owner), amount=per_turn(amount)
    )


def present_table(state: FederationState, defs: Definitions, legal: Sequence[object]) -> TableView:
    waiting = {encounter.system for encounter in state.encounters}
    rows = tuple(
        SystemRow(
            key=f"open:system:{system.id}",
            system=system.id,
            title=row_title(system, defs),
            detail=system_summary(system, defs),
            waiting=system.id in waiting,
        )
        for system in state.systems
    )
    won = winner(state, defs)
    if won is not None:
        banner = _("Victory: {race}, {count} of the {total} systems. Undo, or correct the systems.").format(
            race=names.race(defs, won), count=controlled(state, won), total=len(state.systems)
        )
    elif state.encounters:
        banner = ngettext(
            "{count} stack waits to face an Enigma (Enigma phase).",
            "{count} stacks wait to face an Enigma (Enigma phase).",
            len(state.encounters),
        ).format(count=len(state.encounters))
    else:
        banner = ""
    can_enter = any(isinstance(action, act.EnterSystem) for action in legal)
    next_phase = act.NextPhase()
    needed = needed_to_win(state, defs)
    side = (
        ButtonView("open:enter", _("A fleet enters a system"), "primary", can_enter),
        ButtonView(
            "open:turn",
            _("Turn: {phase}").format(phase=names.phase(defs, state.phase)),
            "normal",
        ),
        ButtonView(act_key(next_phase), next_phase_label(state, defs), "normal", next_phase in legal),
        ButtonView("open:revenue", _("Revenue"), "normal"),
        ButtonView(
            "open:victory",
            ngettext("Victory: {count} system to win", "Victory: {count} systems to win", needed).format(count=needed),
            "normal",
        ),
        ButtonView("open:readings", _("Our readings"), "normal"),
        ButtonView("fix:add-system", _("Add a system"), "normal"),
    )
    end = act.EndTurn()
    return TableView(
        title=_("Turn {turn} · {phase}").format(turn=state.turn, phase=names.phase(defs, state.phase)),
        banner=banner,
        rows=rows,
        side=side,
        end_turn=ButtonView(act_key(end), _("End turn: revenue"), "danger", end in legal),
    )
