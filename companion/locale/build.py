"""Compiles the gettext catalogues (.po -> .mo) beside their sources; stdlib only."""

from __future__ import annotations

import sys
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent


def main() -> int:
    from companion.locale.msgfmt import compile_catalogue

    for po in sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.po")):
        compile_catalogue(po, po.with_suffix(".mo"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
