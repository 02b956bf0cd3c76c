"""Reads what a real window shows with OCR (Debian's `tesseract`), as a player reads a button across the table.

The app's pixels are read back with glReadPixels (as the pilot's screenshots are); a widget's box is cut out,
turned into dark text on white (each pixel's distance from the box's background colour) and enlarged three times
with no smoothing, so each drawn pixel stays what it was: two letters drawn touching ("rn") stay touching and
read as one ("m"). The image is a plain PGM file, which tesseract reads; no imaging library is needed.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Generator
from pathlib import Path
from typing import Any

#: Enlargement before OCR: tesseract reads letters about 30 px tall best; the app's are 11 to 25 px.
SCALE = 3
#: tesseract's language for each of the app's languages.
TESSERACT_LANGUAGES = {"en": "eng", "fr": "fra"}


def tesseract() -> str | None:
    return shutil.which("tesseract")


def window_pixels(pilot: Any) -> Generator[Any, None, tuple[bytes, int, int]]:
    """A pilot script step: the pixels of the next drawn frame (RGB rows, bottom row first) and the size."""
    from kivy.core.window import Window
    from kivy.graphics.opengl import GL_RGB, GL_UNSIGNED_BYTE, glReadPixels

    seen: dict[str, bytes] = {}

    def read(*_: Any) -> None:
        seen["pixels"] = glReadPixels(0, 0, Window.width, Window.height, GL_RGB, GL_UNSIGNED_BYTE)

    Window.bind(on_flip=read)
    Window.canvas.ask_update()
    yield pilot.until(lambda: "pixels" in seen, "a frame read back", timeout=30)
    Window.unbind(on_flip=read)
    return seen["pixels"], int(Window.width), int(Window.height)


def widget_box(widget: Any) -> tuple[int, int, int, int]:
    """The widget's box in window pixels: x, y (from the bottom), width, height."""
    x, y = widget.to_window(widget.x, widget.y)
    return int(x), int(y), int(widget.width), int(widget.height)


def box_image(pixels: bytes, window_width: int, box: tuple[int, int, int, int], path: Path) -> Path:
    """The box, dark text on white, enlarged SCALE times, written as a PGM file at `path`."""
    x, y, width, height = box
    rows = []
    for row in range(y + height - 1, y - 1, -1):  # top row first
        start = (row * window_width + x) * 3
        rows.append(pixels[start : start + width * 3])
    background = _most_common(rows)
    grey = bytearray()
    for line in rows:
        values = bytes(_ink(line[i : i + 3], background) for i in range(0, len(line), 3))
        wide = bytes(value for value in values for _ in range(SCALE))
        grey.extend(wide * SCALE)
    path.write_bytes(f"P5 {width * SCALE} {height * SCALE} 255\n".encode() + bytes(grey))
    return path


def _most_common(rows: list[bytes]) -> tuple[int, int, int]:
    counts: dict[tuple[int, int, int], int] = {}
    for line in rows:
        for i in range(0, len(line), 3):
            pixel = (line[i], line[i + 1], line[i + 2])
            counts[pixel] = counts.get(pixel, 0) + 1
    return max(counts, key=lambda pixel: counts[pixel])


def _ink(pixel: bytes, background: tuple[int, int, int]) -> int:
    distance = max(abs(pixel[0] - background[0]), abs(pixel[1] - background[1]), abs(pixel[2] - background[2]))
    return 255 - min(255, distance * 2)


def read_text(image: Path, lang: str) -> str:
    """What tesseract reads in the image, its lines joined."""
    program = tesseract()
    assert program is not None, "tesseract is not installed (tools/system-deps.sh test)"
    completed = subprocess.run(
        [program, str(image), "-", "-l", TESSERACT_LANGUAGES[lang], "--psm", "6"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return " ".join(completed.stdout.split())


def words(text: str) -> list[str]:
    """The words of a text, as compared: letters and digits only, any case."""
    return re.findall(r"\w+", text.lower())
