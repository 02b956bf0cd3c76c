"""The steps of set-up and of a turn, and who answers for each: the companion (it does or checks the step) or the
player (the companion cannot check it: the excerpt does not give it, so the player confirms it from the rulebook).

A small pure structure, so a generic phase checklist can replace it later: a step is an id, the phase it belongs
to, who answers for it and its text. The turn's player steps must be confirmed (`ConfirmStep`) before Lady
Penelope's phase, which the excerpt puts at the end of the turn; their order among themselves is the rulebook's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from companion.locale import _

Who = Literal["companion", "player"]


@dataclass(frozen=True)
class Step:
    id: str
    phase: Literal["setup", "turn", "lady-penelope"]
    who: Who
    text: Callable[[], str]  # the step in the language of the moment

    def label(self) -> str:
        return self.text()


SETUP_STEPS: tuple[Step, ...] = (
    Step("thunderbirds", "setup", "player", lambda: _("A. Lay out the five Thunderbird cards in a row.")),
    Step(
        "pods",
        "setup",
        "companion",
        lambda: _("B. The Pod deck shuffled, three pods dealt face up: the pods available at the start."),
    ),
    Step(
        "pilots",
        "setup",
        "player",
        lambda: _(
            "C. John on Thunderbird 5, Brains beside the Pod cards, the other four pilots near the Thunderbird"
            " cards, face up."
        ),
    ),
    Step("emergency-deck", "setup", "companion", lambda: _("D. The Emergency deck shuffled, near Thunderbird 5.")),
    Step(
        "chains",
        "setup",
        "companion",
        lambda: _(
            "E. Four chains, each begun by a Disaster: a Civilian or Hood card turned goes to the bottom of the"
            " deck and is replaced; then the deck is shuffled."
        ),
    ),
    Step("lady-penelope", "setup", "companion", lambda: _("F. Lady Penelope at the top chain, Road side up.")),
)

#: The turn's steps the companion cannot check: the player confirms each before Lady Penelope's phase.
TURN_STEPS: tuple[Step, ...] = (
    Step(
        "incoming-call",
        "turn",
        "player",
        lambda: _(
            "Incoming Call phase, as your rulebook says: turn the Emergency cards it calls for; the companion"
            " places each one in its chain, keeps the chains within their size, and discards the Hood cards"
            " Lady Penelope stops on her Road side."
        ),
    ),
    Step(
        "actions",
        "turn",
        "player",
        lambda: _(
            "Your pilots, Thunderbirds and pods, as your rulebook says; for a rescue the companion rolls or takes"
            " your dice and checks how you allocate the symbols."
        ),
    ),
    Step(
        "win-loss",
        "turn",
        "player",
        lambda: _(
            "Check the rulebook's conditions for winning and losing; declare the game won or lost if one is met."
        ),
    ),
)

LADY_PENELOPE_STEPS: tuple[Step, ...] = (
    Step(
        "move-or-flip",
        "lady-penelope",
        "companion",
        lambda: _("1. Move or flip Lady Penelope, never both (or neither)."),
    ),
    Step(
        "escort",
        "lady-penelope",
        "companion",
        lambda: _("2. Escort: assign an uninfluenced Civilian of her chain, or unassign hers (or neither)."),
    ),
)

STEPS: tuple[Step, ...] = SETUP_STEPS + TURN_STEPS + LADY_PENELOPE_STEPS
TURN_STEP_IDS: tuple[str, ...] = tuple(step.id for step in TURN_STEPS)


def step(step_id: str) -> Step | None:
    return next((s for s in STEPS if s.id == step_id), None)
