"""How tests are marked: `ui` from the screen fixtures a test uses, never by hand; a test without the mark has
no screen and fails if it starts Xvfb; `slow` from a folder's declared list. Checked on small test files run by
pytest itself (pytester) with the project's root conftest."""

from __future__ import annotations

import textwrap

import pytest

SCREEN_USERS = """
import pytest

@pytest.fixture
def app_report(xvfb_display):
    return xvfb_display

def test_takes_the_screen(xvfb_display):
    pass

def test_takes_it_through_another_fixture(app_report):
    pass

def test_starts_its_own_screen(xvfb_program):
    pass

def test_needs_no_screen():
    pass
"""


def test_a_test_using_a_screen_fixture_is_marked_ui_and_the_others_are_not(project: pytest.Pytester) -> None:
    project.makepyfile(test_screens=SCREEN_USERS)
    ui = project.runpytest("--collect-only", "-q", "-m", "ui")
    assert sorted(line.split("::")[1] for line in ui.outlines if "::" in line) == [
        "test_starts_its_own_screen",
        "test_takes_it_through_another_fixture",
        "test_takes_the_screen",
    ]
    fast = project.runpytest("--collect-only", "-q", "-m", "not ui")
    assert [line.split("::")[1] for line in fast.outlines if "::" in line] == ["test_needs_no_screen"]


def test_a_ui_mark_by_hand_is_refused(project: pytest.Pytester) -> None:
    project.makepyfile(
        test_by_hand="""
        import pytest

        @pytest.mark.ui
        def test_remembered_to_mark_it():
            pass
        """
    )
    result = project.runpytest("--collect-only", "-q")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*never by hand*test_remembered_to_mark_it*"])


def test_a_test_without_the_mark_has_no_screen_and_fails_when_it_starts_xvfb(
    project: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    project.makepyfile(
        test_behind_the_back=textwrap.dedent(
            """
            import os
            import shutil
            import subprocess

            import pytest

            @pytest.fixture(scope="module")
            def own_screen():
                subprocess.run(["Xvfb", ":98"], capture_output=True, timeout=30)
                return ":98"

            def test_sees_no_display():
                assert "DISPLAY" not in os.environ and "WAYLAND_DISPLAY" not in os.environ

            def test_starts_xvfb_itself():
                subprocess.run([shutil.which("Xvfb"), ":99"], capture_output=True, timeout=30)

            def test_starts_it_through_xvfb_run():
                subprocess.run(["xvfb-run", "true"], capture_output=True, timeout=30)

            def test_takes_a_screen_a_module_fixture_started(own_screen):
                pass
            """
        )
    )
    result = project.runpytest("-q")
    # The three that start it (one through a module's fixture, set up before any of the test's own) pass their
    # own checks and fail at the teardown that looks for it.
    result.assert_outcomes(passed=4, errors=3)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["*started Xvfb but is not marked ui*"])


def test_slow_modules_are_named_by_their_folders_conftest_and_checked(project: pytest.Pytester) -> None:
    drills = project.mkpydir("pretend_drills")  # a name no real test folder has: modules are imported in-process
    (drills / "conftest.py").write_text(
        textwrap.dedent(
            """
            from pathlib import Path
            import pytest
            from tests.marks import mark_modules

            SLOW = {"test_long.py": "a long drill"}

            @pytest.hookimpl(tryfirst=True)
            def pytest_collection_modifyitems(items):
                mark_modules(items, Path(__file__).resolve().parent, SLOW, pytest.mark.slow)
            """
        ),
        encoding="utf-8",
    )
    (drills / "test_long.py").write_text("def test_long():\n    pass\n", encoding="utf-8")
    (drills / "test_short.py").write_text("def test_short():\n    pass\n", encoding="utf-8")
    fast = project.runpytest("--collect-only", "-q", "-m", "not slow")
    assert [line for line in fast.outlines if "::" in line] == ["pretend_drills/test_short.py::test_short"]

    (drills / "test_long.py").rename(drills / "test_longer.py")
    renamed = project.runpytest("--collect-only", "-q")
    assert renamed.ret == pytest.ExitCode.USAGE_ERROR
    renamed.stderr.fnmatch_lines(["*names modules that do not exist: test_long.py*"])
