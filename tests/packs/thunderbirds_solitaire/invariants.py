"""What must hold in every Solitaire position, whatever was played: every card accounted for exactly once, the
chains within their size and begun by Disasters, Lady Penelope somewhere she can be, the rescue's allocation
consistent with the cards, every pod and pilot in one place. Each check names what broke."""

from __future__ import annotations

from collections import Counter

from companion.games.thunderbirds_solitaire.definitions import KINDS, PILOT_PLACES
from companion.games.thunderbirds_solitaire.rescue import printed, wilds
from companion.games.thunderbirds_solitaire.state import CHAIN_CAPACITY, CHAINS, LOCATIONS, Card, GameState


def check_invariants(state: GameState) -> None:
    _cards(state)
    _chains(state)
    _lady_penelope(state)
    _rescue(state)
    _pods_and_pilots(state)
    _phase(state)


def _exactly_once(seen: Counter[str], every: set[str], what: str) -> None:
    twice = sorted(card for card, n in seen.items() if n > 1)
    missing = sorted(every - set(seen))
    strangers = sorted(set(seen) - every)
    assert not twice, f"{what} in two places at once: {twice}"
    assert not missing, f"{what} lost: {missing}"
    assert not strangers, f"{what} that do not exist: {strangers}"


def _table_cards(state: GameState) -> list[Card]:
    cards = [card for chain in state.chains for card in chain]
    cards += [card for card in (state.turned, state.escort) if card is not None]
    return cards + list(state.discard) + list(state.rescued)


def _cards(state: GameState) -> None:
    facts = {card.id: card for card in state.setup.facts.cards}
    out = _table_cards(state)
    for card in out + list(state.returned):
        assert card.kind in KINDS, f"{card.id} has no kind: {card.kind}"
        if card.id in facts:
            assert card.kind == facts[card.id].kind, f"{card.id} is a {facts[card.id].kind}, shown as {card.kind}"
    if state.setup.dealing == "companion":
        assert not state.returned, "cards returned to a physical deck the companion holds"
        seen = Counter(state.deck)
        seen.update(card.id for card in out)
        _exactly_once(seen, set(facts), "Emergency cards")
        return
    assert not state.deck, "a deck in the companion's hands while the table deals"
    tokens = {f"turned-{n}" for n in range(1, state.next_token)}
    seen = Counter(card.id for card in out + list(state.returned) if card.id.startswith("turned-"))
    _exactly_once(seen, tokens, "cards turned at the table")
    named = Counter(card.id for card in out + list(state.returned) if not card.id.startswith("turned-"))
    twice = sorted(card for card, n in named.items() if n > 1)
    assert not twice, f"named cards in two places at once: {twice}"
    assert set(named) <= set(facts), f"named cards that were never completed: {sorted(set(named) - set(facts))}"


def _chains(state: GameState) -> None:
    assert len(state.chains) == CHAINS, f"{len(state.chains)} chains"
    for number, chain in enumerate(state.chains, start=1):
        assert len(chain) <= CHAIN_CAPACITY, f"chain {number} holds {len(chain)} cards"
        if chain:
            assert chain[0].kind == "disaster", f"chain {number} begins with a {chain[0].kind}"
        for card in chain:
            assert not card.influenced or card.kind == "civilian", f"{card.id} ({card.kind}) marked influenced"
    if state.escort is not None:
        assert state.escort.kind == "civilian", f"Lady Penelope escorts a {state.escort.kind}"


def _lady_penelope(state: GameState) -> None:
    if state.phase == "setup":
        assert state.lady_penelope == "", "Lady Penelope placed before the chains are dealt"
        assert state.escort is None
        return
    assert state.lady_penelope in LOCATIONS, f"Lady Penelope at {state.lady_penelope!r}"
    assert state.side in ("road", "air")


def _rescue(state: GameState) -> None:
    rescue = state.rescue
    if rescue is None:
        return
    assert state.phase in ("turn", "over"), "a rescue outside the turn's own steps"
    assert state.turned is None or state.phase == "over", "a rescue while a card waits to be placed"
    chain = state.chain(rescue.chain)
    slots = {(card, slot): symbol for card, slot, symbol in printed(chain)}
    wild = wilds(state)
    covered: Counter[tuple[str, int]] = Counter()
    stored = 0
    for die in rescue.dice:
        if die.status == "allocated":
            assert die.card is not None and die.slot is not None
            target = slots.get((die.card, die.slot))
            assert target is not None, f"a die covers {die.card}:{die.slot}, not in chain {rescue.chain}"
            assert die.symbol == target or die.symbol in wild, f"{die.symbol} covers {target}"
            covered[(die.card, die.slot)] += 1
        else:
            assert die.card is None and die.slot is None, f"a {die.status} die points at a card"
        if die.status == "stored":
            assert die.symbol not in wild, "a wild symbol stored"
            stored += 1
        if die.status == "useless":
            assert die.symbol not in {s for s in slots.values()}, f"{die.symbol} ignored though the chain has it"
    assert all(n == 1 for n in covered.values()), f"a symbol covered twice: {covered}"
    assert stored <= len(state.stored), "stored dice missing from the store"


def _pods_and_pilots(state: GameState) -> None:
    pods = {pod.id for pod in state.setup.facts.pods}
    seen = Counter((*state.pod_deck, *state.pods_up, *state.pods_out))
    if pods:
        _exactly_once(seen, pods, "Pod cards")
        assert len(state.pods_up) + len(state.pods_out) >= 3, "fewer than three pods were dealt face up"
    else:
        assert not seen, "pods dealt though the companion does not know them"
    pilots = dict(state.pilots)
    assert len(pilots) == len(state.pilots) == len(state.setup.facts.pilots), f"pilots: {state.pilots}"
    assert all(place in PILOT_PLACES for place in pilots.values()), f"pilots: {state.pilots}"


def _phase(state: GameState) -> None:
    if state.phase == "setup":
        assert state.turn == 0 and not all(state.chains), f"set-up with turn {state.turn}"
        assert state.turned is None and state.rescue is None
    else:
        assert state.turn >= 1, f"phase {state.phase} at turn {state.turn}"
    if state.phase in ("lp-move", "lp-escort"):
        assert state.turned is None and state.rescue is None
    assert (state.outcome is None) == (state.phase != "over")
