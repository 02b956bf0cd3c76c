"""The game-agnostic core: pure Python, no UI or hardware imports.

What a pack author uses is named here (`__all__`): the pack contract and its capabilities, the rules protocol,
chance, the components (decks, dice, tracks), the codec and the errors. Each is imported on first use, so
`import companion.engine.registry` (the app at start) loads none of them; `from companion.engine import Words`
loads `companion.engine.pack` alone.

>>> from companion.engine import Words, IllegalAction
>>> Words("Move", "Déplacer").text("fr")
'Déplacer'
>>> issubclass(IllegalAction, ValueError)
True
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.engine.chance import Chance, LiveChance, ReplayChance
    from companion.engine.codec import Codec, decode, encode
    from companion.engine.deck import Deck, Reshuffle
    from companion.engine.dice import Die, Face, sum_distribution
    from companion.engine.errors import CompanionError, IllegalAction, UnknownGame
    from companion.engine.game import GameRules
    from companion.engine.pack import (
        BasicPack,
        Choice,
        DataStatus,
        LightsSpec,
        NoCommands,
        NoLights,
        NoSecrets,
        Pack,
        PackCommands,
        PackData,
        PackIdentity,
        PackInfo,
        PackLights,
        PackProblem,
        PackRules,
        PackScreens,
        PackSecrets,
        PlainScreens,
        Reveal,
        SavedGameLine,
        ScreenSpec,
        SecretView,
        SetupOption,
        Sound,
        Words,
        default_saved_game_line,
    )
    from companion.engine.track import MarkerTrack, SlotTrack

#: Each public name and the module that defines it.
_WHERE: dict[str, str] = {
    **dict.fromkeys(("Chance", "LiveChance", "ReplayChance"), "chance"),
    **dict.fromkeys(("Codec", "decode", "encode"), "codec"),
    **dict.fromkeys(("Deck", "Reshuffle"), "deck"),
    **dict.fromkeys(("Die", "Face", "sum_distribution"), "dice"),
    **dict.fromkeys(("CompanionError", "IllegalAction", "UnknownGame"), "errors"),
    "GameRules": "game",
    **dict.fromkeys(
        (
            "BasicPack",
            "Choice",
            "DataStatus",
            "LightsSpec",
            "NoCommands",
            "NoLights",
            "NoSecrets",
            "Pack",
            "PackCommands",
            "PackData",
            "PackIdentity",
            "PackInfo",
            "PackLights",
            "PackProblem",
            "PackRules",
            "PackScreens",
            "PackSecrets",
            "PlainScreens",
            "Reveal",
            "SavedGameLine",
            "ScreenSpec",
            "SecretView",
            "SetupOption",
            "Sound",
            "Words",
            "default_saved_game_line",
        ),
        "pack",
    ),  # fmt: skip
    **dict.fromkeys(("MarkerTrack", "SlotTrack"), "track"),
}

__all__ = [
    "BasicPack",
    "Chance",
    "Choice",
    "Codec",
    "CompanionError",
    "DataStatus",
    "Deck",
    "Die",
    "Face",
    "GameRules",
    "IllegalAction",
    "LightsSpec",
    "LiveChance",
    "MarkerTrack",
    "NoCommands",
    "NoLights",
    "NoSecrets",
    "Pack",
    "PackCommands",
    "PackData",
    "PackIdentity",
    "PackInfo",
    "PackLights",
    "PackProblem",
    "PackRules",
    "PackScreens",
    "PackSecrets",
    "PlainScreens",
    "ReplayChance",
    "Reshuffle",
    "Reveal",
    "SavedGameLine",
    "ScreenSpec",
    "SecretView",
    "SetupOption",
    "SlotTrack",
    "Sound",
    "UnknownGame",
    "Words",
    "decode",
    "default_saved_game_line",
    "encode",
    "sum_distribution",
]


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'companion.engine' has no attribute {name!r}")
    return getattr(importlib.import_module(f"companion.engine.{module}"), name)


def __dir__() -> list[str]:
    return __all__
