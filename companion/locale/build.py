"""Compiles the gettext catalogues (.po -> .mo) beside their sources with Babel, plural and context entries kept.

`make run` and `make test` run it (`python -m companion.locale.build`). A malformed catalogue is named with its
line, and nothing is written for it.
"""

from __future__ import annotations

import io
import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.mofile import write_mo

from companion.files import write_atomically
from companion.locale.po import CatalogueError, read_catalogue

LOCALE_DIR = Path(__file__).resolve().parent
#: Stands for the creation date Babel would otherwise stamp with the time of the build, so unchanged sources
#: compile to the same bytes and are not rewritten.
_FIXED_DATE = datetime(2000, 1, 1, tzinfo=UTC)


def compiled(po: Path) -> bytes:
    """The .mo bytes of one catalogue (fuzzy entries left out, as msgfmt does)."""
    catalogue = read_catalogue(po)
    catalogue.creation_date = _FIXED_DATE
    out = io.BytesIO()
    write_mo(out, catalogue)
    return out.getvalue()


def write_replacing(path: Path, data: bytes) -> None:
    """Written atomically, and only when it changed: an app starting meanwhile reads the old catalogue or the new,
    never half of one."""
    if path.exists() and path.read_bytes() == data:
        return
    write_atomically(path, data)


def compile_catalogue(po: Path, mo: Path) -> None:
    write_replacing(mo, compiled(po))


def main() -> int:
    failed = 0
    for po in sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.po")):
        try:
            compile_catalogue(po, po.with_suffix(".mo"))
        except CatalogueError as error:
            print(error, file=sys.stderr)
            failed += 1
        except (OSError, UnicodeDecodeError) as error:
            print(f"{po}: {error}", file=sys.stderr)
            failed += 1
    return 2 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
