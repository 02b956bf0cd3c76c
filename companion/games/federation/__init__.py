"""Federation, Lloyd Krassner's Star Trek module for the Warp Empires system: the pack's static facts.

The players play Warp Empires on their own map; the companion runs the module's tables (exploration, Enigma,
Diplomacy), keeps each system's record, computes each race's revenue and watches the victory share.
`INFO` is read by Home without loading anything else; the game itself is `pack.PACK`.
"""

from __future__ import annotations

from companion.engine.pack import Choice, PackInfo, SetupOption, Words

#: The races in the data's order (data/federation/races.toml); the French names are our translations.
_RACES: tuple[tuple[str, Words], ...] = (
    ("federation", Words("Federation", "Fédération", frozenset({"fr"}))),
    ("klingon", Words("Klingons", "Klingons", frozenset({"fr"}))),
    ("romulan", Words("Romulans", "Romuliens", frozenset({"fr"}))),
    ("ferengi", Words("Ferengi", "Ferengis", frozenset({"fr"}))),
    ("cardassian", Words("Cardassians", "Cardassiens", frozenset({"fr"}))),
    ("borg", Words("Borg", "Borgs", frozenset({"fr"}))),
)
#: Counts offered for the systems besides the Homesystems; not a fact of the module (the map is the players'):
#: the list is edited at any time.
SYSTEM_COUNTS: tuple[int, ...] = (0, 4, 6, 8, 10, 12, 15, 18, 20, 24, 30, 36, 40, 50, 60)
DEFAULT_SYSTEMS = 12


def _race_option(seat: int) -> SetupOption:
    return SetupOption(
        key=f"race_{seat}",
        label=Words(f"Race of player {seat}", f"Race du joueur {seat}", frozenset({"fr"})),
        choices=tuple(Choice(race, name) for race, name in _RACES),
        default=_RACES[seat - 1][0],
    )


INFO = PackInfo(
    name="federation",
    title=Words("Federation (Warp Empires)", "Federation (Warp Empires)"),
    blurb=Words(
        "Star Trek module for Warp Empires: exploration, Enigmas, diplomacy and revenue, on your own map.",
        "Module Star Trek pour Warp Empires\u00a0: exploration, Énigmes, diplomatie et revenus, "
        "sur votre propre carte.",
        frozenset({"fr"}),
    ),
    # Six races [R]; two players at least is our assumption (the module describes no solo game).
    players=(2, 6),
    # The players play Warp Empires on the table; the companion runs the module's tables and keeps the record.
    support="upkeep",
    hides_information=False,
    has_chance=True,
    options=(
        SetupOption(
            key="systems",
            label=Words(
                "Planetary systems on your map, besides the Homesystems",
                "Systèmes planétaires de votre carte, hors systèmes natals",
                frozenset({"fr"}),
            ),
            choices=tuple(Choice(str(n), Words(str(n), str(n))) for n in SYSTEM_COUNTS),
            default=str(DEFAULT_SYSTEMS),
            help=Words(
                "Count them on your Warp Empires map. You can add, remove and name systems at any time.",
                "Comptez-les sur votre carte de Warp Empires. Vous pourrez ajouter, retirer et nommer des systèmes à "
                "tout moment.",
                frozenset({"fr"}),
            ),
        ),
        *(_race_option(seat) for seat in range(1, 7)),
    ),
    load="companion.games.federation.pack:make_pack",
)
