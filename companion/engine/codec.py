"""Actions and states to and from JSON-able data, driven by the dataclasses' own type hints: every pack's and the
kit's one codec.

An action is `{"type": "Move", "vehicle": "tb2", "to": "asia"}`; a state is a nested dict of its fields (tuples as
lists, frozensets as sorted lists, enums as their values, nested dataclasses as their fields). A field holding one
of several dataclasses (a pending step) is written tagged with its type. Decoding is strict: an unknown type, a
missing or unknown field, or a value of the wrong kind raises `ValueError` naming it
(`state: field 'seats': field 'hand': expected a list, got 3`), so a damaged save or scenario says where it is
wrong. A decoder is built once per type (states are decoded whole, often). A type that is no dataclass may write
itself: `to_data()` gives its data and the class method `from_data(data)` reads it back, raising `ValueError` (the
engine's `Words`, kept by language, is written `{"en": ..., "fr": ..., "translated": [...]}`).

A pack binds its own types once: `CODEC = Codec(state=MyState, actions=(Move, Pass), tagged={"pending": (A, B)})`
and its rules' `encode_action`/`decode_action`/`encode_state`/`decode_state` call it.
"""

from __future__ import annotations

import dataclasses
import importlib
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from enum import Enum
from functools import cache
from typing import Any, ClassVar, Generic, Literal, TypeVar, Union, cast

S = TypeVar("S")
T = TypeVar("T")

Decoder = Callable[[Any], Any]

_SCALARS = frozenset({str, int, bool, float, type(None)})
_UNSEEN: Any = object()
#: Each type's dataclass field names, `_SELF` when it writes itself (`to_data`), else None; read once.
_FIELD_NAMES: dict[type, Any] = {}
_SELF: Any = object()


def encode(value: Any) -> Any:
    """Plain JSON-able data for a dataclass, tuple, frozenset, enum or scalar."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is tuple:
        return [encode(v) for v in value]
    names = _FIELD_NAMES.get(kind, _UNSEEN)
    if names is _UNSEEN:
        names = _FIELD_NAMES[kind] = _field_names(kind)
    if names is _SELF:
        return value.to_data()
    if names is not None:
        return {name: encode(getattr(value, name)) for name in names}
    if isinstance(value, tuple):
        return [encode(v) for v in value]
    if isinstance(value, frozenset):
        return sorted(encode(v) for v in value)
    if isinstance(value, Enum):
        return value.value
    return value


def _field_names(kind: type) -> Any:
    if callable(getattr(kind, "from_data", None)) and callable(getattr(kind, "to_data", None)):
        return _SELF
    if not dataclasses.is_dataclass(kind):
        return None
    return tuple(f.name for f in dataclasses.fields(kind))


def encode_tagged(value: object) -> dict[str, Any]:
    """A dataclass with its type's name under "type" (actions, events)."""
    return {"type": type(value).__name__, **encode(value)}


def decode_tagged(data: Mapping[str, Any], types_by_name: Mapping[str, type], what: str = "action") -> Any:
    """`encode_tagged`'s output read back as one of `types_by_name` (`what` names it in errors)."""
    if not isinstance(data, Mapping):
        raise ValueError(f"an {what} is a table with a 'type', got {data!r}")
    name = data.get("type")
    cls = types_by_name.get(name) if isinstance(name, str) else None
    if cls is None:
        raise ValueError(f"unknown {what} type {name!r}; expected one of {', '.join(sorted(types_by_name))}")
    return decode_dataclass(cls, {k: v for k, v in data.items() if k != "type"}, f"{what} {name}")


class Codec(Generic[S]):
    """One game's encoder and strict decoder: its state class, its action classes, and the state's fields that
    hold one of several dataclasses (written with a `type` tag)."""

    def __init__(
        self,
        state: type[S],
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
        return encode_tagged(action)

    def decode_action(self, data: Mapping[str, Any]) -> Any:
        return decode_tagged(data, self.actions)

    def encode_event(self, event: object) -> dict[str, Any]:
        return encode_tagged(event)

    def encode_state(self, state: S) -> dict[str, Any]:
        data: dict[str, Any] = encode(state)
        for field in self.tagged:
            value = getattr(state, field)
            if value is not None:
                data[field] = {"type": type(value).__name__, **data[field]}
        return data

    def decode_state(self, data: Mapping[str, Any]) -> S:
        if not self.tagged:
            return decode_dataclass(self.state, data, "state")
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
        return cast(Any, dataclasses.replace)(result, **decoded) if decoded else result


class RulesCodec(Generic[S]):
    """A game's `GameRules` codec members, served by the `CODEC` of its pack's codec module (`codec_module`),
    which is imported when a game is first saved or resumed rather than with the rules."""

    codec_module: ClassVar[str]

    @property
    def codec(self) -> Codec[S]:
        codec: Codec[S] = importlib.import_module(self.codec_module).CODEC
        return codec

    def encode_action(self, action: object) -> dict[str, Any]:
        return self.codec.encode_action(action)

    def decode_action(self, data: Mapping[str, Any]) -> Any:
        return self.codec.decode_action(data)

    def encode_state(self, state: S) -> dict[str, Any]:
        return self.codec.encode_state(state)

    def decode_state(self, data: Mapping[str, Any]) -> S:
        return self.codec.decode_state(data)


def decode_dataclass(cls: type[T], data: Any, where: str) -> T:
    """`data` decoded as a `cls`; a problem raises `ValueError` starting with `where` and naming the field."""
    try:
        decoded: T = _decoder(cast(Any, cls))(data)
    except ValueError as error:
        raise ValueError(f"{where}: {error}") from None
    return decoded


def decode(hint: Any, value: Any, where: str) -> Any:
    """`value` read as the type `hint` names; `where` starts the error message."""
    try:
        return _decoder(hint)(value)
    except ValueError as error:
        raise ValueError(f"{where}: {error}") from None


@cache
def _decoder(hint: Any) -> Decoder:
    """A function decoding one value of type `hint`, built once per type."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is Any:
        return lambda value: value
    if origin in (Union, types.UnionType):
        return _union(args)
    if origin is Literal:
        shown = ", ".join(map(repr, args))

        def literal(value: Any) -> Any:
            if isinstance(value, (list, dict)) or value not in args:
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
    if isinstance(hint, type) and issubclass(hint, Enum):
        return _enum(hint)
    if isinstance(hint, type) and _field_names(hint) is _SELF:
        return cast(Decoder, cast(Any, hint).from_data)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _dataclass(hint)
    if hint in _CHECKS:
        return _scalar(*_CHECKS[hint])
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


def _enum(hint: type[Enum]) -> Decoder:
    def member(value: Any) -> Any:
        try:
            return hint(value)
        except ValueError:
            raise ValueError(f"unexpected value {value!r}") from None

    return member


def _dataclass(cls: type) -> Decoder:
    hints = typing.get_type_hints(cls)
    fields = dataclasses.fields(cls)
    known = frozenset(f.name for f in fields)
    order = tuple(f.name for f in fields)
    required = tuple(
        f.name for f in fields if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    )
    decoders: dict[str, Decoder] = {}

    def record(value: Any) -> Any:
        if not isinstance(value, Mapping):
            raise ValueError(f"expected a table, got {value!r}")
        unknown = value.keys() - known
        if unknown:
            raise ValueError(f"unknown field(s) {', '.join(sorted(unknown))}")
        for name in required:
            if name not in value:
                raise ValueError(f"missing field '{name}'")
        if not decoders:  # built on first use: a dataclass may hold itself
            decoders.update((f.name, _decoder(hints[f.name])) for f in fields)
        values = {}
        for name in order:
            if name not in value:
                continue
            try:
                values[name] = decoders[name](value[name])
            except ValueError as error:
                raise ValueError(f"field '{name}': {error}") from None
        return cls(**values)

    return record


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


#: Each scalar type -> (whether a value is one, how the error names what was expected).
_CHECKS: dict[Any, tuple[Callable[[Any], bool], str]] = {
    bool: (lambda value: isinstance(value, bool), "true or false"),
    int: (_is_whole, "a whole number"),
    str: (lambda value: isinstance(value, str), "text"),
    type(None): (lambda value: value is None, "nothing"),
}


def _scalar(fits: Callable[[Any], bool], expected: str) -> Decoder:
    def scalar(value: Any) -> Any:
        if not fits(value):
            raise ValueError(f"expected {expected}, got {value!r}")
        return value

    return scalar
