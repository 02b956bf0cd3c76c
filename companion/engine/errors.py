"""The engine's errors: each carries a message a player can read (already translated when raised)."""

from __future__ import annotations


class CompanionError(Exception):
    """Base of every error the companion shows to players; `message` is ready to display."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class IllegalAction(CompanionError, ValueError):
    """The rules refuse an action; nothing changed. `reason` says why, in the current language."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class ReplayMismatch(CompanionError):
    """A logged action does not fit the rules any more (an outcome is missing, extra or out of range)."""


class UnknownGame(CompanionError, LookupError):
    """No game pack is registered or importable under this name."""


class StoreError(CompanionError):
    """The saved-games store cannot do what was asked."""


class FormatTooNew(StoreError):
    """The file was written by a newer version of the companion; it is left untouched."""


class StoreFull(StoreError):
    """A write was refused (disk full or write error): the action is refused and nothing changed."""


class SaveFileError(StoreError):
    """An exported game file cannot be imported; the message names the file and the field."""
