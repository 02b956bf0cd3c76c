"""The game's facts as the rules read them: immutable, built once by `loader` from `data/the_thing/`.

A fact the sources do not give is None (or an empty name) here and flagged in the data; the rules run without it
and the screens say what the players still have to complete."""

from __future__ import annotations

from dataclasses import dataclass

from companion.engine.pack import Words

#: Player counts the set-up tables cover, in the order of each card's `counts`.
PLAYER_COUNTS: tuple[int, ...] = (4, 5, 6, 7, 8)
CABIN = "cabin"
VEHICLES: tuple[str, ...] = ("base-helicopter", "snowmobile-1", "snowmobile-2")


@dataclass(frozen=True)
class Card:
    """A weapon or item card and how many go in its deck for each player count."""

    id: str
    kind: str  # "weapon" | "item"
    name: Words
    counts: tuple[int, ...]  # for PLAYER_COUNTS

    def count(self, players: int) -> int:
        return self.counts[PLAYER_COUNTS.index(players)]


@dataclass(frozen=True)
class Place:
    """A Location card; its `confidence` is "inferred" when only our reading of the text puts it in the deck,
    "box" when the players gave it from their box."""

    id: str
    name: Words
    confidence: str


@dataclass(frozen=True)
class PhaseText:
    id: str
    name: Words
    reminder: Words


@dataclass(frozen=True)
class Definitions:
    cards: tuple[Card, ...]
    places: tuple[Place, ...]
    deck_complete: bool  # the players confirmed the Location deck's list
    phases: tuple[PhaseText, ...]
    bag_human: int
    bag_alien: int
    npcs: int
    npc_start: str
    dog_spaces: int | None  # None: unknown, the players say when the dog reaches the end
    weather_faces: tuple[str, ...]  # "" for a face not yet given
    heliport_damage: tuple[int | None, ...]  # by PLAYER_COUNTS; None: not yet given
    token_values: tuple[int, ...]  # the 22 take-off tokens' values
    ufo_locations: tuple[int, ...]  # each UFO location's strength needed
    sequence: tuple[int, ...]  # the take-off sequence cards' costs, in order
    per_round: int

    def place(self, place_id: str) -> Place:
        for place in self.places:
            if place.id == place_id:
                return place
        raise KeyError(place_id)

    def missing(self) -> tuple[Words, ...]:
        """What the players still complete from their box, one line each."""
        lines: list[Words] = []
        if not self.deck_complete:
            lines.append(
                Words(
                    "The Location deck's list (check it against your box)",
                    "La liste des cartes Lieu (vérifiez-la avec votre boîte)",
                    frozenset({"en"}),
                )
            )
        if self.dog_spaces is None:
            lines.append(
                Words("The dog-escape track's length", "La longueur de la piste Évasion du chien", frozenset({"en"}))
            )
        if not all(self.weather_faces):
            lines.append(Words("The weather die's faces", "Les faces du dé Météo", frozenset({"en"})))
        if any(count is None for count in self.heliport_damage):
            lines.append(
                Words(
                    "The Heliport's damage tokens by player count",
                    "Les jetons Dégât de l'Héliport selon le nombre de joueurs",
                    frozenset({"en"}),
                )
            )
        return tuple(lines)
