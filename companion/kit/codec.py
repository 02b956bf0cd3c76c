"""Frozen dataclasses to and from JSON-able data, driven by their own type hints: any kit state and action.

An action is `{"type": "Draw", "deck": "events", "seat": null}`; a state a nested dict of its fields (tuples as
lists, frozensets as sorted lists). Decoding is strict: an unknown type, a missing or unknown field, or a value of
the wrong kind raises `ValueError` naming where it is.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from functools import cache
from typing import Any, Literal, Union


def encode(value: Any) -> Any:
    """Plain JSON-able data for a dataclass, tuple, frozenset or scalar."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple):
        return [encode(v) for v in value]
    if isinstance(value, frozenset):
        return sorted(encode(v) for v in value)
    return value


def encode_tagged(value: object) -> dict[str, Any]:
    """A dataclass with its type's name under "type" (actions, events)."""
    return {"type": type(value).__name__, **encode(value)}


def decode_tagged(data: Mapping[str, Any], types_by_name: Mapping[str, type]) -> Any:
    if not isinstance(data, Mapping):
        raise ValueError(f"expected a table with a 'type', got {data!r}")
    name = data.get("type")
    cls = types_by_name.get(name) if isinstance(name, str) else None
    if cls is None:
        raise ValueError(f"unknown type {name!r}; expected one of {', '.join(sorted(types_by_name))}")
    return decode(cls, {k: v for k, v in data.items() if k != "type"}, str(name))


def decode(cls: type, data: Any, where: str) -> Any:
    """An instance of the dataclass `cls` from `encode`'s output."""
    if not isinstance(data, Mapping):
        raise ValueError(f"{where}: expected a table, got {data!r}")
    hints = _hints(cls)
    known = {f.name for f in dataclasses.fields(cls)}
    unknown = set(data) - known
    if unknown:
        raise ValueError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    values = {}
    for f in dataclasses.fields(cls):
        if f.name not in data:
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise ValueError(f"{where}: missing field '{f.name}'")
            continue
        values[f.name] = _decode(hints[f.name], data[f.name], f"{where}.{f.name}")
    return cls(**values)


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _decode(hint: Any, value: Any, where: str) -> Any:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is Any:
        return value
    if origin in (Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        errors = []
        for option in args:
            if option is type(None):
                continue
            try:
                return _decode(option, value, where)
            except ValueError as error:
                errors.append(str(error))
        raise ValueError(errors[0] if len(errors) == 1 else f"{where}: unexpected value {value!r}")
    if origin is Literal:
        if value not in args:
            raise ValueError(f"{where}: expected one of {', '.join(map(repr, args))}, got {value!r}")
        return value
    if origin is tuple:
        if not isinstance(value, (list, tuple)):
            raise ValueError(f"{where}: expected a list, got {value!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], v, where) for v in value)
        if len(args) != len(value):
            raise ValueError(f"{where}: expected {len(args)} items, got {len(value)}")
        return tuple(_decode(a, v, where) for a, v in zip(args, value))
    if origin is frozenset:
        if not isinstance(value, (list, tuple)):
            raise ValueError(f"{where}: expected a list, got {value!r}")
        return frozenset(_decode(args[0], v, where) for v in value)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return decode(hint, value, where)
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
    if hint is type(None):
        if value is not None:
            raise ValueError(f"{where}: expected nothing, got {value!r}")
        return None
    raise ValueError(f"{where}: cannot decode {hint!r}")
