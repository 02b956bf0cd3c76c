#!/usr/bin/env python3
"""Runs pytest under a hostile home: the user's companion directories full of what a real player's may hold, so a
test that reads or writes them (at import, at collection or at run time) fails or is caught.

    .venv/bin/python tools/hostile_home.py [PYTEST ARG...]
    .venv/bin/python tools/hostile_home.py -m "not ui and not slow and not tools"

HOME, XDG_CONFIG_HOME, XDG_DATA_HOME and XDG_STATE_HOME point into a new directory, and so do the COMPANION_*
variables and KIVY_HOME (a player may set them in their shell). Its config, data and state directories hold a
config file that is not TOML nor UTF-8, settings in French with sounds off, a kit of a game no test knows
(`gem_hunt`), a kit replacing the shipped `dice_race` with other player counts, kits that do not validate or
decode, broken overlay files for every pack, a kit listing cache and a Kivy config that are garbage, and a
database of saved games (one of `gem_hunt`). Before pytest runs, every file is fingerprinted; after, a file
changed, added or removed is named. Exit status: pytest's; else 3 when the home changed; else 0.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The game no test knows: a kit of the user's, collected or listed only by a test that reads the user's files.
FOREIGN_GAME = "gem_hunt"
CHANGED = 3


def _write(path: Path, data: str | bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data, encoding="utf-8")


def _kit(name: str, players: str) -> str:
    """The shipped dice race under another name and player range: a valid kit file."""
    text = (ROOT / "data" / "kits" / "dice_race.toml").read_text(encoding="utf-8")
    return text.replace('name = "dice_race"', f'name = "{name}"', 1).replace("players = [2, 5]", players, 1)


def environment(home: Path) -> dict[str, str]:
    """The variables naming the hostile home's directories (the platform's and the companion's own)."""
    config, data, state = home / ".config", home / ".local" / "share", home / ".local" / "state"
    return {
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(config),
        "XDG_DATA_HOME": str(data),
        "XDG_STATE_HOME": str(state),
        "COMPANION_CONFIG_DIR": str(config / "companion"),
        "COMPANION_CONFIG": str(config / "companion" / "config.toml"),
        "COMPANION_DATA_DIR": str(data / "companion"),
        "COMPANION_STATE_DIR": str(state / "companion"),
        "KIVY_HOME": str(home / ".kivy"),
    }


def build(home: Path) -> dict[str, str]:
    """Fills `home` with a player's files, broken and foreign; returns the variables naming its directories."""
    names = environment(home)
    config, data, state = (Path(names[f"COMPANION_{key}_DIR"]) for key in ("CONFIG", "DATA", "STATE"))
    _write(config / "config.toml", b'[general\nstate_dir = "\xff\xfe/nowhere"\n[lights]\nbackend = gpio\n')
    _write(config / "ui-settings.json", '{"version": 1, "language": "fr", "sounds": false, "keep_awake": false}\n')
    kits = data / "kits"
    _write(kits / f"{FOREIGN_GAME}.toml", _kit(FOREIGN_GAME, "players = [1, 2]"))
    _write(kits / "dice_race.toml", _kit("dice_race", "players = [3, 4]"))
    _write(kits / "broken.toml", '[kit]\nformat = 1\nname = "broken"\nplayers = "many"\n')
    _write(kits / "latin1.toml", b'[kit]\nname = "caf\xe9"\n')
    _write(kits / "not-a-kit.txt", "notes of a player")
    for pack, file in (
        ("thunderbirds", "disasters.toml"),
        ("warpspawn_thunderbirds", "layouts.toml"),
        ("thunderbirds_solitaire", "emergency.toml"),
        ("federation", "costs.toml"),
    ):
        _write(data / "overlay" / pack / file, "[[card]\nid = 'nothing' = 'at all'\n")
    _write(state / "cache" / "kit-listing.json", '{"format": 1, "kits": [')
    _write(state / "backups" / "companion-20200101-000000.db", b"SQLite format 3\x00 but not really")
    _write(home / ".kivy" / "config.ini", "[graphics\nwidth = many\n")
    _saved_games(names, state / "companion.db")
    return names


def _saved_games(names: dict[str, str], database: Path) -> None:
    """A database of the player's saved games, written by the companion itself (in a process of its own, under
    the hostile home): a game of the foreign kit and a Thunderbirds game."""
    script = f"""
from companion.engine import registry
from companion.engine.session import Session
from companion.engine.store import Store

with Store.open(None) as store:
    pack = registry.pack({FOREIGN_GAME!r})
    Session.new(store, pack.rules, pack.setup_for(2, {{}}), seed=3)
    tb = registry.pack("thunderbirds")
    Session.new(store, tb.rules, tb.setup_for(2, {{}}), seed=4)
"""
    env = {**os.environ, **names, "COMPANION_CONFIG": os.devnull, "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-c", script], env=env, cwd=ROOT, check=True, timeout=300)
    if not database.is_file():
        raise SystemExit(f"hostile-home: the saved games were not written to {database}")


def fingerprint(home: Path) -> dict[str, str]:
    """Every file under `home` by path, with the SHA-256 of its bytes, its size and its modification time."""
    found = {}
    for path in sorted(home.rglob("*")):
        if path.is_file() and not path.is_symlink():
            stat = path.stat()
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
            found[str(path.relative_to(home))] = f"{digest} {stat.st_size} {stat.st_mtime_ns}"
    return found


def differences(before: dict[str, str], after: dict[str, str]) -> list[str]:
    changed = [f"changed: {name}" for name in sorted(before.keys() & after.keys()) if before[name] != after[name]]
    added = [f"added: {name}" for name in sorted(after.keys() - before.keys())]
    removed = [f"removed: {name}" for name in sorted(before.keys() - after.keys())]
    return changed + added + removed


def main(arguments: list[str]) -> int:
    with tempfile.TemporaryDirectory(prefix="hostile-home-") as folder:
        home = Path(folder) / "home"
        names = build(home)
        before = fingerprint(home)
        print(f"hostile-home: {len(before)} files under {home}", file=sys.stderr, flush=True)
        env = {**os.environ, **names}
        command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *arguments]
        status = subprocess.run(command, env=env, cwd=ROOT, check=False).returncode
        found = differences(before, fingerprint(home))
        for line in found:
            print(f"hostile-home: {line}", file=sys.stderr)
        print(f"hostile-home: pytest exited {status}; {len(found)} files of the home changed", file=sys.stderr)
        return CHANGED if status == 0 and found else status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
