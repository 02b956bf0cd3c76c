"""Setting a game up as the rules excerpt says (steps A to F), from the facts the data holds at that moment.

`setup_mapping` is what New game stores: the choices and a snapshot of the box's facts (cards, pods, pilots,
dice, symbols), so the game plays with the data it began with. `initial_state` then does B (the Pod deck shuffled,
three pods face up, when every pod is named; else the table does it), C (the pilots placed) and D (the Emergency
deck shuffled, when the companion deals). Step E, the chains, is played as actions (`TurnCard`, `DealChains`):
each card turned is one step of the history, and a Civilian or Hood card turned goes to the bottom of the deck.
Step F, Lady Penelope at the top chain Road side up, follows the fourth Disaster.

Who deals: "companion" needs a deck the data knows (every count and every card's kind and name); otherwise the
player turns the physical cards and tells the companion each one's kind ("table"), and the same rules apply.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine.chance import Chance
from companion.engine.errors import IllegalAction
from companion.games.thunderbirds_solitaire import codec
from companion.games.thunderbirds_solitaire.definitions import DECKS, DeckName, Definitions
from companion.games.thunderbirds_solitaire.state import (
    CHAINS,
    PODS_FACE_UP,
    CardFacts,
    Dealing,
    DieFacts,
    Facts,
    GameState,
    NamedFacts,
    Setup,
    SymbolFacts,
)
from companion.locale import domain

_, ngettext = domain("thunderbirds_solitaire")

DEALINGS: tuple[Dealing, ...] = ("companion", "table")


def facts_from(defs: Definitions, deck: DeckName) -> Facts:
    """The snapshot of the box a game keeps: the chosen deck's cards (only the identified ones: the others are
    known to the companion by their kind, as turned), the pods when all are named, pilots, dice and symbols."""
    cards = tuple(
        CardFacts(
            card.id,
            card.kind,
            card.names.en if card.names else None,
            card.names.fr if card.names else None,
            card.symbols,
        )
        for card in defs.deck(deck)
        if card.is_identified
    )
    pods = (
        tuple(
            NamedFacts(pod.id, pod.names.en if pod.names else None, pod.names.fr if pod.names else None)
            for pod in defs.pods.values()
        )
        if defs.pods_are_known()
        else ()
    )
    pilots = tuple(
        NamedFacts(p.id, p.names.en if p.names else None, p.names.fr if p.names else None, p.start)
        for p in defs.pilots.values()
    )
    thunderbirds = tuple(
        NamedFacts(t.id, t.names.en if t.names else None, t.names.fr if t.names else None)
        for t in defs.thunderbirds.values()
    )
    symbols = tuple(
        SymbolFacts(s.id, s.names.en if s.names else None, s.names.fr if s.names else None, s.wild)
        for s in defs.symbols.values()
    )
    dice = tuple(
        DieFacts(d.id, d.names.en if d.names else None, d.names.fr if d.names else None, d.count or 0, d.faces)
        for d in defs.dice.values()
        if d.count
    )
    return Facts(cards, pods, pilots, thunderbirds, symbols, dice, defs.dice_count)


def setup_mapping(defs: Definitions, deck: str = "basic", dealing: str = "companion") -> dict[str, Any]:
    """New game's choices with the facts snapshot, as JSON-able data for `initial_state` (and the store)."""
    if deck not in DECKS:
        raise IllegalAction(
            _("Unknown deck {name}; choose one of {choices}.").format(name=deck, choices=", ".join(DECKS))
        )
    if dealing not in DEALINGS:
        raise IllegalAction(
            _("Unknown way of dealing {name}; choose one of {choices}.").format(
                name=dealing, choices=", ".join(DEALINGS)
            )
        )
    effective = dealing if dealing == "table" or defs.deck_is_known(deck) else "table"
    return {
        "deck": deck,
        "dealing": effective,
        "asked": dealing,
        "facts": codec.encode(facts_from(defs, deck)),
    }


def parse_setup(data: Mapping[str, Any]) -> Setup:
    """The stored set-up back as a `Setup`. It must carry its facts (`setup_mapping` writes them): a game that
    read the data files again on replay would change when the player completes a card."""
    if not isinstance(data.get("facts"), Mapping):
        raise ValueError("setup: field 'facts': missing; make the set-up with setup_mapping()")
    if data.get("deck") not in DECKS:
        raise IllegalAction(
            _("Unknown deck {name}; choose one of {choices}.").format(name=data.get("deck"), choices=", ".join(DECKS))
        )
    for key in ("dealing", "asked"):
        if data.get(key, "companion") not in DEALINGS:
            raise IllegalAction(
                _("Unknown way of dealing {name}; choose one of {choices}.").format(
                    name=data.get(key), choices=", ".join(DEALINGS)
                )
            )
    facts = codec.decode_dataclass(Facts, data["facts"], "setup.facts")
    return Setup(deck=data["deck"], dealing=data["dealing"], asked=data.get("asked", data["dealing"]), facts=facts)


def initial_state(data: Mapping[str, Any], chance: Chance) -> GameState:
    setup = parse_setup(data)
    facts = setup.facts
    if setup.dealing == "companion":
        disasters = sum(1 for card in facts.cards if card.kind == "disaster")
        if disasters < CHAINS:
            raise IllegalAction(
                ngettext(
                    "The deck holds {count} Disaster card; the four chains need four.",
                    "The deck holds {count} Disaster cards; the four chains need four.",
                    disasters,
                ).format(count=disasters)
            )
    pod_deck: tuple[str, ...] = ()
    pods_up: tuple[str, ...] = ()
    if facts.pods:  # B: shuffle the Pod deck, deal three face up
        shuffled = chance.shuffle(tuple(pod.id for pod in facts.pods))
        pods_up, pod_deck = shuffled[:PODS_FACE_UP], shuffled[PODS_FACE_UP:]
    pilots = tuple((pilot.id, pilot.start) for pilot in facts.pilots)  # C
    deck: tuple[str, ...] = ()
    if setup.dealing == "companion":  # D: shuffle the Emergency deck
        deck = chance.shuffle(tuple(card.id for card in facts.cards))
    return GameState(setup=setup, deck=deck, pod_deck=pod_deck, pods_up=pods_up, pilots=pilots)
