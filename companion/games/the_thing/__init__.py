"""The Thing – Norwegian Outpost: the base's public upkeep (set-up by player count, the round's phases, phase 8,
the dog, the UFO's take-off) and the infection bag, whose draws only the player concerned sees."""

from companion.engine.pack import Choice, PackInfo, SetupOption, Words

INFO = PackInfo(
    name="the_thing",
    title=Words("The Thing – Norwegian Outpost", "The Thing – Norwegian Outpost"),
    blurb=Words(
        "The base's chores and a bag nobody else sees into.",
        "Les corvées de la base, et un sac que personne d'autre ne voit.",
        translated=frozenset({"en", "fr"}),
    ),
    players=(4, 8),
    support="upkeep",
    hides_information=True,
    has_chance=True,
    options=(
        SetupOption(
            key="bag",
            label=Words("Infection bag", "Sac Infection", translated=frozenset({"en"})),
            choices=(
                Choice(
                    "screen",
                    Words("On the screen, behind the cover", "À l'écran, derrière le cache", frozenset({"en", "fr"})),
                ),
                Choice(
                    "physical", Words("The real bag, at the table", "Le vrai sac, à la table", frozenset({"en", "fr"}))
                ),
            ),
            default="screen",
        ),
    ),
    load="companion.games.the_thing.pack:make_pack",
)
