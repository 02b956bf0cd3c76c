"""Starting the board as the app does: the configured back-end, or the mirror with the reason."""

from __future__ import annotations

from pathlib import Path

from gpiozero import LED
from gpiozero.pins.mock import MockFactory

from companion.config import Config, load_config
from companion.devices.board import start_board
from companion.devices.gpio import GpioBackend
from companion.devices.recording import MirrorBackend
from companion.games.thunderbirds.lights.view import BoardView

LENGTH = 15
GPIO_CONFIG = """
[gpio]
serial_console = false
[lights]
backend = "gpio"
[buttons]
end_turn = 2
roll = 3
confirm = 15
undo = 15
"""


def gpio_config(tmp_path: Path) -> Config:
    path = tmp_path / "config.toml"
    path.write_text(GPIO_CONFIG)
    return load_config(path, environ={}, hood_length=LENGTH)


def test_the_mirror_by_default() -> None:
    board = start_board(Config(), LENGTH, on_command=lambda c: None, tick=False)
    try:
        assert isinstance(board.backend, MirrorBackend) and board.mirror is board.backend
        assert board.problems == () and board.buttons is None and board.backend.reason is None
        board.lights.update(BoardView.build(LENGTH, hood_space=2))
        assert not board.mirror.latest["hood.2"].is_dark
    finally:
        board.close()


def test_a_config_problem_is_shown_on_the_mirror() -> None:
    board = start_board(
        Config(), LENGTH, on_command=lambda c: None, config_problem="config.toml: [lights] x", tick=False
    )
    try:
        assert board.mirror is not None and board.mirror.reason == "config.toml: [lights] x"
        assert board.problems == ("config.toml: [lights] x",)
    finally:
        board.close()


def test_the_direct_gpio_build_with_its_buttons(tmp_path: Path, mock_factory: MockFactory) -> None:
    commands: list[str] = []
    board = start_board(gpio_config(tmp_path), LENGTH, commands.append, pin_factory=mock_factory, tick=False)
    try:
        assert isinstance(board.backend, GpioBackend) and board.problems == ()
        board.lights.update(BoardView.build(LENGTH, hood_space=0))
        assert board.backend.flush(5)
        assert mock_factory.pin(4).state, "hood.0 is on GPIO 4 in the shipped gpio-direct map"
        mock_factory.pin(3).drive_low()
        mock_factory.pin(3).drive_high()
        assert commands == ["roll"]
    finally:
        board.close()


def test_hardware_that_will_not_start_falls_back_to_the_mirror(tmp_path: Path, mock_factory: MockFactory) -> None:
    squatter = LED(4, pin_factory=mock_factory)  # something else holds a pin of the map
    try:
        board = start_board(gpio_config(tmp_path), LENGTH, lambda c: None, pin_factory=mock_factory, tick=False)
        try:
            assert isinstance(board.backend, MirrorBackend)
            assert board.backend.reason is not None and board.backend.reason.startswith(
                "the gpio lights could not start"
            )
            assert board.buttons is not None, "the buttons still work"
        finally:
            board.close()
    finally:
        squatter.close()


def test_buttons_that_will_not_start_are_left_out(tmp_path: Path, mock_factory: MockFactory) -> None:
    squatter = LED(3, pin_factory=mock_factory)
    try:
        path = tmp_path / "config.toml"
        path.write_text("[buttons]\nroll = 3\n")
        board = start_board(
            load_config(path, environ={}, hood_length=LENGTH),
            LENGTH,
            lambda c: None,
            pin_factory=mock_factory,
            tick=False,
        )
        try:
            assert board.buttons is None
            assert len(board.problems) == 1 and board.problems[0].startswith("the buttons could not start")
        finally:
            board.close()
    finally:
        squatter.close()
