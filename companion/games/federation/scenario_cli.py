"""`companion --game federation scenario FILE [--json] [--lang en|fr]`: apply a scenario file, print the result.

Also `python -m companion.games.federation.scenario_cli FILE`. Exit codes as for Thunderbirds' scenarios: 0 the
script ran and every expectation held; 1 an expectation failed; 2 an action was illegal (its one-line reason on
standard output, unless the scenario expected exactly that error) or the file is malformed (a message naming the
file and the field, on standard error).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from companion.games.federation.scenario import Scenario, ScenarioError, ScenarioResult, load_scenario, run_scenario
from companion.locale import LANGUAGES, set_language


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="companion scenario", description="Apply a Federation scenario file.")
    parser.add_argument("file", type=Path)
    parser.add_argument("--json", action="store_true", help="print the state, events and checks as JSON")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language of reasons and labels")
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    set_language(args.lang)
    try:
        scenario = load_scenario(args.file)
        result = run_scenario(scenario)
    except ScenarioError as error:
        print(error.message, file=sys.stderr)
        return 2
    if result.error is not None and "error" not in scenario.expect:
        print(result.error)
        return 2
    if args.json:
        print(json.dumps(result.to_json(), indent=2, ensure_ascii=False))
    else:
        _print_text(scenario, result)
    return 0 if result.ok else 1


def _print_text(scenario: Scenario, result: ScenarioResult) -> None:
    if scenario.name:
        print(scenario.name)
    for index, label in enumerate(result.labels):
        print(f"{index + 1}. {label}")
        for line in (line for at, line in result.lines if at == index):
            print(f"   {line}")
    if result.error is not None:
        print(f"refused (action {(result.error_action or 0) + 1}): {result.error}")
    for check in result.checks:
        mark = "ok" if check.ok else "FAILED"
        print(f"{mark}: {check.path} = {check.actual!r} (expected {check.expected!r})")


if __name__ == "__main__":
    sys.exit(main())
