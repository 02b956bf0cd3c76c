"""The app's configuration file: one TOML file for the whole app, validated with errors that name the key.

Where it is found: `$COMPANION_CONFIG` if set, else `/etc/companion/config.toml` if it exists (the Pi
installer puts it there), else `config_dir()/config.toml`. A missing file means the defaults. The
environment variable `COMPANION_LIGHTS` overrides `[lights] backend`, as `GPIOZERO_PIN_FACTORY` does for
gpiozero. Every key is documented in `docs/config.md`; `config/companion.example.toml` shows them all.

Each key is read on its own: a bad key is left out with a message naming the file, the section and the key, and
the rest of the file still applies (`Config.problems` lists every message). Only a file that cannot be read as
TOML at all gives the defaults throughout.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from companion.devices.backends import BACKENDS
from companion.devices.errors import LightMapError
from companion.devices.options import LONG_PRESS_COMMAND, ButtonsConfig, LightsConfig
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
#: Every key of every section (docs/config.md documents each one).
KEYS: Mapping[str, tuple[str, ...]] = {
    "general": ("language", "state_dir", "keep_awake", "sounds"),
    "gpio": ("serial_console",),
    "lights": ("backend", "map", "maps", "colour", "port", "baud", "brightness"),
    "buttons": (*COMMANDS, "long_press", "bounce_time"),
    "web": ("enabled", "port", "host"),
}


class ConfigError(ValueError):
    """A problem in the config file; the message names the file, the section and the key."""

    def __init__(self, file: str, key: str, problem: str) -> None:
        self.file, self.key, self.problem = file, key, problem
        text = _("{head}: {detail}").format(head=key, detail=problem) if key else problem
        super().__init__(_("{head}: {detail}").format(head=file, detail=text))  # French: "fichier : clé : …"

    @property
    def section(self) -> str:
        """The section at fault ("lights" for `[lights] map`, "lights" for COMPANION_LIGHTS), "" for the file."""
        if self.file == ENV_LIGHTS:
            return "lights"
        if self.key.startswith("["):
            return self.key[1:].split("]", 1)[0].split(".", 1)[0]
        return ""

    @property
    def is_about_the_board(self) -> bool:
        """A problem of the lights or the buttons (what Settings explains beside the board lights)."""
        return self.section in ("lights", "buttons", "gpio", "")


@dataclass(frozen=True)
class GeneralConfig:
    language: str = "en"
    state_dir: Path | None = None  # None: the platform's state directory (or COMPANION_STATE_DIR)
    keep_awake: bool = True
    sounds: bool = True
    #: The keys the file sets (the others are the defaults): Settings says where each value comes from.
    given: frozenset[str] = frozenset()


@dataclass(frozen=True)
class GpioConfig:
    #: GPIO 14 and 15 carry the serial console on a stock Raspberry Pi OS; only then are they reserved.
    serial_console: bool = True


@dataclass(frozen=True)
class WebConfig:
    """`[web]`: the phones' and TV's view of the table (docs/phones.md). Off unless the file turns it on."""

    enabled: bool = False
    port: int = 8765
    #: The address it listens on: every interface of the Pi ("0.0.0.0"), or one ("192.168.1.20", "127.0.0.1").
    host: str = "0.0.0.0"


@dataclass(frozen=True)
class Config:
    general: GeneralConfig = GeneralConfig()
    gpio: GpioConfig = GpioConfig()
    lights: LightsConfig = LightsConfig()
    buttons: ButtonsConfig = ButtonsConfig()
    web: WebConfig = WebConfig()
    #: The file read, or None when there was none (defaults).
    source: Path | None = None
    #: Every problem found, each key at fault left out (the rest applies); () when the file is fine.
    problems: tuple[ConfigError, ...] = ()


def config_path(environ: Mapping[str, str] | None = None) -> Path:
    env = os.environ if environ is None else environ
    if env.get(ENV_CONFIG):
        return Path(env[ENV_CONFIG]).expanduser()
    if SYSTEM_CONFIG.exists():
        return SYSTEM_CONFIG
    return config_dir() / "config.toml"


class _Reader:
    """Reads one section key by key, naming `[section] key` in every problem; a bad key is noted in `problems`
    and reads as its default, so one typo never costs the rest of the file."""

    def __init__(self, file: str, section: str, table: Any, problems: list[ConfigError] | None = None) -> None:
        self.file, self.section = file, section
        self.problems: list[ConfigError] = [] if problems is None else problems
        if not isinstance(table, Mapping):
            self.problems.append(ConfigError(file, f"[{section}]", _("expected a table")))
            table = {}
        self.table: Mapping[str, Any] = table

    def fail(self, key: str, problem: str) -> ConfigError:
        return ConfigError(self.file, f"[{self.section}] {key}", problem)

    def note(self, key: str, problem: str) -> None:
        self.problems.append(self.fail(key, problem))

    def only(self, keys: tuple[str, ...]) -> None:
        for key in self.table:
            if key not in keys:
                self.note(key, _("unknown key (expected one of: {keys})").format(keys=", ".join(keys)))

    def get(self, key: str, default: Any, check: Callable[[Any], bool], expected: str) -> Any:
        if key not in self.table:
            return default
        value = self.table[key]
        if not check(value):
            self.note(key, _("expected {expected}, got {value!r}").format(expected=expected, value=value))
            return default
        return value


def _is_bool(v: Any) -> bool:
    return isinstance(v, bool)


def _is_number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool)


def _is_text(v: Any) -> bool:
    return isinstance(v, str) and v != ""


def read_config(
    path: Path | None = None,
    environ: Mapping[str, str] | None = None,
    hood_length: int | Callable[[], int] | None = None,
    must_exist: bool = False,
    chosen_backend: str | None = None,
) -> Config:
    """Reads the config file key by key and never raises: every problem is in `Config.problems`, each bad key left
    out (so its default applies) and the rest of the file kept. A file that is not TOML gives every default.

    A file named on purpose must exist: the one `COMPANION_CONFIG` names (when `path` is None), or `path` with
    `must_exist` (`companion hw-test --config FILE`). The file found by default may be absent: the defaults.

    `[lights] map` is Thunderbirds' map: it is checked against Thunderbirds' LEDs, whose Hood track has
    `hood_length` spaces (a number, or a function asked only when a light map must be checked; None: the length
    in the game data). Other games' maps (`[lights.maps]`) are checked when one of their games is opened.
    `chosen_backend` is the back-end the players chose on the Settings screen: it wins over COMPANION_LIGHTS and
    the file.
    """
    env = os.environ if environ is None else environ
    named_by_env = path is None and bool(env.get(ENV_CONFIG))
    path = config_path(env) if path is None else path
    problems: list[ConfigError] = []
    try:
        doc = _read(path)
    except ConfigError as error:
        problems.append(error)
        doc = {}
    if doc is None and (must_exist or named_by_env):
        where = f"{ENV_CONFIG}={path}" if named_by_env else str(path)
        problems.append(ConfigError(where, "", _("there is no such file")))
    # A problem of the defaults (a back-end chosen by COMPANION_LIGHTS alone) never names a file that is not there.
    file = str(path) if doc is not None else _("no config file (the defaults)")
    source = path if doc is not None else None
    return _build(doc or {}, file, path.parent, env, hood_length, source, problems, chosen_backend)


def load_config(
    path: Path | None = None,
    environ: Mapping[str, str] | None = None,
    hood_length: int | Callable[[], int] | None = None,
    must_exist: bool = False,
) -> Config:
    """Reads and checks the config file strictly: raises the first `ConfigError` (naming the file and the key at
    fault) when there is any. `read_config` gives the config with only the bad keys left out."""
    config = read_config(path, environ, hood_length, must_exist)
    if config.problems:
        raise config.problems[0]
    return config


def load_config_or_default(
    path: Path | None = None,
    environ: Mapping[str, str] | None = None,
    hood_length: int | Callable[[], int] | None = None,
) -> tuple[Config, str | None]:
    """The config with its bad keys left out, and its problems in one line (None when there are none).

    The app starts either way: a bad key in `[lights]` leaves the lights on the screen's mirror (or without the
    setting at fault), a bad button is left out, the rest of the file applies."""
    config = read_config(path, environ, hood_length)
    return config, "; ".join(str(problem) for problem in config.problems) or None


def load_general_or_default(path: Path | None = None, environ: Mapping[str, str] | None = None) -> GeneralConfig:
    """Only the `[general]` section (language, state directory, screen, sounds): what the app needs before its
    first frame, without checking light maps or pins. A bad key reads as its default; the full load, made later
    for the lights, reports it."""
    env = os.environ if environ is None else environ
    path = config_path(env) if path is None else path
    try:
        doc = _read(path) or {}
    except ConfigError:
        return GeneralConfig()
    return _general(_Reader(str(path), "general", doc.get("general", {})), path.parent)


def use_configured_state_dir(environ: Mapping[str, str] | None = None) -> str | None:
    """For a command that works on the saved games (`companion import`, `python -m companion.backup`): the config
    file's `[general] state_dir` becomes the one `paths.state_dir()` gives, as in the app (COMPANION_STATE_DIR still
    wins). Returns the problem in one line when COMPANION_CONFIG names a file that does not exist, else None."""
    from companion import paths

    env = os.environ if environ is None else environ
    path = config_path(env)
    if env.get(ENV_CONFIG) and not path.exists():
        return str(ConfigError(f"{ENV_CONFIG}={path}", "", _("there is no such file")))
    paths.use_state_dir(load_general_or_default(path, env).state_dir)
    return None


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
    doc: Mapping[str, Any],
    file: str,
    folder: Path,
    env: Mapping[str, str],
    hood_length: int | Callable[[], int] | None,
    source: Path | None,
    problems: list[ConfigError],
    chosen_backend: str | None = None,
) -> Config:
    for section in doc:
        if section not in KEYS:
            problems.append(
                ConfigError(
                    file, f"[{section}]", _("unknown section (expected {sections})").format(sections=", ".join(KEYS))
                )
            )
    general = _general(_Reader(file, "general", doc.get("general", {}), problems), folder)
    gpio = _gpio(_Reader(file, "gpio", doc.get("gpio", {}), problems))
    buttons = _buttons(_Reader(file, "buttons", doc.get("buttons", {}), problems), gpio)
    lights_reader = _Reader(file, "lights", doc.get("lights", {}), problems)
    lights = _lights(lights_reader, folder, env, gpio, hood_length, chosen_backend)
    buttons = _without_shared_pins(file, lights, buttons, problems)
    web = _web(_Reader(file, "web", doc.get("web", {}), problems))
    return Config(
        general=general, gpio=gpio, lights=lights, buttons=buttons, web=web, source=source, problems=tuple(problems)
    )


def _general(r: _Reader, folder: Path) -> GeneralConfig:
    r.only(KEYS["general"])
    state_dir = r.get("state_dir", None, _is_text, _("a folder path"))
    return GeneralConfig(
        language=r.get("language", "en", lambda v: v in LANGUAGES, " or ".join(f'"{x}"' for x in LANGUAGES)),
        # A relative state directory sits beside the config file.
        state_dir=folder / Path(state_dir).expanduser() if state_dir else None,
        keep_awake=r.get("keep_awake", True, _is_bool, _("true or false")),
        sounds=r.get("sounds", True, _is_bool, _("true or false")),
        given=frozenset(key for key in KEYS["general"] if key in r.table),
    )


def _web(r: _Reader) -> WebConfig:
    r.only(KEYS["web"])
    port = r.get(
        "port",
        8765,
        lambda v: isinstance(v, int) and not isinstance(v, bool) and 1024 <= v <= 65535,
        _("a port number from 1024 to 65535"),
    )
    host = r.get("host", "0.0.0.0", _is_address, _('an IPv4 address such as "0.0.0.0" or "127.0.0.1"'))
    return WebConfig(enabled=r.get("enabled", False, _is_bool, _("true or false")), port=port, host=host)


def _is_address(v: Any) -> bool:
    import ipaddress

    try:
        return isinstance(v, str) and ipaddress.ip_address(v).version == 4
    except ValueError:
        return False


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
                r.note(command, problem)
                continue
            pins[command] = r.table[command]
    by_pin: dict[int, list[str]] = {}
    for command, pin in list(pins.items()):
        by_pin.setdefault(pin, []).append(command)
    for pin, commands in by_pin.items():
        short = [c for c in commands if c != LONG_PRESS_COMMAND]
        for extra in short[1:]:  # the first keeps its pin; the next are left out, named
            r.note(extra, pin_clash(pin, f"[buttons] {short[0]}", f"[buttons] {extra}"))
            del pins[extra]
    long_press = r.get("long_press", 1.5, lambda v: _is_number(v) and 0.2 <= v <= 10, _("seconds, from 0.2 to 10"))
    bounce = r.get("bounce_time", 0.05, lambda v: _is_number(v) and 0 <= v <= 1, _("seconds, from 0 to 1"))
    return ButtonsConfig(pins=MappingProxyType(pins), long_press=float(long_press), bounce_time=float(bounce))


def _lights(
    r: _Reader,
    folder: Path,
    env: Mapping[str, str],
    gpio: GpioConfig,
    hood_length: int | Callable[[], int] | None,
    chosen: str | None = None,
) -> LightsConfig:
    """`[lights]`, with the back-end `chosen` on the Settings screen over COMPANION_LIGHTS over the file's."""
    r.only(KEYS["lights"])
    choices = ", ".join(LIGHT_BACKENDS)
    backend = r.get("backend", "mirror", lambda v: v in LIGHT_BACKENDS, _("one of {choices}").format(choices=choices))
    source = "file" if "backend" in r.table and backend == r.table["backend"] else "default"
    from_env = False
    if env.get(ENV_LIGHTS):
        wanted = env[ENV_LIGHTS].strip().lower()
        if wanted in LIGHT_BACKENDS:
            backend, source, from_env = wanted, "env", True
        else:
            r.problems.append(
                ConfigError(
                    ENV_LIGHTS,
                    "",
                    _("{value!r} is not a lights back-end (expected one of {choices})").format(
                        value=env[ENV_LIGHTS], choices=choices
                    ),
                )
            )
    if chosen in LIGHT_BACKENDS:
        backend, source = chosen, "chosen"
    port = r.get("port", "auto", _is_text, _('a device path such as /dev/serial/by-id/..., or "auto"'))
    baud = r.get("baud", 115200, lambda v: isinstance(v, int) and not isinstance(v, bool) and v > 0, _("a baud rate"))
    brightness = r.get("brightness", 0.6, lambda v: _is_number(v) and 0 <= v <= 1, _("a number from 0 to 1"))
    colour = r.get("colour", None, _is_bool, _("true or false"))
    raw_map = r.table.get("map")
    map_is_bad = raw_map is not None and not isinstance(raw_map, str | Mapping)
    if map_is_bad:
        r.note("map", _("expected a build name, a file path or a table"))
    maps = r.table.get("maps", {})
    if not isinstance(maps, Mapping) or not all(isinstance(v, str | Mapping) for v in maps.values()):
        r.note("maps", _("expected a table of game names and build names, file paths or tables"))
        maps = {}
    light_map = None
    if backend in BACKENDS:
        if not map_is_bad:
            try:
                light_map = _light_map(r, raw_map, backend, folder, gpio, lambda: _default_scene(hood_length))
            except ConfigError as error:
                r.problems.append(error)
        if light_map is None:  # no build to drive: the lights show on the screen, and the problem says why
            backend = "mirror"
        elif colour is not None:
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
        backend_source=source,
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


def _without_shared_pins(
    file: str, lights: LightsConfig, buttons: ButtonsConfig, problems: list[ConfigError]
) -> ButtonsConfig:
    """The buttons whose pin no LED uses: a button on an LED's pin is left out, named."""
    from companion.devices.lightmap import pin_clash

    owners: dict[int, str] = {}
    if lights.map is not None and lights.backend in ("gpio", "shift595"):
        owners = {pin: what for pin, what in lights.map.pins()}
    pins = dict(buttons.pins)
    for command, pin in buttons.pins.items():
        if pin in owners:
            problems.append(
                ConfigError(file, f"[buttons] {command}", pin_clash(pin, owners[pin], f"[buttons] {command}"))
            )
            del pins[command]
    return replace(buttons, pins=MappingProxyType(pins)) if len(pins) != len(buttons.pins) else buttons
