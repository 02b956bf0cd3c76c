"""`companion scenario --game thunderbirds_solitaire FILE [--json] [--lang en|fr]`: apply a scenario file.

Exit codes: 0 the script ran (and every expectation held); 1 an expectation failed; 2 an action was illegal (its
one-line reason is printed, unless the scenario expected exactly that error) or the file is malformed (a message
naming the file and the field, on standard error).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from companion.games.thunderbirds_solitaire.scenario import (
    Scenario,
    ScenarioError,
    ScenarioResult,
    load_scenario,
    run_scenario,
)
from companion.locale import LANGUAGES, domain, set_language

_, ngettext = domain("thunderbirds_solitaire")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="companion scenario --game thunderbirds_solitaire",
        description=_("Apply a Thunderbirds Solitaire scenario file."),
    )
    parser.add_argument("file", type=Path, help=_("the scenario file (TOML)"))
    parser.add_argument("--json", action="store_true", help=_("print the state, events and checks as JSON"))
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help=_("language of reasons and labels"))
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
    for i, label in enumerate(result.labels):
        print(f"{i + 1}. {label}")
    if result.error is not None:
        print(_("refused (action {n}): {reason}").format(n=(result.error_action or 0) + 1, reason=result.error))
    for check in result.checks:
        mark = _("ok") if check.ok else _("FAILED")
        print(
            _("{mark}: {path} = {actual} (expected {expected})").format(
                mark=mark, path=check.path, actual=repr(check.actual), expected=repr(check.expected)
            )
        )


if __name__ == "__main__":
    sys.exit(main())
