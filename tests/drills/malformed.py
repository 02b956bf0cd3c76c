"""The malformed inputs of the drill, generated systematically from good ones.

Each `Case` writes one broken input into a folder and names it. Four families:
- `DB_CASES`: the saved-games database, damaged at the byte level (random bytes, truncations, inverted and
  scrambled pages), replaced by another program's SQLite file, written by a newer version, or damaged inside its
  records (bytes SQLite cannot check: the JSON and numbers of a saved game);
- `EXPORT_CASES`: an exported game file for `import_game`: truncated, garbled, missing or mistyped fields,
  tampered actions;
- `CONFIG_CASES`: the config file: syntax, unknown sections and keys, wrong types, pins used twice, reserved
  pins, broken light maps;
- `OVERLAY_CASES`: the user's card overlay: syntax, bad types, unknown ids, dangling regions and pieces.
"""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

PAGE = 4096


@dataclass(frozen=True)
class Case:
    id: str
    #: Writes the broken input into the folder (given the good input's bytes) and returns its path.
    build: Callable[[Path, bytes], Path]
    #: Environment variables the entry point runs with (config cases).
    env: tuple[tuple[str, str], ...] = ()


# --- databases ---------------------------------------------------------------------------------------------

DB_NAME = "companion.db"


def _db_bytes(make: Callable[[bytes], bytes]) -> Callable[[Path, bytes], Path]:
    def build(folder: Path, good: bytes) -> Path:
        path = folder / DB_NAME
        path.write_bytes(make(good))
        return path

    return build


def _db_sql(*statements: str) -> Callable[[Path, bytes], Path]:
    """A good database changed through SQL: the file is valid SQLite, the saved game inside is not."""

    def build(folder: Path, good: bytes) -> Path:
        path = folder / DB_NAME
        path.write_bytes(good)
        connection = sqlite3.connect(path, isolation_level=None)
        for statement in statements:
            connection.execute(statement)
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        connection.close()
        return path

    return build


def _random_bytes(size: int, seed: int) -> Callable[[bytes], bytes]:
    return lambda _good: random.Random(seed).randbytes(size)


def _truncated(keep: Callable[[int], int]) -> Callable[[bytes], bytes]:
    return lambda good: good[: keep(len(good))]


def _inverted_page(page: Callable[[int], int]) -> Callable[[bytes], bytes]:
    def make(good: bytes) -> bytes:
        start = page(len(good) // PAGE) * PAGE
        return good[:start] + bytes(b ^ 0xFF for b in good[start : start + PAGE]) + good[start + PAGE :]

    return make


def _scrambled_page(page: Callable[[int], int], seed: int) -> Callable[[bytes], bytes]:
    def make(good: bytes) -> bytes:
        start = page(len(good) // PAGE) * PAGE
        return good[:start] + random.Random(seed).randbytes(PAGE) + good[start + PAGE :]

    return make


def _foreign_db(folder: Path, _good: bytes) -> Path:
    path = folder / DB_NAME
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE recipes (name TEXT, minutes INTEGER)")
    connection.execute("INSERT INTO recipes VALUES ('scones', 25)")
    connection.commit()
    connection.close()
    return path


def _look_alike_db(folder: Path, _good: bytes) -> Path:
    """Another program's file with our table names and version, but other columns."""
    path = folder / DB_NAME
    connection = sqlite3.connect(path)
    for table in ("games", "actions", "snapshots"):
        connection.execute(f"CREATE TABLE {table} (payload BLOB)")
    connection.execute("PRAGMA user_version = 1")
    connection.commit()
    connection.close()
    return path


def _directory(folder: Path, _good: bytes) -> Path:
    path = folder / DB_NAME
    path.mkdir()
    (path / "photo.jpg").write_bytes(b"\xff\xd8\xff\xe0 not a database")
    return path


DB_CASES: tuple[Case, ...] = (
    Case("db-random-100-bytes", _db_bytes(_random_bytes(100, 1))),
    Case("db-random-one-page", _db_bytes(_random_bytes(PAGE, 2))),
    Case("db-random-ten-pages", _db_bytes(_random_bytes(10 * PAGE, 3))),
    Case("db-sqlite-header-only", _db_bytes(lambda good: good[:100])),
    Case("db-truncated-at-16", _db_bytes(_truncated(lambda n: 16))),
    Case("db-truncated-at-50", _db_bytes(_truncated(lambda n: 50))),
    Case("db-truncated-at-one-page", _db_bytes(_truncated(lambda n: PAGE))),
    Case("db-truncated-inside-page-2", _db_bytes(_truncated(lambda n: PAGE + 1000))),
    Case("db-truncated-at-half", _db_bytes(_truncated(lambda n: n // 2 // PAGE * PAGE))),
    Case("db-truncated-last-page", _db_bytes(_truncated(lambda n: n - PAGE))),
    Case("db-truncated-last-byte", _db_bytes(_truncated(lambda n: n - 1))),
    Case("db-inverted-page-1", _db_bytes(_inverted_page(lambda pages: 0))),
    Case("db-inverted-page-2", _db_bytes(_inverted_page(lambda pages: 1))),
    Case("db-inverted-middle-page", _db_bytes(_inverted_page(lambda pages: pages // 2))),
    Case("db-inverted-last-page", _db_bytes(_inverted_page(lambda pages: pages - 1))),
    Case("db-scrambled-page-2", _db_bytes(_scrambled_page(lambda pages: 1, 4))),
    Case("db-scrambled-last-page", _db_bytes(_scrambled_page(lambda pages: pages - 1, 5))),
    Case("db-foreign-sqlite", _foreign_db),
    Case("db-look-alike-tables", _look_alike_db),
    Case("db-newer-version", _db_sql("PRAGMA user_version = 99")),
    Case("db-directory-in-its-place", _directory),
    Case("db-record-setup-json", _db_sql("UPDATE games SET setup = '{\"players\": 2,' WHERE id = 1")),
    Case(
        "db-record-action-field",
        _db_sql("UPDATE actions SET action = replace(action, '\"type\"', '\"tYpe\"') WHERE game_id = 1 AND seq = 1"),
    ),
    Case("db-record-rng-text", _db_sql("UPDATE actions SET rng_after = 'twelve' WHERE game_id = 1 AND seq = 2")),
    Case(
        "db-record-illegal-action",
        _db_sql(
            'UPDATE actions SET action = \'{"type":"Move","vehicle":"tb9","to":"the-moon"}\''
            " WHERE game_id = 1 AND seq = 1"
        ),
    ),
    Case("db-record-missing-outcomes", _db_sql("UPDATE games SET setup_outcomes = '[]' WHERE id = 1")),
)


# --- exported games ------------------------------------------------------------------------------------------

EXPORT_NAME = "game.json"


def _export_text(make: Callable[[bytes], bytes]) -> Callable[[Path, bytes], Path]:
    def build(folder: Path, good: bytes) -> Path:
        path = folder / EXPORT_NAME
        path.write_bytes(make(good))
        return path

    return build


def _export_doc(change: Callable[[dict[str, Any]], Any]) -> Callable[[Path, bytes], Path]:
    def make(good: bytes) -> bytes:
        document = json.loads(good)
        replaced = change(document)
        return json.dumps(document if replaced is None else replaced, indent=2).encode()

    return _export_text(make)


def _without(key: str) -> Callable[[dict[str, Any]], Any]:
    def change(document: dict[str, Any]) -> None:
        del document[key]

    return change


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], Any]:
    return lambda document: document.update({key: value})


def _set_in_action(index: int, key: str, value: Any) -> Callable[[dict[str, Any]], Any]:
    return lambda document: document["actions"][index].update({key: value})


EXPORT_CASES: tuple[Case, ...] = (
    Case("export-empty", _export_text(lambda good: b"")),
    Case("export-truncated-at-1", _export_text(lambda good: good[:1])),
    Case("export-truncated-at-40", _export_text(lambda good: good[:40])),
    Case("export-truncated-at-half", _export_text(lambda good: good[: len(good) // 2])),
    Case("export-truncated-last-brace", _export_text(lambda good: good.rstrip()[:-1])),
    Case("export-not-utf8", _export_text(lambda good: b"\xff\xfe" + good[2:])),
    Case("export-random-bytes", _export_text(lambda good: random.Random(6).randbytes(len(good)))),
    Case("export-a-list", _export_doc(lambda document: [document])),
    Case("export-no-format", _export_doc(_without("format"))),
    Case("export-no-game", _export_doc(_without("game"))),
    Case("export-no-actions", _export_doc(_without("actions"))),
    Case("export-no-cursor", _export_doc(_without("cursor"))),
    Case("export-no-seed", _export_doc(_without("seed"))),
    Case("export-seed-text", _export_doc(_set("seed", "forty-two"))),
    Case("export-actions-object", _export_doc(_set("actions", {"1": "Move"}))),
    Case("export-cursor-negative", _export_doc(_set("cursor", -1))),
    Case(
        "export-cursor-past-the-end", _export_doc(lambda document: document.update(cursor=len(document["actions"]) + 1))
    ),
    Case("export-newer-format", _export_doc(_set("format", 99))),
    Case("export-seq-out-of-order", _export_doc(_set_in_action(0, "seq", 5))),
    Case("export-rng-too-big", _export_doc(_set_in_action(0, "rng_after", 1 << 64))),
    Case("export-negative-outcome", _export_doc(_set_in_action(0, "outcomes", [-1]))),
    Case("export-label-number", _export_doc(_set_in_action(0, "label", 3))),
    Case("export-unknown-game", _export_doc(_set("game", "chess"))),
    Case("export-setup-nine-players", _export_doc(_set("setup", {"players": 9}))),
    Case(
        "export-illegal-action",
        _export_doc(_set_in_action(0, "action", {"type": "Move", "vehicle": "tb9", "to": "the-moon"})),
    ),
    Case("export-unknown-action-type", _export_doc(_set_in_action(0, "action", {"type": "Teleport"}))),
)


# --- config files --------------------------------------------------------------------------------------------

CONFIG_NAME = "config.toml"


def _config(text: str | bytes) -> Callable[[Path, bytes], Path]:
    def build(folder: Path, _good: bytes) -> Path:
        path = folder / CONFIG_NAME
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
        return path

    return build


def _config_with_map(config: str, light_map: str) -> Callable[[Path, bytes], Path]:
    def build(folder: Path, _good: bytes) -> Path:
        (folder / "my-lights.toml").write_text(light_map, encoding="utf-8")
        path = folder / CONFIG_NAME
        path.write_text(config, encoding="utf-8")
        return path

    return build


CONFIG_CASES: tuple[Case, ...] = (
    Case("config-unclosed-section", _config('[general\nlanguage = "fr"\n')),
    Case("config-missing-value", _config("[general]\nlanguage =\n")),
    Case("config-unclosed-string", _config('[general]\nlanguage = "fr\n')),
    Case("config-duplicate-key", _config("[general]\nsounds = true\nsounds = false\n")),
    Case("config-not-utf8", _config(b'[general]\nlanguage = "\xff\xfe"\n')),
    Case("config-binary-garbage", _config(random.Random(7).randbytes(300))),
    Case("config-unknown-section", _config("[display]\nbrightness = 3\n")),
    Case("config-unknown-key", _config('[general]\nlanguage = "fr"\nvolume = 11\n')),
    Case("config-language-number", _config("[general]\nlanguage = 5\n")),
    Case("config-language-unknown", _config('[general]\nlanguage = "klingon"\n')),
    Case("config-keep-awake-text", _config('[general]\nkeep_awake = "yes"\n')),
    Case("config-section-not-table", _config("general = 3\n")),
    Case("config-backend-unknown", _config('[lights]\nbackend = "laser"\n')),
    Case("config-brightness-too-high", _config("[lights]\nbrightness = 2.5\n")),
    Case("config-baud-text", _config('[lights]\nbackend = "serial"\nbaud = "fast"\n')),
    Case("config-map-missing-file", _config('[lights]\nbackend = "serial"\nmap = "no-such-build"\n')),
    Case("config-map-wrong-backend", _config('[lights]\nbackend = "serial"\nmap = "gpio-direct"\n')),
    Case(
        "config-map-not-toml",
        _config_with_map('[lights]\nbackend = "serial"\nmap = "my-lights.toml"\n', 'chain = ["hood"\n'),
    ),
    Case(
        "config-map-unknown-led",
        _config_with_map(
            '[lights]\nbackend = "serial"\nmap = "my-lights.toml"\n',
            'backend = "serial"\nchain = ["hood", "disco-ball"]\n',
        ),
    ),
    Case("config-long-press-zero", _config("[buttons]\nlong_press = 0\n")),
    Case("config-button-pin-text", _config('[buttons]\nend_turn = "seven"\n')),
    Case("config-button-pin-99", _config("[buttons]\nend_turn = 99\n")),
    Case("config-button-reserved-eeprom", _config("[buttons]\nend_turn = 0\n")),
    Case("config-button-reserved-uart", _config("[buttons]\nroll = 14\n")),
    Case("config-buttons-share-a-pin", _config("[buttons]\nend_turn = 5\nroll = 5\n")),
    Case(
        "config-button-on-an-led-pin",
        _config('[gpio]\nserial_console = false\n[lights]\nbackend = "gpio"\n[buttons]\nend_turn = 4\n'),
    ),
    Case("config-lights-env-unknown", _config('[general]\nlanguage = "en"\n'), env=(("COMPANION_LIGHTS", "laser"),)),
)


# --- card overlay --------------------------------------------------------------------------------------------


def _overlay(file_name: str, text: str | bytes) -> Callable[[Path, bytes], Path]:
    def build(folder: Path, _good: bytes) -> Path:
        path = folder / file_name
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
        return path

    return build


def _disaster(fields: str, card: str = "pit-of-peril") -> Callable[[Path, bytes], Path]:
    return _overlay("disasters.toml", f'[[disaster]]\nid = "{card}"\n{fields}\n')


OVERLAY_CASES: tuple[Case, ...] = (
    Case("overlay-unclosed-table", _overlay("disasters.toml", '[[disaster]\nid = "pit-of-peril"\n')),
    Case("overlay-missing-value", _disaster("difficulty =")),
    Case("overlay-not-utf8", _overlay("disasters.toml", b'[[disaster]]\nid = "pit-of-peril"\nnote = "\xff"\n')),
    Case("overlay-difficulty-text", _disaster('difficulty = "eleven"')),
    Case("overlay-difficulty-99", _disaster("difficulty = 99")),
    Case("overlay-names-number", _disaster("names = 5")),
    Case("overlay-rewards-text", _disaster('rewards = "joker"')),
    Case("overlay-verified-text", _disaster('verified = "yes"')),
    Case("overlay-unknown-field", _disaster('colour = "red"')),
    Case("overlay-unknown-card", _disaster("difficulty = 9", card="no-such-card")),
    Case("overlay-id-not-kebab", _disaster("difficulty = 9", card="Pit Of Peril")),
    Case("overlay-missing-id", _overlay("disasters.toml", "[[disaster]]\ndifficulty = 9\n")),
    Case(
        "overlay-duplicate-card",
        _overlay("disasters.toml", '[[disaster]]\nid = "pit-of-peril"\n\n[[disaster]]\nid = "pit-of-peril"\n'),
    ),
    Case("overlay-dangling-region", _disaster('region = "atlantis"')),
    Case("overlay-dangling-bonus-character", _disaster('bonuses = [{ character = "parker-twin", value = 2 }]')),
    Case("overlay-dangling-bonus-region", _disaster('bonuses = [{ pod = "mole", value = 2, region = "atlantis" }]')),
    Case("overlay-table-not-list", _overlay("disasters.toml", '[disaster]\nid = "pit-of-peril"\n')),
    Case("overlay-unknown-table", _overlay("disasters.toml", '[[dragon]]\nid = "smaug"\n')),
    Case("overlay-shipped-only-table", _overlay("disasters.toml", '[[region]]\nid = "atlantis"\n')),
    Case("overlay-vehicle-speed-text", _overlay("vehicles.toml", '[[vehicle]]\nid = "tb1"\nspeed = "fast"\n')),
    Case("overlay-hood-track-length-0", _overlay("hood_track.toml", "[hood_track]\nlength = 0\n")),
    Case(
        "overlay-scheme-dangling-region",
        _overlay("schemes.toml", '[[scheme]]\nid = "voile-de-peur"\nregions = ["atlantis"]\n'),
    ),
    Case(
        "overlay-character-dangling-vehicle",
        _overlay("characters.toml", '[[character]]\nid = "scott"\nstart_vehicle = "tb9"\n'),
    ),
    Case(
        "overlay-event-unknown-effect",
        _overlay("events.toml", '[[event]]\nid = "the-hood-interferes"\neffects = [{ kind = "time-travel" }]\n'),
    ),
    Case("overlay-fab-names-list", _overlay("fab.toml", '[[fab]]\nid = "personal-hoverjet"\nnames = ["x"]\n')),
)

#: A card of each overlay file, for the card editor's attempt to change the broken file.
EDITABLE: dict[str, tuple[str, str]] = {
    "disasters.toml": ("disaster", "desperate-intruder"),
    "vehicles.toml": ("vehicle", "tb2"),
    "hood_track.toml": ("hood-track", "hood-track"),
    "schemes.toml": ("scheme", "l-ennemi-cache"),
    "characters.toml": ("character", "virgil"),
    "events.toml": ("event", "explosion-on-tracy-island"),
    "fab.toml": ("fab", "astronaut-spacewalk"),
}
