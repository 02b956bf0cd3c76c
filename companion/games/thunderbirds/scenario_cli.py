"""`python -m companion.games.thunderbirds.scenario_cli FILE...`: `companion scenario --game thunderbirds FILE...`."""

import sys

from companion.engine.scenario_cli import command

main = command("thunderbirds")

if __name__ == "__main__":
    sys.exit(main(None))
