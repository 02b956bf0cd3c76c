"""The LED back-ends a light map can be written for; a module of its own so the config file can name them
without loading the light maps (the app reads its settings before its first frame)."""

from __future__ import annotations

BACKENDS: tuple[str, ...] = ("gpio", "shift595", "serial")
