"""A deck of cards by id: a draw pile (top first) and a discard pile, as immutable data."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import Enum

from companion.engine.chance import Chance
from companion.engine.errors import IllegalAction
from companion.locale import _


class Reshuffle(Enum):
    """What happens when the draw pile runs out."""

    NEVER = "never"  # nothing more to draw
    DISCARD = "discard"  # the discard pile is shuffled into a new draw pile


@dataclass(frozen=True, slots=True)
class Deck:
    """`draw_pile[0]` is the top card; `discard_pile[-1]` is the most recent discard.

    Immutable: drawing gives the card and the deck without it. An empty draw pile with `Reshuffle.DISCARD`
    shuffles the discards into a new one (with the game's `Chance`, so the order is recorded and replayed).

    >>> from companion.engine.chance import LiveChance
    >>> deck = Deck(("storm", "flood"), reshuffle=Reshuffle.DISCARD)
    >>> card, deck = deck.draw(LiveChance(42))
    >>> card, deck.draw_pile
    ('storm', ('flood',))
    >>> _card, deck = deck.draw(LiveChance(42))
    >>> deck.can_draw, deck.discard("storm").can_draw
    (False, True)
    """

    draw_pile: tuple[str, ...]
    discard_pile: tuple[str, ...] = ()
    reshuffle: Reshuffle = Reshuffle.NEVER

    @classmethod
    def shuffled(cls, cards: Iterable[str], chance: Chance, reshuffle: Reshuffle = Reshuffle.NEVER) -> Deck:
        return cls(draw_pile=chance.shuffle(tuple(cards)), reshuffle=reshuffle)

    @classmethod
    def stacked(cls, piles: Sequence[Sequence[str]], chance: Chance, reshuffle: Reshuffle = Reshuffle.NEVER) -> Deck:
        """Each pile shuffled on its own, then stacked without mixing, `piles[0]` on top."""
        cards: list[str] = []
        for pile in piles:
            cards.extend(chance.shuffle(tuple(pile)))
        return cls(draw_pile=tuple(cards), reshuffle=reshuffle)

    def __len__(self) -> int:
        return len(self.draw_pile)

    @property
    def is_empty(self) -> bool:
        """True when the draw pile is empty (a reshuffle may still refill it on the next draw)."""
        return not self.draw_pile

    @property
    def can_draw(self) -> bool:
        return bool(self.draw_pile) or (self.reshuffle is Reshuffle.DISCARD and bool(self.discard_pile))

    def draw(self, chance: Chance) -> tuple[str | None, Deck]:
        """The top card and the deck without it; None (deck unchanged) when nothing can be drawn."""
        pile = self.draw_pile
        discard = self.discard_pile
        if not pile:
            if self.reshuffle is not Reshuffle.DISCARD or not discard:
                return None, self
            pile, discard = chance.shuffle(discard), ()
        return pile[0], Deck(pile[1:], discard, self.reshuffle)

    def discard(self, card: str) -> Deck:
        return Deck(self.draw_pile, self.discard_pile + (card,), self.reshuffle)

    def put_on_top(self, cards: Sequence[str]) -> Deck:
        """Puts `cards` on the draw pile; the first one ends on top."""
        return replace(self, draw_pile=tuple(cards) + self.draw_pile)

    def put_on_bottom(self, cards: Sequence[str]) -> Deck:
        return replace(self, draw_pile=self.draw_pile + tuple(cards))

    def remove(self, card: str) -> Deck:
        """Takes `card` out of the draw pile, else out of the discard pile."""
        if card in self.draw_pile:
            return replace(self, draw_pile=_without(self.draw_pile, card))
        if card in self.discard_pile:
            return replace(self, discard_pile=_without(self.discard_pile, card))
        raise IllegalAction(_("Card {card} is not in this deck.").format(card=card))

    def __contains__(self, card: object) -> bool:
        return card in self.draw_pile or card in self.discard_pile


def _without(pile: tuple[str, ...], card: str) -> tuple[str, ...]:
    index = pile.index(card)
    return pile[:index] + pile[index + 1 :]
