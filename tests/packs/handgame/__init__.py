"""High Card: a tiny card game with private hands, for the tests of secrets and of a second game on Home.

Each player is dealt three cards (1 to 9) from a shuffled deck; in turn, a player plays one card from their hand
and scores it; after three rounds the highest score wins. Hands are secret: the table sees how many cards each
holds, never which."""

from companion.engine.pack import PackInfo, Words

INFO = PackInfo(
    name="handgame",
    title=Words("High Card", "Carte haute", translated=frozenset({"fr"})),
    blurb=Words("Play your best card.", "Jouez votre meilleure carte.", translated=frozenset({"fr"})),
    players=(2, 4),
    support="rules",
    hides_information=True,
    has_chance=True,
    options=(),
    load="packs.handgame.pack:make_pack",
)
