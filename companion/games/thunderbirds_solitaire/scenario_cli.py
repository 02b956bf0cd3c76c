"""`companion scenario --game thunderbirds_solitaire FILE...`, also as `python -m` of this module."""

import sys

from companion.engine.scenario_cli import command

main = command("thunderbirds_solitaire")

if __name__ == "__main__":
    sys.exit(main(None))
