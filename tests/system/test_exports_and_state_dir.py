"""Where the app keeps its games and where a one-tap export goes."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from companion import paths
from companion.config import load_config
from companion.exports import export_directory, export_file_name, removable_drives


@pytest.fixture
def configured_state_dir() -> object:
    yield
    paths.use_state_dir(None)


def test_the_environment_wins_over_the_config_file_which_wins_over_the_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, configured_state_dir: object
) -> None:
    from_config = tmp_path / "from-config"
    paths.use_state_dir(from_config)
    monkeypatch.setenv("COMPANION_STATE_DIR", str(tmp_path / "from-env"))
    assert paths.state_dir() == tmp_path / "from-env"
    monkeypatch.delenv("COMPANION_STATE_DIR")
    assert paths.state_dir() == from_config
    paths.use_state_dir(None)
    assert paths.state_dir() not in (from_config, tmp_path / "from-env")


def test_a_relative_state_dir_in_the_config_file_is_beside_the_file(tmp_path: Path) -> None:
    config = tmp_path / "etc" / "config.toml"
    config.parent.mkdir()
    config.write_text('[general]\nstate_dir = "games"\n', encoding="utf-8")
    assert load_config(config, {}, 15).general.state_dir == tmp_path / "etc" / "games"
    config.write_text('[general]\nstate_dir = "/srv/companion"\n', encoding="utf-8")
    assert load_config(config, {}, 15).general.state_dir == Path("/srv/companion")


def mounts_line(device: str, mount_point: Path, fs: str = "vfat", options: str = "rw,nosuid,nodev") -> str:
    escaped = str(mount_point).replace(" ", "\\040")
    return f"{device} {escaped} {fs} {options} 0 0"


def test_a_writable_usb_stick_is_found_and_read_only_or_other_mounts_are_not(tmp_path: Path) -> None:
    media = tmp_path / "media"
    stick = media / "pi" / "MY STICK"
    locked = media / "pi" / "LOCKED"
    stick.mkdir(parents=True)
    locked.mkdir(parents=True)
    text = "\n".join(
        [
            mounts_line("/dev/mmcblk0p2", Path("/"), "ext4", "rw,noatime"),
            mounts_line("/dev/sda1", stick),
            mounts_line("/dev/sdb1", locked, options="ro,nosuid"),
            mounts_line("/dev/sdc1", media / "pi" / "unplugged"),  # listed but gone
            "garbage",
        ]
    )
    roots = (str(media) + "/",)
    assert removable_drives(text, roots) == [stick]
    assert export_directory(text, roots) == stick


def test_without_a_stick_exports_go_to_the_state_directory(tmp_path: Path) -> None:
    text = mounts_line("/dev/mmcblk0p2", Path("/"), "ext4", "rw")
    assert export_directory(text, (str(tmp_path / "media") + "/",)) == paths.state_dir() / "exports"


def test_export_file_names_sort_by_game_then_time_and_suit_fat_drives() -> None:
    moment = datetime(2026, 11, 22, 14, 3, 9, tzinfo=UTC)
    name = export_file_name("thunderbirds", 12, moment)
    assert name == "thunderbirds-game-12-20261122-140309.json"
    assert not set(name) & set('<>:"/\\|?* ')


def test_an_imported_game_may_not_point_at_a_folder_of_the_machine_it_came_from(tmp_path: Path) -> None:
    import json

    from companion.engine import registry
    from companion.engine.errors import SaveFileError
    from companion.engine.session import Session
    from companion.engine.store import Store

    with Store.open(tmp_path / "here.db") as store:
        session = Session.new(store, registry.get("thunderbirds"), {"players": 2, "difficulty": "introduction"}, 5)
        exported = tmp_path / "game.json"
        store.export_game(session.game_id, exported)
        document = json.loads(exported.read_text(encoding="utf-8"))
        document["setup"]["data_dir"] = "/home/someone/cards"
        crafted = tmp_path / "crafted.json"
        crafted.write_text(json.dumps(document), encoding="utf-8")
        before = store.list_games()
        with pytest.raises(SaveFileError) as refused:
            store.import_game(crafted)
        assert "crafted.json" in refused.value.message and "setup.data_dir" in refused.value.message
        assert store.list_games() == before
        assert store.import_game(exported) != session.game_id  # the same game without it imports


def test_the_general_section_alone_is_read_without_the_hardware_sections(tmp_path: Path) -> None:
    from companion.config import load_general_or_default

    config = tmp_path / "config.toml"
    # A light map that does not exist: the full load refuses it, the general section still reads.
    config.write_text(
        '[general]\nlanguage = "fr"\nstate_dir = "games"\n[lights]\nbackend = "gpio"\nmap = "nowhere"\n',
        encoding="utf-8",
    )
    general = load_general_or_default(config, {})
    assert (general.language, general.state_dir) == ("fr", tmp_path / "games")
    config.write_text('[general]\nlanguage = "de"\n', encoding="utf-8")
    assert load_general_or_default(config, {}).language == "en"  # a broken [general]: the defaults
