"""`companion scenario FILE [--json] [--lang en|fr]`: apply a scenario file and print the result.

Exit codes: 0 the script ran (and every `[expect]` held); 1 an expectation failed; 2 an action was illegal (the
one-line reason is printed, unless the scenario expected exactly that error) or the file is malformed (a message
naming the file and the field).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from companion.games.thunderbirds.scenario import ScenarioError, load_scenario, run_scenario
from companion.locale import LANGUAGES, set_language


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="companion scenario", description="Apply a Thunderbirds scenario file.")
    parser.add_argument("file", type=Path)
    parser.add_argument("--json", action="store_true", help="print the state, events and outcome as JSON")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language of reasons and labels")
    args = parser.parse_args(list(argv or ()))
    set_language(args.lang)
    try:
        scenario = load_scenario(args.file)
        result = run_scenario(scenario)
    except ScenarioError as error:
        print(error.message, file=sys.stderr)
        return 2
    expected_error = "error" in scenario.expect
    if result.error is not None and not expected_error:
        print(result.error)
        return 2
    if args.json:
        print(json.dumps(result.to_json(), indent=2, ensure_ascii=False))
    else:
        _print_text(scenario, result)
    return 0 if result.ok else 1


def _print_text(scenario: object, result: object) -> None:
    from companion.games.thunderbirds.scenario import Scenario, ScenarioResult

    assert isinstance(scenario, Scenario) and isinstance(result, ScenarioResult)
    if scenario.name:
        print(scenario.name)
    state = result.state
    for i, label in enumerate(result.labels):
        print(f"{i + 1}. {label}")
    if result.error is not None:
        print(f"refused (action {(result.error_action or 0) + 1}): {result.error}")
    if state.outcome is not None:
        print(f"game {state.outcome.result}: {state.outcome.reason}")
    for check in result.checks:
        mark = "ok" if check.ok else "FAILED"
        print(f"{mark}: {check.path} = {check.actual!r} (expected {check.expected!r})")
