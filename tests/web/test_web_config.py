"""`[web]` in the config file: off by default, each key checked with a message naming the file and the field."""

from __future__ import annotations

from pathlib import Path

from companion.config import WebConfig, read_config
from companion.web.link import start_if_enabled


def read(tmp_path: Path, text: str) -> object:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return read_config(path)


def test_off_by_default_and_the_app_starts_no_server(tmp_path: Path) -> None:
    config = read(tmp_path, "")
    assert config.web == WebConfig(enabled=False, port=8765, host="0.0.0.0")  # type: ignore[attr-defined]
    assert start_if_enabled(lambda: None, config) is None


def test_each_bad_key_is_named_with_its_file_and_left_out(tmp_path: Path) -> None:
    config = read(tmp_path, '[web]\nenabled = "yes"\nport = 80\nhost = "pi.local"\ncolour = 1\n')
    problems = [str(problem) for problem in config.problems]  # type: ignore[attr-defined]
    where = str(tmp_path / "config.toml")
    assert problems == [
        f"{where}: [web] colour: unknown key (expected one of: enabled, port, host)",
        f"{where}: [web] port: expected a port number from 1024 to 65535, got 80",
        f'{where}: [web] host: expected an IPv4 address such as "0.0.0.0" or "127.0.0.1", got \'pi.local\'',
        f"{where}: [web] enabled: expected true or false, got 'yes'",
    ]
    assert config.web == WebConfig()  # type: ignore[attr-defined]


def test_a_taken_port_is_said_in_one_line(tmp_path: Path) -> None:
    import socket

    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        port = taken.getsockname()[1]
        config = read(tmp_path, f'[web]\nenabled = true\nhost = "127.0.0.1"\nport = {port}\n')
        started = start_if_enabled(lambda: None, config)
    finally:
        taken.close()
    assert isinstance(started, str) and f"127.0.0.1:{port}" in started and "\n" not in started
