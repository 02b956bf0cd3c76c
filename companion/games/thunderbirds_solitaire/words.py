"""The words a player reads for the pack's things: kinds, places, sides, cards, counts. Each in the language of
the moment; our French translations of the game's terms are listed in docs/thunderbirds-solitaire.md."""

from __future__ import annotations

from companion.games.thunderbirds_solitaire.definitions import Kind
from companion.games.thunderbirds_solitaire.state import TRACY_ISLAND, Card, GameState, Side
from companion.locale import _, language


def counted(n: int, one: str, many: str) -> str:
    """`one` or `many` (both already translated, with `{n}`) as the language of the moment counts `n`: French
    says "0 carte", "1 carte", "2 cartes"; English "0 cards", "1 card". (Written with two `_()` texts: the
    project's catalogues hold no plural forms, so `ngettext` would answer in English.)"""
    singular = n in (0, 1) if language() == "fr" else n == 1
    return (one if singular else many).format(n=n)


def kind_name(kind: Kind) -> str:
    if kind == "disaster":
        return _("Disaster")
    if kind == "civilian":
        return _("Civilian")
    return _("Hood")


def side_name(side: Side) -> str:
    """The side of Lady Penelope's card that shows: "Road side", "Air side"."""
    return _("Road side") if side == "road" else _("Air side")


def place_name(at: str) -> str:
    """A location as players say it: "chain 2", "Tracy Island"."""
    if at == TRACY_ISLAND:
        return _("Tracy Island")
    if at.startswith("chain-"):
        return _("chain {n}").format(n=at.removeprefix("chain-"))
    return at


def card_name(state: GameState, card: Card | str) -> str:
    """A card as the player knows it: its printed name with its kind, or "Civilian (turned 3)" for a card the
    companion knows by its kind only."""
    card_id = card if isinstance(card, str) else card.id
    found = state.card(card_id) if isinstance(card, str) else card
    if found is None:
        found = next((c for c in (*state.discard, *state.rescued, *state.returned) if c.id == card_id), None)
    facts = state.facts_of(card_id)
    kind = found.kind if found is not None else (facts.kind if facts is not None else None)
    if facts is not None and (facts.name_en or facts.name_fr):
        name = named(facts.name_en, facts.name_fr, card_id)
        return name if kind is None else _("{name} ({kind})").format(name=name, kind=kind_name(kind))
    if card_id.startswith("turned-") and kind is not None:
        return _("{kind} (turned {n})").format(kind=kind_name(kind), n=card_id.removeprefix("turned-"))
    return card_id if kind is None else _("{kind} {id}").format(kind=kind_name(kind), id=card_id)


def symbol_name(state: GameState, symbol: str) -> str:
    for facts in state.setup.facts.symbols:
        if facts.id == symbol:
            return named(facts.name_en, facts.name_fr, symbol)
    return symbol


def named(name_en: str | None, name_fr: str | None, fallback: str) -> str:
    """A printed name in the language of the moment, else as printed in the other one, else `fallback`."""
    first, second = (name_fr, name_en) if language() == "fr" else (name_en, name_fr)
    return first or second or fallback


def pilot_name(state: GameState, pilot: str) -> str:
    for facts in state.setup.facts.pilots:
        if facts.id == pilot:
            number = pilot.removeprefix("pilot-")
            return named(facts.name_en, facts.name_fr, _("Pilot {n}").format(n=number))
    return pilot


def pod_name(state: GameState, pod: str) -> str:
    for facts in state.setup.facts.pods:
        if facts.id == pod:
            return named(facts.name_en, facts.name_fr, _("Pod {n}").format(n=pod.removeprefix("pod-")))
    return _("Pod {n}").format(n=pod.removeprefix("pod-"))


def pilot_place_name(state: GameState, place: str) -> str:
    if place == "pods":
        return _("beside the Pod cards")
    if place == "thunderbirds":
        return _("near the Thunderbird cards")
    for facts in state.setup.facts.thunderbirds:
        if facts.id == place:
            return _("on {thunderbird}").format(thunderbird=named(facts.name_en, facts.name_fr, place))
    return place
