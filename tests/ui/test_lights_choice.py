"""Who picks the board lights, as the app's lights link reads it (no window): the players' choice in Settings, when
they made one, then COMPANION_LIGHTS, then the config file; and what Settings says about it."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from companion.engine import registry
from companion.ui.lights import LightsLink


@pytest.fixture
def mock_pins() -> Iterator[MockFactory]:
    """gpiozero's mock pins, as GPIOZERO_PIN_FACTORY=mock gives the app."""
    factory = MockFactory()
    Device.pin_factory = factory
    yield factory
    factory.reset()
    factory.close()
    Device.pin_factory = None


def started(choice: str | None) -> LightsLink:
    return LightsLink(lambda _command: None, choice).start(registry.pack(registry.DEFAULT_GAME))


@pytest.fixture
def config() -> Path:
    path = Path(os.environ["COMPANION_CONFIG"])
    path.write_text('[lights]\nbackend = "shift595"\n', encoding="utf-8")
    return path


def test_the_config_file_decides_when_nobody_chose(config: Path, mock_pins: MockFactory) -> None:
    link = started(None)
    try:
        assert link.board.backend.kind == "shift595" and link.is_hardware
        assert link.status().endswith(f"(from the config file {config})")
    finally:
        link.close()


def test_companion_lights_wins_over_the_file(
    config: Path, mock_pins: MockFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COMPANION_LIGHTS", "mirror")
    link = started(None)
    try:
        assert link.mirror is not None and link.status().endswith("Why: from COMPANION_LIGHTS")
    finally:
        link.close()


def test_the_players_choice_wins_over_both(
    config: Path, mock_pins: MockFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COMPANION_LIGHTS", "serial")
    link = started("mirror")
    try:
        assert link.mirror is not None and link.status().endswith("Why: chosen here")
        link.restart(None)  # "As the config file says": the environment's, then
        assert link.board.backend.kind == "serial" and link.status().endswith("(from COMPANION_LIGHTS)")
    finally:
        link.close()


def test_a_choice_the_hardware_cannot_take_says_why(config: Path, mock_pins: MockFactory) -> None:
    """Direct GPIO needs GPIO 14, which the config keeps for the serial console: the mirror, and the reason."""
    link = started("gpio")
    try:
        assert link.mirror is not None
        assert "pin 14 is reserved for the serial console" in link.status()
        assert any("pin 14" in problem for problem in link.config_problems)
    finally:
        link.close()


def test_no_config_file_says_so(mock_pins: MockFactory, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from companion import config as config_module

    monkeypatch.delenv("COMPANION_CONFIG")
    monkeypatch.setattr(config_module, "SYSTEM_CONFIG", tmp_path / "etc.toml")
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(tmp_path))
    link = started(None)
    try:
        assert link.mirror is not None and link.status().endswith("Why: there is no config file")
    finally:
        link.close()


def test_a_problem_elsewhere_in_the_file_does_not_explain_the_lights(config: Path, mock_pins: MockFactory) -> None:
    config.write_text('[general]\nlangage = "fr"\n[lights]\nbackend = "shift595"\n', encoding="utf-8")
    link = started(None)
    try:
        assert link.board.backend.kind == "shift595"
        assert link.config_problems == (
            f"{config}: [general] langage: unknown key (expected one of: language, state_dir, keep_awake, sounds)",
        )
        assert "langage" not in link.status()
    finally:
        link.close()
