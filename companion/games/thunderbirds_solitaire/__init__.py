"""Thunderbirds Solitaire Game: a card-based solo game; the companion runs the Emergency deck and the chains.

`INFO` is what Home and New game read without loading the game; `pack.make_pack` builds the rest on first use.
"""

from __future__ import annotations

from companion.engine.pack import Choice, PackInfo, SetupOption, Words

NBSP = "\u00a0"

INFO = PackInfo(
    name="thunderbirds_solitaire",
    title=Words("Thunderbirds Solitaire Game", "Thunderbirds en solitaire", frozenset({"fr"})),
    blurb=Words(
        "Solo. The companion deals the Emergency cards into the four chains, runs Lady Penelope's phase and checks"
        " the rescue dice; cards it does not know yet you complete once from your box.",
        "En solitaire. Le compagnon place les cartes Urgence dans les quatre chaînes, mène la phase de Lady"
        f" Penelope et vérifie les dés de sauvetage{NBSP}; les cartes qu'il ne connaît pas encore, vous les"
        " complétez une fois depuis votre boîte.",
        frozenset({"fr"}),
    ),
    players=(1, 1),
    # Upkeep: the excerpt's rules are checked, but the Incoming Call, the abilities and winning and losing are
    # the player's (a checklist), so "every rule checked" would not be true.
    support="upkeep",
    hides_information=False,
    has_chance=True,
    options=(
        SetupOption(
            key="deck",
            label=Words("Emergency deck", "Paquet Urgence", frozenset({"fr"})),
            choices=(
                Choice("basic", Words("Basic cards", "Cartes de base", frozenset({"fr"}))),
                Choice(
                    "advanced",
                    Words("With the 16 advanced cards", "Avec les 16 cartes avancées", frozenset({"fr"})),
                ),
            ),
            default="basic",
            help=Words(
                "The advanced cards, with a different back, make the game harder.",
                "Les cartes avancées, au dos différent, rendent la partie plus difficile.",
                frozenset({"fr"}),
            ),
        ),
        SetupOption(
            key="dealing",
            label=Words("Who turns the Emergency cards", "Qui retourne les cartes Urgence", frozenset({"fr"})),
            choices=(
                Choice(
                    "companion",
                    Words(
                        "The companion, once the deck is completed in the editor",
                        "Le compagnon, une fois le paquet complété dans l'éditeur",
                        frozenset({"fr"}),
                    ),
                ),
                Choice(
                    "table",
                    Words(
                        "You: turn your cards and say what each one is",
                        f"Vous{NBSP}: retournez vos cartes et dites ce qu'est chacune",
                        frozenset({"fr"}),
                    ),
                ),
            ),
            default="companion",
            help=Words(
                "While the deck is not completed, the companion asks you what each card you turn is.",
                "Tant que le paquet n'est pas complété, le compagnon vous demande ce qu'est chaque carte retournée.",
                frozenset({"fr"}),
            ),
        ),
    ),
    load="companion.games.thunderbirds_solitaire.pack:make_pack",
)
