"""`companion scenario --game warpspawn_thunderbirds FILE [--json] [--lang en|fr]`: apply a scenario file.

Exit codes: 0 the script ran (and every expectation held); 1 an expectation failed; 2 an action was illegal (its
reason is printed, unless the scenario expected exactly that error) or the file is malformed (a message naming the
file and the field).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from companion.games.warpspawn_thunderbirds.scenario import ScenarioError, load_scenario, run_scenario
from companion.locale import LANGUAGES, set_language


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="companion scenario --game warpspawn_thunderbirds",
        description="Apply a Warpspawn Thunderbirds scenario file.",
    )
    parser.add_argument("file", type=Path)
    parser.add_argument("--json", action="store_true", help="print the state, events and outcome as JSON")
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
        if scenario.name:
            print(scenario.name)
        for i, label in enumerate(result.labels):
            print(f"{i + 1}. {label}")
        if result.error is not None:
            print(f"refused (action {(result.error_action or 0) + 1}): {result.error}")
        outcome = result.state.outcome
        if outcome is not None:
            print(f"game over: {', '.join(outcome.winners)} ({'tie' if outcome.is_tie else 'won'})")
        for check in result.checks:
            mark = "ok" if check.ok else "FAILED"
            print(f"{mark}: {check.path} = {check.actual!r} (expected {check.expected!r})")
    return 0 if result.ok else 1


if __name__ == "__main__":
    sys.exit(main())
