"""The Game over screen: won or lost and why, the score as printed in the rules, a summary of the game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.thunderbirds import names
from companion.games.thunderbirds.scoring import score
from companion.games.thunderbirds.ui.presenters.reveal import loss_reason
from companion.locale import _
from companion.ui.presenters.lines import TextLine


@dataclass(frozen=True)
class GameOverView:
    title: str
    won: bool
    reason: str
    score_total: str
    score_lines: tuple[TextLine, ...]
    summary: tuple[TextLine, ...]


def score_line_text(what: str, count: int, points: int) -> str:
    label = {
        "difficulty": _("Win at this difficulty"),
        "spaces-not-entered": _("Hood-track spaces not entered: {count}"),
        "disaster-cards-left": _("Disaster cards left in the deck: {count}"),
        "disasters-averted": _("Disasters averted: {count}"),
        "schemes-foiled": _("Schemes foiled: {count}"),
    }.get(what, what)
    return _("{what} → {points} points").format(what=label.format(count=count), points=points)


def present_game_over(
    state: Any, defs: Any, history: Sequence[Any], character_name: Callable[[str], str]
) -> GameOverView:
    outcome = state.outcome
    won = outcome is not None and outcome.result == "won"
    if outcome is None:
        reason = _("The game is not over.")
    elif won:
        reason = _("International Rescue foiled the Hood's last scheme.")
    else:
        reason = loss_reason(outcome.reason, outcome.card, defs)
    final = score(state, defs)
    lines = tuple(TextLine(score_line_text(*line)) for line in final.lines) if final else ()
    averted = sum(1 for c in state.disasters.discard_pile if defs.disasters[c].kind == "disaster")
    done = [h for h in history if not h.is_undone]
    scored = {what for what, _count, _points in final.lines} if final else set()
    summary = [
        TextLine(_("Difficulty: {name}").format(name=names_of_difficulty(defs, state.setup.difficulty))),
        TextLine(_("Players: {names}").format(names=", ".join(character_name(h.character) for h in state.players))),
        TextLine(_("Turns played: {count}").format(count=state.turn)),
        TextLine(_("Actions recorded: {count}").format(count=len(done))),
    ]
    # What the score already lists (a lost game scores the disasters averted and the schemes foiled) is not
    # repeated in the summary.
    if "disasters-averted" not in scored:
        summary.append(TextLine(_("Disasters averted: {count}").format(count=averted)))
    if "schemes-foiled" not in scored:
        summary.append(
            TextLine(
                _("Schemes foiled: {count} of {total}").format(
                    count=state.schemes_foiled, total=sum(1 for c in state.hood_cards if c.kind == "scheme")
                )
            )
        )
    summary.append(
        TextLine(
            _("The Hood reached space {space} of {length}").format(space=state.hood + 1, length=defs.hood_track.length)
        )
    )
    return GameOverView(
        title=_("International Rescue wins!") if won else _("The game is lost"),
        won=won,
        reason=reason,
        score_total=_("Score: {total}").format(total=final.total) if final else "",
        score_lines=lines,
        summary=tuple(summary),
    )


def names_of_difficulty(defs: Any, difficulty: str) -> str:
    found = defs.difficulties.get(difficulty)
    return found.names.text() if found else difficulty


__all__ = ["GameOverView", "present_game_over", "names"]
