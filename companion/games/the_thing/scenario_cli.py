"""`python -m companion.games.the_thing.scenario_cli FILE...`: `companion scenario --game the_thing FILE...`."""

import sys

from companion.engine.scenario_cli import command

main = command("the_thing")

if __name__ == "__main__":
    sys.exit(main(None))
