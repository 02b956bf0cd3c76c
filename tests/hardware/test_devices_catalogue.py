"""French messages of the lights, buttons and config really show (tests/test_translations.py checks they all exist)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.config import ConfigError, load_config


def test_config_errors_read_in_french(french: None, tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("[buttons]\nroll = 14\n")
    with pytest.raises(ConfigError) as caught:
        load_config(path, environ={}, hood_length=15)
    assert str(caught.value) == (
        f"{path}\u00a0: [buttons] roll\u00a0: la broche 14 est réservée à la console série "
        "(mettez [gpio] serial_console = false si elle est désactivée)"
    )
