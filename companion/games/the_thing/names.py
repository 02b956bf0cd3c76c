"""Names a player reads: seats, places, tokens, vehicles and outcomes, in English and French.

The seats' colours are the companion's own names for the places around the table (the box's colours are not in
the sources): players sit so that seat 1 is the first Leader."""

from __future__ import annotations

from companion.engine.pack import Words
from companion.games.the_thing.definitions import Definitions

OURS = frozenset({"en", "fr"})
SEATS: tuple[Words, ...] = (
    Words("Red", "Rouge"),
    Words("Green", "Vert"),
    Words("Blue", "Bleu"),
    Words("Yellow", "Jaune"),
    Words("White", "Blanc"),
    Words("Black", "Noir"),
    Words("Orange", "Orange"),
    Words("Purple", "Violet"),
)
TOKENS = {
    "human": Words("Human NPC", "PNJ Humain", frozenset({"en"})),
    "alien": Words("Alien NPC", "PNJ Alien", frozenset({"en"})),
}
ROLES = {"human": Words("Human", "Humain"), "alien": Words("Alien", "Alien")}
VEHICLE_NAMES = {
    "base-helicopter": Words("the base helicopter", "l'Hélicoptère de la base", frozenset({"en"})),
    "snowmobile-1": Words("snowmobile 1", "l'Autoneige 1", frozenset({"en"})),
    "snowmobile-2": Words("snowmobile 2", "l'Autoneige 2", frozenset({"en"})),
    "rescue": Words("the rescue helicopter", "l'Hélicoptère de secours", frozenset({"en"})),
}
OUTCOME_NAMES = {
    "alien": Words(
        "The Alien side wins, with the humans who escaped before",
        "Le camp Alien gagne, avec les Humains déjà évadés",
        frozenset({"en"}),
    ),
    "escaped": Words("Only the humans who escaped win", "Seuls les Humains évadés gagnent", frozenset({"en"})),
    "humans": Words(
        "The Human side wins: the UFO never takes off",
        "Le camp Humain gagne\u00a0: l'OVNI ne décolle pas",
        frozenset({"en"}),
    ),
}


def seat(number: int) -> str:
    return SEATS[number].text() if 0 <= number < len(SEATS) else str(number + 1)


def seats(numbers: tuple[int, ...]) -> str:
    return ", ".join(seat(n) for n in numbers)


def place(defs: Definitions, place_id: str) -> str:
    try:
        return defs.place(place_id).name.text()
    except KeyError:
        return place_id


def vehicle(vehicle_id: str) -> str:
    words = VEHICLE_NAMES.get(vehicle_id)
    return words.text() if words else vehicle_id


def weather(defs: Definitions, face: int) -> str:
    name = defs.weather_faces[face] if 0 <= face < len(defs.weather_faces) else ""
    if name:
        return name
    return (
        Words(
            "face {n} (not yet named: complete the weather die)",
            "face {n} (à nommer\u00a0: complétez le dé Météo)",
            frozenset({"en"}),
        )
        .text()
        .format(n=face + 1)
    )
