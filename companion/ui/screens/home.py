"""Home: the game picker, new game, resume any saved game of any game, settings, the data editor, help."""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock
from kivy.factory import Factory

from companion.ui.presenters.home import present_home
from companion.ui.screens.base import BaseScreen
from companion.ui.widgets.reuse import refill
from companion.ui.widgets.text import TouchButton

#: A picker tile's least width and its height, in touch targets.
PICKER_TILE_WIDTH = 2.8
PICKER_TILE_HEIGHT = 1.5
#: The picker's least height before it scrolls, in rows of tiles (two, and half of the third, which says there is
#: more), and the share of the screen's height it may take beyond that (a tall portrait screen shows every game).
PICKER_ROWS_SHOWN = 2.5
PICKER_SHARE_OF_HEIGHT = 0.4


def picker_grid(count: int, width: float, target: float, gap: float) -> tuple[int, int]:
    """Columns and rows that show `count` tiles at once in `width`, each at least PICKER_TILE_WIDTH targets wide
    (fewer when that is all there are)."""
    if count == 0:
        return 1, 0
    fit = int((width + gap) // (target * PICKER_TILE_WIDTH + gap))
    cols = max(1, min(count, fit))
    rows = -(-count // cols)
    # The same number of rows with the fewest columns that still need them: balanced rows (3 + 3, not 4 + 2).
    cols = -(-count // rows)
    return cols, rows


class HomeScreen(BaseScreen):
    def render_key(self) -> object:
        context = self.context
        controller, shelf = context.controller, context.shelf
        return (
            super().render_key(),
            controller.saved_games,
            controller.recovery_notice,
            context.pack.problems,
            context.pack.info.name,
            shelf.installed,
            shelf.pack_problems,
            self.app.config_problems,
            shelf.usb_sticks,
        )

    def on_pre_enter(self, *args: object) -> None:
        super().on_pre_enter(*args)
        self.context.controller.refresh_games(lambda _games: self.refresh())
        self.context.list_games()

    def refresh(self) -> None:
        app, context = self.app, self.context
        pack, shelf, controller = context.pack, context.shelf, context.controller
        installed = shelf.installed
        view = present_home(
            controller.saved_games,
            str,
            str,
            controller.recovery_notice,
            (*app.config_problems, *pack.problems, *(str(problem) for problem in shelf.pack_problems)),
            line_for=shelf.saved_game_line,
            installed=installed if len(installed) > 1 else (),
            chosen=pack.info.name,
            has_editor=pack.editor_screen is not None,
            has_stick=bool(shelf.usb_sticks),
        )
        ids = self.ids
        ids.title.text = view.title
        ids.new_game.text = view.new_game
        ids.settings.text = view.settings
        ids.backups.text = view.backups
        ids.card_editor.text = view.card_editor
        ids.card_editor.disabled = not view.has_editor
        ids.help.text = view.help
        ids.add_game.text = view.add_game
        ids.add_game.height = app.target if view.add_game else 0
        ids.add_game.opacity = 1 if view.add_game else 0
        ids.add_game.disabled = not view.add_game
        ids.saved_title.text = view.saved_title
        ids.recovery.text = view.notice
        ids.recovery.height = app.target * 1.6 if view.notice else 0
        self._picker(view.picker)
        box = ids.games
        box.clear_widgets()
        if view.go_to_backups:  # the saved games file could not be read: its games may be in a backup
            offer = TouchButton(text=view.go_to_backups, role="primary", action_key="open:backups")
            offer.size_hint_y = None
            offer.height = app.target
            offer.bind(on_release=lambda _b: context.go("backups"))
            box.add_widget(offer)
        if not view.games:
            box.add_widget(Factory.EmptyLine(text=view.empty_text))
        several = len({row.game for row in view.games}) > 1 or len(view.picker) > 1
        for row in view.games:
            line = Factory.SavedGameLine()
            when = f"{row.game_title} · {row.when}" if several and row.game_title else row.when
            line.ids.when.text = f"{when} · {row.difficulty}" if row.difficulty else when
            line.ids.players.text = row.players
            line.ids.status.text = row.status
            line.ids.resume.text = row.resume_label
            line.ids.resume.action_key = f"resume:{row.game_id}"
            line.ids.resume.disabled = not row.can_resume
            line.ids.resume.bind(on_release=lambda _b, game_id=row.game_id: context.commands.resume_game(game_id))
            line.ids.export.text = row.export_label
            line.ids.export.action_key = f"export:{row.game_id}"
            line.ids.export.bind(on_release=lambda _b, game_id=row.game_id: context.commands.export_game(game_id))
            line.ids.delete.text = row.delete_label
            line.ids.delete.action_key = f"delete:{row.game_id}"
            line.ids.delete.bind(on_release=lambda _b, chosen=row: context.commands.delete_game(chosen))
            box.add_widget(line)

    def _picker(self, tiles: Any) -> None:
        """A tile per installed game (none when only one is installed): a tap makes it the game New game starts."""
        box = self.ids.picker

        def make() -> TouchButton:
            button = TouchButton()
            button.bind(on_release=lambda b: self._choose(b.game))
            return button

        for button, tile in zip(refill(box, len(tiles), make), tiles):
            button.text = f"{'✓ ' if tile.selected else ''}{tile.title}\n{tile.detail}"
            button.role = "primary" if tile.selected else "normal"
            button.action_key = f"game:{tile.name}"
            button.game = tile.name
        self._size_tiles()

    def on_kv_post(self, base_widget: Any) -> None:
        self.ids.picker.bind(width=self._size_tiles)
        self.bind(height=self._size_tiles)

    def _size_tiles(self, *_: Any) -> None:
        """As many tiles to a row as keep a readable width (a row that scrolled sideways hid games behind a tile cut
        at its edge); past the rows that fit two fifths of the screen's height (two at the least) the picker scrolls
        down, showing half the next row, and keeps the chosen game in sight, so the saved games below are never
        pushed off the screen by a long shelf of games."""
        box, scroll = self.ids.picker, self.ids.picker_scroll
        count = len(box.children)
        box.cols, rows = picker_grid(count, box.width, self.app.target, self.app.gap)
        row = self.app.target * PICKER_TILE_HEIGHT + self.app.gap
        box.height = rows * row - (self.app.gap if rows else 0)
        # Whole rows that fit the room, and half of the next one.
        shown = max(PICKER_ROWS_SHOWN, int(PICKER_SHARE_OF_HEIGHT * self.height / row) + 0.5)
        scroll.height = box.height if rows <= shown else shown * row - self.app.gap
        chosen = next((tile for tile in box.children if tile.role == "primary"), None)
        if chosen is not None and rows > shown:
            # Once the grid has placed its tiles at their new size.
            Clock.schedule_once(lambda _dt: scroll.scroll_to(chosen, padding=0, animate=False))

    def _choose(self, name: str) -> None:
        if self.app.choose_game(name):
            self.refresh()
