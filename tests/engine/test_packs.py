"""The pack registry: games listed from their declarations alone (folders under companion/games, the
`companion.packs` entry points), loaded on first use; a broken declaration named by file and line and skipped,
the other games still listed; and the shell, the lights and the engine never importing a pack."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

import companion
import companion.games
from companion.engine import registry
from companion.engine.errors import UnknownGame
from companion.engine.pack import BasicPack, PackInfo
from companion.paths import ROOT

PACKAGE_ROOT = Path(companion.__file__).resolve().parent

GOOD_INFO = """
from companion.engine.pack import PackInfo, Words

INFO = PackInfo(
    name="{name}",
    title=Words("Counting", "Compter", translated=frozenset({{"fr"}})),
    blurb=Words("Count to three.", "Comptez jusqu'à trois.", translated=frozenset({{"fr"}})),
    players=(1, 2),
    support="upkeep",
    hides_information=False,
    has_chance=False,
    options=(),
    load="{module}.pack:make_pack",
)
"""

PACK = """
from dataclasses import dataclass, replace

from companion.engine.codec import Codec
from companion.engine.pack import BasicPack


@dataclass(frozen=True)
class Count:
    value: int
    players: int = 1
    rng: int = 0


@dataclass(frozen=True)
class Step:
    pass


CODEC = Codec(state=Count, actions=(Step,))


class Rules:
    name = "{name}"
    state_format = 1

    def initial_state(self, setup, chance):
        return Count(0, int(setup.get("players", 1)))

    def apply(self, state, action, chance):
        return replace(state, value=state.value + 1), ()

    def legal_actions(self, state):
        return () if state.value >= 3 else (Step(),)

    def is_terminal(self, state):
        return state.value >= 3

    def describe(self, action, state):
        return "one more"

    encode_action = staticmethod(CODEC.encode_action)
    decode_action = staticmethod(CODEC.decode_action)
    encode_state = staticmethod(CODEC.encode_state)
    decode_state = staticmethod(CODEC.decode_state)

    def summary(self, state):
        return {{"players": state.players, "turn": state.value}}


def make_pack(info):
    return BasicPack(info, Rules())
"""


@pytest.fixture
def extra_games_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder searched for game packs like companion/games/ (the packs are real code, imported for real)."""
    folder = tmp_path / "games"
    folder.mkdir()
    monkeypatch.setattr(companion.games, "__path__", [*companion.games.__path__, str(folder)])
    registry.rescan()
    yield folder
    for name in [m for m in sys.modules if m.startswith(("companion.games.counting", "companion.games.broken"))]:
        del sys.modules[name]
    for name in ("counting", "broken"):
        registry.forget(name)
    registry.rescan()


def write_pack(folder: Path, name: str, module: str, info: str = GOOD_INFO) -> Path:
    pack = folder / name
    pack.mkdir()
    (pack / "__init__.py").write_text(info.format(name=name, module=module), encoding="utf-8")
    (pack / "pack.py").write_text(PACK.format(name=name), encoding="utf-8")
    return pack


def test_thunderbirds_is_listed_from_its_declaration() -> None:
    infos = {info.name: info for info in registry.available()}
    thunderbirds = infos["thunderbirds"]
    assert thunderbirds.title.text("en") == "Thunderbirds" and thunderbirds.players == (1, 4)
    assert thunderbirds.support == "rules" and not thunderbirds.hides_information
    assert [choice.value for choice in thunderbirds.option("difficulty").choices] == [
        "introduction",
        "standard",
        "heroic",
        "legendary",
    ]
    assert registry.pack("thunderbirds").info is thunderbirds
    assert registry.get("thunderbirds") is registry.pack("thunderbirds").rules


def test_listing_the_games_loads_no_rules() -> None:
    """Home and `companion games` list games from `INFO` alone: the rules load when a game is opened."""
    probe = textwrap.dedent(
        """
        import sys
        from companion.engine import registry
        import json
        names = [info.name for info in registry.available()]
        loaded = sorted(m for m in sys.modules if m.startswith("companion.games.") and m.count(".") > 2)
        print(json.dumps([names, loaded]))
        """
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True)
    names, loaded = json.loads(result.stdout)
    folders = sorted(p.parent.name for p in (ROOT / "companion" / "games").glob("*/__init__.py"))
    assert set(folders) <= set(names)
    assert loaded == []


def test_a_folder_pack_is_listed_then_loaded_on_first_use(extra_games_folder: Path) -> None:
    write_pack(extra_games_folder, "counting", "companion.games.counting")
    assert "counting" in [info.name for info in registry.available()]
    assert "companion.games.counting.pack" not in sys.modules
    pack = registry.pack("counting")
    assert isinstance(pack, BasicPack) and registry.pack("counting") is pack
    assert registry.get("counting") is pack.rules
    assert pack.saved_game_line({"players": 2, "turn": 1}).players == "2 players"


def test_a_broken_declaration_is_named_by_file_and_line_and_the_others_are_still_listed(
    extra_games_folder: Path,
) -> None:
    write_pack(extra_games_folder, "counting", "companion.games.counting")
    broken = extra_games_folder / "broken"
    broken.mkdir()
    (broken / "__init__.py").write_text('"""A pack with a typo."""\n\nINFO = PackInfo(name="broken",\n', "utf-8")
    names = [info.name for info in registry.available()]
    assert "counting" in names and "thunderbirds" in names and "broken" not in names
    (problem,) = [p for p in registry.problems() if p.name == "broken"]
    assert problem.file == str(broken / "__init__.py") and problem.line == 3
    assert str(problem).startswith(f"{broken / '__init__.py'}:3: SyntaxError")
    with pytest.raises(UnknownGame):
        registry.pack("broken")


def test_a_declaration_whose_field_is_wrong_names_the_line(extra_games_folder: Path) -> None:
    write_pack(extra_games_folder, "broken", "companion.games.broken", GOOD_INFO.replace("(1, 2)", "(3, 1)"))
    (problem,) = [p for p in registry.problems() if p.name == "broken"]
    assert problem.file.endswith("__init__.py") and problem.line is not None
    assert "player range (3, 1) is not a range" in problem.message


def test_a_pack_installed_as_a_distribution_is_found_by_its_entry_point(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The `companion.packs` entry-point group, as gpiozero finds its pin factories: a real dist-info folder."""
    site = tmp_path / "site"
    site.mkdir()
    write_pack(site, "counting_ep", "counting_ep")
    dist = site / "counting_ep-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: counting-ep\nVersion: 1.0\n", "utf-8")
    (dist / "entry_points.txt").write_text("[companion.packs]\ncounting_ep = counting_ep:INFO\n", "utf-8")
    monkeypatch.syspath_prepend(str(site))
    registry.rescan()
    try:
        assert "counting_ep" in [info.name for info in registry.available()]
        assert registry.get("counting_ep").name == "counting_ep"
    finally:
        registry.forget("counting_ep")
        for name in [m for m in sys.modules if m.startswith("counting_ep")]:
            del sys.modules[name]
        monkeypatch.undo()
        registry.rescan()


def test_a_pack_registered_by_hand_is_listed_and_forgotten() -> None:
    info = PackInfo(
        name="by_hand",
        title=companion.engine.pack.Words("By hand", "À la main"),
        blurb=companion.engine.pack.Words("A test.", "Un test."),
        players=(2, 2),
        support="kit",
        hides_information=False,
        has_chance=False,
        options=(),
        load="nowhere:make_pack",
    )
    registry.register_pack(info)
    try:
        assert registry.info("by_hand") is info and info.players_label() == "2 players"
    finally:
        registry.forget("by_hand")
    assert not registry.is_installed("by_hand")


@pytest.mark.parametrize(
    "changes",
    [{"name": "Bad Name"}, {"players": (0, 2)}, {"support": "magic"}, {"load": "no_colon"}],
    ids=["name", "players", "support", "load"],
)
def test_a_pack_info_refuses_what_cannot_be(changes: dict[str, object]) -> None:
    fields: dict[str, object] = {
        "name": "fine",
        "title": companion.engine.pack.Words("Fine", "Bien"),
        "blurb": companion.engine.pack.Words("Fine.", "Bien."),
        "players": (1, 2),
        "support": "upkeep",
        "hides_information": False,
        "has_chance": False,
        "options": (),
        "load": "fine.pack:make_pack",
    }
    with pytest.raises(ValueError):
        PackInfo(**{**fields, **changes})


# --- the shell knows no pack --------------------------------------------------------------------------------


def imported_modules(path: Path) -> Iterator[tuple[str, int]]:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module, node.lineno
            for alias in node.names:
                yield f"{node.module}.{alias.name}", node.lineno


SHELL = [
    *sorted((PACKAGE_ROOT / "ui").rglob("*.py")),
    *sorted((PACKAGE_ROOT / "devices").rglob("*.py")),
    *sorted((PACKAGE_ROOT / "engine").rglob("*.py")),
    *sorted((PACKAGE_ROOT / "locale").glob("*.py")),
    *sorted(path for path in PACKAGE_ROOT.glob("*.py") if path.name != "__init__.py"),
]


def test_the_shell_the_lights_and_the_engine_never_import_a_pack() -> None:
    """They reach games through the registry alone; `companion.games` itself is only the folder it lists, and the
    kit (the pack made from a TOML file) is a pack like the others: found through the registry too."""
    offenders = [
        f"{path.relative_to(PACKAGE_ROOT.parent)}:{line}: {module}"
        for path in SHELL
        for module, line in imported_modules(path)
        if module.startswith(("companion.games.", "companion.kit"))
    ]
    assert offenders == []
    assert len(SHELL) > 60
    assert {"cli.py", "config.py", "exports.py", "imports.py", "backup.py", "files.py"} <= {p.name for p in SHELL}
