"""Light maps: where each LED of a build is wired, read from TOML and checked against the board.

A map says which back-end the build is wired for and where each LED sits: a pin (direct GPIO), or a position
along a chain (74HC595 outputs, WS2812 strip). The LED names and the groups a chain may use come from the game's
`LightScene`; groups follow the game data, so the Hood track takes as many positions as the data gives it
spaces: correcting the track's length moves the LEDs after it. See `docs/config.md` and `hardware/maps/`
(Thunderbirds' builds; another game's under `hardware/maps/<game>/`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.devices.backends import BACKENDS
from companion.devices.errors import LightMapError
from companion.devices.pins import pin_problem
from companion.devices.scene import LightScene, SceneLayout
from companion.locale import _
from companion.paths import ROOT

MAPS_DIR = ROOT / "hardware" / "maps"
#: The build each back-end uses when the config names none.
DEFAULT_MAPS: Mapping[str, str] = {"gpio": "gpio-direct", "shift595": "shift595-chain", "serial": "serial-ws2812"}
GAP = "-"
MAX_CHAIN = {"serial": 255, "shift595": 8 * 32}

Pin = int | tuple[int, int, int]


@dataclass(frozen=True)
class Shift595Wiring:
    data: int
    clock: int
    latch: int
    registers: int
    enable: int | None = None

    @property
    def outputs(self) -> int:
        return 8 * self.registers


@dataclass(frozen=True)
class LightMap:
    """A build: `leds` maps LED names to pins (gpio) or chain positions (shift595, serial)."""

    backend: str
    rgb: bool
    leds: Mapping[str, Pin]
    scene: LightScene
    pwm: bool = False
    shift595: Shift595Wiring | None = None
    source: str = ""
    chain_length: int = 0

    @property
    def positions(self) -> dict[str, int]:
        """Each LED's place along the chain (shift595, serial): their maps are read from a `chain` of names, one
        position each, never an RGB triple of pins."""
        return {name: led for name, led in self.leds.items() if isinstance(led, int)}

    @property
    def hood_length(self) -> int:
        """Thunderbirds' Hood track length the map was resolved for (0 for another game's)."""
        return int(self.scene.sizes.get("hood", 0))

    def layout(self) -> SceneLayout:
        return self.scene.layout(tuple(self.leds), self.rgb)

    def pins(self) -> list[tuple[int, str]]:
        """Every GPIO pin this build drives, with what it drives (for clash checks)."""
        used: list[tuple[int, str]] = []
        if self.backend == "gpio":
            for name, pin in self.leds.items():
                if isinstance(pin, tuple):
                    used.extend((p, f"{name} ({colour})") for p, colour in zip(pin, ("red", "green", "blue")))
                else:
                    used.append((pin, name))
        if self.shift595 is not None:
            wiring = self.shift595
            used += [(wiring.data, "shift595 data"), (wiring.clock, "shift595 clock"), (wiring.latch, "shift595 latch")]
            if wiring.enable is not None:
                used.append((wiring.enable, "shift595 enable"))
        return used


@dataclass
class _Reader:
    """Reads one map document, naming the key at fault in every error."""

    doc: Mapping[str, Any]
    scene: LightScene
    serial_console: bool
    placed: dict[str, str] = field(default_factory=dict)  # LED name -> where it was placed (for duplicates)

    def fail(self, key: str, message: str) -> LightMapError:
        return LightMapError(f"{key}: {message}" if key else message)

    def allowed(self, table: Mapping[str, Any], keys: tuple[str, ...], where: str) -> None:
        for key in table:
            if key not in keys:
                raise self.fail(
                    f"{where}{key}",
                    _("unknown key (expected one of: {keys})").format(keys=", ".join(keys)),
                )

    def flag(self, key: str, default: bool) -> bool:
        value = self.doc.get(key, default)
        if not isinstance(value, bool):
            raise self.fail(key, _("expected true or false, got {value!r}").format(value=value))
        return value

    def pin(self, key: str, value: Any) -> int:
        problem = pin_problem(value, self.serial_console)
        if problem:
            raise self.fail(key, problem)
        return int(value)

    def place(self, name: str, where: str) -> None:
        if name not in self.known:
            raise self.fail(
                where,
                _("{name!r} is not an LED of this board ({names})").format(name=name, names=self.scene.names_help),
            )
        if name in self.placed:
            raise self.fail(
                where,
                _("{name} is placed twice ({first} and {second})").format(
                    name=name, first=self.placed[name], second=where
                ),
            )
        self.placed[name] = where

    @property
    def known(self) -> frozenset[str]:
        return frozenset(self.scene.names)

    def group(self, entry: str) -> tuple[str, ...] | None:
        """The LEDs a group name stands for, in chain order; None if `entry` is not a group."""
        return self.scene.groups.get(entry)


def parse_map(
    doc: Mapping[str, Any], scene: LightScene | int, serial_console: bool = True, source: str = ""
) -> LightMap:
    """Checks a map document against a game's LEDs and resolves its groups. Raises `LightMapError` whose message
    starts with the key at fault. A number for `scene` is the Hood track's length of Thunderbirds' scene (the
    game `[lights] map` is for)."""
    if isinstance(scene, int):
        from companion.devices.scene import default_scene

        scene = default_scene(scene)
    reader = _Reader(doc, scene, serial_console)
    backend = doc.get("backend")
    if backend not in BACKENDS:
        raise reader.fail(
            "backend", _("expected one of {choices}, got {value!r}").format(choices=", ".join(BACKENDS), value=backend)
        )
    common = ("backend", "rgb", "description")
    if backend == "gpio":
        reader.allowed(doc, (*common, "pwm", "pins"), "")
        leds = _gpio_pins(reader)
        chain_length = 0
        wiring = None
    else:
        reader.allowed(doc, (*common, "chain", *(("shift595",) if backend == "shift595" else ())), "")
        leds, chain_length = _chain(reader, backend)
        wiring = _shift595(reader) if backend == "shift595" else None
        if wiring is not None and chain_length > wiring.outputs:
            raise reader.fail(
                "chain",
                _("{count} positions, but {registers} registers have {outputs} outputs").format(
                    count=chain_length, registers=wiring.registers, outputs=wiring.outputs
                ),
            )
    description = doc.get("description", "")
    if not isinstance(description, str):
        raise reader.fail("description", _("expected text"))
    light_map = LightMap(
        backend=backend,
        rgb=reader.flag("rgb", backend == "serial"),
        pwm=reader.flag("pwm", False) if backend == "gpio" else False,
        leds=leds,
        scene=scene,
        shift595=wiring,
        source=source,
        chain_length=chain_length,
    )
    _check_coverage(reader, light_map)
    _check_clashes(reader, light_map.pins())
    return light_map


def _gpio_pins(reader: _Reader) -> dict[str, Pin]:
    table = reader.doc.get("pins")
    if not isinstance(table, Mapping):
        raise reader.fail("pins", _("a table of LED names (or groups) and pins is required"))
    leds: dict[str, Pin] = {}
    for key, value in table.items():
        where = f"pins.{key}"
        names = reader.group(key)
        if names is not None:
            if not isinstance(value, list) or len(value) != len(names):
                raise reader.fail(
                    where,
                    _("expected a list of {count} pins, one per LED ({first} to {last})").format(
                        count=len(names), first=names[0], last=names[-1]
                    ),
                )
            for i, (name, pin) in enumerate(zip(names, value)):
                reader.place(name, f"{where}[{i}]")
                leds[name] = reader.pin(f"{where}[{i}]", pin)
            continue
        reader.place(key, where)
        if isinstance(value, list):
            if len(value) != 3:
                raise reader.fail(where, _("an RGB LED takes three pins: [red, green, blue]"))
            red, green, blue = (reader.pin(f"{where}[{i}]", p) for i, p in enumerate(value))
            leds[key] = (red, green, blue)
        else:
            leds[key] = reader.pin(where, value)
    return leds


def _chain(reader: _Reader, backend: str) -> tuple[dict[str, Pin], int]:
    chain = reader.doc.get("chain")
    if not isinstance(chain, list) or not chain:
        raise reader.fail("chain", _("a list of LED names and groups, in wiring order, is required"))
    leds: dict[str, Pin] = {}
    position = 0
    for i, entry in enumerate(chain):
        where = f"chain[{i}]"
        if not isinstance(entry, str):
            raise reader.fail(where, _('expected an LED name, a group or "-", got {value!r}').format(value=entry))
        if entry == GAP:
            position += 1
            continue
        for name in reader.group(entry) or (entry,):
            reader.place(
                name, f"{where} ({entry}, position {position})" if name != entry else f"{where} (position {position})"
            )
            leds[name] = position
            position += 1
    limit = MAX_CHAIN[backend]
    if position > limit:
        raise reader.fail("chain", _("{count} positions; at most {limit}").format(count=position, limit=limit))
    return leds, position


def _shift595(reader: _Reader) -> Shift595Wiring:
    table = reader.doc.get("shift595")
    if not isinstance(table, Mapping):
        raise reader.fail(
            "shift595", _("a table with the data, clock and latch pins and the number of registers is required")
        )
    reader.allowed(table, ("data", "clock", "latch", "enable", "registers"), "shift595.")
    for key in ("data", "clock", "latch", "registers"):
        if key not in table:
            raise reader.fail(f"shift595.{key}", _("missing"))
    registers = table["registers"]
    if isinstance(registers, bool) or not isinstance(registers, int) or not 1 <= registers <= 32:
        raise reader.fail("shift595.registers", _("expected a number of registers from 1 to 32"))
    enable = table.get("enable")
    return Shift595Wiring(
        data=reader.pin("shift595.data", table["data"]),
        clock=reader.pin("shift595.clock", table["clock"]),
        latch=reader.pin("shift595.latch", table["latch"]),
        registers=registers,
        enable=None if enable is None else reader.pin("shift595.enable", enable),
    )


def _check_coverage(reader: _Reader, light_map: LightMap) -> None:
    for name in reader.scene.required:
        if name not in light_map.leds:
            raise reader.fail("chain" if light_map.backend != "gpio" else "pins", reader.scene.required_reason(name))


def _check_clashes(reader: _Reader, used: list[tuple[int, str]]) -> None:
    first: dict[int, str] = {}
    for pin, what in used:
        if pin in first:
            raise reader.fail("", pin_clash(pin, first[pin], what))
        first[pin] = what


def pin_clash(pin: int, first: str, second: str) -> str:
    return _("pin {pin} is used twice ({first}, {second})").format(pin=pin, first=first, second=second)


def map_path(name: str, relative_to: Path | None = None, game: str = "") -> Path:
    """A build name from `hardware/maps/` ("gpio-direct"; another game's from `hardware/maps/<game>/`), or a path
    (relative to the config file's folder)."""
    if "/" not in name and not name.endswith(".toml"):
        return (MAPS_DIR / game if game else MAPS_DIR) / f"{name}.toml"
    path = Path(name).expanduser()
    if not path.is_absolute() and relative_to is not None:
        path = relative_to / path
    return path


def builtin_maps() -> list[str]:
    return sorted(p.stem for p in MAPS_DIR.glob("*.toml"))
