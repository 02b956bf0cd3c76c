"""Warpspawn Thunderbirds: Lloyd Krassner's free print-and-play rescue race on a square grid, run by the companion.

`INFO` is what Home and New game read without loading the game; `pack.make_pack` builds the rest on first use.
"""

from __future__ import annotations

from companion.engine.pack import Choice, PackInfo, SetupOption, Words

INFO = PackInfo(
    name="warpspawn_thunderbirds",
    title=Words("Warpspawn Thunderbirds", "Thunderbirds de Warpspawn", frozenset({"fr"})),
    blurb=Words(
        "A rescue race on a printed grid with paper pawns: the companion runs the decks, the dice and the rules.",
        "Une course aux sauvetages sur une grille imprimée avec des pions en papier\u00a0: le compagnon tient les "
        "paquets, les dés et les règles.",
        frozenset({"en", "fr"}),
    ),
    players=(2, 4),
    support="rules",
    hides_information=True,
    has_chance=True,
    options=(
        SetupOption(
            key="size",
            label=Words("Board size", "Taille du plateau", frozenset({"fr"})),
            choices=(
                Choice("10", Words("10 × 10", "10 × 10")),
                Choice("12", Words("12 × 12", "12 × 12")),
                Choice("20", Words("20 × 20", "20 × 20")),
            ),
            default="12",
            help=Words(
                "The rules roll 1D12 for each coordinate (12 × 12); the designer suggests trying 10 × 10 or 20 × 20.",
                "Les règles tirent 1D12 par coordonnée (12 × 12)\u00a0; l'auteur suggère d'essayer 10 × 10 ou 20 × 20.",
                frozenset({"fr"}),
            ),
        ),
    ),
    load="companion.games.warpspawn_thunderbirds.pack:make_pack",
)
