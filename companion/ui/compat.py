"""The compatibility path of the app: the names kv rules, pack screens and tests still call on the app
(`app.go`, `app.perform`, `app.controller`...), each answered by the part of the shell that does it now.

New code asks the part itself, or a screen its `context` (`companion.ui.context.ScreenContext`); a name leaves
this table once nothing calls it on the app any more.
"""

from __future__ import annotations

from typing import Any

#: The names kv rules, pack screens and tests still call on the app, and the part that answers each now.
FORWARDED: dict[str, tuple[str, str]] = {
    **{name: ("screens", name) for name in ("go", "back", "ensure_screen", "refresh_current")},
    "pack_table_screen": ("screens", "table_screen"),
    "nav": ("screens", "nav"),
    **{
        name: ("commands", name)
        for name in ("perform", "undo", "redo", "open_menu", "leave_game", "send_action", "start_game", "new_game")
        + ("resume_game", "export_game", "delete_game", "import_export", "restore_backup", "describe", "legal_by_key")
        + ("open_editor",)
    },
    "keep_games_as_played": ("controller", "keep_games_as_played"),
    **{name: ("shelf", name) for name in ("installed", "pack_problems", "usb_sticks", "saved_game_line")},
    **{name: ("frames", name) for name in ("animation_started", "animation_finished", "is_animating", "defer")},
    "lights_status": ("table", "status"),
    "lights_test_pattern": ("table", "test_pattern"),
    **{name: ("table", name) for name in ("has_lights", "physical_command", "config_problems")},
}


class OlderNames:
    """Mixed into the app: a name it no longer defines is looked up in `FORWARDED` (its parts are attributes of
    the app, made in `build`; before that, the name is missing as any other would be)."""

    def __getattr__(self, name: str) -> Any:
        """The compatibility path: a name the app used to answer itself, asked of the part that answers it now."""
        part, attribute = FORWARDED.get(name, ("", ""))
        owner = self.__dict__.get(part)
        if owner is None:
            raise AttributeError(name)
        return getattr(owner, attribute)
