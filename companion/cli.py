"""The `companion` command. Each sub-command lives in the module that owns its job; this file only routes.

companion [run]            start the touchscreen app (the default)
companion demo --out DIR   play a seeded game through the real app on a virtual screen, with screenshots
companion scenario FILE    apply a scenario file and print the result
companion odds FILE        exact rescue odds for a scenario's position
companion simulate         bot-played games: win rate, causes of defeat, score
companion hw-test          walk every LED, echo button presses, report the serial link
companion check-data       validate the game data and the user overlay; report what is missing
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

#: sub-command -> "module:function"; each function takes the remaining argv and returns an exit code.
COMMANDS: dict[str, str] = {
    "run": "companion.ui.launch:main",
    "demo": "companion.games.thunderbirds.ui.demo:main",
    "scenario": "companion.games.thunderbirds.scenario_cli:main",
    "odds": "companion.games.thunderbirds.odds_cli:main",
    "simulate": "companion.games.thunderbirds.simulate_cli:main",
    "hw-test": "companion.devices.hw_test:main",
    "check-data": "companion.games.thunderbirds.check_data:main",
}


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in ("-h", "--help", "help"):
        print(__doc__.strip())
        return 0
    command = "run"
    if args and not args[0].startswith("-"):
        command = args.pop(0)
    target = COMMANDS.get(command)
    if target is None:
        print(f"companion: unknown command {command!r}; try one of: {', '.join(COMMANDS)}", file=sys.stderr)
        return 2
    module_name, _, function = target.partition(":")
    handler = getattr(importlib.import_module(module_name), function)
    return int(handler(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
