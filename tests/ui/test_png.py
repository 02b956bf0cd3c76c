"""The screenshots (`companion.ui.png.write_png`): a valid PNG, top row first, read back
with the standard library alone."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

from companion.ui.png import write_png


def read_png(path: Path) -> tuple[int, int, list[bytes]]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, chunks = 8, {}
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        assert struct.unpack(">I", data[at + 8 + length : at + 12 + length])[0] == zlib.crc32(kind + body)
        chunks[kind] = body
        at += 12 + length
    width, height, depth, colour, *_rest = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
    assert (depth, colour) == (8, 2) and b"IEND" in chunks
    raw = zlib.decompress(chunks[b"IDAT"])
    stride = width * 3 + 1
    rows = [raw[y * stride : (y + 1) * stride] for y in range(height)]
    assert all(row[0] == 0 for row in rows)  # no filter: each row as it is
    return width, height, [row[1:] for row in rows]


def test_the_frame_is_written_top_row_first(tmp_path: Path) -> None:
    width, height = 4, 3
    bottom, middle, top = bytes([255, 0, 0]) * width, bytes([0, 255, 0]) * width, bytes([0, 0, 255]) * width
    write_png(tmp_path / "shot.png", bottom + middle + top, width, height)  # OpenGL reads the bottom row first
    assert read_png(tmp_path / "shot.png") == (width, height, [top, middle, bottom])
