"""The Backups screen's view model: every backup of the saved games (its date and how many games it holds) to go
back to, and the exported games found on a USB stick to import. No Kivy import."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from companion.imports import ExportedGame
from companion.locale import _, ngettext
from companion.ui.controller import BackupRow
from companion.ui.presenters.home import format_when


@dataclass(frozen=True)
class BackupLine:
    key: str
    when: str
    detail: str
    restore_label: str


@dataclass(frozen=True)
class ExportLine:
    key: str
    title: str
    detail: str
    import_label: str
    can_import: bool


@dataclass(frozen=True)
class BackupsView:
    title: str
    backups_title: str
    backups_hint: str
    backups: tuple[BackupLine, ...]
    no_backups: str
    imports_title: str
    imports_hint: str
    exports: tuple[ExportLine, ...]
    no_exports: str
    look_again: str


def games_count(games: int | None) -> str:
    if games is None:
        return _("cannot be read")
    return ngettext("{count} saved game", "{count} saved games", games).format(count=games)


def present_backups(
    backups: Sequence[BackupRow], exports: Sequence[ExportedGame], folders: Sequence[Path]
) -> BackupsView:
    """`folders` are where exports were looked for (USB sticks, then the state directory's exports/)."""
    lines = tuple(
        BackupLine(
            key=f"restore:{row.path.name}",
            when=format_when(row.taken_at.isoformat()),
            detail=_("{games}, set aside before a restore").format(games=games_count(row.games))
            if row.before_restore
            else games_count(row.games),
            restore_label=_("Restore"),
        )
        for row in backups
    )
    found = tuple(
        ExportLine(
            key=f"import:{index}",
            title=exported.title,
            detail=exported.refusal
            or _("{file} · exported {when}").format(
                file=exported.path.name, when=format_when(exported.created) if exported.created else "?"
            ),
            import_label=_("Import"),
            can_import=not exported.refusal,
        )
        for index, exported in enumerate(exports)
    )
    return BackupsView(
        title=_("Backups and import"),
        backups_title=_("Go back to a backup"),
        backups_hint=_(
            "The saved games as they were then. The saved games as they are now are kept as a backup first."
        ),
        backups=lines,
        no_backups=_("No backup yet: one is taken every five minutes of play and at the end of each game."),
        imports_title=_("Import a game from a USB stick"),
        imports_hint=_("An exported game becomes a new saved game. Looked for in: {folders}").format(
            folders=", ".join(str(folder) for folder in folders)
        ),
        exports=found,
        no_exports=_("No exported game found. Plug in the USB stick, then look again."),
        look_again=_("Look again"),
    )


@dataclass(frozen=True)
class RestoreQuestion:
    title: str
    lines: tuple[str, ...]
    keep_label: str
    restore_label: str


def restore_question(line: BackupLine) -> RestoreQuestion:
    """What is asked before a restore: the saved games change, so the moment is named and the way back said."""
    return RestoreQuestion(
        title=_("Go back to the backup of {when}?").format(when=line.when),
        lines=(
            _("The saved games become those of the backup: {detail}.").format(detail=line.detail),
            _("The saved games as they are now are kept as a backup, listed here: a restore can be undone."),
        ),
        keep_label=_("Keep things as they are"),
        restore_label=_("Restore"),
    )
