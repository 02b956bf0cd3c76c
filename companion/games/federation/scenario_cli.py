"""`python -m companion.games.federation.scenario_cli FILE...`: `companion scenario --game federation FILE...`."""

import sys

from companion.engine.scenario_cli import command

main = command("federation")

if __name__ == "__main__":
    sys.exit(main(None))
