"""A bot-played game written out for people: one action per line with its history label and the key state after.

Regenerate the files after an intended change to the rules, the bot or the labels:

    COMPANION_REGENERATE_GOLDEN=1 .venv/bin/python -m pytest tests/golden

then read the diff: it shows exactly how the games now play differently.
"""

from __future__ import annotations

from companion.games.thunderbirds.definitions import TOKEN_KINDS, Definitions
from companion.games.thunderbirds.describe import describe
from companion.games.thunderbirds.scoring import score
from companion.games.thunderbirds.simulate import steps
from companion.games.thunderbirds.state import DIE, GameState, PendingRescue, PendingReward
from companion.locale import set_language

TOKEN_SHORT = {
    "technology": "Tec",
    "determination": "Det",
    "intelligence": "Int",
    "teamwork": "Tea",
    "logistics": "Log",
}


def _track(state: GameState) -> str:
    return " ".join(f"{slot}:{card}" for slot, card in state.track.occupied()) or "empty"


def _tokens(state: GameState) -> str:
    parts = []
    for hand in state.players:
        held = " ".join(f"{TOKEN_SHORT[k]}{hand.count(k)}" for k in TOKEN_KINDS if hand.count(k))
        parts.append(f"{hand.character}[{held}]")
    return " ".join(parts)


def _hood_track(state: GameState) -> str:
    return ", ".join(f"{c.space}:{c.kind}:{c.card}:{c.status}" for c in state.hood_cards)


def _key_state(state: GameState, actor: str) -> str:
    parts = [
        f"{actor} in {state.character_region(actor)}",
        f"acts {state.actions_left}",
        f"Hood {state.hood}",
        f"track {_track(state)}",
        f"tokens {_tokens(state)}",
    ]
    if isinstance(state.pending, PendingRescue):
        dice = "+".join("H" if f == 0 else str(DIE.faces[f].value) for f in state.pending.dice)
        parts.append(f"dice {dice} score {state.pending.score}")
    if isinstance(state.pending, PendingReward):
        parts.append(f"jokers {state.pending.jokers}")
    if state.outcome is not None:
        parts.append(f"OVER {state.outcome.result} ({state.outcome.reason})")
    return " | ".join(parts)


def render(players: int, difficulty: str, seed: int, defs: Definitions) -> str:
    set_language("en")
    lines: list[str] = []
    first = True
    final: GameState | None = None
    for number, step in enumerate(steps(players, difficulty, seed, defs), start=1):
        state = step.before
        if first:
            who = ", ".join(h.character for h in state.players)
            lines += [
                f"# Thunderbirds, {players} {'player' if players == 1 else 'players'} ({who}), {difficulty}, "
                f"game seed {seed}; played by the bot.",
                "# One action per line: step, turn, who acts (actions left), the history label; then the key state.",
                "# Regenerate: COMPANION_REGENERATE_GOLDEN=1 .venv/bin/python -m pytest tests/golden",
                f"setup: track {_track(state)} | Hood {state.hood} | Hood track {_hood_track(state)}",
            ]
            first = False
        by = "" if step.by == "bot" else f" [{step.by}]"
        label = describe(step.action, state, defs)
        lines.append(f"{number:4}. T{state.turn} {state.active_character} ({state.actions_left}){by}: {label}")
        lines.append(f"        -> {_key_state(step.after, state.active_character)}")
        final = step.after
    assert final is not None
    result = score(final, defs)
    lines.append(
        f"end: {final.outcome.result if final.outcome else 'unfinished'} after {final.turn} turns; "
        f"score {result.total if result else 0}; schemes foiled {final.schemes_foiled}; "
        f"Hood track {_hood_track(final)}"
    )
    return "\n".join(lines) + "\n"
