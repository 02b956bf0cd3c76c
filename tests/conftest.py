"""Every test runs with its own state, data and config directories, so nothing touches the user's files.

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
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion.ui.xvfb import XvfbError, start_xvfb, stop_xvfb

#: The fixtures a test gets a screen from; a test using any of them is marked `ui`.
SCREEN_FIXTURES = frozenset({"xvfb_display", "xvfb_program"})
#: The programs a test without a screen finds only as stand-ins that fail it.
SCREEN_PROGRAMS = ("Xvfb", "xvfb-run")
SCREEN_VARIABLES = ("DISPLAY", "WAYLAND_DISPLAY")

#: pytest's own tester, for tests/test_marks.py: the marking above is checked on small test files.
pytest_plugins = ["pytester", "depth", "workers"]


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Marks `ui` every test that uses a screen fixture, before `-m` selects."""
    by_hand = [item.nodeid for item in items if item.get_closest_marker("ui") is not None]
    if by_hand:
        raise pytest.UsageError(
            "the `ui` mark comes from the screen fixtures a test uses (tests/conftest.py), never by hand: "
            + ", ".join(by_hand)
        )
    for item in items:
        if SCREEN_FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.ui)


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
    # An empty config file (every default): a file COMPANION_CONFIG names must exist, and naming one keeps the
    # machine's own /etc/companion/config.toml out of the tests. A test writes its own over it.
    (base / "config" / "config.toml").write_text("", encoding="utf-8")
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
