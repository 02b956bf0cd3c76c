"""The Backups screen's words (no window): each backup's date and games, the question before a restore, the exports
found with the reason those that cannot be imported give."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from companion.imports import ExportedGame
from companion.ui.presenters.backups import BackupRow, present_backups, restore_question

WHEN = datetime(2026, 3, 14, 15, 9, 26, tzinfo=UTC)


def test_backups_say_when_and_how_many_games_and_the_question_names_the_moment(french: None) -> None:
    rows = [
        BackupRow(Path("/b/companion-20260314-150926.db"), WHEN, False, 1),
        BackupRow(Path("/b/companion-20260314-151000-before-restore.db"), WHEN, True, 12),
        BackupRow(Path("/b/companion-20260314-140000.db"), WHEN, False, None),
    ]
    view = present_backups(rows, [], [Path("/media/usb")])
    assert [line.key for line in view.backups] == [
        "restore:companion-20260314-150926.db",
        "restore:companion-20260314-151000-before-restore.db",
        "restore:companion-20260314-140000.db",
    ]
    assert [line.detail for line in view.backups] == [
        "1\u00a0partie enregistrée",
        "12\u00a0parties enregistrées, mises de côté avant une restauration",
        "illisible",
    ]
    question = restore_question(view.backups[0])
    assert question.title.startswith("Revenir à la sauvegarde du ") and question.title.endswith("\u00a0?")
    assert "peut être annulée" in question.lines[1]
    assert view.exports == () and view.no_exports.startswith("Aucune partie exportée")


def test_exports_that_cannot_be_imported_say_why() -> None:
    exports = [
        ExportedGame(Path("/media/usb/a.json"), "thunderbirds", "Thunderbirds", "2026-03-14T15:09:26+00:00", ""),
        ExportedGame(Path("/media/usb/b.json"), "chess", "chess", "", "b.json cannot be imported: no chess here."),
    ]
    view = present_backups([], exports, [Path("/media/usb"), Path("/var/lib/companion/exports")])
    first, second = view.exports
    assert first.can_import and first.detail.startswith("a.json · exported ")
    assert not second.can_import and second.detail == "b.json cannot be imported: no chess here."
    assert view.imports_hint.endswith("/media/usb, /var/lib/companion/exports")
    assert view.backups == () and view.no_backups.startswith("No backup yet")
