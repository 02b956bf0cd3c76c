"""The app's configuration file: one TOML file for the whole app, validated with errors that name the key.

Where it is found: `$COMPANION_CONFIG` if set, else `/etc/companion/config.toml` if it exists (the Pi
installer puts it there), else `config_dir()/config.toml`. A missing file means the defaults. The
environment variable `COMPANION_LIGHTS` overrides `[lights] backend`, as `GPIOZERO_PIN_FACTORY` does for
gpiozero. Every key is documented in `docs/config.md`; `config/companion.example.toml` shows them all.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from companion.devices.backends import BACKENDS
from companion.devices.errors import LightMapError
from companion.devices.pins import pin_problem
from companion.locale import LANGUAGES, _
from companion.paths import config_dir

if TYPE_CHECKING:
    from companion.devices.lightmap import LightMap

SYSTEM_CONFIG = Path("/etc/companion/config.toml")
ENV_CONFIG = "COMPANION_CONFIG"
ENV_LIGHTS = "COMPANION_LIGHTS"
#: "mirror" shows the lights on screen; "recording" keeps frames in memory (tests).
LIGHT_BACKENDS: tuple[str, ...] = ("mirror", "recording", *BACKENDS)
COMMANDS: tuple[str, ...] = ("end_turn", "roll", "confirm", "undo")
#: The command fired by holding a button down; it may share its button with one short-press command.
LONG_PRESS_COMMAND = "undo"
#: Every key of every section (docs/config.md documents each one).
KEYS: Mapping[str, tuple[str, ...]] = {
    "general": ("language", "state_dir", "keep_awake", "sounds"),
    "gpio": ("serial_console",),
    "lights": ("backend", "map", "maps", "colour", "port", "baud", "brightness"),
    "buttons": (*COMMANDS, "long_press", "bounce_time"),
}


class ConfigError(ValueError):
    """A problem in the config file; the message names the file, the section and the key."""

    def __init__(self, file: str, key: str, problem: str) -> None:
        self.file, self.key, self.problem = file, key, problem
        super().__init__(f"{file}: {key}: {problem}" if key else f"{file}: {problem}")


@dataclass(frozen=True)
class GeneralConfig:
    language: str = "en"
    state_dir: Path | None = None  # None: the platform's state directory (or COMPANION_STATE_DIR)
    keep_awake: bool = True
    sounds: bool = True


@dataclass(frozen=True)
class GpioConfig:
    #: GPIO 14 and 15 carry the serial console on a stock Raspberry Pi OS; only then are they reserved.
    serial_console: bool = True


@dataclass(frozen=True)
class LightsConfig:
    backend: str = "mirror"
    #: The resolved build for gpio, shift595 and serial; None for mirror and recording.
    map: LightMap | None = None
    port: str = "auto"
    baud: int = 115200
    brightness: float = 0.6
    #: Colour (True) or single-colour (False) build; None: the map's own setting (the mirror: colour).
    colour: bool | None = None
    #: Set when COMPANION_LIGHTS chose the back-end.
    backend_from_env: bool = False
    #: `[lights.maps]`: a build name, path or table per game other than Thunderbirds (whose map is `map`),
    #: resolved against that game's LEDs when one of its games is opened (`game_light_map`).
    maps: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    #: The folder a relative map path is read from (the config file's).
    folder: Path | None = None


@dataclass(frozen=True)
class ButtonsConfig:
    pins: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))  # command -> BCM pin
    long_press: float = 1.5  # seconds held for the long-press command (undo)
    bounce_time: float = 0.05  # seconds; gpiozero ignores edges closer together than this


@dataclass(frozen=True)
class Config:
    general: GeneralConfig = GeneralConfig()
    gpio: GpioConfig = GpioConfig()
    lights: LightsConfig = LightsConfig()
    buttons: ButtonsConfig = ButtonsConfig()
    #: The file read, or None when there was none (defaults).
    source: Path | None = None


def config_path(environ: Mapping[str, str] | None = None) -> Path:
    env = os.environ if environ is None else environ
    if env.get(ENV_CONFIG):
        return Path(env[ENV_CONFIG]).expanduser()
    if SYSTEM_CONFIG.exists():
        return SYSTEM_CONFIG
    return config_dir() / "config.toml"


class _Reader:
    """Reads one section, naming `[section] key` in every error."""

    def __init__(self, file: str, section: str, table: Any) -> None:
        self.file, self.section = file, section
        if not isinstance(table, Mapping):
            raise ConfigError(file, f"[{section}]", _("expected a table"))
        self.table: Mapping[str, Any] = table

    def fail(self, key: str, problem: str) -> ConfigError:
        return ConfigError(self.file, f"[{self.section}] {key}", problem)

    def only(self, keys: tuple[str, ...]) -> None:
        for key in self.table:
            if key not in keys:
                raise self.fail(key, _("unknown key (expected one of: {keys})").format(keys=", ".join(keys)))

    def get(self, key: str, default: Any, check: Callable[[Any], bool], expected: str) -> Any:
        if key not in self.table:
            return default
        value = self.table[key]
        if not check(value):
            raise self.fail(key, _("expected {expected}, got {value!r}").format(expected=expected, value=value))
        return value


def _is_bool(v: Any) -> bool:
    return isinstance(v, bool)


def _is_number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool)


def _is_text(v: Any) -> bool:
    return isinstance(v, str) and v != ""


def load_config(
    path: Path | None = None,
    environ: Mapping[str, str] | None = None,
    hood_length: int | Callable[[], int] | None = None,
) -> Config:
    """Reads and checks the config file. Raises `ConfigError` naming the file and the key at fault.

    `[lights] map` is Thunderbirds' map: it is checked against Thunderbirds' LEDs, whose Hood track has
    `hood_length` spaces (a number, or a function asked only when a light map must be checked; None: the length
    in the game data). Other games' maps (`[lights.maps]`) are checked when one of their games is opened.
    """
    env = os.environ if environ is None else environ
    path = config_path(env) if path is None else path
    doc = _read(path)
    return _build(doc, str(path), path.parent, env, hood_length, source=path if doc is not None else None)


def load_config_or_default(
    path: Path | None = None,
    environ: Mapping[str, str] | None = None,
    hood_length: int | Callable[[], int] | None = None,
) -> tuple[Config, str | None]:
    """The config, or, when it has a problem, the best config without its hardware sections and the problem.

    The app starts either way: with a broken `[lights]` or `[buttons]` it runs with the on-screen mirror and
    no physical buttons, and shows the returned message.
    """
    env = os.environ if environ is None else environ
    path = config_path(env) if path is None else path
    try:
        return load_config(path, env, hood_length), None
    except ConfigError as exc:
        problem = str(exc)
    try:
        doc = _read(path) or {}
        safe = {k: v for k, v in doc.items() if k in ("general", "gpio")}
        calm_env = {k: v for k, v in env.items() if k != ENV_LIGHTS}
        return _build(safe, str(path), path.parent, calm_env, hood_length, source=path), problem
    except ConfigError:
        return Config(), problem


def load_general_or_default(path: Path | None = None, environ: Mapping[str, str] | None = None) -> GeneralConfig:
    """Only the `[general]` section (language, state directory, screen, sounds): what the app needs before its
    first frame, without checking light maps or pins. A problem in it gives the defaults; the full load, made
    later for the lights, reports it."""
    env = os.environ if environ is None else environ
    path = config_path(env) if path is None else path
    try:
        doc = _read(path) or {}
        return _general(_Reader(str(path), "general", doc.get("general", {})), path.parent)
    except ConfigError:
        return GeneralConfig()


def _read(path: Path) -> dict[str, Any] | None:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise ConfigError(str(path), "", _("cannot be read: {error}").format(error=exc.strerror or exc)) from exc
    except UnicodeDecodeError as exc:
        raise ConfigError(str(path), "", _("not UTF-8 text (byte {position})").format(position=exc.start)) from exc
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(str(path), "", _("not valid TOML: {error}").format(error=exc)) from exc


def _build(
    doc: Mapping[str, Any] | None,
    file: str,
    folder: Path,
    env: Mapping[str, str],
    hood_length: int | Callable[[], int] | None,
    source: Path | None,
) -> Config:
    doc = doc or {}
    for section in doc:
        if section not in KEYS:
            raise ConfigError(
                file, f"[{section}]", _("unknown section (expected {sections})").format(sections=", ".join(KEYS))
            )
    general = _general(_Reader(file, "general", doc.get("general", {})), folder)
    gpio = _gpio(_Reader(file, "gpio", doc.get("gpio", {})))
    buttons = _buttons(_Reader(file, "buttons", doc.get("buttons", {})), gpio)
    lights = _lights(_Reader(file, "lights", doc.get("lights", {})), folder, env, gpio, hood_length)
    _check_shared_pins(file, lights, buttons)
    return Config(general=general, gpio=gpio, lights=lights, buttons=buttons, source=source)


def _general(r: _Reader, folder: Path) -> GeneralConfig:
    r.only(KEYS["general"])
    state_dir = r.get("state_dir", None, _is_text, _("a folder path"))
    return GeneralConfig(
        language=r.get("language", "en", lambda v: v in LANGUAGES, " or ".join(f'"{x}"' for x in LANGUAGES)),
        # A relative state directory sits beside the config file.
        state_dir=folder / Path(state_dir).expanduser() if state_dir else None,
        keep_awake=r.get("keep_awake", True, _is_bool, _("true or false")),
        sounds=r.get("sounds", True, _is_bool, _("true or false")),
    )


def _gpio(r: _Reader) -> GpioConfig:
    r.only(KEYS["gpio"])
    return GpioConfig(serial_console=r.get("serial_console", True, _is_bool, _("true or false")))


def _buttons(r: _Reader, gpio: GpioConfig) -> ButtonsConfig:
    from companion.devices.lightmap import pin_clash

    r.only(KEYS["buttons"])
    pins: dict[str, int] = {}
    for command in COMMANDS:
        if command in r.table:
            problem = pin_problem(r.table[command], gpio.serial_console)
            if problem:
                raise r.fail(command, problem)
            pins[command] = r.table[command]
    by_pin: dict[int, list[str]] = {}
    for command, pin in pins.items():
        by_pin.setdefault(pin, []).append(command)
    for pin, commands in by_pin.items():
        short = [c for c in commands if c != LONG_PRESS_COMMAND]
        if len(short) > 1:
            raise r.fail(short[1], pin_clash(pin, f"[buttons] {short[0]}", f"[buttons] {short[1]}"))
    long_press = r.get("long_press", 1.5, lambda v: _is_number(v) and 0.2 <= v <= 10, _("seconds, from 0.2 to 10"))
    bounce = r.get("bounce_time", 0.05, lambda v: _is_number(v) and 0 <= v <= 1, _("seconds, from 0 to 1"))
    return ButtonsConfig(pins=MappingProxyType(pins), long_press=float(long_press), bounce_time=float(bounce))


def _lights(
    r: _Reader,
    folder: Path,
    env: Mapping[str, str],
    gpio: GpioConfig,
    hood_length: int | Callable[[], int] | None,
) -> LightsConfig:
    r.only(KEYS["lights"])
    choices = ", ".join(LIGHT_BACKENDS)
    backend = r.get("backend", "mirror", lambda v: v in LIGHT_BACKENDS, _("one of {choices}").format(choices=choices))
    from_env = bool(env.get(ENV_LIGHTS))
    if from_env:
        backend = env[ENV_LIGHTS].strip().lower()
        if backend not in LIGHT_BACKENDS:
            raise ConfigError(
                ENV_LIGHTS,
                "",
                _("{value!r} is not a lights back-end (expected one of {choices})").format(
                    value=env[ENV_LIGHTS], choices=choices
                ),
            )
    port = r.get("port", "auto", _is_text, _('a device path such as /dev/serial/by-id/..., or "auto"'))
    baud = r.get("baud", 115200, lambda v: isinstance(v, int) and not isinstance(v, bool) and v > 0, _("a baud rate"))
    brightness = r.get("brightness", 0.6, lambda v: _is_number(v) and 0 <= v <= 1, _("a number from 0 to 1"))
    colour = r.get("colour", None, _is_bool, _("true or false"))
    raw_map = r.table.get("map")
    if raw_map is not None and not isinstance(raw_map, str | Mapping):
        raise r.fail("map", _("expected a build name, a file path or a table"))
    maps = r.table.get("maps", {})
    if not isinstance(maps, Mapping) or not all(isinstance(v, str | Mapping) for v in maps.values()):
        raise r.fail("maps", _("expected a table of game names and build names, file paths or tables"))
    light_map = None
    if backend in BACKENDS:
        light_map = _light_map(r, raw_map, backend, folder, gpio, lambda: _default_scene(hood_length))
        if colour is not None:
            light_map = replace(light_map, rgb=colour)
    return LightsConfig(
        maps=MappingProxyType(dict(maps)),
        folder=folder,
        backend=backend,
        map=light_map,
        colour=colour,
        port=port,
        baud=baud,
        brightness=float(brightness),
        backend_from_env=from_env,
    )


def _light_map(
    r: _Reader,
    raw: str | Mapping[str, Any] | None,
    backend: str,
    folder: Path,
    gpio: GpioConfig,
    scene: Callable[[], Any],
    key: str = "map",
    game_folder: str = "",
) -> LightMap:
    from companion.devices.lightmap import DEFAULT_MAPS, map_path, parse_map

    if isinstance(raw, Mapping):
        doc, source = raw, f"{r.file} [{r.section}.{key}]"
    else:
        path = map_path(raw or DEFAULT_MAPS[backend], folder, game_folder)
        source = str(path)
        if raw is not None:
            key = f"{key} ({path})"
        try:
            doc = tomllib.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise r.fail(key, _("no light map at {path}").format(path=path)) from None
        except UnicodeDecodeError as exc:
            raise r.fail(key, _("not UTF-8 text (byte {position})").format(position=exc.start)) from exc
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise r.fail(key, _("cannot be read: {error}").format(error=exc)) from exc
    try:
        light_map = parse_map(doc, scene(), gpio.serial_console, source)
    except LightMapError as exc:
        raise r.fail(key, str(exc)) from exc
    if light_map.backend != backend:
        raise r.fail(
            key,
            _("this map is wired for the {wired} back-end, not {backend}").format(
                wired=light_map.backend, backend=backend
            ),
        )
    return light_map


def _default_scene(hood_length: int | Callable[[], int] | None) -> Any:
    """Thunderbirds' LEDs, the game `[lights] map` is for, found through the registry."""
    from companion.devices.scene import default_scene

    return default_scene(hood_length() if callable(hood_length) else hood_length)


def game_light_map(config: Config, game: str, scene: Any) -> tuple[LightMap | None, str | None]:
    """The light map of `game` on the configured hardware, checked against its `scene`: `[lights.maps] game`,
    else the build of the same name under `hardware/maps/<game>/`; (None, why) when it has none or it is wrong.

    Thunderbirds' map is `[lights] map`, checked at load; a mirror or recording back-end needs no map."""
    lights = config.lights
    if lights.backend not in BACKENDS:
        return None, None
    from companion.engine.registry import DEFAULT_GAME

    if game == DEFAULT_GAME:
        return lights.map, None
    raw = lights.maps.get(game)
    from companion.devices.lightmap import DEFAULT_MAPS, map_path

    if raw is None and not map_path(DEFAULT_MAPS[lights.backend], None, game).exists():
        return None, _("this game has no light map for the {backend} lights").format(backend=lights.backend)
    file = str(config.source or "config.toml")
    reader = _Reader(file, "lights.maps", {})
    folder = lights.folder or Path(".")
    try:
        light_map = _light_map(reader, raw, lights.backend, folder, config.gpio, lambda: scene, game, game)
    except ConfigError as error:
        return None, str(error)
    if lights.colour is not None:
        light_map = replace(light_map, rgb=lights.colour)
    return light_map, None


def _check_shared_pins(file: str, lights: LightsConfig, buttons: ButtonsConfig) -> None:
    from companion.devices.lightmap import pin_clash

    owners: dict[int, str] = {}
    if lights.map is not None and lights.backend in ("gpio", "shift595"):
        owners = {pin: what for pin, what in lights.map.pins()}
    for command, pin in buttons.pins.items():
        if pin in owners:
            raise ConfigError(file, f"[buttons] {command}", pin_clash(pin, owners[pin], f"[buttons] {command}"))
