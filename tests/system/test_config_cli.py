"""The config file as `companion hw-test` reads it, typed as a builder would: a file named that is not there is one
line and exit 2; the dry run without any file never names a file that does not exist."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from companion.paths import ROOT

#: `companion hw-test` as typed, with the system config's place moved to a folder of the test's (an
#: /etc/companion/config.toml on the machine running the tests would otherwise be read first).
COMMAND = (
    "import sys, pathlib, companion.config as config; from companion.cli import main; "
    "config.SYSTEM_CONFIG = pathlib.Path(sys.argv.pop(1)); sys.exit(main(sys.argv[1:]))"
)


def hw_test(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    system = Path(env.get("COMPANION_CONFIG_DIR", "/nonexistent")) / "etc-config.toml"
    return subprocess.run(
        [sys.executable, "-c", COMMAND, str(system), "hw-test", "--step", "0", "--buttons", "0", "--link", "0", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env=env,
    )


def test_companion_config_naming_a_missing_file_is_one_line_and_exit_2(tmp_path: Path) -> None:
    env = {**os.environ, "COMPANION_CONFIG": str(tmp_path / "missing.toml"), "GPIOZERO_PIN_FACTORY": "mock"}
    result = hw_test(env)
    assert result.returncode == 2
    assert result.stdout == f"Config problem: COMPANION_CONFIG={tmp_path / 'missing.toml'}: there is no such file\n"
    assert "Traceback" not in result.stderr


def test_the_dry_run_without_a_config_file_names_only_files_that_exist(tmp_path: Path) -> None:
    """No COMPANION_CONFIG, an empty config folder: the back-end from COMPANION_LIGHTS on gpiozero's mock pins.
    The direct GPIO build needs GPIO 14, which the default config reserves: the message says so without blaming
    a config file that is not there."""
    env = {k: v for k, v in os.environ.items() if k != "COMPANION_CONFIG"}
    env.update(COMPANION_CONFIG_DIR=str(tmp_path / "no-config"), GPIOZERO_PIN_FACTORY="mock")
    for backend in ("gpio", "shift595", "mirror"):
        result = hw_test({**env, "COMPANION_LIGHTS": backend})
        output = result.stdout + result.stderr
        assert "Traceback" not in output
        named = [Path(p) for p in re.findall(r"(/[^\s:,()]+)", output) if p.endswith(".toml")]
        assert all(path.exists() for path in named), (backend, output)
        assert str(tmp_path / "no-config" / "config.toml") not in output
        if backend == "gpio":
            assert result.returncode == 2
            assert result.stdout.startswith("Config problem: no config file (the defaults): [lights] map:")
            assert "pin 14 is reserved for the serial console" in result.stdout
        else:
            assert result.returncode == 0, output


def test_the_saved_games_commands_read_the_state_directory_the_config_names(tmp_path: Path) -> None:
    """`companion import` and `python -m companion.backup` work on the games the app keeps where the config file
    says (`[general] state_dir`), and say so in one line when COMPANION_CONFIG names no file."""
    config = tmp_path / "config.toml"
    config.write_text('[general]\nstate_dir = "games"\n', encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "COMPANION_STATE_DIR"}
    env["COMPANION_CONFIG"] = str(config)
    listing = subprocess.run(
        [sys.executable, "-m", "companion.backup", "list"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env=env,
    )
    assert listing.stdout.strip() == f"No backups yet in {tmp_path / 'games' / 'backups'}."
    env["COMPANION_CONFIG"] = str(tmp_path / "missing.toml")
    for command in (["-m", "companion.backup", "list"], ["-m", "companion", "import", str(config)]):
        result = subprocess.run(
            [sys.executable, *command], capture_output=True, text=True, timeout=60, cwd=ROOT, env=env
        )
        assert result.returncode == 2
        assert result.stderr.strip().endswith(f"COMPANION_CONFIG={tmp_path / 'missing.toml'}: there is no such file")
