"""A process that replaces one file again and again with `write_atomically`, acknowledging each write once the
call has returned.

    python tests/files/atomic_writer.py PATH FIRST LAST

Writes versions FIRST..LAST of `content(n)` to PATH, printing "ack <n>" (flushed) after each, then "done".
The power-cut test kills it at random moments.
"""

from __future__ import annotations

import sys
from pathlib import Path

from companion.files import write_atomically

#: Big enough that a write takes a while (a kill often lands inside one), small enough for many writes a second.
SIZE = 256 * 1024


def content(version: int) -> bytes:
    """Version `version` of the file: a header naming it, then a body that differs from every other version's
    in every block, so any mix of two versions or a cut-short file is seen."""
    header = f"version {version}\n".encode()
    block = f"{version:08d}".encode() * 64
    body = (block * (SIZE // len(block) + 1))[: SIZE - len(header) - 4]
    return header + body + b"end\n"


def version_of(data: bytes) -> int | None:
    """The version `data` is, whole; None when it is no version's whole content (torn, mixed, empty)."""
    first = data.split(b"\n", 1)[0]
    if not first.startswith(b"version "):
        return None
    try:
        version = int(first.removeprefix(b"version "))
    except ValueError:
        return None
    return version if data == content(version) else None


def main(argv: list[str]) -> int:
    path, first, last = Path(argv[0]), int(argv[1]), int(argv[2])
    for version in range(first, last + 1):
        write_atomically(path, content(version))
        print(f"ack {version}", flush=True)
    print("done", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
