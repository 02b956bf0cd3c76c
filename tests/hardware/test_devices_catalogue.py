"""Every player-facing message of the lights, buttons and config has a French translation that really shows."""

from __future__ import annotations

import ast
import string
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.config import ConfigError, load_config
from companion.locale import LOCALE_DIR, set_language
from companion.locale.msgfmt import compile_catalogue, parse_po
from companion.paths import ROOT

MODULES = sorted((ROOT / "companion" / "devices").glob("*.py")) + [ROOT / "companion" / "config.py"]
PO_FILE = LOCALE_DIR / "fr" / "LC_MESSAGES" / "devices.po"


def messages(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_":
            assert node.args and isinstance(node.args[0], ast.Constant), f"{path.name}: _() of a non-literal"
            found.add(node.args[0].value)
    return found


def placeholders(text: str) -> list[str]:
    return sorted(name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None)


def test_every_message_is_translated_with_the_same_placeholders() -> None:
    have = parse_po(PO_FILE.read_text(encoding="utf-8"))
    wanted = set().union(*(messages(path) for path in MODULES))
    assert sorted(wanted - have.keys()) == []
    for message in wanted:
        assert placeholders(message) == placeholders(have[message]), message


@pytest.fixture
def french() -> Iterator[None]:
    compile_catalogue(PO_FILE, PO_FILE.with_suffix(".mo"))
    set_language("fr")
    yield
    set_language("en")


def test_config_errors_read_in_french(french: None, tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("[buttons]\nroll = 14\n")
    with pytest.raises(ConfigError) as caught:
        load_config(path, environ={}, hood_length=15)
    assert str(caught.value).endswith("[buttons] roll: la broche 14 est réservée à la console série "
                                      "(mettez [gpio] serial_console = false si elle est désactivée)")
