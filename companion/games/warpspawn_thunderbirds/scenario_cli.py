"""`companion scenario --game warpspawn_thunderbirds FILE...`, also as `python -m` of this module."""

import sys

from companion.engine.scenario_cli import command

main = command("warpspawn_thunderbirds")

if __name__ == "__main__":
    sys.exit(main(None))
