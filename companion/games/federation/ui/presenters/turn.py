"""Warp Empires' turn as a checklist: the players' phases (played on the table) and the module's (the companion
runs their tables), with Next and End turn."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.games.federation import actions as act
from companion.games.federation.checklist import checklist
from companion.games.federation.definitions import Definitions
from companion.games.federation.state import FederationState
from companion.games.federation.turn import check_end_turn
from companion.games.federation.ui.presenters.table import next_phase_label
from companion.games.federation.ui.presenters.words import CURRENT, DONE, TO_COME
from companion.locale import domain
from companion.ui.action_keys import act as act_key
from companion.ui.presenters.lines import ButtonView, TextLine

_, ngettext = domain("federation")


@dataclass(frozen=True)
class TurnView:
    title: str
    note: str
    phases: tuple[TextLine, ...]
    next_phase: ButtonView
    end_turn: ButtonView
    blocked: str  # why the turn cannot end now ("" when it can)


def present_turn(state: FederationState, defs: Definitions, legal: Sequence[object]) -> TurnView:
    lines = []
    for item in checklist(state, defs):
        mark = {"done": DONE, "current": CURRENT, "to-come": TO_COME}[item.status]
        who = _("the module: the companion runs it") if item.module else _("Warp Empires: played on the table")
        style = "title" if item.status == "current" else "dim" if item.status == "done" else "normal"
        lines.append(TextLine(_("{mark} {phase} ({who})").format(mark=mark, phase=item.label, who=who), style))
    next_phase = act.NextPhase()
    next_label = next_phase_label(state, defs)
    end = act.EndTurn()
    blocked = "" if end in legal else (check_end_turn(state, end, defs) or "")
    return TurnView(
        title=_("Turn {turn}").format(turn=state.turn),
        note=_("Tick each phase as you play it; the module's actions are accepted whenever you make them."),
        phases=tuple(lines),
        next_phase=ButtonView(act_key(next_phase), next_label, "normal", next_phase in legal),
        end_turn=ButtonView(act_key(end), _("End turn: revenue"), "danger", end in legal),
        blocked=blocked,
    )
