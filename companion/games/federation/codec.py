"""Actions, events and states to and from JSON-able data, driven by the dataclasses' own type hints.

An action is `{"type": "EnterSystem", "system": "s3", "race": "klingon", "ships": ["science-vessel"]}` (the game
log's form and the scenario files'); a state is a nested dict of its fields, tuples as lists. Decoding is strict:
an unknown type, a missing or unknown field, or a value of the wrong kind raises `ValueError` naming it.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from functools import cache
from typing import Any, Literal, Union

from companion.games.federation.actions import ACTION_TYPES
from companion.games.federation.state import FederationState


def encode(value: Any) -> Any:
    """Plain JSON-able data for a dataclass, tuple or scalar."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple):
        return [encode(v) for v in value]
    return value


def encode_action(action: object) -> dict[str, Any]:
    return {"type": type(action).__name__, **encode(action)}


def decode_action(data: Mapping[str, Any]) -> object:
    if not isinstance(data, Mapping):
        raise ValueError(f"an action is a table with a 'type', got {data!r}")
    name = data.get("type")
    cls = ACTION_TYPES.get(name) if isinstance(name, str) else None
    if cls is None:
        raise ValueError(f"unknown action type {name!r}; expected one of {', '.join(sorted(ACTION_TYPES))}")
    return _decode_dataclass(cls, {k: v for k, v in data.items() if k != "type"}, f"action {name}")


def encode_event(event: object) -> dict[str, Any]:
    return {"type": type(event).__name__, **encode(event)}


def encode_state(state: FederationState) -> dict[str, Any]:
    data: dict[str, Any] = encode(state)
    return data


def decode_state(data: Mapping[str, Any]) -> FederationState:
    state: FederationState = _decode_dataclass(FederationState, data, "state")
    return state


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _decode_dataclass(cls: type, data: Mapping[str, Any], where: str) -> Any:
    if not isinstance(data, Mapping):
        raise ValueError(f"{where}: expected a table, got {data!r}")
    hints = _hints(cls)
    fields = dataclasses.fields(cls)
    unknown = set(data) - {f.name for f in fields}
    if unknown:
        raise ValueError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    values = {}
    for f in fields:
        if f.name not in data:
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise ValueError(f"{where}: missing field '{f.name}'")
            continue
        values[f.name] = _decode(hints[f.name], data[f.name], f"{where}: field '{f.name}'")
    return cls(**values)


def _decode(hint: Any, value: Any, where: str) -> Any:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        for option in args:
            if option is not type(None) and _fits(option, value):
                return _decode(option, value, where)
        raise ValueError(f"{where}: unexpected value {value!r}")
    if origin is Literal:
        if value not in args:
            raise ValueError(f"{where}: expected one of {', '.join(map(repr, args))}, got {value!r}")
        return value
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise ValueError(f"{where}: expected a list, got {value!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], v, where) for v in value)
        if len(args) != len(value):
            raise ValueError(f"{where}: expected {len(args)} items, got {len(value)}")
        return tuple(_decode(a, v, where) for a, v in zip(args, value))
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _decode_dataclass(hint, value, where)
    if hint is bool:
        if not isinstance(value, bool):
            raise ValueError(f"{where}: expected true or false, got {value!r}")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{where}: expected a whole number, got {value!r}")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise ValueError(f"{where}: expected text, got {value!r}")
        return value
    raise ValueError(f"{where}: cannot decode {hint!r}")


def _fits(hint: Any, value: Any) -> bool:
    """Whether `value` has the JSON kind of `hint` (a union member), so `str | bool` never takes true for text."""
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is str or typing.get_origin(hint) is Literal:
        return isinstance(value, str)
    return True
