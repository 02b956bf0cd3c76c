"""Actions, events and states to and from JSON-able data, driven by the dataclasses' own type hints.

An action is `{"type": "PlaceCard", "chain": 2}`; a state is a nested dict of its fields (tuples as lists,
frozensets as sorted lists). Decoding is strict: an unknown type, a missing or unknown field, or a value of the
wrong kind raises `ValueError` naming it, so a damaged save or scenario says where it is wrong.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, Literal, TypeVar, Union, cast

from companion.games.thunderbirds_solitaire import state as st

T = TypeVar("T")


def encode(value: Any) -> Any:
    """Plain JSON-able data for a dataclass, tuple, frozenset or scalar."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is tuple:
        return [encode(v) for v in value]
    if kind is frozenset:
        return sorted(encode(v) for v in value)
    names = _FIELD_NAMES.get(kind, _UNSEEN)
    if names is _UNSEEN:
        names = _FIELD_NAMES[kind] = _field_names(kind)
    if names is None:
        return value
    return {name: encode(getattr(value, name)) for name in names}


_SCALARS = frozenset({str, int, bool, type(None)})


_UNSEEN: Any = object()
#: Each type's dataclass field names (None: not a dataclass), read once.
_FIELD_NAMES: dict[type, tuple[str, ...] | None] = {}


def _field_names(kind: type) -> tuple[str, ...] | None:
    if not dataclasses.is_dataclass(kind):
        return None
    return tuple(f.name for f in dataclasses.fields(kind))


def encode_action(action: object) -> dict[str, Any]:
    return {"type": type(action).__name__, **encode(action)}


def decode_action(data: Mapping[str, Any]) -> object:
    from companion.games.thunderbirds_solitaire.actions import ACTION_TYPES

    if not isinstance(data, Mapping):
        raise ValueError(f"an action is a table with a 'type', got {data!r}")
    name = data.get("type")
    cls = ACTION_TYPES.get(name) if isinstance(name, str) else None
    if cls is None:
        raise ValueError(f"unknown action type {name!r}; expected one of {', '.join(sorted(ACTION_TYPES))}")
    return decode_dataclass(cls, {k: v for k, v in data.items() if k != "type"}, f"action {name}")


def encode_event(event: object) -> dict[str, Any]:
    return {"type": type(event).__name__, **encode(event)}


def encode_state(state: st.GameState) -> dict[str, Any]:
    data: dict[str, Any] = encode(state)
    return data


def decode_state(data: Mapping[str, Any]) -> st.GameState:
    return decode_dataclass(st.GameState, data, "state")


def decode_dataclass(cls: type[T], data: Any, where: str) -> T:
    """`data` decoded as a `cls`; a problem raises `ValueError` starting with `where` and naming the field."""
    try:
        decoded: T = _decoder(cast(Any, cls))(data)
    except ValueError as error:
        raise ValueError(f"{where}: {error}") from None
    return decoded


Decoder = Callable[[Any], Any]


@cache
def _decoder(hint: Any) -> Decoder:
    """A function decoding one value of type `hint`, built once per type (states are decoded whole, often)."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is Any:
        return lambda value: value
    if origin in (Union, types.UnionType):
        return _union(args)
    if origin is Literal:
        allowed = frozenset(args)
        shown = ", ".join(map(repr, args))

        def literal(value: Any) -> Any:
            if isinstance(value, (list, dict)) or value not in allowed:
                raise ValueError(f"expected one of {shown}, got {value!r}")
            return value

        return literal
    if origin is tuple:
        return _tuple(args)
    if origin is frozenset:
        item = _decoder(args[0])

        def frozen(value: Any) -> Any:
            if not isinstance(value, (list, tuple)):
                raise ValueError(f"expected a list, got {value!r}")
            return frozenset(item(v) for v in value)

        return frozen
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _dataclass(hint)
    if hint in (bool, int, str, type(None)):
        return _scalar(hint)
    raise ValueError(f"cannot decode {hint!r}")


def _union(args: tuple[Any, ...]) -> Decoder:
    nullable = type(None) in args
    options = [_decoder(a) for a in args if a is not type(None)]

    def union(value: Any) -> Any:
        if value is None and nullable:
            return None
        errors = []
        for option in options:
            try:
                return option(value)
            except ValueError as error:
                errors.append(str(error))
        raise ValueError(errors[0] if len(errors) == 1 else f"unexpected value {value!r}")

    return union


def _tuple(args: tuple[Any, ...]) -> Decoder:
    if len(args) == 2 and args[1] is Ellipsis:
        item = _decoder(args[0])

        def many(value: Any) -> Any:
            if not isinstance(value, (list, tuple)):
                raise ValueError(f"expected a list, got {value!r}")
            return tuple([item(v) for v in value])

        return many
    items = [_decoder(a) for a in args]

    def fixed(value: Any) -> Any:
        if not isinstance(value, (list, tuple)):
            raise ValueError(f"expected a list, got {value!r}")
        if len(items) != len(value):
            raise ValueError(f"expected {len(items)} items, got {len(value)}")
        return tuple(decode(v) for decode, v in zip(items, value))

    return fixed


def _dataclass(cls: type) -> Decoder:
    hints = typing.get_type_hints(cls)
    fields = dataclasses.fields(cls)
    known = frozenset(f.name for f in fields)
    required = frozenset(
        f.name for f in fields if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    )
    decoders = {f.name: _decoder(hints[f.name]) for f in fields}

    def record(value: Any) -> Any:
        if not isinstance(value, Mapping):
            raise ValueError(f"expected a table, got {value!r}")
        unknown = value.keys() - known
        if unknown:
            raise ValueError(f"unknown field(s) {', '.join(sorted(unknown))}")
        missing = required - value.keys()
        if missing:
            raise ValueError(f"missing field '{sorted(missing)[0]}'")
        values = {}
        for name, item in value.items():
            try:
                values[name] = decoders[name](item)
            except ValueError as error:
                raise ValueError(f"field '{name}': {error}") from None
        return cls(**values)

    return record


def _scalar(hint: type) -> Decoder:
    if hint is bool:

        def boolean(value: Any) -> Any:
            if not isinstance(value, bool):
                raise ValueError(f"expected true or false, got {value!r}")
            return value

        return boolean
    if hint is int:

        def whole(value: Any) -> Any:
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"expected a whole number, got {value!r}")
            return value

        return whole
    if hint is str:

        def text(value: Any) -> Any:
            if not isinstance(value, str):
                raise ValueError(f"expected text, got {value!r}")
            return value

        return text

    def nothing(value: Any) -> Any:
        if value is not None:
            raise ValueError(f"expected nothing, got {value!r}")
        return None

    return nothing
