"""Set-up: the rules excerpt's steps A to F, who does each (you or the companion) and how far it is, the chains
as they are begun, and the way to turn the next card (the companion's deck, or "What did you turn?").

Kivy-free. Once the fourth Disaster begins the last chain, the screen says what is left to do at the table (shuffle
your deck) and offers to begin turn 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.games.thunderbirds_solitaire import actions as act
from companion.games.thunderbirds_solitaire.checklist import SETUP_STEPS
from companion.games.thunderbirds_solitaire.state import CHAINS, GameState
from companion.games.thunderbirds_solitaire.ui.presenters.common import ChainRow, Item, chain_rows
from companion.games.thunderbirds_solitaire.ui.presenters.table import turn_buttons
from companion.games.thunderbirds_solitaire.words import card_name
from companion.locale import domain
from companion.ui.action_keys import act as act_key
from companion.ui.presenters.lines import ButtonView, TextLine

_, ngettext = domain("thunderbirds_solitaire")


@dataclass(frozen=True)
class SetupStepLine:
    letter: str
    text: str
    who: str  # "You" or "The companion"
    done: bool

    def line(self) -> TextLine:
        mark = "✓" if self.done else "•"
        return TextLine(
            _("{mark} {who}: {text}").format(mark=mark, who=self.who, text=self.text), "good" if self.done else "normal"
        )


@dataclass(frozen=True)
class SetupView:
    title: str
    progress: str
    steps: tuple[SetupStepLine, ...]
    chains: tuple[ChainRow, ...]
    returned: str
    items: tuple[Item, ...]
    is_done: bool


def _who(state: GameState, step: str) -> str:
    companion, you = _("The companion"), _("You")
    if step == "pods":
        return companion if state.setup.facts.pods else you
    if step == "emergency-deck":
        return companion if state.setup.dealing == "companion" else you
    if step == "chains":
        return companion if state.setup.dealing == "companion" else _("You and the companion")
    if step == "lady-penelope":
        return companion
    return you


def _step_text(state: GameState, step: str, default: str) -> str:
    if step == "pods" and not state.setup.facts.pods:
        return _(
            "B. Shuffle the Pod deck and deal three pods face up beside it (the companion deals them once your pods"
            " are named in the editor)."
        )
    if step == "emergency-deck" and state.setup.dealing != "companion":
        return _("D. Shuffle your Emergency deck and place it near Thunderbird 5.")
    return default


def present_setup(state: GameState, legal: Sequence[object]) -> SetupView:
    begun = sum(1 for chain in state.chains if chain)
    done = state.phase != "setup"
    steps = []
    for step in SETUP_STEPS:
        who = _who(state, step.id)
        # The companion's own steps are done as the game is set up; the table's are yours to do (never ticked).
        if step.id in ("chains", "lady-penelope"):
            finished = done
        else:
            finished = who == _("The companion")
        steps.append(SetupStepLine(step.id, _step_text(state, step.id, step.label()), who, finished))
    returned = ""
    if state.returned and state.setup.dealing == "table":
        names = ", ".join(card_name(state, card) for card in state.returned)
        returned = ngettext(
            "Put under your deck: {cards}", "Put under your deck, in this order: {cards}", len(state.returned)
        ).format(cards=names)
    items: list[Item] = []
    if done:
        if state.setup.dealing != "companion":
            items.append(Item("text", _("Shuffle your Emergency deck now."), "bad"))
        else:
            items.append(Item("text", _("The companion shuffled the Emergency deck."), "good"))
        items.append(Item("text", _("Lady Penelope starts at chain 1, Road side up.")))
        items.append(Item("buttons", buttons=(ButtonView("setup:start", _("Begin turn 1"), "primary"),)))
    else:
        deal = act.DealChains()
        if deal in legal:
            items.append(Item("buttons", buttons=(ButtonView(act_key(deal), _("Deal the four chains"), "primary"),)))
            items.append(Item("buttons", buttons=(ButtonView(act_key(act.TurnCard()), _("Turn one card at a time")),)))
        else:
            items += turn_buttons(state, legal)
    progress = (
        _("The four chains are set up.")
        if done
        else ngettext(
            "{n} of {total} chains begun: turn cards until a Disaster begins each one.",
            "{n} of {total} chains begun: turn cards until a Disaster begins each one.",
            begun,
        ).format(n=begun, total=CHAINS)
    )
    return SetupView(
        title=_("Set-up"),
        progress=progress,
        steps=tuple(steps),
        chains=chain_rows(state),
        returned=returned,
        items=tuple(items),
        is_done=done,
    )
