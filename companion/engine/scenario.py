"""Scenario files, for every game: a set-up, a position, forced dice, a script of actions and checks on the result.

The format is TOML, versioned by `format = 1` and documented in docs/scenarios.md. This module owns all of it: the
top-level keys, `[setup]`'s seed and folders, the `[[action]]` tables with their forced dice and `expect`, the
final `[expect]`, the run through the game's own `apply`, the JSON output and the messages. A game supplies only
what is its own, as a `ScenarioGame`: its `[setup]` and `[position]` keys, how a position changes its dealt state,
how an action table becomes its action, how a forced die is written, and the readable view `expect` paths read.
A malformed file raises `ScenarioError`, one line naming the file and the field.
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from companion.engine.chance import LiveChance
from companion.engine.data.problems import DataError
from companion.engine.errors import CompanionError, IllegalAction
from companion.engine.game import GameRules
from companion.engine.rng import seed_state
from companion.locale import LANGUAGES, _, language, speaking

FORMAT = 1
#: The top-level keys of every game's scenario file.
SECTIONS: tuple[str, ...] = (
    "format",
    "game",
    "name",
    "description",
    "lang",
    "setup",
    "position",
    "action",
    "expect",
)
#: `expect` keys that are not paths into the JSON output.
SPECIAL_CHECKS: tuple[str, ...] = ("error", "events_include", "events_exclude", "legal_includes", "legal_excludes")


class _Seeded(Protocol):
    """Every game state carries its PRNG state (`companion.engine.game`)."""

    @property
    def rng(self) -> int: ...


S = TypeVar("S", bound=_Seeded)


class ScenarioCodec(Protocol):
    """How the runner reads a file's actions and writes actions and events: a pack's `Codec`, or a module binding
    its functions."""

    def decode_action(self, data: Any) -> Any: ...

    def encode_action(self, action: Any) -> Mapping[str, Any]: ...

    def encode_event(self, event: Any) -> Mapping[str, Any]: ...


class ScenarioError(CompanionError):
    """A malformed scenario file; the message names the file and the field."""


def field_error(file: str, where: str, message: str) -> ScenarioError:
    """The one-line error for a field of a scenario file: "case.toml: field 'setup.seed': expected ..."."""
    return ScenarioError(_("{file}: field '{field}': {message}").format(file=file, field=where, message=message))


@dataclass(frozen=True)
class ScriptedAction:
    action: object
    dice: tuple[Any, ...] = ()  # the forced outcomes, as the game read them from its dice key
    expect: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Scenario:
    path: str
    game: str
    name: str
    setup: Mapping[str, Any]  # `[setup]` without `seed`; a folder key holds its path, relative to the file
    seed: int
    position: Mapping[str, Any]
    actions: tuple[ScriptedAction, ...]
    expect: Mapping[str, Any]
    #: The language the file's expected texts (labels, lines, reasons) are written in: its checks read the game
    #: in it, whatever language the output is printed in.
    lang: str = "en"

    def fail(self, where: str, message: str) -> ScenarioError:
        return field_error(self.path, where, message)


@dataclass(frozen=True)
class PositionFields:
    """A `[position]` table as a game's `apply_position` reads it; its errors name the file and the field."""

    position: Mapping[str, Any]
    file: str

    def fail(self, where: str, message: str) -> ScenarioError:
        return field_error(self.file, f"position.{where}", message)

    def table(self, key: str) -> Mapping[str, Any]:
        value = self.position.get(key, {})
        if not isinstance(value, Mapping):
            raise self.fail(key, _("expected a table"))
        return value

    def listed(self, key: str) -> list[Any]:
        value = self.position.get(key, [])
        if not isinstance(value, list):
            raise self.fail(key, _("expected a list"))
        return value


@dataclass(frozen=True)
class Check:
    path: str
    expected: Any
    actual: Any
    ok: bool
    after_action: int | None  # None: at the end

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "expected": self.expected,
            "actual": self.actual,
            "ok": self.ok,
            "after_action": self.after_action,
        }


@dataclass(frozen=True)
class ScenarioResult(Generic[S]):
    state: S
    events: tuple[tuple[int, object], ...]  # (action index, event)
    applied: int
    error: str | None  # the reason of the illegal action that stopped the script
    error_action: int | None
    checks: tuple[Check, ...]
    defs: Any  # what the game was played with (its definitions), for the game's view and the odds
    labels: tuple[str, ...] = ()  # each applied action as the history shows it
    lines: tuple[tuple[int, str], ...] = ()  # (action index, line): what the dice said, as the pop-ups show it

    @property
    def ok(self) -> bool:
        return all(check.ok for check in self.checks)


def start_with_data(
    scenario: Scenario, chance: LiveChance, rules: Any, rules_over: Callable[[Path], Any]
) -> tuple[Any, Any, Any]:
    """`ScenarioGame.start` for a game whose `[setup]` may name a `data` folder: the game dealt by `rules`, or by
    `rules_over(folder)` when it does; a folder whose data do not load fails on `setup.data`, naming each problem."""
    setup = dict(scenario.setup)
    if "data" in setup:
        try:
            rules = rules_over(Path(setup.pop("data")))
        except DataError as broken:
            raise scenario.fail("setup.data", "; ".join(str(problem) for problem in broken.problems)) from None
    return rules.initial_state(setup, chance), rules, rules.definitions


class ScenarioGame(Generic[S]):
    """A game's part of the scenario format. A pack subclasses it, sets its keys and codec and overrides what its
    game has; the pack's `scenario` attribute names the instance ("module:attribute")."""

    game: str = ""  # the pack's name, what a file's `game` key says
    title: str = ""  # how messages name the game: "Federation"
    setup_keys: frozenset[str] = frozenset()  # `[setup]` keys besides `seed`
    folder_keys: frozenset[str] = frozenset({"data"})  # `[setup]` keys naming a folder, relative to the file
    position_keys: frozenset[str] = frozenset()
    dice_key: str = "dice"  # the `[[action]]` key of forced outcomes
    #: The game's codec (`decode_action`, `encode_action`, `encode_event`): actions and events in the log's form.
    codec: ScenarioCodec

    def decode_action(self, fields: Mapping[str, Any]) -> Any:
        """An action from its table; a `ValueError` names what is wrong."""
        return self.codec.decode_action(fields)

    def encode_action(self, action: Any) -> dict[str, Any]:
        return dict(self.codec.encode_action(action))

    def encode_event(self, event: Any) -> dict[str, Any]:
        return dict(self.codec.encode_event(event))

    def forced(self, raw: list[Any], action: Any) -> tuple[Any, ...]:
        """The forced outcomes of one action as written; a `ValueError` says what a face is."""
        return tuple(raw)

    def rolls(self, forced: tuple[Any, ...], action: Any, state: S, defs: Any) -> Sequence[int]:
        """The forced outcomes as the face indices `LiveChance` takes; a `ValueError` names a face that is not."""
        return forced

    def start(self, scenario: Scenario, chance: LiveChance) -> tuple[S, GameRules[S, Any], Any]:
        """The dealt game, the rules that play it (over the scenario's data) and those data's definitions;
        `IllegalAction` for a set-up the game refuses."""
        raise NotImplementedError

    def apply_position(self, state: S, position: Mapping[str, Any], defs: Any, name: str) -> S:
        """The dealt state changed as `[position]` says; `ScenarioError` naming the field."""
        raise NotImplementedError

    def report(self, state: S, defs: Any) -> dict[str, Any]:
        """The game's part of the JSON output: at least `state`, the readable view `expect` paths read."""
        raise NotImplementedError

    def legal(self, state: S, defs: Any) -> list[dict[str, Any]] | None:
        """The legal actions, encoded, for games whose output lists them (`legal_includes`); None: not listed."""
        return None

    def lines(self, events: tuple[Any, ...], state: S, defs: Any) -> tuple[str, ...]:
        """What an action's events said, a line each, printed under its label."""
        return ()

    def outcome_line(self, state: S, defs: Any) -> str | None:
        """The end of the game in one line for the text output, or None while it goes on."""
        return None

    def with_rng(self, state: S, rng: int) -> S:
        result: S = dataclasses.replace(state, rng=rng)  # type: ignore[type-var]
        return result

    def fits(self, data: Mapping[str, Any]) -> bool:
        """Whether a file's `[setup]` and `[position]` keys are this game's and its actions decode as its own."""
        setup, position, actions = data.get("setup", {}), data.get("position", {}), data.get("action", [])
        if not (isinstance(setup, Mapping) and isinstance(position, Mapping) and isinstance(actions, list)):
            return False
        if not (set(setup) <= self.setup_keys | {"seed"} and set(position) <= self.position_keys):
            return False
        try:
            for raw in actions:
                self.decode_action({k: v for k, v in raw.items() if k not in (self.dice_key, "expect")})
        except (ValueError, AttributeError):
            return False
        return True


# --- reading the file ------------------------------------------------------------------------------------------


def read(path: Path) -> dict[str, Any]:
    """The file's TOML tables; a file that cannot be read, is not UTF-8 or not TOML is one line naming it."""
    name = str(path)
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ScenarioError(
            _("{file}: cannot read the file ({reason})").format(file=name, reason=error.strerror or error)
        ) from None
    except UnicodeDecodeError as error:
        raise ScenarioError(
            _("{file}: not UTF-8 text (byte {byte}); save it as UTF-8").format(file=name, byte=error.start)
        ) from None
    except tomllib.TOMLDecodeError as error:
        raise ScenarioError(_("{file}: not valid TOML: {error}").format(file=name, error=error)) from None


def load(game: ScenarioGame[S], path: Path) -> Scenario:
    return parse(game, read(path), str(path), base=path.parent)


def parse(
    game: ScenarioGame[S], data: Mapping[str, Any], name: str = "<scenario>", base: Path | None = None
) -> Scenario:
    def fail(where: str, message: str) -> ScenarioError:
        return field_error(name, where, message)

    def expected(keys: frozenset[str] | tuple[str, ...]) -> str:
        return _("expected one of {keys}").format(keys=", ".join(sorted(keys)))

    if not data:
        raise ScenarioError(
            _("{file}: the file is empty; a scenario starts with the line format = 1 (see docs/scenarios.md)").format(
                file=name
            )
        )
    unknown = sorted(set(data) - set(SECTIONS))
    if unknown:
        raise fail(unknown[0], _("unknown section; {expected}").format(expected=expected(SECTIONS)))
    if "format" not in data:
        raise fail("format", _("missing; a scenario starts with the line format = {format}").format(format=FORMAT))
    if data["format"] != FORMAT:
        raise fail(
            "format", _("expected format = {format}, got {value}").format(format=FORMAT, value=repr(data["format"]))
        )
    if data.get("game", game.game) != game.game:
        raise fail(
            "game",
            _('this is a {title} scenario: expected game = "{game}", got {value}').format(
                title=game.title, game=game.game, value=repr(data["game"])
            ),
        )
    for key in ("name", "description"):
        if not isinstance(data.get(key, ""), str):
            raise fail(key, _("expected text"))
    lang = data.get("lang", "en")
    if lang not in LANGUAGES:
        raise fail(
            "lang",
            _("expected one of {languages}, got {value}").format(languages=", ".join(LANGUAGES), value=repr(lang)),
        )
    setup = _table(data, "setup", fail)
    unknown = sorted(set(setup) - game.setup_keys - {"seed"})
    if unknown:
        known = game.setup_keys | {"seed"}
        raise fail(f"setup.{unknown[0]}", _("unknown key; {expected}").format(expected=expected(known)))
    seed = setup.pop("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise fail("setup.seed", _("expected a whole number, got {value}").format(value=repr(seed)))
    for key in game.folder_keys & set(setup):
        if not isinstance(setup[key], str):
            raise fail(f"setup.{key}", _("expected a directory path, relative to the scenario file"))
        setup[key] = str((base or Path(".")) / setup[key])
    position = _table(data, "position", fail)
    unknown = sorted(set(position) - game.position_keys)
    if unknown:
        raise fail(f"position.{unknown[0]}", _("unknown key; {expected}").format(expected=expected(game.position_keys)))
    raw_actions = data.get("action", [])
    if not isinstance(raw_actions, list):
        raise fail("action", _("expected [[action]] tables"))
    actions = tuple(_action(game, raw, f"action[{i}]", fail) for i, raw in enumerate(raw_actions))
    expect = _table(data, "expect", fail)
    for where, checks in [("expect", expect), *((f"action[{i}].expect", a.expect) for i, a in enumerate(actions))]:
        _check_legal_items(game, checks, where, fail)
    return Scenario(name, game.game, str(data.get("name", "")), setup, seed, position, actions, expect, lang)


def _table(data: Mapping[str, Any], key: str, fail: Any) -> dict[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, Mapping):
        raise fail(key, _("expected a table"))
    return dict(value)


def _action(game: ScenarioGame[S], raw: Any, where: str, fail: Any) -> ScriptedAction:
    if not isinstance(raw, Mapping):
        raise fail(where, _("expected a table"))
    try:
        action = game.decode_action({k: v for k, v in raw.items() if k not in (game.dice_key, "expect")})
    except ValueError as error:
        raise fail(where, str(error)) from None
    dice = raw.get(game.dice_key, [])
    try:
        if not isinstance(dice, list):
            raise ValueError(_("expected a list, got {value}").format(value=repr(dice)))
        forced = game.forced(dice, action)
    except ValueError as error:
        raise fail(f"{where}.{game.dice_key}", str(error)) from None
    expect = raw.get("expect", {})
    if not isinstance(expect, Mapping):
        raise fail(f"{where}.expect", _("expected a table"))
    return ScriptedAction(action, forced, dict(expect))


def _check_legal_items(game: ScenarioGame[S], checks: Mapping[str, Any], where: str, fail: Any) -> None:
    for key in ("legal_includes", "legal_excludes"):
        items = checks.get(key, [])
        if not isinstance(items, list):
            raise fail(f"{where}.{key}", _("expected a list of actions"))
        for item in items:
            try:
                game.decode_action(item if isinstance(item, Mapping) else {})
            except ValueError as error:
                raise fail(f"{where}.{key}", str(error)) from None


# --- running ---------------------------------------------------------------------------------------------------


def start(game: ScenarioGame[S], scenario: Scenario) -> tuple[S, GameRules[S, Any], Any]:
    """The scenario's game as dealt by its `[setup]` and seed, before `[position]`; its rules and definitions."""
    chance = LiveChance(seed_state(scenario.seed))
    try:
        state, rules, defs = game.start(scenario, chance)
    except IllegalAction as refused:
        raise scenario.fail("setup", refused.reason) from None
    return game.with_rng(state, chance.rng_after), rules, defs


def run(game: ScenarioGame[S], scenario: Scenario) -> ScenarioResult[S]:
    """The scenario played, its texts in the language of the moment; its checks made in the file's own language
    (`lang`), so a file's expected labels hold whatever language the output is printed in."""
    with speaking(scenario.lang):
        checked = _play(game, scenario)
    if language() == scenario.lang:
        return checked
    return dataclasses.replace(_play(game, scenario), checks=checked.checks)


def _play(game: ScenarioGame[S], scenario: Scenario) -> ScenarioResult[S]:
    state, rules, defs = start(game, scenario)
    state = game.apply_position(state, scenario.position, defs, scenario.path)
    events: list[tuple[int, object]] = []
    checks: list[Check] = []
    labels: list[str] = []
    lines: list[tuple[int, str]] = []
    error: str | None = None
    error_action: int | None = None
    for i, scripted in enumerate(scenario.actions):
        try:
            forced = game.rolls(scripted.dice, scripted.action, state, defs)
        except ValueError as wrong:
            raise scenario.fail(f"action[{i}].{game.dice_key}", str(wrong)) from None
        chance = LiveChance(state.rng, forced)
        label = rules.describe(scripted.action, state)
        try:
            state, happened = rules.apply(state, scripted.action, chance)
        except IllegalAction as refused:
            error, error_action = refused.reason, i
            break
        state = game.with_rng(state, chance.rng_after)
        events.extend((i, event) for event in happened)
        labels.append(label)
        lines.extend((i, line) for line in game.lines(happened, state, defs))
        if chance.forced_left:
            left = [index + 1 for index in chance.forced_left]
            not_rolled = _("not rolled: {faces}").format(faces=left)
            checks.append(Check(f"action[{i}].{game.dice_key}", _("every forced die rolled"), not_rolled, False, i))
        if scripted.expect:
            partial = ScenarioResult(
                state, tuple(events), len(labels), None, None, (), defs, tuple(labels), tuple(lines)
            )
            checks.extend(_check(game, output(game, partial), scripted.expect, i))
    result = ScenarioResult(
        state, tuple(events), len(labels), error, error_action, (), defs, tuple(labels), tuple(lines)
    )
    checks.extend(_check(game, output(game, result), scenario.expect, None))
    return dataclasses.replace(result, checks=tuple(checks))


def output(game: ScenarioGame[S], result: ScenarioResult[S]) -> dict[str, Any]:
    """The JSON object `companion scenario --json` prints and `expect` paths read."""
    legal = game.legal(result.state, result.defs)
    return {
        "format": FORMAT,
        "applied": result.applied,
        "error": result.error,
        "error_action": result.error_action,
        **game.report(result.state, result.defs),
        "events": [{"action": i, **game.encode_event(event)} for i, event in result.events],
        **({} if legal is None else {"legal": legal}),
        "labels": list(result.labels),
        "lines": [line for _index, line in result.lines],
        "checks": [check.to_json() for check in result.checks],
        "ok": result.ok,
    }


def _check(game: ScenarioGame[S], out: Mapping[str, Any], expect: Mapping[str, Any], after: int | None) -> list[Check]:
    checks = []
    for path, expected in expect.items():
        actual: Any
        if path == "error":
            actual = out.get("error")
            ok = isinstance(actual, str) and isinstance(expected, str) and expected in actual
        elif path in ("events_include", "events_exclude"):
            actual = [e["type"] for e in out["events"] if after is None or e["action"] == after]
            found = [name in actual for name in expected] if isinstance(expected, list) else [False]
            ok = isinstance(expected, list) and (all(found) if path == "events_include" else not any(found))
        elif path in ("legal_includes", "legal_excludes"):
            wanted = [game.encode_action(game.decode_action(item)) for item in expected]
            actual = [action for action in wanted if action in out.get("legal", [])]
            ok = actual == wanted if path == "legal_includes" else actual == []
        else:
            actual = _lookup(out, path)
            ok = actual == _plain(expected)
        checks.append(Check(path, expected, actual, ok, after))
    return checks


def _lookup(data: Any, path: str) -> Any:
    for part in path.split("."):
        if isinstance(data, Mapping):
            data = data.get(part)
        elif isinstance(data, list) and part.lstrip("-").isdigit() and -len(data) <= int(part) < len(data):
            data = data[int(part)]
        else:
            return None
    return data


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value
