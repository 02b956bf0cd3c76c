"""Stable names for actions and the buttons that perform them, the same in every language.

A button that dispatches exactly one action carries `act:<key>`; a button that opens a screen or a chooser
carries `open:<what>`. The demo, the UI tests and the benchmark find buttons by these keys, so the app is
driven by touches and never by calling the session behind the screen's back.
"""

from __future__ import annotations

import dataclasses
from typing import Any


def _part(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return ",".join(_part(v) if not isinstance(v, tuple) else "+".join(_part(x) for x in v) for v in value)
    return str(value)


def action_key(action: Any) -> str:
    """ "Move:tb1:asia", "Rescue:city-of-fire:", "FoilScheme:alan+teamwork,john+logistics:no"..."""
    parts = [type(action).__name__]
    if dataclasses.is_dataclass(action):
        parts += [_part(getattr(action, f.name)) for f in dataclasses.fields(action)]
    return ":".join(parts)


def act(action: Any) -> str:
    return "act:" + action_key(action)
