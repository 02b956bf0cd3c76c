"""Rescue dice at one chain: before the roll (dice the companion rolls, when their faces are completed, or the
faces rolled at the table, entered by symbol), then the allocation (each die tapped onto one of the chain's active
symbols, wilds once, ignored dice marked, storing), checked by the rules at every tap, then the result.

Kivy-free. The roll is built in a `RollDraft` the screen keeps; every action offered is one the rules accept.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.games.thunderbirds_solitaire import actions as act
from companion.games.thunderbirds_solitaire import events as ev
from companion.games.thunderbirds_solitaire.rescue import covered, printed, wilds
from companion.games.thunderbirds_solitaire.rules import check
from companion.games.thunderbirds_solitaire.state import GameState
from companion.games.thunderbirds_solitaire.ui.presenters.common import Item, short_name, symbols_text
from companion.games.thunderbirds_solitaire.words import card_name, named, symbol_name
from companion.locale import domain
from companion.ui.action_keys import act as act_key
from companion.ui.presenters.lines import ButtonView, TextLine

_, ngettext = domain("thunderbirds_solitaire")


@dataclass
class RollDraft:
    """The roll being put together on the screen: dice for the companion to roll, or faces rolled at the table."""

    dice: dict[str, int] = field(default_factory=dict)
    faces: list[str] = field(default_factory=list)

    def roll(self, chain: int) -> act.RollDice:
        return act.RollDice(chain, tuple(die for die, count in self.dice.items() for _n in range(count)))

    def entry(self, chain: int) -> act.EnterRoll:
        return act.EnterRoll(chain, tuple(self.faces))

    def press(self, key: str) -> bool:
        """A draft button (`dice:more:<die>`, `dice:less:<die>`, `face:add:<symbol>`, `face:remove`): True when
        it changed the draft."""
        parts = key.split(":")
        if parts[0] == "dice" and len(parts) == 3:
            count = self.dice.get(parts[2], 0) + (1 if parts[1] == "more" else -1)
            if count < 0:
                return False
            self.dice[parts[2]] = count
            return True
        if key == "face:remove":
            if self.faces:
                self.faces.pop()
                return True
            return False
        if parts[0] == "face" and len(parts) == 3:
            self.faces.append(parts[2])
            return True
        return False


@dataclass(frozen=True)
class DieCounter:
    die: str
    label: str  # "Blue die: 2 of 6"
    less: ButtonView
    more: ButtonView


@dataclass(frozen=True)
class DieView:
    index: int
    label: str  # "Die 1: Star"
    status: str
    key: str
    selected: bool
    free: bool
    style: str  # normal, good, dim, bad


@dataclass(frozen=True)
class SymbolView:
    label: str  # "Dam burst · symbol 1: Star"
    covered: str  # "covered by die 2", or ""
    button: ButtonView | None


@dataclass(frozen=True)
class RescueView:
    title: str
    stage: str  # "entry", "allocate", "done", "none"
    cards: tuple[TextLine, ...]
    reason: str
    tell: tuple[ButtonView, ...]
    counters: tuple[DieCounter, ...]
    roll: ButtonView | None
    faces: tuple[ButtonView, ...]
    entered: str
    remove_face: ButtonView | None
    enter: ButtonView | None
    entry_reason: str
    dice: tuple[DieView, ...]
    symbols: tuple[SymbolView, ...]
    summary: str
    store: ButtonView | None
    store_reason: str
    end: ButtonView | None
    rules: str
    done_text: str


def _empty(title: str, stage: str, **changes: Any) -> RescueView:
    fields: dict[str, Any] = {
        "title": title,
        "stage": stage,
        "cards": (),
        "reason": "",
        "tell": (),
        "counters": (),
        "roll": None,
        "faces": (),
        "entered": "",
        "remove_face": None,
        "enter": None,
        "entry_reason": "",
        "dice": (),
        "symbols": (),
        "summary": "",
        "store": None,
        "store_reason": "",
        "end": None,
        "rules": "",
        "done_text": "",
    }
    fields.update(changes)
    return RescueView(**fields)


def rules_reminder() -> str:
    return _(
        "A die covers the same symbol, a wild one any symbol; each wild symbol once; wild symbols cannot be stored;"
        " dice matching no symbol of the chain are ignored."
    )


def present_rescue(
    state: GameState,
    legal: Sequence[object],
    chain: int | None,
    draft: RollDraft,
    selected: int | None,
    events: Sequence[object] = (),
) -> RescueView:
    rescue = state.rescue
    if rescue is not None:
        return _allocation(state, legal, selected)
    ended = [event for event in events if isinstance(event, ev.RescueEnded)]
    if ended:
        last = ended[-1]
        text = _(
            "The rescue at chain {n} is over: {covered}, {open}. What it achieves is your rulebook's: apply it to"
            " the cards (tap a card on the table to move it to the rescued pile or the discard pile)."
        ).format(
            n=last.chain,
            covered=ngettext("{count} symbol covered", "{count} symbols covered", last.covered).format(
                count=last.covered
            ),
            open=ngettext("{count} still open", "{count} still open", last.open).format(count=last.open),
        )
        return _empty(_("Rescue at chain {n}").format(n=last.chain), "done", done_text=text)
    if chain is None or state.phase != "turn" or state.turned is not None:
        return _empty(_("Rescue dice"), "none")
    return _entry(state, chain, draft)


def _entry(state: GameState, chain: int, draft: RollDraft) -> RescueView:
    cards = state.chain(chain)
    lines = tuple(
        TextLine(_("{card}: {symbols}").format(card=card_name(state, card), symbols=symbols_text(state, card.symbols)))
        for card in cards
    )
    tell = tuple(
        ButtonView(f"open:symbols:{card.id}", _("Symbols of {card}").format(card=short_name(state, card)))
        for card in cards
        if card.symbols is None
    )
    facts = state.setup.facts
    probe = act.EnterRoll(chain, (facts.symbols[0].id,)) if facts.symbols else act.EnterRoll(chain, ())
    reason = check(state, probe) or ""
    counters = []
    for die in facts.dice:
        if die.faces is None:
            continue
        count = draft.dice.get(die.id, 0)
        name = named(die.name_en, die.name_fr, die.id)
        counters.append(
            DieCounter(
                die.id,
                _("{die}: {count} of {total}").format(die=name, count=count, total=die.count),
                ButtonView(f"dice:less:{die.id}", "−", enabled=count > 0),
                ButtonView(f"dice:more:{die.id}", "+", enabled=count < die.count),
            )
        )
    roll_action = draft.roll(chain)
    roll_reason = check(state, roll_action) if roll_action.dice else None
    roll = (
        ButtonView(
            "rescue:roll",
            ngettext("Roll {n} die", "Roll {n} dice", len(roll_action.dice)).format(n=len(roll_action.dice)),
            "primary",
            enabled=bool(roll_action.dice) and roll_reason is None and not reason,
        )
        if counters
        else None
    )
    faces = tuple(
        ButtonView(
            f"face:add:{symbol.id}", _("+ {symbol}").format(symbol=named(symbol.name_en, symbol.name_fr, symbol.id))
        )
        for symbol in facts.symbols
    )
    entry_action = draft.entry(chain)
    entry_reason = check(state, entry_action) if entry_action.symbols else None
    shown = ", ".join(symbol_name(state, symbol) for symbol in draft.faces)
    entered = (
        ngettext("Entered: {n} die, {symbols}", "Entered: {n} dice, {symbols}", len(draft.faces)).format(
            n=len(draft.faces), symbols=shown
        )
        if draft.faces
        else _("No die entered yet.")
    )
    return _empty(
        _("Rescue at chain {n}").format(n=chain),
        "entry",
        cards=lines,
        reason=reason,
        tell=tell,
        counters=tuple(counters),
        roll=roll,
        faces=faces,
        entered=entered,
        remove_face=ButtonView("face:remove", _("Remove the last"), enabled=bool(draft.faces)),
        enter=ButtonView(
            "rescue:enter",
            _("Enter these dice"),
            "primary",
            enabled=bool(draft.faces) and entry_reason is None and not reason,
        ),
        entry_reason=(roll_reason or entry_reason or "") if (roll_action.dice or draft.faces) else "",
        rules=rules_reminder(),
    )


def _allocation(state: GameState, legal: Sequence[object], selected: int | None) -> RescueView:
    rescue = state.rescue
    assert rescue is not None
    wild = wilds(state)
    free = [i for i, die in enumerate(rescue.dice) if die.status == "free"]
    if selected not in free:
        selected = free[0] if free else None
    dice = []
    for index, die in enumerate(rescue.dice):
        name = symbol_name(state, die.symbol)
        label = _("Die {n}: {symbol}").format(n=index + 1, symbol=name)
        if die.status == "allocated" and die.card is not None and die.slot is not None:
            on = state.card(die.card)
            status = _("on {card}, symbol {slot}").format(
                card=short_name(state, on) if on is not None else die.card, slot=die.slot + 1
            )
            style = "good"
        elif die.status == "stored":
            status, style = _("stored"), "dim"
        elif die.status == "useless":
            status, style = _("ignored: matches no symbol of the chain"), "bad"
        else:
            status = _("wild: covers any symbol, once") if die.symbol in wild else _("to allocate")
            style = "normal"
        dice.append(DieView(index, label, status, f"die:{index}", index == selected, die.status == "free", style))
    taken = covered(rescue)
    symbols = []
    for card_id, slot, symbol in printed(state.chain(rescue.chain)):
        card = state.card(card_id)
        label = _("{card} · symbol {slot}: {symbol}").format(
            card=short_name(state, card) if card is not None else card_id,
            slot=slot + 1,
            symbol=symbol_name(state, symbol),
        )
        covering = taken.get((card_id, slot))
        if covering is not None:
            symbols.append(SymbolView(label, _("covered by die {n}").format(n=covering + 1), None))
            continue
        button = None
        if selected is not None:
            allocate = act.AllocateDie(selected, card_id, slot)
            if allocate in legal:
                button = ButtonView(act_key(allocate), _("Die {n} here").format(n=selected + 1), "primary")
        symbols.append(SymbolView(label, "", button))
    store: ButtonView | None = None
    store_reason = ""
    if selected is not None:
        action = act.StoreDie(selected)
        if action in legal:
            store = ButtonView(act_key(action), _("Store die {n}").format(n=selected + 1))
        else:
            store_reason = check(state, action) or ""
    total = len(printed(state.chain(rescue.chain)))
    stored = sum(1 for die in rescue.dice if die.status == "stored")
    ignored = sum(1 for die in rescue.dice if die.status == "useless")
    summary = _("{covered} · {stored} · {ignored}").format(
        covered=ngettext("{n} of {total} symbol covered", "{n} of {total} symbols covered", total).format(
            n=len(taken), total=total
        ),
        stored=ngettext("{n} die stored", "{n} dice stored", stored).format(n=stored),
        ignored=ngettext("{n} die ignored", "{n} dice ignored", ignored).format(n=ignored),
    )
    end = act.EndRescue()
    return _empty(
        _("Rescue at chain {n}").format(n=rescue.chain),
        "allocate",
        dice=tuple(dice),
        symbols=tuple(symbols),
        summary=summary,
        store=store,
        store_reason=store_reason,
        end=ButtonView(act_key(end), _("End the rescue"), "success") if end in legal else None,
        rules=rules_reminder(),
    )


def _rows_of(buttons: Sequence[ButtonView], per_row: int) -> list[Item]:
    return [Item("buttons", buttons=tuple(buttons[i : i + per_row])) for i in range(0, len(buttons), per_row)]


def rescue_items(view: RescueView) -> tuple[Item, ...]:
    """The view as the screen's list."""
    back = Item("buttons", buttons=(ButtonView("rescue:done", _("Back to the table"), "primary"),))
    if view.stage == "done":
        return (Item("text", view.done_text, "good"), back)
    if view.stage == "none":
        return (Item("text", _("No rescue is under way."), "dim"), back)
    items: list[Item] = []
    if view.stage == "entry":
        items.append(Item("title", _("The chain's cards")))
        items += [Item("text", line.text) for line in view.cards]
        if view.reason:
            items.append(Item("text", view.reason, "bad"))
            items += _rows_of(view.tell, 2)
            return tuple(items)
        if view.counters:
            items.append(Item("title", _("The companion rolls your dice")))
            items += [Item("row", counter.label, buttons=(counter.less, counter.more)) for counter in view.counters]
            if view.roll is not None:
                items.append(Item("buttons", buttons=(view.roll,)))
        items.append(Item("title", _("Or enter the dice you rolled, one by one")))
        items += _rows_of(view.faces, 3)
        items.append(Item("text", view.entered))
        items.append(Item("buttons", buttons=tuple(b for b in (view.remove_face, view.enter) if b is not None)))
        if view.entry_reason:
            items.append(Item("text", view.entry_reason, "bad"))
        items.append(Item("text", view.rules, "dim"))
        return tuple(items)
    items.append(Item("text", view.summary, "title"))
    items.append(Item("title", _("The dice: tap one, then the symbol it covers")))
    for die in view.dice:
        text = _("{die} ({status})").format(die=die.label, status=die.status)
        if die.free:
            label = _("Chosen") if die.selected else _("Choose")
            items.append(
                Item("row", text, buttons=(ButtonView(die.key, label, "primary" if die.selected else "normal"),))
            )
        else:
            items.append(Item("text", text, die.style))
    items.append(Item("title", _("The chain's symbols")))
    for symbol in view.symbols:
        if symbol.button is not None:
            items.append(Item("row", symbol.label, buttons=(symbol.button,)))
        else:
            items.append(
                Item(
                    "text",
                    _("{symbol}: {state}").format(symbol=symbol.label, state=symbol.covered)
                    if symbol.covered
                    else symbol.label,
                    "good" if symbol.covered else "normal",
                )
            )
    if view.store is not None:
        items.append(Item("buttons", buttons=(view.store,)))
    if view.store_reason:
        items.append(Item("text", view.store_reason, "dim"))
    if view.end is not None:
        items.append(Item("buttons", buttons=(view.end,)))
    items.append(Item("text", view.rules, "dim"))
    return tuple(items)
