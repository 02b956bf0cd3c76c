"""The four leaks of issue 21, each shown as it happened: what one test (or the user's own files) left behind was
found by another. The in-process ones run small test files under this suite's own conftest (pytester)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap

import pytest
from packs import drill_games

from companion.paths import ROOT

HOSTILE_HOME = ROOT / "tools" / "hostile_home.py"
WITHOUT_TOOLS = ROOT / "tools" / "without-xvfb.sh"
FOREIGN_GAME = "gem_hunt"  # the kit tools/hostile_home.py puts in the user's data directory


def kit_named(name: str) -> str:
    """A valid kit file of another name: the shipped dice race's."""
    return (
        (ROOT / "data" / "kits" / "dice_race.toml")
        .read_text(encoding="utf-8")
        .replace('name = "dice_race"', f'name = "{name}"', 1)
    )


def test_a_kit_in_the_users_data_directory_is_never_collected() -> None:
    """(a) The drills over every game were collected from the user's data directory, before any fixture: a kit
    added with `companion kit add` became a test that failed (`There is no game called gem_hunt`). And a module
    importing Kivy wrote the user's Kivy home at collection (its config.ini rewritten, icons and a log added)."""
    result = subprocess.run(
        [
            sys.executable,
            str(HOSTILE_HOME),
            "--collect-only",
            "-q",
            "tests/conformance/test_every_pack.py",
            "tests/ui/test_led_strip_timing.py",  # imports Kivy, which writes its home
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "hostile-home: pytest exited 0; 0 files of the home changed" in result.stderr
    games = {match.group(1) for match in re.finditer(r"::\w+\[(\w+)\]$", result.stdout, re.MULTILINE)}
    assert FOREIGN_GAME not in games
    assert games == set(drill_games())
    assert {"dice_race", "federation", "handgame", "thunderbirds"} <= games


def test_a_kit_added_in_one_test_is_found_though_an_earlier_test_listed_the_games(project: pytest.Pytester) -> None:
    """(b) The registry kept its scan from one test's data directory to the next: a kit a later test put in its
    own (as the app does, from a USB stick) was `UnknownGame` there, though a new process finds it."""
    project.makepyfile(
        test_ordered=textwrap.dedent(
            f"""
            from companion.engine import registry
            from companion.kit.catalogue import user_kits_dir

            def test_one_lists_the_games():
                assert {FOREIGN_GAME!r} not in {{info.name for info in registry.available()}}

            def test_two_finds_the_kit_it_added():
                user_kits_dir().mkdir(parents=True)
                (user_kits_dir() / "{FOREIGN_GAME}.toml").write_text({kit_named(FOREIGN_GAME)!r}, encoding="utf-8")
                assert registry.pack({FOREIGN_GAME!r}).info.name == {FOREIGN_GAME!r}

            def test_three_has_no_kit_of_the_test_before():
                assert {FOREIGN_GAME!r} not in {{info.name for info in registry.available()}}
            """
        )
    )
    project.runpytest("-q").assert_outcomes(passed=3)


def test_a_pack_and_rules_registered_by_a_test_are_gone_after_it(project: pytest.Pytester) -> None:
    """(c) A test pack registered in-process (`handgame`) stayed for every later test, and so did rules a test
    registered; a module's fixture's stay for its module only."""
    project.makepyfile(
        test_registers=textwrap.dedent(
            f"""
            import sys

            sys.path.insert(0, {str(ROOT / "tests")!r})
            from packs.handgame import INFO
            from companion.engine import registry

            class Rules:
                name = "tally_by_hand"

            def test_registers_the_test_pack_and_rules():
                registry.register_pack(INFO)
                registry.register(Rules())
                assert registry.is_installed("handgame") and "tally_by_hand" in registry.registered()

            def test_finds_neither():
                assert not registry.is_installed("handgame")
                assert "handgame" not in registry.registered_packs()
                assert "tally_by_hand" not in registry.registered()
            """
        ),
        test_module_fixture=textwrap.dedent(
            f"""
            import sys

            import pytest

            sys.path.insert(0, {str(ROOT / "tests")!r})
            from packs.handgame import INFO
            from companion.engine import registry

            @pytest.fixture(scope="module")
            def installed():
                registry.register_pack(INFO)

            def test_one_of_the_module(installed):
                assert registry.is_installed("handgame")

            def test_two_of_the_module(installed):
                assert registry.is_installed("handgame")
            """
        ),
        test_z_after_the_module=textwrap.dedent(
            """
            from companion.engine import registry

            def test_finds_no_pack_of_the_modules_before():
                assert not registry.is_installed("handgame")
            """
        ),
    )
    project.runpytest("-q").assert_outcomes(passed=5)


def test_the_fast_loop_passes_without_shellcheck_or_systemd_analyze() -> None:
    """(d) `make test-fast` promises no Debian package, yet ran the installer's shellcheck test: where shellcheck
    is not installed it failed. The tests that call a Debian tool are marked `tools` and left out of it. Here the
    fast loop's own selection (read from the Makefile) runs, on a PATH without the tools, the module of the
    systemd unit's checks and the installer's shellcheck test (the rest of its module calls no tool: `make
    test-fast` runs it, and `tools/without-xvfb.sh make test-fast` the whole loop)."""
    [selection] = re.findall(r'^test-fast:.*?-m "([^"]+)"', (ROOT / "Makefile").read_text(), re.MULTILINE | re.DOTALL)
    modules = ["tests/system/test_service_unit.py", "tests/system/test_installer.py::test_installer_passes_shellcheck"]
    result = subprocess.run(
        [str(WITHOUT_TOOLS), sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", selection, *modules],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=600,
        check=False,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "is not installed" not in output
    assert re.search(r"\b\d+ passed, \d+ deselected\b", output), output


def test_a_test_using_a_tool_is_marked_tools_and_a_mark_by_hand_is_refused(project: pytest.Pytester) -> None:
    project.makepyfile(
        test_tools=textwrap.dedent(
            """
            import pytest

            def test_lints(shellcheck):
                pass

            @pytest.fixture
            def unit_check(systemd_analyze):
                return systemd_analyze

            def test_verifies_through_another_fixture(unit_check):
                pass

            def test_needs_no_tool():
                pass
            """
        )
    )
    tools = project.runpytest("--collect-only", "-q", "-m", "tools")
    assert sorted(line.split("::")[1] for line in tools.outlines if "::" in line) == [
        "test_lints",
        "test_verifies_through_another_fixture",
    ]
    project.makepyfile(
        test_by_hand="""
        import pytest

        @pytest.mark.tools
        def test_remembered_to_mark_it():
            pass
        """
    )
    result = project.runpytest("--collect-only", "-q")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*never by hand*test_remembered_to_mark_it*"])
