"""Bringing an exported game back: `companion import FILE`, and Home's "Import a game from a USB stick".

An export (`companion.exports`, `Store.export_game`) becomes a new saved game, as it was: its set-up, its seed and
every action with its chance outcomes. It is refused, with the reason, when it is no game file, when its game is
not installed here, when it is the public record of a game with secrets (only what every player saw: no hands, no
draws, so nothing to play on), or when the game does not replay under this version's rules (it is then removed
again: nothing half-imported stays).

    companion import FILE [--db PATH] [--lang fr]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from companion.engine.errors import CompanionError
from companion.locale import LANGUAGES, _, ngettext, set_language

#: Exports are small (a few hundred kB for a long game); a file much larger is not one of ours.
LARGEST_EXPORT_BYTES = 20_000_000


class ImportRefused(CompanionError):
    """An exported game that cannot become a saved game here; the message names the file and says why."""


@dataclass(frozen=True)
class ExportedGame:
    """What an export file says about itself, read without importing it (Home lists these)."""

    path: Path
    game: str
    #: The game's title in the current language, or its name when it is not installed.
    title: str
    created: str
    #: Why it cannot be imported ("" when it can).
    refusal: str


def read_export_header(path: Path) -> dict[str, Any] | None:
    """The export's top-level fields, or None when the file is no exported game at all (not JSON, not ours)."""
    try:
        if path.stat().st_size > LARGEST_EXPORT_BYTES:
            return None
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    if not isinstance(document, dict) or not isinstance(document.get("game"), str) or "format" not in document:
        return None
    return document


def refusal(path: Path, document: dict[str, Any]) -> str:
    """Why this export cannot be imported here, before trying ("" when nothing stands in the way)."""
    from companion.engine import registry
    from companion.engine.store import PUBLIC_RECORD_FORMAT

    game = document["game"]
    if document.get("format") == PUBLIC_RECORD_FORMAT:
        return _(
            "{file} cannot be imported: it is the public record of a game with secrets (hands, roles or secret "
            "draws), which holds only what every player saw, not enough to play on."
        ).format(file=path.name)
    if not registry.is_installed(game):
        return _("{file} cannot be imported: the game {game} is not installed here.").format(file=path.name, game=game)
    return ""


def describe_export(path: Path) -> ExportedGame | None:
    """An export file as Home lists it; None when the file is no exported game."""
    from companion.engine import registry

    document = read_export_header(path)
    if document is None:
        return None
    game = document["game"]
    title = registry.info(game).title.text() if registry.is_installed(game) else game
    stamp = document.get("created")
    created = stamp if isinstance(stamp, str) else ""
    return ExportedGame(path, game, title, created, refusal(path, document))


def export_folders(mounts_text: str | None = None) -> list[Path]:
    """Where exported games are looked for: each USB stick (a writable drive under /media or /mnt, as exports go
    there), then the state directory's `exports/` (where they go without one)."""
    from companion.exports import EXPORTS_DIR_NAME, removable_drives
    from companion.paths import state_dir

    return [*removable_drives(mounts_text), state_dir() / EXPORTS_DIR_NAME]


def exports_found(folders: Sequence[Path] | None = None) -> list[ExportedGame]:
    """The exported games at the top of each folder (`export_folders()`), newest file first; other files are
    not listed."""
    found: list[tuple[float, ExportedGame]] = []
    for folder in export_folders() if folders is None else folders:
        try:
            paths = sorted(folder.glob("*.json"))
        except OSError:  # a stick pulled out while it is read
            continue
        for path in paths:
            exported = describe_export(path)
            if exported is not None:
                try:
                    found.append((path.stat().st_mtime, exported))
                except OSError:
                    continue
    return [exported for _mtime, exported in sorted(found, key=lambda pair: pair[0], reverse=True)]


@dataclass(frozen=True)
class Imported:
    """An exported game now saved here."""

    game_id: int
    #: What the file said of itself that its replay does not (the replay's values were kept), for the players;
    #: "" when the file agreed with its replay.
    corrected: str


def import_game(store: Any, path: Path) -> Imported:
    """Imports the export at `path` into `store` as a new saved game; raises `ImportRefused` (or the store's
    `SaveFileError` naming the field) when it cannot be, leaving nothing behind.

    What a file says of its game that its steps decide (the summary Home lists: status, turn, outcome; every
    step's label in History) is never taken from it: it is worked out again from the replay, and `corrected`
    says when the file said otherwise (a file edited by hand)."""
    from companion.engine.session import Session

    document = read_export_header(path)
    if document is not None:
        reason = refusal(path, document)
        if reason:
            raise ImportRefused(reason)
    game_id = int(store.import_game(path))
    try:
        session = Session.resume(store, game_id)
        corrected = _recompute_derived(store, session)
    except Exception as error:  # the game does not replay here: it is not kept
        store.delete_game(game_id)
        problem = error.message if isinstance(error, CompanionError) else str(error)
        raise ImportRefused(
            _("{file} cannot be imported: the game does not replay here ({problem}).").format(
                file=path.name, problem=problem
            )
        ) from error
    if not corrected:
        return Imported(game_id, "")
    return Imported(
        game_id,
        _("{file} said what its steps do not ({what}): the companion worked it out again from the steps.").format(
            file=path.name, what=", ".join(corrected)
        ),
    )


def _recompute_derived(store: Any, session: Any) -> list[str]:
    """Stores the summary and every step's label as the replay gives them; returns what the file had otherwise
    (each named for the players, [] when nothing)."""
    from companion.engine.labels import label_in_every_language, labels_of

    rules = session.rules
    record = store.load(session.game_id)
    labels: dict[int, str] = {}
    differing: list[int] = []
    for entry in record.actions:
        before = session.state_at(entry.seq - 1)
        action = rules.decode_action(entry.action)
        label = label_in_every_language(partial(rules.describe, action, before))
        if label == entry.label:
            continue
        labels[entry.seq] = label
        replayed = set((labels_of(label) or {"": label}).values())
        stored = labels_of(entry.label)
        # An older export kept one language only: it agrees when it is the replay's label in one of them.
        if stored is not None or entry.label not in replayed:
            differing.append(entry.seq)
    summary = json.loads(json.dumps(rules.summary(session.state)))
    store.correct_derived(session.game_id, summary, labels)
    corrected = []
    if summary != record.summary:
        corrected.append(_("its summary (status, turn, outcome)"))
    if differing:
        corrected.append(
            ngettext("the label of step {steps}", "the labels of steps {steps}", len(differing)).format(
                steps=", ".join(str(seq) for seq in differing)
            )
        )
    return corrected


def main(argv: Sequence[str] | None = None) -> int:
    """`companion import FILE`: one line saying which saved game it became, or why not (exit 2)."""
    from companion.engine import registry
    from companion.engine.store import Store

    parser = argparse.ArgumentParser(prog="companion import", description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path, help="the exported game (a .json file)")
    parser.add_argument("--db", type=Path, default=None, help="the game database (default: the app's)")
    parser.add_argument("--lang", choices=LANGUAGES, default=None, help="language of the messages")
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    if args.lang is not None:
        set_language(args.lang)
    if args.db is None:  # the app's saved games: the state directory the config file names, as the app reads it
        from companion.config import use_configured_state_dir

        problem = use_configured_state_dir()
        if problem:
            print(f"companion import: {problem}", file=sys.stderr)
            return 2
    try:
        with Store.open(args.db) as store:
            imported = import_game(store, args.file)
            game = store.load(imported.game_id).game
    except CompanionError as error:
        print(f"companion import: {error.message}", file=sys.stderr)
        return 2
    title = registry.info(game).title.text()
    print(
        _("Imported {file} as saved game {number} ({game}).").format(
            file=args.file, number=imported.game_id, game=title
        )
    )
    if imported.corrected:
        print(imported.corrected)
    return 0


if __name__ == "__main__":
    sys.exit(main())
