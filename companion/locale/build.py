"""Compiles the gettext catalogues (.po -> .mo) beside their sources; stdlib only."""

from __future__ import annotations

import sys
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent


def main() -> int:
    from companion.files import write_atomically
    from companion.locale.msgfmt import compile_catalogue

    for po in sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.po")):
        mo, compiled = po.with_suffix(".mo"), compile_catalogue(po)
        # Written aside and renamed: an app starting meanwhile reads the old catalogue or the new, never half of one.
        if not mo.exists() or mo.read_bytes() != compiled:
            write_atomically(mo, compiled)
    return 0


if __name__ == "__main__":
    sys.exit(main())
