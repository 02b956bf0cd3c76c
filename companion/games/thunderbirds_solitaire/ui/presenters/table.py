"""The table: the four chains as the player lays them out, Tracy Island, Lady Penelope's card, the decks, the pods
and pilots, and what can be done now (the card turned to place, turning the next card, a rescue, the player's
checklist, Lady Penelope's phase, declaring the outcome).

Kivy-free. Only what `legal_actions` lists is offered as an action (`act:` keys); the player's own moves (the
Adjust screen, a card's details) are checked by the rules before they are sent.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from companion.games.thunderbirds_solitaire import actions as act
from companion.games.thunderbirds_solitaire.checklist import TURN_STEPS
from companion.games.thunderbirds_solitaire.rules import check
from companion.games.thunderbirds_solitaire.state import GameState
from companion.games.thunderbirds_solitaire.ui.presenters.common import (
    ChainRow,
    Item,
    LadyPenelopeCard,
    TracyRow,
    chain_rows,
    lady_penelope_card,
    tracy_row,
)
from companion.games.thunderbirds_solitaire.words import (
    card_name,
    kind_name,
    pilot_name,
    pilot_place_name,
    pod_name,
    symbol_name,
)
from companion.locale import domain
from companion.ui.action_keys import act as act_key
from companion.ui.presenters.lines import ButtonView

_, ngettext = domain("thunderbirds_solitaire")
pgettext = domain("thunderbirds_solitaire").pgettext

#: The checklist's steps as a button names them (the full text is shown beneath).
STEP_TITLES = {
    "incoming-call": lambda: _("Incoming Call phase"),
    "actions": lambda: _("Pilots, Thunderbirds, pods and rescues"),
    "win-loss": lambda: _("Won or lost?"),
}


@dataclass(frozen=True)
class TableView:
    title: str
    status: str  # turn, deck, discard
    chains: tuple[ChainRow, ...]
    tracy: TracyRow
    lady_penelope: LadyPenelopeCard
    turned: str  # the card waiting to be placed, or ""
    pods: str
    pilots: str
    stored: str
    items: tuple[Item, ...]


def deck_text(state: GameState) -> str:
    if state.setup.dealing == "companion":
        count = len(state.deck)
        return ngettext(
            "Emergency deck: {n} card (the companion deals)", "Emergency deck: {n} cards (the companion deals)", count
        ).format(n=count)
    if state.setup.asked == "companion":
        return _("Emergency deck: yours (it is not complete in the editor yet)")
    return _("Emergency deck: yours")


def status_text(state: GameState) -> str:
    discard = len(state.discard)
    return _("{deck} · {discard}").format(
        deck=deck_text(state),
        discard=ngettext("{n} card discarded", "{n} cards discarded", discard).format(n=discard),
    )


def pods_text(state: GameState) -> str:
    if not state.setup.facts.pods:
        return _("Pods: the Pod deck stays on the table (name your pods in the editor for the companion to deal them)")
    up = ", ".join(pod_name(state, pod) for pod in state.pods_up) or pgettext("pods", "none")
    count = len(state.pod_deck)
    return _("Pods face up: {pods} · {deck}").format(
        pods=up, deck=ngettext("{n} card in the Pod deck", "{n} cards in the Pod deck", count).format(n=count)
    )


def pilots_text(state: GameState) -> str:
    placed = [
        _("{pilot} {place}").format(pilot=pilot_name(state, pilot), place=pilot_place_name(state, at))
        for pilot, at in state.pilots
        if at != "thunderbirds"
    ]
    near = sum(1 for _pilot, at in state.pilots if at == "thunderbirds")
    if near:
        placed.append(
            ngettext("{n} pilot near the Thunderbird cards", "{n} pilots near the Thunderbird cards", near).format(
                n=near
            )
        )
    return _("Pilots: {pilots}").format(pilots=" · ".join(placed))


def stored_text(state: GameState) -> str:
    if not state.stored:
        return ""
    counts = Counter(state.stored)
    shown = ", ".join(
        _("{symbol} ×{n}").format(symbol=symbol_name(state, symbol), n=n) if n > 1 else symbol_name(state, symbol)
        for symbol, n in counts.items()
    )
    return _("Stored symbols: {symbols}").format(symbols=shown)


def rescuable_chains(legal: Sequence[object]) -> tuple[int, ...]:
    """The chains a rescue can start at now (every card's symbols known): those `legal_actions` rolls for."""
    chains = {a.chain for a in legal if isinstance(a, act.RollDice | act.EnterRoll)}
    return tuple(sorted(chains))


def turn_buttons(state: GameState, legal: Sequence[object]) -> list[Item]:
    """Turning an Emergency card: the companion's next card, or what the player turned."""
    turns = [a for a in legal if isinstance(a, act.TurnCard)]
    if not turns:
        return []
    if state.setup.dealing == "companion":
        return [Item("buttons", buttons=(ButtonView(act_key(turns[0]), _("Turn the next Emergency card"), "primary"),))]
    kinds = [a for a in turns if a.card is None]
    named = [a for a in turns if a.card is not None]
    items = [
        Item("text", _("What did you turn?")),
        Item("buttons", buttons=tuple(ButtonView(act_key(a), kind_name(a.kind)) for a in kinds if a.kind)),
    ]
    if named:
        items.append(Item("buttons", buttons=(ButtonView("open:turn-named", _("A card completed in the editor…")),)))
    return items


def present_table(state: GameState, legal: Sequence[object]) -> TableView:
    items: list[Item] = []
    turned = ""
    if state.turned is not None:
        name = card_name(state, state.turned)
        turned = _("Turned: {card}").format(card=name)
        items.append(Item("title", _("Where does {card} go?").format(card=name)))
        places = [a for a in legal if isinstance(a, act.PlaceCard)]
        buttons = [
            ButtonView(act_key(a), _("To chain {n}").format(n=a.chain), "primary" if not places.index(a) else "normal")
            for a in places
        ]
        items.append(Item("buttons", buttons=tuple(buttons[:2])))
        if len(buttons) > 2:
            items.append(Item("buttons", buttons=tuple(buttons[2:])))
        full = [n for n in range(1, 5) if not any(a.chain == n for a in places)]
        for number in full:
            reason = check(state, act.PlaceCard(number))
            if reason:
                items.append(Item("text", reason, "dim"))
        items.append(
            Item(
                "buttons",
                buttons=(
                    ButtonView(act_key(act.DiscardTurned()), _("Discard it")),
                    ButtonView(f"open:symbols:{state.turned.id}", _("Its symbols")),
                ),
            )
        )
    elif state.phase == "turn":
        items.append(Item("title", _("Incoming Call")))
        items += turn_buttons(state, legal)
        items.append(Item("title", _("Rescue dice")))
        chains = rescuable_chains(legal)
        if chains:
            items.append(Item("buttons", buttons=(ButtonView("open:rescue", _("Roll or enter the dice…")),)))
        else:
            items.append(
                Item("text", _("No chain can be checked yet: tell the companion the symbols of its cards."), "dim")
            )
        items.append(Item("title", _("Yours to confirm")))
        for step in TURN_STEPS:
            done = step.id in state.confirmed
            label = (_("✓ {step}") if done else _("Confirm: {step}")).format(step=STEP_TITLES[step.id]())
            key = act_key(act.ConfirmStep(step.id, not done))
            items.append(Item("buttons", buttons=(ButtonView(key, label, "success" if done else "normal"),)))
        # The steps' reminders (a paragraph each, from the rulebook) are one tap away, not a wall of text beside the
        # chains: the panel says what is done and what is left.
        items.append(Item("buttons", buttons=(ButtonView("open:steps", _("Your steps in full")),)))
        begin = act.BeginLadyPenelope()
        if begin in legal:
            items.append(
                Item(
                    "buttons",
                    buttons=(ButtonView(act_key(begin), _("Lady Penelope's phase: end the turn"), "primary"),),
                )
            )
        else:
            reason = check(state, begin) or ""
            items.append(
                Item("buttons", buttons=(ButtonView(act_key(begin), _("Lady Penelope's phase"), enabled=False),))
            )
            items.append(Item("text", reason, "dim"))
    elif state.phase in ("lp-move", "lp-escort"):
        items.append(
            Item("buttons", buttons=(ButtonView("open:lady-penelope", _("Lady Penelope's phase"), "primary"),))
        )
    if state.phase != "setup" and state.phase != "over" and act.DeclareOutcome("won") in legal:
        items.append(Item("title", _("The end of the game")))
        items.append(
            Item(
                "buttons",
                buttons=(
                    ButtonView("open:declare:won", _("Declare it won")),
                    ButtonView("open:declare:lost", _("Declare it lost")),
                ),
            )
        )
    pods, pilots, stored = pods_text(state), pilots_text(state), stored_text(state)
    items.append(Item("title", _("On your table")))
    items += [Item("text", text) for text in (pods, pilots, stored) if text]
    items.append(Item("buttons", buttons=(ButtonView("open:adjust", _("Adjust: the table is right")),)))
    return TableView(
        title=_("Turn {n}").format(n=state.turn) if state.turn else _("Set-up"),
        status=status_text(state),
        chains=chain_rows(state),
        tracy=tracy_row(state),
        lady_penelope=lady_penelope_card(state),
        turned=turned,
        pods=pods,
        pilots=pilots,
        stored=stored,
        items=tuple(items),
    )
