"""Every test runs with its own state, data and config directories, so nothing touches the user's files."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def isolated_dirs(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    base = tmp_path_factory.mktemp("companion-home")
    for name, sub in (
        ("COMPANION_STATE_DIR", "state"),
        ("COMPANION_DATA_DIR", "data"),
        ("COMPANION_CONFIG_DIR", "config"),
        ("KIVY_HOME", "kivy"),
    ):
        (base / sub).mkdir()
        monkeypatch.setenv(name, str(base / sub))
    monkeypatch.setenv("COMPANION_CONFIG", str(base / "config" / "config.toml"))
    monkeypatch.setenv("KIVY_NO_ARGS", "1")
    monkeypatch.setenv("KIVY_NO_CONSOLELOG", "1")
    yield base


@pytest.fixture
def french() -> Iterator[None]:
    """French for the test (every catalogue compiled first), English again after it."""
    from companion import locale
    from companion.locale import build

    build.main()
    locale.set_language("fr")
    yield
    locale.set_language("en")
