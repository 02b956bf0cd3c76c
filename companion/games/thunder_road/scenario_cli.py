"""`python -m companion.games.thunder_road.scenario_cli FILE...`: `companion scenario --game thunder_road FILE...`."""

import sys

from companion.engine.scenario_cli import command

main = command("thunder_road")

if __name__ == "__main__":
    sys.exit(main(None))
