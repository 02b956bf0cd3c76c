"""The table companion: upkeep for physical board games on a Raspberry Pi touchscreen."""

__version__ = "0.1.0"
