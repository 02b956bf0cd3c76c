"""The rescue dice: symbols rolled (by the companion from the faces the player entered, or at the table and
entered) and allocated to the symbols printed on the cards of one chain.

Checked, from the excerpt: a wild symbol covers any symbol and is allocated once; wild symbols cannot be stored;
dice whose symbols match no active symbol in the chain are ignored. Our reading, said so to players: a die covers
one symbol (the excerpt says it of wilds); a chain's active symbols are those printed on its cards and not yet
covered in this rescue; stored symbols wait in a store until the player spends them. What a rescue achieves, how
many dice are rolled and what storing is for are the rulebook's: the player applies them.
"""

from __future__ import annotations

from collections import Counter

from companion.engine.chance import Chance
from companion.engine.dice import Die, Face
from companion.games.thunderbirds_solitaire import events as ev
from companion.games.thunderbirds_solitaire.actions import AllocateDie, EndRescue, EnterRoll, RollDice, StoreDie
from companion.games.thunderbirds_solitaire.state import CHAINS, Card, GameState, Rescue, RolledDie, evolve
from companion.games.thunderbirds_solitaire.words import card_name, symbol_name
from companion.locale import domain

_, ngettext = domain("thunderbirds_solitaire")


def wilds(state: GameState) -> frozenset[str]:
    return frozenset(s.id for s in state.setup.facts.symbols if s.wild)


def printed(chain: tuple[Card, ...]) -> list[tuple[str, int, str]]:
    """Every symbol printed on the chain's cards: (card, index on the card, symbol), left to right."""
    return [(card.id, i, symbol) for card in chain for i, symbol in enumerate(card.symbols or ())]


def covered(rescue: Rescue) -> dict[tuple[str, int], int]:
    """(card, slot) -> the die covering it."""
    return {
        (d.card, d.slot): i
        for i, d in enumerate(rescue.dice)
        if d.status == "allocated" and d.card is not None and d.slot is not None
    }


def active(state: GameState) -> list[tuple[str, int, str]]:
    """The chain's symbols not yet covered in the rescue under way."""
    rescue = state.rescue
    if rescue is None:
        return []
    taken = covered(rescue)
    return [slot for slot in printed(state.chain(rescue.chain)) if (slot[0], slot[1]) not in taken]


def _check_chain(state: GameState, number: int) -> str | None:
    if state.phase != "turn":
        return _("Rescues happen in your turn, before Lady Penelope's phase.")
    if not 1 <= number <= CHAINS:
        return _("There are four chains, numbered 1 to 4 from the top.")
    chain = state.chain(number)
    if not chain:
        return _("Chain {n} has no cards to rescue.").format(n=number)
    unknown = [card_name(state, card) for card in chain if card.symbols is None]
    if unknown:
        return _(
            "The symbols of {cards} are not known, so the companion cannot check this rescue: tell it each card's"
            " symbols (or complete the cards in the editor), or settle the rescue by your rulebook."
        ).format(cards=", ".join(unknown))
    return None


def check_roll(state: GameState, action: RollDice) -> str | None:
    refused = _check_chain(state, action.chain)
    if refused is not None:
        return refused
    if not action.dice:
        return _("Roll at least one die.")
    kinds = {die.id: die for die in state.setup.facts.dice}
    for die_id, asked in Counter(action.dice).items():
        die = kinds.get(die_id)
        if die is None:
            return _("There is no die called {die}: describe your dice in the editor first.").format(die=die_id)
        if die.faces is None:
            return _("The faces of the {die} dice are not known: roll your own dice and enter the symbols.").format(
                die=die_id
            )
        if asked > die.count:
            return _("Too many {die} dice: the box holds {count}.").format(die=die_id, count=die.count)
    return None


def do_roll(state: GameState, action: RollDice, chance: Chance, out: list[object]) -> GameState:
    kinds = {die.id: die for die in state.setup.facts.dice}
    rolled: list[tuple[str, str | None]] = []
    for die_id in action.dice:
        faces = kinds[die_id].faces or ()
        die = Die(die_id, tuple(Face(symbol, 0, symbol) for symbol in faces))
        rolled.append((chance.roll(die).label, die_id))
    return _start(state, action.chain, rolled, out)


def check_enter_roll(state: GameState, action: EnterRoll) -> str | None:
    refused = _check_chain(state, action.chain)
    if refused is not None:
        return refused
    if not action.symbols:
        return _("Enter the symbol of at least one die.")
    known = {s.id for s in state.setup.facts.symbols}
    for symbol in action.symbols:
        if symbol not in known:
            return _("There is no symbol called {symbol}: add it in the editor first.").format(symbol=symbol)
    total = state.setup.facts.dice_count
    if total is not None and len(action.symbols) > total:
        return ngettext("The box holds {count} die.", "The box holds {count} dice.", total).format(count=total)
    return None


def do_enter_roll(state: GameState, action: EnterRoll, chance: Chance, out: list[object]) -> GameState:
    return _start(state, action.chain, [(symbol, None) for symbol in action.symbols], out)


def _start(state: GameState, number: int, rolled: list[tuple[str, str | None]], out: list[object]) -> GameState:
    """The rescue under way, each die ignored at once if its symbol matches no active symbol of the chain."""
    symbols = {symbol for _card, _slot, symbol in printed(state.chain(number))}
    wild = wilds(state)
    dice = []
    for symbol, die_id in rolled:
        useful = symbol in symbols or (symbol in wild and bool(symbols))
        dice.append(RolledDie(symbol, die_id, "free" if useful else "useless"))
    out.append(ev.DiceRolled(number, tuple(symbol for symbol, _die in rolled)))
    ignored = tuple(i for i, die in enumerate(dice) if die.status == "useless")
    if ignored:
        out.append(ev.DiceIgnored(ignored))
    return evolve(state, rescue=Rescue(number, tuple(dice)))


def _die(state: GameState, index: int) -> tuple[Rescue | None, RolledDie | None, str | None]:
    rescue = state.rescue
    if rescue is None:
        return None, None, _("No rescue is under way: roll the dice first.")
    if not 0 <= index < len(rescue.dice):
        return rescue, None, _("There is no die {n} in this roll.").format(n=index + 1)
    return rescue, rescue.dice[index], None


def check_allocate(state: GameState, action: AllocateDie) -> str | None:
    rescue, die, refused = _die(state, action.die)
    if refused is not None:
        return refused
    assert rescue is not None and die is not None
    n = action.die + 1
    is_wild = die.symbol in wilds(state)
    if die.status == "allocated":
        if is_wild:
            return _("Die {n} shows a wild symbol, allocated already: each wild symbol is allocated once.").format(n=n)
        return _("Die {n} is allocated already: a die covers one symbol.").format(n=n)
    if die.status == "stored":
        return _("Die {n} is stored.").format(n=n)
    if die.status == "useless":
        return _("Die {n} shows {symbol}, which matches no active symbol in chain {chain}: it is ignored.").format(
            n=n, symbol=symbol_name(state, die.symbol), chain=rescue.chain
        )
    card = state.card(action.card)
    if card is None or state.chain_of(action.card) != rescue.chain:
        return _("{card} is not in chain {chain}, the chain of this rescue.").format(
            card=card_name(state, action.card), chain=rescue.chain
        )
    symbols = card.symbols or ()
    if not 0 <= action.slot < len(symbols):
        return _("{card} has no symbol {slot}.").format(card=card_name(state, card), slot=action.slot + 1)
    taken = covered(rescue).get((action.card, action.slot))
    if taken is not None:
        return _("That symbol of {card} is covered already, by die {die}.").format(
            card=card_name(state, card), die=taken + 1
        )
    target = symbols[action.slot]
    if die.symbol != target and not is_wild:
        return _(
            "Die {n} shows {symbol}; that symbol of {card} is {target}: only the same symbol or a wild covers it."
        ).format(
            n=n,
            symbol=symbol_name(state, die.symbol),
            card=card_name(state, card),
            target=symbol_name(state, target),
        )
    return None


def do_allocate(state: GameState, action: AllocateDie, chance: Chance, out: list[object]) -> GameState:
    rescue = state.rescue
    assert rescue is not None
    die = rescue.dice[action.die]
    placed = evolve(die, status="allocated", card=action.card, slot=action.slot)
    dice = rescue.dice[: action.die] + (placed,) + rescue.dice[action.die + 1 :]
    out.append(ev.DieAllocated(action.die, die.symbol, action.card, action.slot))
    return evolve(state, rescue=evolve(rescue, dice=dice))


def check_store(state: GameState, action: StoreDie) -> str | None:
    rescue, die, refused = _die(state, action.die)
    if refused is not None:
        return refused
    assert rescue is not None and die is not None
    n = action.die + 1
    if die.status == "allocated":
        return _("Die {n} is allocated: it cannot be stored as well.").format(n=n)
    if die.status == "stored":
        return _("Die {n} is stored already.").format(n=n)
    if die.status == "useless":
        return _("Die {n} shows {symbol}, which matches no active symbol in chain {chain}: it is ignored.").format(
            n=n, symbol=symbol_name(state, die.symbol), chain=rescue.chain
        )
    if die.symbol in wilds(state):
        return _("Wild symbols cannot be stored.")
    return None


def do_store(state: GameState, action: StoreDie, chance: Chance, out: list[object]) -> GameState:
    rescue = state.rescue
    assert rescue is not None
    die = rescue.dice[action.die]
    dice = rescue.dice[: action.die] + (evolve(die, status="stored"),) + rescue.dice[action.die + 1 :]
    out.append(ev.DieStored(action.die, die.symbol))
    return evolve(state, rescue=evolve(rescue, dice=dice), stored=state.stored + (die.symbol,))


def check_end_rescue(state: GameState, action: EndRescue) -> str | None:
    if state.rescue is None:
        return _("No rescue is under way: roll the dice first.")
    return None


def do_end_rescue(state: GameState, action: EndRescue, chance: Chance, out: list[object]) -> GameState:
    rescue = state.rescue
    assert rescue is not None
    taken = len(covered(rescue))
    out.append(ev.RescueEnded(rescue.chain, taken, len(printed(state.chain(rescue.chain))) - taken))
    return evolve(state, rescue=None)
