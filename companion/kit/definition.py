"""A whole kit game as the rules use it: frozen data built from a validated kit file (`schema.to_definition`).

It travels inside every state (`KitState.kit`), so a saved game replays with the definition it started with even
after its file is edited or removed.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Literal, Protocol, TypeVar

from companion.engine import turns
from companion.engine.errors import IllegalAction
from companion.engine.pack import Words
from companion.kit.components import BagSpec, CounterSpec, DeckSpec, DiceGroup, DieSpec, SymbolSpec, TrackSpec
from companion.locale import domain

_, ngettext = domain("kit")

#: How the first player is chosen and when the marker passes: the engine's turns model (`companion.engine.turns`).
FirstPlayer = turns.FirstPlayer
MarkerPasses = turns.MarkerPasses
#: A phase of a round (its reminder, its checklist, `turns` each) and a line of its checklist: the engine's.
PhaseSpec = turns.Phase
StepSpec = turns.Step


class _Identified(Protocol):
    @property
    def id(self) -> str: ...


T = TypeVar("T", bound=_Identified)


@dataclass(frozen=True)
class TurnOrder:
    first: FirstPlayer = "fixed"
    #: The dice group each player rolls for "highest_total" / "lowest_total".
    dice: str | None = None
    marker_passes: MarkerPasses = "never"


@dataclass(frozen=True)
class TimerSpec:
    name: Words
    #: Seconds the players have (0: the timer only counts up).
    limit: int = 0
    resets: Literal["never", "each_turn", "each_round"] = "never"


@dataclass(frozen=True)
class LightsSpec:
    """What the board's LEDs show for this kit: a track's markers or a counter (the LED scene comes with the
    generic lights)."""

    track: str | None = None
    counter: str | None = None


@dataclass(frozen=True)
class KitDefinition:
    name: str
    title: Words
    blurb: Words
    players: tuple[int, int]
    seat_names: tuple[Words, ...] = ()
    symbols: tuple[SymbolSpec, ...] = ()
    dice: tuple[DieSpec, ...] = ()
    dice_groups: tuple[DiceGroup, ...] = ()
    decks: tuple[DeckSpec, ...] = ()
    bags: tuple[BagSpec, ...] = ()
    tracks: tuple[TrackSpec, ...] = ()
    counters: tuple[CounterSpec, ...] = ()
    turn_order: TurnOrder = TurnOrder()
    phases: tuple[PhaseSpec, ...] = ()
    #: The last round (0: the game ends when the players say).
    rounds: int = 0
    timer: TimerSpec | None = None
    lights: LightsSpec | None = None

    # Lookups by id: the rules refer to every component by id, and a wrong id names what is missing.

    def deck(self, deck_id: str) -> tuple[int, DeckSpec]:
        return _find(self.decks, deck_id, _("There is no deck {id} in this game."))

    def bag(self, bag_id: str) -> tuple[int, BagSpec]:
        return _find(self.bags, bag_id, _("There is no bag {id} in this game."))

    def track(self, track_id: str) -> tuple[int, TrackSpec]:
        return _find(self.tracks, track_id, _("There is no track {id} in this game."))

    def counter(self, counter_id: str) -> tuple[int, CounterSpec]:
        return _find(self.counters, counter_id, _("There is no counter {id} in this game."))

    def group(self, group_id: str) -> tuple[int, DiceGroup]:
        return _find(self.dice_groups, group_id, _("There are no dice {id} in this game."))

    def die(self, die_id: str) -> DieSpec:
        return _find(self.dice, die_id, _("There is no die {id} in this game."))[1]

    def symbol(self, symbol_id: str) -> SymbolSpec | None:
        for symbol in self.symbols:
            if symbol.id == symbol_id:
                return symbol
        return None

    def group_dice(self, group_id: str) -> tuple[DieSpec, ...]:
        return tuple(self.die(die_id) for die_id in self.group(group_id)[1].dice)

    @cached_property
    def round_rules(self) -> turns.Rounds:
        """How this game's rounds go, as the turns model reads it."""
        return turns.Rounds(self.phases, self.rounds, self.turn_order.marker_passes)

    @property
    def hides_information(self) -> bool:
        return any(bag.secret for bag in self.bags) or any(not deck.face_up for deck in self.decks)

    @property
    def has_chance(self) -> bool:
        return bool(self.decks or self.dice_groups or self.bags) or self.turn_order.first != "fixed"


def _find(items: tuple[T, ...], item_id: str, message: str) -> tuple[int, T]:
    for index, item in enumerate(items):
        if item.id == item_id:
            return index, item
    raise IllegalAction(message.format(id=item_id))
