"""The chains and the Emergency cards: set-up E (four chains begun by Disasters, the others to the bottom of the
deck, then a shuffle), and placing the cards turned in play.

Rules the excerpt states, checked here: the leftmost card of a chain is always a Disaster; a chain holds its
Disaster and three more (then it is full and takes no more); a card joins a chain at its right end; a gap closes
by sliding the cards on its right to the left; Road side up, Lady Penelope discards a Hood card that would come
to her chain, without effect.
"""

from __future__ import annotations

from companion.engine.chance import Chance
from companion.games.thunderbirds_solitaire import events as ev
from companion.games.thunderbirds_solitaire.actions import DealChains, DiscardTurned, PlaceCard, TurnCard
from companion.games.thunderbirds_solitaire.definitions import KINDS
from companion.games.thunderbirds_solitaire.state import (
    CHAINS,
    Card,
    GameState,
    evolve,
    is_full,
    location,
)
from companion.games.thunderbirds_solitaire.words import card_name, kind_name
from companion.locale import _

# --- the chains as data ------------------------------------------------------------------------------------


def with_chain(state: GameState, number: int, cards: tuple[Card, ...]) -> GameState:
    chains = state.chains[: number - 1] + (cards,) + state.chains[number:]
    return evolve(state, chains=chains)


def without_card(state: GameState, card_id: str) -> tuple[GameState, Card, int]:
    """Takes a card out of its chain; the cards on its right slide left to close the gap."""
    number = state.chain_of(card_id)
    assert number is not None, card_id
    chain = state.chain(number)
    index = next(i for i, card in enumerate(chain) if card.id == card_id)
    return with_chain(state, number, chain[:index] + chain[index + 1 :]), chain[index], number


def refuse_to_chain(state: GameState, card: Card, number: int) -> str | None:
    """Why `card` cannot join the right end of chain `number` (capacity, a Disaster leftmost), or None."""
    chain = state.chain(number)
    if is_full(chain):
        return _("Chain {n} is full: a Disaster and three more cards.").format(n=number)
    if not chain and card.kind != "disaster":
        return _("The leftmost card of a chain is always a Disaster: a {kind} card cannot begin chain {n}.").format(
            kind=kind_name(card.kind), n=number
        )
    return None


def refuse_removal(state: GameState, card_id: str) -> str | None:
    """Removing the leftmost Disaster may not leave a Civilian or Hood card leftmost."""
    number = state.chain_of(card_id)
    if number is None:
        return _("{card} is not in a chain.").format(card=card_name(state, card_id))
    chain = state.chain(number)
    if chain[0].id == card_id and len(chain) > 1 and chain[1].kind != "disaster":
        return _(
            "The leftmost card of a chain is always a Disaster: taking {card} away would leave {next} leftmost"
            " in chain {n}. Take the other cards away first."
        ).format(card=card_name(state, card_id), next=card_name(state, chain[1]), n=number)
    return None


def is_neutralised(state: GameState, card: Card, number: int) -> bool:
    """Road side up, a Hood card coming to Lady Penelope's chain is discarded without effect."""
    return card.kind == "hood" and state.side == "road" and state.lady_penelope == location(number)


def on_table(state: GameState, card_id: str) -> bool:
    """The card is out of the deck: in a chain, turned, escorted, discarded or rescued."""
    if state.card(card_id) is not None:
        return True
    return any(card.id == card_id for card in (*state.discard, *state.rescued))


# --- turning a card ----------------------------------------------------------------------------------------


def check_turn_card(state: GameState, action: TurnCard) -> str | None:
    if state.phase not in ("setup", "turn"):
        return _("Emergency cards are turned at set-up and in the Incoming Call phase, not in Lady Penelope's phase.")
    if state.setup.dealing == "companion":
        if action.kind is not None or action.card is not None or action.symbols is not None:
            return _("The companion holds the Emergency deck and turns its cards: there is nothing to tell it.")
        if not state.deck:
            return _("The Emergency deck is empty.")
        return None
    if action.kind not in KINDS:
        return _("Say what you turned: a Disaster, a Civilian or a Hood card.")
    if action.card is not None:
        facts = state.facts_of(action.card)
        if facts is None:
            return _("No completed card is called {card}.").format(card=action.card)
        if facts.kind is not None and facts.kind != action.kind:
            return _("{card} is a {kind} card.").format(card=card_name(state, action.card), kind=kind_name(facts.kind))
        if on_table(state, action.card):
            return _("{card} is already on the table.").format(card=card_name(state, action.card))
    return check_symbols(state, action.symbols)


def check_symbols(state: GameState, symbols: tuple[str, ...] | None) -> str | None:
    if symbols is None:
        return None
    known = {s.id for s in state.setup.facts.symbols}
    for symbol in symbols:
        if symbol not in known:
            return _("There is no symbol called {symbol}: add it in the editor first.").format(symbol=symbol)
    return None


def _turn(state: GameState, action: TurnCard, out: list[object]) -> tuple[GameState, Card]:
    """The card turned: the top of the companion's deck, or the one the player names or describes."""
    if state.setup.dealing == "companion":
        card_id, deck = state.deck[0], state.deck[1:]
        facts = state.facts_of(card_id)
        assert facts is not None and facts.kind is not None, card_id
        card = Card(card_id, facts.kind, facts.symbols)
        state = evolve(state, deck=deck)
    else:
        assert action.kind is not None
        if action.card is not None:
            facts = state.facts_of(action.card)
            symbols = action.symbols if action.symbols is not None else (facts.symbols if facts else None)
            card = Card(action.card, action.kind, symbols)
            state = evolve(state, returned=tuple(c for c in state.returned if c.id != action.card))
        else:
            card = Card(f"turned-{state.next_token}", action.kind, action.symbols)
            state = evolve(state, next_token=state.next_token + 1)
    out.append(ev.CardTurned(card.id, card.kind))
    return state, card


def do_turn_card(state: GameState, action: TurnCard, chance: Chance, out: list[object]) -> GameState:
    state, card = _turn(state, action, out)
    if state.phase == "setup":
        return _begin_chain(state, card, chance, out)
    return evolve(state, turned=card)


def _begin_chain(state: GameState, card: Card, chance: Chance, out: list[object]) -> GameState:
    """Set-up E: a Disaster begins the next chain; a Civilian or Hood card goes to the bottom of the deck. After
    the fourth Disaster the deck is shuffled and Lady Penelope placed at the top chain, Road side up (F)."""
    number = next(n for n in range(1, CHAINS + 1) if not state.chain(n))
    if card.kind == "disaster":
        state = with_chain(state, number, (card,))
        out.append(ev.ChainBegun(number, card.id))
    else:
        if state.setup.dealing == "companion":
            state = evolve(state, deck=state.deck + (card.id,))
        else:
            state = evolve(state, returned=state.returned + (card,))
        out.append(ev.CardToDeckBottom(card.id, card.kind))
    if all(state.chains):
        if state.setup.dealing == "companion":
            state = evolve(state, deck=chance.shuffle(state.deck))
        out.append(ev.DeckShuffled(state.setup.dealing))
        state = evolve(state, lady_penelope=location(1), side="road", phase="turn", turn=1)
        out.append(ev.LadyPenelopePlaced(location(1), "road"))
    return state


def check_deal_chains(state: GameState, action: DealChains) -> str | None:
    if state.phase != "setup":
        return _("The chains are dealt at set-up only.")
    if state.setup.dealing != "companion":
        return _("You hold the Emergency deck: turn its cards one by one and say what each one is.")
    return None


def do_deal_chains(state: GameState, action: DealChains, chance: Chance, out: list[object]) -> GameState:
    # At least four Disasters are in the deck (checked at set-up), and each other card goes under the deck, so
    # this ends within one pass through it.
    for _turned in range(len(state.deck) + CHAINS):
        if state.phase != "setup":
            break
        state = do_turn_card(state, TurnCard(), chance, out)
    return state


# --- placing the card turned in play ----------------------------------------------------------------------


def check_place_card(state: GameState, action: PlaceCard) -> str | None:
    if state.turned is None:
        return _("No card is waiting to be placed: turn one first.")
    if not 1 <= action.chain <= CHAINS:
        return _("There are four chains, numbered 1 to 4 from the top.")
    if is_neutralised(state, state.turned, action.chain):
        return None
    return refuse_to_chain(state, state.turned, action.chain)


def do_place_card(state: GameState, action: PlaceCard, chance: Chance, out: list[object]) -> GameState:
    card = state.turned
    assert card is not None
    state = evolve(state, turned=None)
    if is_neutralised(state, card, action.chain):
        out.append(ev.HoodNeutralised(card.id, action.chain))
        return evolve(state, discard=state.discard + (card,))
    out.append(ev.CardPlaced(card.id, action.chain))
    return with_chain(state, action.chain, state.chain(action.chain) + (card,))


def check_discard_turned(state: GameState, action: DiscardTurned) -> str | None:
    if state.turned is None:
        return _("No card is waiting to be placed: turn one first.")
    return None


def do_discard_turned(state: GameState, action: DiscardTurned, chance: Chance, out: list[object]) -> GameState:
    card = state.turned
    assert card is not None
    out.append(ev.CardDiscarded(card.id))
    return evolve(state, turned=None, discard=state.discard + (card,))
