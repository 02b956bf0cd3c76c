"""Game packs by name; `companion.games.<name>.rules:RULES` is imported on first use."""

from __future__ import annotations

import importlib
import re
from typing import Any

from companion.engine.errors import UnknownGame
from companion.engine.game import GameRules
from companion.locale import _

_RULES: dict[str, GameRules[Any, Any]] = {}
_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


def register(rules: GameRules[Any, Any]) -> None:
    """Makes `rules` available under `rules.name` (a later registration under the same name replaces it)."""
    _RULES[rules.name] = rules


def get(name: str) -> GameRules[Any, Any]:
    rules = _RULES.get(name)
    if rules is not None:
        return rules
    if not _NAME.fullmatch(name):
        raise UnknownGame(_("There is no game called {name}.").format(name=name))
    try:
        module = importlib.import_module(f"companion.games.{name}.rules")
    except ModuleNotFoundError as error:
        if error.name in (f"companion.games.{name}", f"companion.games.{name}.rules"):
            raise UnknownGame(_("There is no game called {name}.").format(name=name)) from error
        raise
    rules = getattr(module, "RULES", None)
    if rules is None:
        raise UnknownGame(_("The game {name} does not provide its rules.").format(name=name))
    register(rules)
    return rules


def registered() -> tuple[str, ...]:
    """Names registered so far (imported packs and test packs)."""
    return tuple(sorted(_RULES))
