"""The docs' commands that tests/system/test_docs_commands.py leaves to another test of `make test`
(`RUN_ELSEWHERE`, tests/system/doc_commands.py: a demo is played once a run). Each is still shown by the docs, its
named test exists, and that test runs it: `python -m companion` with every word of the command (through the
Makefile's recipe for `make demo`), as strings of the test's own code (its body, its parameters, the functions and
constants of its module it uses); only `--out`'s folder is its own. A `make` command's other recipe lines are run
by a make command that test_docs_commands.py does run."""

from __future__ import annotations

import ast
import shlex

import pytest

from companion.paths import ROOT
from tests.system.doc_commands import RUN_ELSEWHERE, companion_words, make_recipe, read_docs

MAKEFILE = (ROOT / "Makefile").read_text(encoding="utf-8")


def strings_of(node_id: str) -> set[str]:
    """The strings a test's code holds: its function with its decorators, and, followed by name, the functions
    and constants of its module that it uses."""
    path, name = node_id.split("::")
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    named: dict[str, ast.AST] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            named[node.name] = node
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            named.update({target.id: node for target in targets if isinstance(target, ast.Name)})
    assert isinstance(named.get(name), ast.FunctionDef), f"{node_id}: no such test"
    found: set[str] = set()
    seen: set[str] = set()
    waiting = [name]
    while waiting:
        current = waiting.pop()
        if current in seen or current not in named:
            continue
        seen.add(current)
        for child in ast.walk(named[current]):
            if isinstance(child, ast.Constant) and isinstance(child.value, str):
                found.add(child.value)
            elif isinstance(child, ast.Name):
                waiting.append(child.id)
    return found


def test_every_command_run_elsewhere_is_still_shown_by_the_docs() -> None:
    shown = {command.command for command in read_docs(ROOT) if command.needs is None}
    assert set(RUN_ELSEWHERE) <= shown, f"no longer in the docs: {sorted(set(RUN_ELSEWHERE) - shown)}"


@pytest.mark.parametrize(("command", "test"), sorted(RUN_ELSEWHERE.items()))
def test_the_named_test_runs_the_command(command: str, test: str) -> None:
    strings = strings_of(test)
    assert {"-m", "companion"} <= strings, f"{test} does not run `python -m companion`"
    words = companion_words(command, MAKEFILE)
    assert words and set(words) <= strings, f"{test} does not run {command!r}: {sorted(set(words) - strings)}"


@pytest.mark.parametrize("command", sorted(c for c in RUN_ELSEWHERE if c.startswith("make ")))
def test_the_rest_of_a_make_command_s_recipe_is_run_by_the_docs_test(command: str) -> None:
    run = {c.command for c in read_docs(ROOT) if c.needs is None} - set(RUN_ELSEWHERE)
    run_recipes = {
        line for c in run if shlex.split(c)[0] == "make" for line in make_recipe(MAKEFILE, shlex.split(c)[1])
    }
    rest = [line for line in make_recipe(MAKEFILE, shlex.split(command)[1]) if " -m companion " not in line]
    assert rest and set(rest) <= run_recipes, f"not run by any make command of the docs test: {set(rest) - run_recipes}"


def test_a_test_that_does_not_run_the_command_is_told() -> None:
    """The check above can fail: a test with another game, or none of the program's words, is caught."""
    assert "warpspawn_thunderbirds" not in strings_of(
        "tests/ui/test_ui_federation.py::test_the_demo_plays_federation_by_touch_and_leaves_screenshots"
    )
    assert companion_words("make demo", MAKEFILE) == ["demo", "--out"]
    assert companion_words(".venv/bin/companion demo --game dice_race --out x", MAKEFILE) == [
        "demo",
        "--game",
        "dice_race",
        "--out",
    ]
