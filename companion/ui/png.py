"""Screenshots written as PNG files of light compression: a frame read from OpenGL is flat colours, which pack well
at any level, and Kivy's own writer (SDL's) took some 190 ms for a 1280×800 frame against 16 ms here, most of a
screen tour's look. The standard library's zlib and struct are all it needs.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path


def write_png(path: Path, pixels: bytes, width: int, height: int) -> None:
    """`pixels` (RGB rows, bottom row first, as OpenGL reads them) written as a PNG, top row first."""
    stride = width * 3
    rows = b"".join(b"\0" + pixels[(height - 1 - y) * stride : (height - y) * stride] for y in range(height))

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 1)) + chunk(b"IEND", b"")
    )
