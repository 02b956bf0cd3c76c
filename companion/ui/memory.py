"""Memory for a long-running app on a small board: freed memory handed back to the system, and what lives until
the app stops kept out of the collector's walks (`MemoryKeeper`, which the app calls after touches, screen changes
and game updates)."""

from __future__ import annotations

import ctypes
import gc
from collections.abc import Callable
from typing import Any


def _find_malloc_trim() -> Callable[[int], int] | None:
    """glibc's malloc_trim (Linux, the Pi included), or None where the C library has none."""
    try:
        trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim


_MALLOC_TRIM = _find_malloc_trim()


def return_freed_memory() -> bool:
    """Hands the C heap's free pages back to the system; False where the C library cannot.

    glibc keeps what is freed for later allocations, but a screen's many small objects (Kivy widgets, their
    bindings and textures, a software renderer's buffers) leave free pages scattered among live ones, which later
    screens only partly reuse: the process kept growing with every screen visited. Handed back after each touch,
    screen change and game update, the benchmark's peak is about 5 MB lower. A trim costs under a millisecond."""
    if _MALLOC_TRIM is None:
        return False
    _MALLOC_TRIM(0)
    return True


class MemoryKeeper:
    """The app's memory tricks in one place: what Kivy built at start-up is put out of the collector's sight after
    the first frame, and a game's screens once they are all built; freed memory is handed back in the frame after
    each touch, screen change and game update."""

    def __init__(self) -> None:
        self._trim_event: Any = None
        self._long_lived_frozen = False

    def freeze_start_up(self) -> None:
        """Kivy's start-up objects live as long as the app: the collector need not walk them again and again (long
        collections are what a touch would otherwise wait on now and then)."""
        gc.freeze()

    def trim_soon(self, *_: Any) -> None:
        """Returns freed memory in the frame after this one: after a touch has been answered and a screen shown,
        once what they freed (an old screen, the build's scratch) is free; nothing else happens in that frame."""
        if self._trim_event is None:
            from kivy.clock import Clock

            self._trim_event = Clock.create_trigger(self.trim_now, 0)
        self._trim_event()

    @staticmethod
    def trim_now(*_: Any) -> None:
        """What the last touch's work left in reference cycles (replaced widgets and texts, a screen's scratch) is
        collected first, from the young generations only (at most 3 ms here, 30 times over the benchmark's walk;
        the long-lived objects are not walked), then the pages freed are handed back (under a millisecond)."""
        gc.collect(1)
        return_freed_memory()

    def freeze_long_lived(self) -> None:
        """Once per game's pack, when its screens are all built: what exists now (the kept screens and the pop-up,
        the card data, the odds tables) also stays until the app stops, so after one full collection it is put
        out of the collector's sight too. A full collection then walks only what came later: it took 10 to 50 ms
        here in whatever frame it fell (several times that on a Pi), walking objects that can never be garbage.
        Frozen objects are still freed when nothing refers to them."""
        if self._long_lived_frozen:
            return
        self._long_lived_frozen = True
        gc.collect()
        gc.freeze()

    def new_pack(self) -> None:
        """Another game's pack is open: its screens, once built, are frozen in their turn."""
        self._long_lived_frozen = False
