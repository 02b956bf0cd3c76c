"""The installed games: their static facts (`available`), the game itself on first use (`pack`), and its rules
(`get`, what a saved game resumes with).

Three sources, in this order (a name found twice keeps its first):

1. the folders under `companion/games/`, each declaring `INFO` in its `__init__.py`;
2. the entry-point group `companion.packs` (a pack installed as a separate distribution: the entry point names
   its `PackInfo`, or a function giving several, as below);
3. the families of games `companion/games/__init__.py` names in `SOURCES` (the kit's games, one per TOML
   file): each a "module:function" giving `(PackInfos, PackProblems)`, skipped when its module is not installed.
   The engine names no game and no kit: the games package says where they are.

Listing imports only the declarations (cheap by contract); a declaration that fails is reported as a
`PackProblem` naming its file and line, and the other games are still listed. Rules and packs load on first use.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
import pkgutil
import re
import threading
import traceback
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.engine.errors import UnknownGame
from companion.engine.pack import Pack, PackInfo, PackProblem
from companion.locale import _

if TYPE_CHECKING:
    from companion.engine.game import GameRules

log = logging.getLogger(__name__)

ENTRY_POINT_GROUP = "companion.packs"
#: The game a scenario file, a command or an old saved game means when it names none.
DEFAULT_GAME = "thunderbirds"

_RULES: dict[str, GameRules[Any, Any]] = {}
_INFOS: dict[str, PackInfo] = {}  # registered by hand (tests, a pack registered at run time)
_PACKS: dict[str, Pack] = {}
_SCANNED: list[tuple[tuple[PackInfo, ...], tuple[PackProblem, ...]]] = []  # the last scan, until `rescan`
_LOCK = threading.RLock()
_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


# --- registering by hand ---------------------------------------------------------------------------------------


def register(rules: GameRules[Any, Any]) -> None:
    """Makes `rules` available under `rules.name` (a later registration under the same name replaces it)."""
    _RULES[rules.name] = rules


def register_pack(info: PackInfo) -> None:
    """Lists a pack declared outside the three sources (a test's pack, a tutorial's); it loads on first use."""
    with _LOCK:
        _INFOS[info.name] = info
        _PACKS.pop(info.name, None)
        _SCANNED.clear()


def forget(name: str) -> None:
    """Drops a pack registered by hand, its loaded pack and its rules (tests clean up with it)."""
    with _LOCK:
        _INFOS.pop(name, None)
        _PACKS.pop(name, None)
        _RULES.pop(name, None)
        _SCANNED.clear()


def rescan() -> None:
    """Looks for installed games again on the next `available` (a kit was added, a pack installed)."""
    with _LOCK:
        _SCANNED.clear()


def forget_scanned() -> None:
    """Forgets the last scan and every pack made so far, as a new process would (another data directory holds
    other kits and overlays); what was registered by hand stays (`registered_packs`, `registered`)."""
    with _LOCK:
        _SCANNED.clear()
        _PACKS.clear()


def registered_packs() -> tuple[str, ...]:
    """Names of the packs registered by hand (`register_pack`), which `forget` drops."""
    with _LOCK:
        return tuple(sorted(_INFOS))


# --- listing -------------------------------------------------------------------------------------------------


def available() -> tuple[PackInfo, ...]:
    """Every installed game's `PackInfo`, sorted by name; broken declarations are left out (see `problems`)."""
    return _scan()[0]


def problems() -> tuple[PackProblem, ...]:
    """The packs and kits that could not be listed, each naming its file and line."""
    return _scan()[1]


def info(name: str) -> PackInfo:
    """One game's declaration: a folder pack's is read alone (opening a game never waits on the scan of every
    installed distribution), any other through `available`."""
    with _LOCK:
        declared = _INFOS.get(name)
    if declared is None and _NAME.fullmatch(name):
        declared = _folder_info(name)
    if declared is not None:
        return declared
    for found in available():
        if found.name == name:
            return found
    raise UnknownGame(_("There is no game called {name}.").format(name=name))


def _folder_info(name: str) -> PackInfo | None:
    """`companion/games/<name>/`'s INFO, or None (no such folder, or a broken one: `available` reports it)."""
    try:
        if importlib.util.find_spec(f"companion.games.{name}") is None:
            return None
        declared = getattr(importlib.import_module(f"companion.games.{name}"), "INFO", None)
    except Exception:
        return None
    return declared if isinstance(declared, PackInfo) and declared.name == name else None


def is_installed(name: str) -> bool:
    return any(found.name == name for found in available())


def _scan() -> tuple[tuple[PackInfo, ...], tuple[PackProblem, ...]]:
    with _LOCK:
        if _SCANNED:
            return _SCANNED[0]
    result = _scan_now()
    with _LOCK:
        _SCANNED[:] = [result]
    return result


def _scan_now() -> tuple[tuple[PackInfo, ...], tuple[PackProblem, ...]]:
    found: dict[str, PackInfo] = {}
    troubles: list[PackProblem] = []

    def add(candidate: PackInfo) -> None:
        found.setdefault(candidate.name, candidate)

    with _LOCK:
        for candidate in _INFOS.values():
            add(candidate)
    for candidate_or_problem in _folder_packs():
        if isinstance(candidate_or_problem, PackProblem):
            troubles.append(candidate_or_problem)
        else:
            add(candidate_or_problem)
    for candidate_or_problem in [*_entry_point_packs(), *_declared_sources()]:
        if isinstance(candidate_or_problem, PackProblem):
            troubles.append(candidate_or_problem)
        else:
            add(candidate_or_problem)
    return tuple(sorted(found.values(), key=lambda i: i.name)), tuple(troubles)


def _folder_packs() -> list[PackInfo | PackProblem]:
    import companion.games

    results: list[PackInfo | PackProblem] = []
    for module in sorted(pkgutil.iter_modules(companion.games.__path__), key=lambda m: m.name):
        if not module.ispkg or not _NAME.fullmatch(module.name):
            continue
        module_name = f"companion.games.{module.name}"
        try:
            package = importlib.import_module(module_name)
        except Exception as error:  # a broken pack never stops the others
            results.append(_problem(module.name, error, module_name))
            continue
        declared = getattr(package, "INFO", None)
        if declared is None:
            continue  # a folder with rules only (a test's toy game): resumable through `get`, not listed
        if not isinstance(declared, PackInfo) or declared.name != module.name:
            results.append(
                PackProblem(
                    module.name,
                    str(getattr(package, "__file__", module_name)),
                    _("INFO must be a PackInfo named {name}").format(name=module.name),
                )
            )
            continue
        results.append(declared)
    return results


def _entry_point_packs() -> list[PackInfo | PackProblem]:
    import importlib.metadata  # not before the app's first frame: it brings the email and csv modules along

    results: list[PackInfo | PackProblem] = []
    for entry in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        try:
            declared = entry.load()
        except Exception as error:
            results.append(_problem(entry.name, error, entry.value))
            continue
        if callable(declared):
            results.extend(_from_source(entry.name, declared, entry.value))
        elif isinstance(declared, PackInfo):
            results.append(declared)
        else:
            results.append(PackProblem(entry.name, entry.value, _("the entry point does not name a PackInfo")))
    return results


def _declared_sources() -> list[PackInfo | PackProblem]:
    """The games of each family `companion.games.SOURCES` names ("module:function"); a family whose module is
    not installed gives none."""
    import companion.games

    results: list[PackInfo | PackProblem] = []
    for where in getattr(companion.games, "SOURCES", ()):
        module_name, _sep, function = where.partition(":")
        try:
            if importlib.util.find_spec(module_name.partition(".")[0]) is None:
                continue
            source = getattr(importlib.import_module(module_name), function)
        except ModuleNotFoundError:
            continue
        except Exception as error:
            results.append(_problem(module_name, error, where))
            continue
        results.extend(_from_source(module_name, source, where))
    return results


def _from_source(name: str, source: Any, where: str) -> list[PackInfo | PackProblem]:
    """What one family of games gives: its games and the problems of those it skipped, or one problem."""
    try:
        games, skipped = source()
    except Exception as error:
        return [_problem(name, error, where)]
    return [*games, *skipped]


def _problem(name: str, error: BaseException, where: str) -> PackProblem:
    """The file and line where a declaration failed: a syntax error's own, else the deepest frame in the pack's
    code (the contract's own checks, in the engine, name the field; the pack's line says where it is)."""
    file, line = where, None
    if isinstance(error, SyntaxError) and error.filename:
        file, line = error.filename, error.lineno
    else:
        frames = traceback.extract_tb(error.__traceback__)
        engine = str(Path(__file__).resolve().parent)
        inside = [f for f in frames if "importlib" not in f.filename and not f.filename.startswith((engine, "<"))]
        if inside:
            file, line = inside[-1].filename, inside[-1].lineno
    message = f"{type(error).__name__}: {error}"
    log.warning("game %s skipped: %s:%s: %s", name, file, line, message)
    return PackProblem(name, file, message, line)


# --- the game itself -------------------------------------------------------------------------------------------


def pack(name: str) -> Pack:
    """The game `name`, made on first use by its `PackInfo.load` factory and kept."""
    with _LOCK:
        made = _PACKS.get(name)
        if made is not None:
            return made
    declared = info(name)
    module_name, _sep, attribute = declared.load.partition(":")
    factory = getattr(importlib.import_module(module_name), attribute)
    made = factory(declared)
    with _LOCK:
        return _PACKS.setdefault(name, made)  # its rules load when first asked for (`get`, `Pack.rules`)


def loaded(name: str) -> Pack | None:
    """The pack if it was made already, else None (without loading it)."""
    with _LOCK:
        return _PACKS.get(name)


def get(name: str) -> GameRules[Any, Any]:
    """The rules of `name`: a registered one, a folder pack's `rules:RULES` (without making the whole pack),
    or an entry-point pack's or kit's through its pack."""
    rules = _RULES.get(name)
    if rules is not None:
        return rules
    if not _NAME.fullmatch(name):
        raise UnknownGame(_("There is no game called {name}.").format(name=name))
    try:
        module = importlib.import_module(f"companion.games.{name}.rules")
    except ModuleNotFoundError as error:
        if error.name not in (f"companion.games.{name}", f"companion.games.{name}.rules"):
            raise
        module = None
    if module is not None:
        declared: GameRules[Any, Any] | None = getattr(module, "RULES", None)
        if declared is None:
            raise UnknownGame(_("The game {name} does not provide its rules.").format(name=name))
        register(declared)
        return declared
    if is_installed(name):
        return pack(name).rules
    raise UnknownGame(_("There is no game called {name}.").format(name=name))


def registered() -> tuple[str, ...]:
    """Names whose rules are known so far (imported packs and test packs)."""
    return tuple(sorted(_RULES))
