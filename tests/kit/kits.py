"""Kit texts and games for the kit tests: the shipped examples, and a small kit with one of every component."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.engine import registry
from companion.engine.chance import LiveChance
from companion.engine.rng import seed_state
from companion.kit.catalogue import EXAMPLES_DIR
from companion.kit.rules import KitRules, initial_state, setup_mapping
from companion.kit.schema import kit_json, parse_kit, read_kit_file
from companion.kit.state import KitState

EXAMPLES: tuple[Path, ...] = tuple(sorted(EXAMPLES_DIR.glob("*.toml")))

#: One of every component, small enough to reason about by hand.
SMALL = """\
# A small kit for tests.
[kit]
format = 1
name = "small"
title = { en = "Small", fr = "Petit" }
blurb = { en = "A test kit", fr = "Un kit de test", translated = ["fr"] }
players = [1, 4]
rounds = 3

[[symbol]]
id = "star"
name = { en = "Star", fr = "Étoile" }

[[die]]
id = "d6"
name = { en = "Six-sided die", fr = "Dé à six faces" }
faces = [1, 2, 3, 4, 5, 6]

[[die]]
id = "odd"
name = { en = "Odd die", fr = "Dé bizarre" }
faces = ["star", "wild", "blank", { value = 2, symbol = "star" }]

[[die]]
id = "mystery"
name = { en = "Mystery die", fr = "Dé mystère" }
faces = []
confidence = "unknown"

[[dice]]
id = "two"
name = { en = "Two dice", fr = "Deux dés" }
dice = { d6 = 1, odd = 1 }

[[dice]]
id = "pair"
name = { en = "A pair of d6", fr = "Une paire de d6" }
dice = { d6 = 2 }

[[dice]]
id = "mystery"
name = { en = "Mystery", fr = "Mystère" }
dice = { mystery = 1 }

[[deck]]
id = "events"
name = { en = "Events", fr = "Événements" }
face = "up"
reshuffle = false
piles = ["top", "bottom"]
set_aside = ["flood"]

[[deck.card]]
id = "storm"
name = { en = "Storm", fr = "Tempête" }
count = 2
pile = "top"
text = { en = "Everyone loses 1 gold.", fr = "Chacun perd 1 or." }

[[deck.card]]
id = "calm"
name = { en = "Calm", fr = "Calme" }
count = 2
pile = "top"

[[deck.card]]
id = "flood"
name = { en = "Flood", fr = "Inondation" }
count = 2
pile = "bottom"

[[deck.card]]
id = "unread"
name = { en = "Unread card", fr = "Carte non lue" }
pile = "bottom"
confidence = "unknown"

[[deck]]
id = "secrets"
name = { en = "Secrets", fr = "Secrets" }
face = "down"
set_aside_random = 1

[[deck.card]]
id = "spy"
name = { en = "Spy", fr = "Espion" }
count = 3

[[deck.card]]
id = "traitor"
name = { en = "Traitor", fr = "Traître" }

[[bag]]
id = "loot"
name = { en = "Loot bag", fr = "Sac de butin" }

[[bag.token]]
id = "gold"
name = { en = "Gold", fr = "Or" }
count = 3

[[bag.token]]
id = "gem"
name = { en = "Gem", fr = "Gemme" }
count = 1

[[bag]]
id = "roles"
name = { en = "Role bag", fr = "Sac des rôles" }
secret = true

[[bag.token]]
id = "human"
name = { en = "Human", fr = "Humain" }
count = 3

[[bag.token]]
id = "alien"
name = { en = "Alien", fr = "Alien" }
count = 1

[[track]]
id = "score"
name = { en = "Score", fr = "Score" }
length = 10
first = 1
per_player = true

[[track.space]]
at = 5
name = { en = "Bridge", fr = "Pont" }
text = { en = "Cross the bridge.", fr = "Traversez le pont." }

[[track]]
id = "doom"
name = { en = "Doom", fr = "Destin" }
length = 5

[[track.marker]]
id = "skull"
name = { en = "Skull", fr = "Crâne" }
start = 2

[[counter]]
id = "gold"
name = { en = "Gold", fr = "Or" }
start = 2
min = 0
max = 5

[[counter]]
id = "threat"
name = { en = "Threat", fr = "Menace" }
per_player = false
start = 0
min = -2
max = 3

[turn_order]
first = "fixed"

[[phase]]
id = "upkeep"
name = { en = "Upkeep", fr = "Entretien" }
reminder = { en = "Draw an event.", fr = "Piochez un événement." }

[[phase.step]]
id = "event"
text = { en = "Draw an event", fr = "Piocher un événement" }

[[phase.step]]
id = "threat"
text = { en = "Raise the threat", fr = "Augmenter la menace" }

[[phase]]
id = "turns"
name = { en = "Turns", fr = "Tours" }
turns = 1

[[phase.step]]
id = "act"
text = { en = "Act", fr = "Agir" }

[timer]
name = { en = "Timer", fr = "Minuteur" }
limit = 30
resets = "each_turn"

[lights]
counter = "threat"
"""

SEED = 20250101


def small_setup(players: int = 3) -> dict[str, Any]:
    return setup_mapping(kit_json(parse_kit(SMALL, "small.toml")), players)


def example_setup(path: Path, players: int) -> dict[str, Any]:
    return setup_mapping(kit_json(read_kit_file(path)), players)


def start(setup: dict[str, Any], seed: int = SEED) -> KitState:
    import dataclasses

    chance = LiveChance(seed_state(seed))
    return dataclasses.replace(initial_state(setup, chance), rng=chance.rng_after)


def registered(name: str) -> KitRules:
    """The kit's rules, registered as the shell's registry will (so `Session.resume` finds them)."""
    rules = KitRules(name)
    registry.register(rules)
    return rules
