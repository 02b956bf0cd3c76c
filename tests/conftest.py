"""Every test runs with its own state, data and config directories, so nothing touches the user's files.

From the start of the run, before any test module is imported, the companion's directories are the run's own
(`pytest_configure`): what a module reads at import or a parametrised test at collection never comes from the
user's. Each test then gets directories of its own (`isolated_dirs`) and starts as in a new process
(`fresh_process_state`): the registry's scan and packs, the definitions read with a data directory's overlays,
the language and the configured state directory are forgotten, and a pack a test registered is gone after it.

Which tests need a screen is decided here, not by memory. A test gets a screen only from a fixture:
`xvfb_display` (the session's virtual screen) or `xvfb_program` (Xvfb itself, for a test that starts its own:
the demo, a screen of a panel's exact size). Using one, directly or through another fixture, marks the test `ui`.
Every other test, and every fixture set up for it, runs with no screen at all: no DISPLAY, and `Xvfb`/`xvfb-run`
on PATH are stand-ins that fail the test. So `pytest -m "not ui"` needs no Xvfb, and a window opened behind the
fixtures' back fails in every run.
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion.ui.xvfb import XvfbError, start_xvfb, stop_xvfb

#: The fixtures a test gets a screen from; a test using any of them is marked `ui`.
SCREEN_FIXTURES = frozenset({"xvfb_display", "xvfb_program"})
#: The fixtures a test gets a program of a Debian package from (`make test` installs them, `make test-fast`
#: promises none), each with its program; a test using any of them is marked `tools`.
TOOL_FIXTURES = {"shellcheck": "shellcheck", "systemd_analyze": "systemd-analyze", "chromium": "chromium"}
TOOLS_MARK = "tools"
#: The programs a test without a screen finds only as stand-ins that fail it.
SCREEN_PROGRAMS = ("Xvfb", "xvfb-run")
SCREEN_VARIABLES = ("DISPLAY", "WAYLAND_DISPLAY")

#: pytest's own tester, for tests/test_marks.py: the marking above is checked on small test files.
pytest_plugins = ["pytester", "depth", "workers"]

#: The variables naming the companion's own directories and files (and Kivy's), each with its folder or file in a
#: directory of the test's (or, before the first test, of the run's) own.
PRIVATE_DIRECTORIES = (
    ("COMPANION_STATE_DIR", "state"),
    ("COMPANION_DATA_DIR", "data"),
    ("COMPANION_CONFIG_DIR", "config"),
    ("KIVY_HOME", "kivy"),
)
PRIVATE_CONFIG = ("COMPANION_CONFIG", "config/config.toml")
#: Where the run's own directories were made, and the environment they replaced (`pytest_unconfigure`).
_RUN_DIRECTORIES = pytest.StashKey[tuple[Path, dict[str, str | None]]]()


def make_private_directories(base: Path) -> dict[str, str]:
    """Empty state, data, config and Kivy directories under `base`, and an empty config file: a file
    COMPANION_CONFIG names must exist, and naming one keeps the machine's own /etc/companion/config.toml out."""
    environment = {}
    for name, sub in PRIVATE_DIRECTORIES:
        (base / sub).mkdir(parents=True)
        environment[name] = str(base / sub)
    name, file = PRIVATE_CONFIG
    (base / file).write_text("", encoding="utf-8")
    environment[name] = str(base / file)
    return environment


def pytest_configure(config: pytest.Config) -> None:
    """Before any test module is imported, the companion's directories are the run's own, so a module that reads
    them at import (a `default_definitions()` with the user's overlay, a game list from the user's kits, Kivy
    writing its home) reads empty ones; a tool a test needs is marked as the screen is."""
    config.addinivalue_line("markers", f"{TOOLS_MARK}: needs a program `make test` installs (tools/system-deps.sh)")
    base = Path(tempfile.mkdtemp(prefix="companion-run-"))
    environment = make_private_directories(base)
    config.stash[_RUN_DIRECTORIES] = (base, {name: os.environ.get(name) for name in environment})
    os.environ.update(environment)


def pytest_unconfigure(config: pytest.Config) -> None:
    base, previous = config.stash.get(_RUN_DIRECTORIES, (None, {}))
    for name, value in previous.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
    if base is not None:
        shutil.rmtree(base, ignore_errors=True)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Marks `ui` every test that uses a screen fixture, and `tools` every test that uses a tool's fixture, before
    `-m` selects."""
    for mark, fixtures in (("ui", SCREEN_FIXTURES), (TOOLS_MARK, frozenset(TOOL_FIXTURES))):
        by_hand = [item.nodeid for item in items if item.get_closest_marker(mark) is not None]
        if by_hand:
            raise pytest.UsageError(
                f"the `{mark}` mark comes from the fixtures a test uses (tests/conftest.py), never by hand: "
                + ", ".join(by_hand)
            )
        for item in items:
            if fixtures.intersection(getattr(item, "fixturenames", ())):
                item.add_marker(mark)


#: The environment the run started with: what a `ui` test and the screen fixtures get back.
REAL_ENVIRONMENT = {name: os.environ.get(name) for name in ("PATH", *SCREEN_VARIABLES)}


def _restore(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in REAL_ENVIRONMENT.items():
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)


@dataclass
class StandIns:
    """The stand-ins' record: one line per run of a screen program, and how many bytes of it were reported."""

    calls: Path
    reported: int = 0


@pytest.fixture(scope="session", autouse=True)
def screenless(tmp_path_factory: pytest.TempPathFactory) -> Iterator[StandIns]:
    """From the first fixture of the run on (module and session ones too), no DISPLAY and, first on PATH,
    stand-ins for the screen programs that note they were run, say why they fail, and fail. `ui` tests get the
    real environment back (`screen_for_ui`)."""
    folder = tmp_path_factory.mktemp("screenless-bin")
    calls = folder / "calls"
    calls.touch()
    for name in SCREEN_PROGRAMS:
        program = folder / name
        program.write_text(
            "#!/bin/sh\n"
            f'echo "$PYTEST_CURRENT_TEST" >> "{calls}"\n'
            f'echo "{name}: this test is not marked ui; take the screen from a fixture (tests/conftest.py)" >&2\n'
            "exit 1\n",
            encoding="utf-8",
        )
        program.chmod(program.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    with pytest.MonkeyPatch.context() as monkeypatch:
        for name in SCREEN_VARIABLES:
            monkeypatch.delenv(name, raising=False)
        monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ.get('PATH', '')}")
        yield StandIns(calls)


@pytest.fixture(autouse=True)
def screen_for_ui(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch, screenless: StandIns
) -> Iterator[None]:
    """A `ui` test runs in the real environment; any other test (or a fixture set up for it) that ran a screen
    program fails, naming the rule."""
    if request.node.get_closest_marker("ui") is not None:
        _restore(monkeypatch)
    yield
    size = screenless.calls.stat().st_size
    if size != screenless.reported:
        screenless.reported = size
        pytest.fail(
            "this test started Xvfb but is not marked ui: take the screen from the xvfb_display or xvfb_program "
            "fixture (tests/conftest.py), which marks it"
        )


@pytest.fixture(scope="session")
def xvfb_display() -> Iterator[str]:
    """The session's virtual screen (Xvfb), big enough for every window size the app is checked at."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        _restore(monkeypatch)
        try:
            process, display = start_xvfb()
        except XvfbError as error:
            pytest.fail(f"{error} (make test installs it: tools/system-deps.sh test)")
    try:
        yield display
    finally:
        stop_xvfb(process)


@pytest.fixture(scope="session")
def xvfb_program() -> str:
    """Xvfb's path, for a test that starts a screen of its own (the demo does; a panel's exact size)."""
    path = shutil.which("Xvfb", path=REAL_ENVIRONMENT["PATH"])
    if path is None:
        pytest.fail("Xvfb is not installed (make test installs it: tools/system-deps.sh test)")
    return path


def _tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.fail(f"{name} is not installed (make test installs it: tools/system-deps.sh test)")
    return path


@pytest.fixture(scope="session")
def shellcheck() -> str:
    """shellcheck's path (Debian's shellcheck); a test using it is marked `tools`."""
    return _tool(TOOL_FIXTURES["shellcheck"])


@pytest.fixture(scope="session")
def systemd_analyze() -> str:
    """systemd-analyze's path (Debian's systemd); a test using it is marked `tools`."""
    return _tool(TOOL_FIXTURES["systemd_analyze"])


@pytest.fixture(scope="session")
def chromium() -> str:
    """Debian's Chromium (the web views' browser tests drive it with Playwright); a test using it is marked `tools`."""
    return _tool(TOOL_FIXTURES["chromium"])


@pytest.fixture(autouse=True)
def isolated_dirs(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The test's own directories and (empty) config file; a test writes its own config over it."""
    base = tmp_path_factory.mktemp("companion-home")
    for name, value in make_private_directories(base).items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("KIVY_NO_ARGS", "1")
    monkeypatch.setenv("KIVY_NO_CONSOLELOG", "1")
    yield base


def forget_process_state() -> None:
    """Forgets what one test leaves in the process that depends on its directories or its choices: the
    registry's scan and the packs it made (kits and overlays of a data directory), the definitions each pack's
    loader read with an overlay (`forget_loaded_data`; what the shipped files alone gave is the same in every
    test's empty directories, and is kept), the configured state directory and the language. Caches that are a
    function of their arguments alone (codecs' type hints, odds, grids, tables of given definitions) are kept:
    they cannot carry one test's files into another."""
    from companion import locale, paths
    from companion.engine import registry
    from companion.engine.data.files import forget_loaded_data

    registry.forget_scanned()
    forget_loaded_data(keep_shipped_only=True)
    paths.use_state_dir(None)
    if locale.language() != "en":
        locale.set_language("en")


def _registered() -> tuple[frozenset[str], frozenset[str]]:
    from companion.engine import registry

    return frozenset(registry.registered_packs()), frozenset(registry.registered())


def _forget_registered_since(before: tuple[frozenset[str], frozenset[str]]) -> None:
    from companion.engine import registry

    packs, rules = _registered()
    for name in (packs - before[0]) | (rules - before[1]):
        registry.forget(name)


@pytest.fixture(scope="module", autouse=True)
def module_registrations() -> Iterator[None]:
    """A pack or rules a module's fixture registered are gone after the module."""
    before = _registered()
    yield
    _forget_registered_since(before)


@pytest.fixture(autouse=True)
def fresh_process_state(isolated_dirs: Path) -> Iterator[None]:
    """Each test starts as in a new process (`forget_process_state`), and a pack or rules it registered are gone
    after it (a module's fixture's stay for the module)."""
    before = _registered()
    forget_process_state()
    yield
    _forget_registered_since(before)
    forget_process_state()


@pytest.fixture
def project(pytester: pytest.Pytester) -> pytest.Pytester:
    """A test folder run by pytest itself (pytester), with this conftest and the marks helper, `ui` and `slow`
    declared as here: how a rule of this file is shown on small test files."""
    here = Path(__file__).resolve().parent
    pytester.makeconftest((here / "conftest.py").read_text(encoding="utf-8"))
    tests_package = pytester.path / "tests"
    tests_package.mkdir()
    shutil.copy(here / "marks.py", tests_package / "marks.py")
    pytester.makeini(
        "[pytest]\naddopts = --strict-markers -p no:cacheprovider\nmarkers =\n    ui: window\n    slow: slow\n"
    )
    pytester.syspathinsert()
    return pytester


@pytest.fixture
def french() -> Iterator[None]:
    """French for the test (every catalogue compiled first), English again after it."""
    from companion import locale
    from companion.locale import build

    build.main()
    locale.set_language("fr")
    yield
    locale.set_language("en")
