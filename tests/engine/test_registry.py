"""The game registry: packs registered by name, or imported from `companion.games.<name>.rules` on first use."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import companion.games
from companion.engine import registry
from companion.engine.errors import UnknownGame

from .toygame import RULES


def test_the_toy_pack_is_registered_by_name() -> None:
    assert registry.get("toy") is RULES
    assert "toy" in registry.registered()


@pytest.fixture
def extra_games_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder searched for game packs like companion/games/ (the pack is real code, imported for real)."""
    monkeypatch.setattr(companion.games, "__path__", [*companion.games.__path__, str(tmp_path)])
    yield tmp_path
    for name in [m for m in sys.modules if m.startswith("companion.games.lazy_pack")]:
        del sys.modules[name]
    registry._RULES.pop("lazy_pack", None)


def test_an_unregistered_pack_is_imported_on_first_use(extra_games_folder: Path) -> None:
    pack = extra_games_folder / "lazy_pack"
    pack.mkdir()
    (pack / "__init__.py").write_text("")
    (pack / "rules.py").write_text("class Rules:\n    name = 'lazy_pack'\n    state_format = 1\n\nRULES = Rules()\n")
    rules = registry.get("lazy_pack")
    assert rules.name == "lazy_pack"
    assert registry.get("lazy_pack") is rules


def test_a_pack_whose_rules_fail_to_import_shows_the_real_error(extra_games_folder: Path) -> None:
    pack = extra_games_folder / "lazy_pack"
    pack.mkdir()
    (pack / "__init__.py").write_text("")
    (pack / "rules.py").write_text("import a_module_that_does_not_exist\n")
    with pytest.raises(ModuleNotFoundError):
        registry.get("lazy_pack")


@pytest.mark.parametrize("name", ["no_such_game", "../etc", ""])
def test_unknown_games(name: str) -> None:
    with pytest.raises(UnknownGame):
        registry.get(name)
