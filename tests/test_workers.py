"""How `make test` hands out its tests to its workers (`tests/workers.py`): on a worker, the modules longest
first by their marks, each module's tests together and in order; a module of `ONE_BY_ONE` split into one unit per
test, every other module one unit."""

from __future__ import annotations

import pytest
import workers

MODULES = {
    "test_plain": "def test_a():\n    pass\n\ndef test_b():\n    pass\n",
    "test_screen": "import pytest\n\n@pytest.mark.ui\ndef test_c():\n    pass\n",
    "test_mixed": (
        "import pytest\n\ndef test_d():\n    pass\n\n@pytest.mark.slow\n@pytest.mark.ui\ndef test_e():\n    pass\n"
    ),
    "test_drill": "import pytest\n\n@pytest.mark.slow\ndef test_f():\n    pass\n",
}


def names(items: list[pytest.Item]) -> list[str]:
    return [item.nodeid.split("::")[-1] for item in items]


def test_a_worker_runs_the_modules_longest_first_each_whole_and_in_order(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytester.makeini("[pytest]\nmarkers =\n    slow: slow\n    ui: ui\n")
    pytester.makepyfile(**MODULES)
    items, _recorder = pytester.inline_genitems()
    collected = ["test_f", "test_d", "test_e", "test_a", "test_b", "test_c"]  # the modules by name
    assert names(items) == collected
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    workers.pytest_collection_modifyitems(items)
    assert names(items) == collected  # one process: untouched
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw0")
    workers.pytest_collection_modifyitems(items)
    # slow with a screen (its module's plain test kept with it, first), slow, with a screen, the rest
    assert names(items) == ["test_d", "test_e", "test_f", "test_c", "test_a", "test_b"]


def test_a_module_of_long_tests_goes_out_test_by_test_and_any_other_whole() -> None:
    split = workers.LongestFirstScheduling._split_scope
    tour = "tests/ui/test_ui_screen_tour.py::test_every_screen[federation]"
    drill = "tests/drills/test_power_cut_game.py::test_power_cut[dice_race]"
    assert split(None, tour) == tour and split(None, drill) == drill
    other = "tests/ui/test_ui_kit.py::test_a_kit_game[en]"
    assert split(None, other) == "tests/ui/test_ui_kit.py"
    assert {"tests/ui/test_ui_screen_tour.py", "tests/drills/test_power_cut_game.py"} == set(workers.ONE_BY_ONE)
