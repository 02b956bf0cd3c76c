"""Thunder Road: Vendetta – Maximum Chrome (Restoration Games, 2023): the pack's static facts.

The cars race on the physical board; the companion keeps the rest: the first player, the rounds and turns (three
moves each, a command once a round, no shooting in round 1), the FX dice with their odds, the damage pile, the
road tiles and the final tile, and the end of the race. `INFO` is read by Home without loading anything else.
"""

from __future__ import annotations

from companion.engine.pack import Choice, PackInfo, SetupOption, Words

#: Team colours offered at set-up: labels for the players' teams (the sources do not list the box's colours).
COLOURS: tuple[tuple[str, Words], ...] = (
    ("red", Words("Red", "Rouge")),
    ("blue", Words("Blue", "Bleu")),
    ("green", Words("Green", "Vert")),
    ("yellow", Words("Yellow", "Jaune")),
    ("black", Words("Black", "Noir")),
    ("white", Words("White", "Blanc")),
)
#: The expansions, by option key; each is off unless chosen.
EXPANSIONS: tuple[tuple[str, Words], ...] = (
    ("big_rig", Words("Big Rig and the Final Five", "Max Titan et les Cinq bécanes", frozenset({"en"}))),
    ("carnage", Words("Carnage", "Carnage au Val du diable", frozenset({"en"}))),
    ("fast_furious", Words("Fast & Furious", "Faste & Furieux", frozenset({"en"}))),
    ("extra_ammo", Words("Extra Ammo", "Extra Appro")),
    ("deutsche_qualitat", Words("Deutsche Qualität", "Deutsche Qualität")),
)
_YES_NO = (Choice("no", Words("Without", "Sans")), Choice("yes", Words("With", "Avec")))


def _colour_option(seat: int) -> SetupOption:
    return SetupOption(
        key=f"colour_{seat}",
        label=Words(f"Team colour of player {seat}", f"Couleur d'équipe du joueur {seat}", frozenset({"fr"})),
        choices=tuple(Choice(value, name) for value, name in COLOURS),
        default=COLOURS[seat - 1][0],
    )


INFO = PackInfo(
    name="thunder_road",
    title=Words("Thunder Road: Vendetta", "Thunder Road\u00a0: Vendetta"),
    blurb=Words(
        "The race's rounds, FX dice, damage and road tiles, checked; the final tile announced.",
        "Rounds, dés spéciaux, dégâts et tuiles de la course, vérifiés\u00a0; la tuile finale annoncée.",
        frozenset({"en", "fr"}),
    ),
    # [R] four colours of cars in the base box; the Big Rig and the Final Five (a fifth team) are not run yet.
    players=(2, 4),
    support="rules",
    hides_information=False,
    has_chance=True,
    options=(
        SetupOption(
            key="start_tile",
            label=Words("Tail tile", "Tuile de queue", frozenset({"en"})),
            choices=(
                Choice("1a", Words("1a: The Parking Lot", "1a\u00a0: Le Parking", frozenset({"en"}))),
                Choice("1b", Words("1b: The Ruins Road", "1b\u00a0: Le Chemin des ruines", frozenset({"en"}))),
            ),
            default="1a",
        ),
        *(SetupOption(key, name, _YES_NO, "no") for key, name in EXPANSIONS),
        *(_colour_option(seat) for seat in range(1, 5)),
    ),
    load="companion.games.thunder_road.pack:make_pack",
)
