"""Actions and states to and from JSON-able data, driven by the dataclasses' own type hints.

An action is `{"type": "Move", "vehicle": "tb2", "to": "asia"}`; a state is a nested dict of its fields (tuples as
lists, frozensets as sorted lists, enums as their values, nested dataclasses as their fields). A field holding one
of several dataclasses (a pending step) is written tagged with its type. Decoding is strict: an unknown type, a
missing or unknown field, or a value of the wrong kind raises `ValueError` naming it.

A pack binds its own types once: `CODEC = Codec(state=MyState, actions=(Move, Pass), tagged={"pending": (A, B)})`
and its rules' `encode_action`/`decode_action`/`encode_state`/`decode_state` call it.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Iterable, Mapping
from enum import Enum
from functools import cache
from typing import Any, Literal, Union


def encode(value: Any) -> Any:
    """Plain JSON-able data for a dataclass, tuple, frozenset, enum or scalar."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple):
        return [encode(v) for v in value]
    if isinstance(value, frozenset):
        return sorted(encode(v) for v in value)
    if isinstance(value, Enum):
        return value.value
    return value


class Codec:
    """One game's encoder and strict decoder: its state class, its action classes, and the state's fields that
    hold one of several dataclasses (written with a `type` tag)."""

    def __init__(
        self,
        state: type,
        actions: Iterable[type] | Mapping[str, type],
        tagged: Mapping[str, Iterable[type]] | None = None,
    ) -> None:
        self.state = state
        self.actions: dict[str, type] = (
            dict(actions) if isinstance(actions, Mapping) else {cls.__name__: cls for cls in actions}
        )
        self.tagged: dict[str, dict[str, type]] = {
            field: {cls.__name__: cls for cls in classes} for field, classes in (tagged or {}).items()
        }

    def encode_action(self, action: object) -> dict[str, Any]:
        return {"type": type(action).__name__, **encode(action)}

    def decode_action(self, data: Mapping[str, Any]) -> Any:
        if not isinstance(data, Mapping):
            raise ValueError(f"an action is a table with a 'type', got {data!r}")
        name = data.get("type")
        cls = self.actions.get(name) if isinstance(name, str) else None
        if cls is None:
            raise ValueError(f"unknown action type {name!r}; expected one of {', '.join(sorted(self.actions))}")
        fields = {k: v for k, v in data.items() if k != "type"}
        return decode_dataclass(cls, fields, f"action {name}")

    def encode_event(self, event: object) -> dict[str, Any]:
        return {"type": type(event).__name__, **encode(event)}

    def encode_state(self, state: Any) -> dict[str, Any]:
        data: dict[str, Any] = encode(state)
        for field in self.tagged:
            value = getattr(state, field)
            if value is not None:
                data[field] = {"type": type(value).__name__, **data[field]}
        return data

    def decode_state(self, data: Mapping[str, Any]) -> Any:
        fields = dict(data)
        held = {field: fields.get(field) for field in self.tagged}
        result = decode_dataclass(self.state, {**fields, **dict.fromkeys(self.tagged)}, "state")
        decoded: dict[str, Any] = {}
        for field, value in held.items():
            if value is None:
                continue
            options = self.tagged[field]
            if not isinstance(value, Mapping) or value.get("type") not in options:
                raise ValueError(f"state: field '{field}': unknown {field} step {value!r}")
            cls = options[value["type"]]
            decoded[field] = decode_dataclass(cls, {k: v for k, v in value.items() if k != "type"}, f"state.{field}")
        return dataclasses.replace(result, **decoded) if decoded else result


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def decode_dataclass(cls: type, data: Mapping[str, Any], where: str) -> Any:
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
        values[f.name] = decode(hints[f.name], data[f.name], f"{where}: field '{f.name}'")
    return cls(**values)


def decode(hint: Any, value: Any, where: str) -> Any:
    """`value` read as the type `hint` names; `where` starts the error message."""
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
                return decode(option, value, where)
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
            return tuple(decode(args[0], v, where) for v in value)
        if len(args) != len(value):
            raise ValueError(f"{where}: expected {len(args)} items, got {len(value)}")
        return tuple(decode(a, v, where) for a, v in zip(args, value))
    if origin is frozenset:
        if not isinstance(value, (list, tuple)):
            raise ValueError(f"{where}: expected a list, got {value!r}")
        return frozenset(decode(args[0], v, where) for v in value)
    if isinstance(hint, type) and issubclass(hint, Enum):
        try:
            return hint(value)
        except ValueError:
            raise ValueError(f"{where}: unexpected value {value!r}") from None
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return decode_dataclass(hint, value, where)
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
