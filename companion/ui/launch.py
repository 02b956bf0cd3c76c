"""`companion run`: start the touchscreen app, or say in one line why it cannot (no screen) and exit 3.

Kivy reads its environment when first imported, so everything here happens before any kivy import.
"""

from __future__ import annotations

import argparse
import logging
import os
import shutil
import sys
from collections.abc import Sequence

NO_SCREEN_EXIT = 3


def no_screen_message() -> str:
    """Why the app cannot start here, in the language of the moment; names the commands that work from a fresh
    clone (`companion` itself is in `.venv/bin`, not on PATH)."""
    from companion.locale import _

    return _(
        "companion: no screen found (DISPLAY, WAYLAND_DISPLAY and SDL_VIDEODRIVER are unset); "
        "to see the app without one, run: make demo (or .venv/bin/companion demo --out artifacts/demo)"
    )


#: The message in English (the language before any choice).
NO_SCREEN_MESSAGE = no_screen_message()


def has_screen(environ: os._Environ[str] | dict[str, str] | None = None) -> bool:
    env = os.environ if environ is None else environ
    return any(env.get(name) for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"))


def parse_size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT, e.g. 800x480, not {text!r}") from None
    if width < 320 or height < 320:
        raise argparse.ArgumentTypeError(f"window {text} is too small (at least 320x320)")
    return width, height


def build_parser() -> argparse.ArgumentParser:
    from companion import __version__

    parser = argparse.ArgumentParser(prog="companion run", description="Start the touchscreen app.")
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    parser.add_argument("--fullscreen", action="store_true", help="fill the screen (the kiosk)")
    parser.add_argument("--size", type=parse_size, default=None, help="window size, e.g. 800x480 (default)")
    parser.add_argument("--lang", choices=("en", "fr"), default=None, help="language (default: settings)")
    parser.add_argument("--dpi", type=float, default=None, help="physical dpi of the screen, for 9 mm targets")
    return parser


def prepare_kivy(size: tuple[int, int], fullscreen: bool, dpi: float | None) -> None:
    """Sets Kivy's environment and window configuration; must run before `kivy.core.window` is imported."""
    from companion.ui.theme import dpi_for_size

    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_NO_FILELOG", "1")
    os.environ["KIVY_DPI"] = str(dpi or os.environ.get("KIVY_DPI") or dpi_for_size(*size))
    os.environ.setdefault("KIVY_METRICS_DENSITY", "1")
    from kivy.config import Config

    Config.set("graphics", "width", str(size[0]))
    Config.set("graphics", "height", str(size[1]))
    Config.set("graphics", "resizable", "1")
    Config.set("graphics", "fullscreen", "auto" if fullscreen else "0")
    # No multisampled window: on a software renderer it costs several milliseconds on every frame (a 4x buffer to
    # clear and resolve) before anything is drawn. The few slanted or round edges draw themselves smooth instead
    # (Kivy's Smooth* instructions, companion/ui/widgets/), and text is smooth in its own textures.
    Config.set("graphics", "multisamples", "0")
    Config.set("kivy", "exit_on_escape", "0")
    # A kiosk has no keyboard: text fields (the card editor) bring up Kivy's docked on-screen keyboard.
    Config.set("kivy", "keyboard_mode", "systemanddock")
    Config.set("input", "mouse", mouse_provider(fullscreen))
    load_input_providers()
    quiet_missing_cut_buffer()


#: What Kivy logs, with a traceback, when the mtdev library is missing (kivy/input/providers/__init__.py).
MTDEV_MISSING = "Input: MTDev is not supported by your version of linux"


class _MissingMtdev(logging.Filter):
    """Drops Kivy's one record about the missing mtdev library, and nothing else."""

    def filter(self, record: logging.LogRecord) -> bool:
        return record.getMessage() != MTDEV_MISSING


def load_input_providers() -> None:
    """Loads Kivy's input providers now, quietly about mtdev where its library is missing.

    Kivy imports every Linux input provider when its input package is first imported, whatever `[input]` says,
    and the mtdev one loads `libmtdev.so.1` at import: on a desktop without that library, every start printed an
    ERROR with a traceback, although nothing here reads a touch panel through mtdev. The Pi has the library (the
    installer puts in libmtdev1, Debian's), so there the provider loads as before. Where it is missing, that one
    record is dropped during this import only, and one line says why the provider is not there.
    """
    import ctypes

    try:
        ctypes.CDLL("libmtdev.so.1")  # what Kivy loads: found here, Kivy finds it too
    except OSError:
        missing = sys.platform.startswith("linux")
    else:
        missing = False
    from kivy.logger import Logger

    quiet = _MissingMtdev()
    if missing:
        Logger.addFilter(quiet)
    try:
        import kivy.input.providers  # noqa: F401 (registers the providers)
    finally:
        Logger.removeFilter(quiet)
    if missing:
        Logger.info("Input: no libmtdev.so.1 here, so no mtdev touch panels (Debian's libmtdev1 provides it)")


#: What Kivy logs as CRITICAL, with a traceback per provider, when neither xclip nor xsel is installed
#: (kivy/core/__init__.py, core_select_lib), the first time a text field (the card editor) is shown.
CUT_BUFFER_MISSING = "Cutbuffer: Unable to find any valuable Cutbuffer provider"


class _MissingCutBuffer(logging.Filter):
    """Drops Kivy's one record about no cut-buffer provider, and nothing else."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith(CUT_BUFFER_MISSING)


def quiet_missing_cut_buffer() -> None:
    """X11's cut buffer (a middle click pastes the selection) is all Kivy wants xclip or xsel for: nothing on a
    touchscreen. Without either, the first text field logged a CRITICAL record with two tracebacks; there that record
    is dropped and one line says why the cut buffer is off. Copy and paste in a field still work (SDL's clipboard)."""
    if not sys.platform.startswith("linux") or shutil.which("xclip") or shutil.which("xsel"):
        return
    from kivy.logger import Logger

    Logger.addFilter(_MissingCutBuffer())
    Logger.info("Cutbuffer: no xclip or xsel here, so no X11 cut buffer (a middle click pastes nothing)")


def mouse_provider(fullscreen: bool) -> str:
    """Kivy's `[input] mouse` line. The red multi-touch dots only confuse players, so never those. Fullscreen is
    the kiosk, whose touchscreen reaches Kivy twice (its own touch provider and the mouse SDL emulates from it):
    there the mouse stands aside while a touch is active, so one finger is one touch."""
    return "mouse,disable_on_activity,disable_multitouch" if fullscreen else "mouse,disable_multitouch"


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(list(argv or ()))
    if not has_screen():
        if args.lang is not None:
            from companion.locale import set_language

            set_language(args.lang)
        print(no_screen_message(), file=sys.stderr)
        return NO_SCREEN_EXIT
    size = args.size or (800, 480)
    prepare_kivy(size, args.fullscreen, args.dpi)
    from companion.ui.app import CompanionApp

    CompanionApp(language=args.lang).run()
    return 0
