"""Thunderbirds (Matt Leacock, 2015): the companion's flagship pack, every rule checked.

`INFO` is what Home and `companion games` read without loading the game (see docs/packs.md); the pack itself
(`pack.make_pack`) loads the card data and the rules on first use."""

from companion.engine.pack import Choice, PackInfo, SetupOption, Words

INFO = PackInfo(
    name="thunderbirds",
    title=Words("Thunderbirds", "Thunderbirds"),
    blurb=Words(
        "Cooperative: rescue the world's disasters before the Hood's schemes succeed.",
        "Coopératif\u00a0: sauvez le monde des catastrophes avant que les plans du Hood aboutissent.",
        translated=frozenset({"fr"}),
    ),
    players=(1, 4),
    support="rules",
    hides_information=False,
    has_chance=True,
    options=(
        SetupOption(
            key="difficulty",
            label=Words("Difficulty", "Difficulté"),
            choices=(
                Choice("introduction", Words("Introduction", "Introduction")),
                Choice("standard", Words("Standard", "Standard")),
                Choice("heroic", Words("Heroic", "Héroïque")),
                Choice("legendary", Words("Legendary", "Légendaire")),
            ),
            default="introduction",
        ),
    ),
    load="companion.games.thunderbirds.pack:make_pack",
)
