"""Home: new game, resume a saved game, settings, card editor, help."""

from __future__ import annotations

from kivy.factory import Factory

from companion.ui.presenters.home import present_home
from companion.ui.screens.base import BaseScreen


class HomeScreen(BaseScreen):
    def render_key(self) -> object:
        controller = self.app.controller
        return (super().render_key(), controller.saved_games, controller.recovery_notice, self.app.pack.problems)

    def on_pre_enter(self, *args: object) -> None:
        super().on_pre_enter(*args)
        self.app.controller.refresh_games(lambda _games: self.refresh())

    def refresh(self) -> None:
        app = self.app
        pack = app.pack
        view = present_home(
            app.controller.saved_games,
            pack.character_name,
            pack.difficulty_name,
            app.controller.recovery_notice,
            pack.problems,
        )
        ids = self.ids
        ids.title.text = view.title
        ids.new_game.text = view.new_game
        ids.settings.text = view.settings
        ids.card_editor.text = view.card_editor
        ids.help.text = view.help
        ids.saved_title.text = view.saved_title
        ids.recovery.text = view.notice
        ids.recovery.height = app.target * 1.6 if view.notice else 0
        box = ids.games
        box.clear_widgets()
        if not view.games:
            box.add_widget(Factory.EmptyLine(text=view.empty_text))
        for row in view.games:
            line = Factory.SavedGameLine()
            line.ids.when.text = f"{row.when} · {row.difficulty}"
            line.ids.players.text = row.players
            line.ids.status.text = row.status
            line.ids.resume.text = row.resume_label
            line.ids.resume.action_key = f"resume:{row.game_id}"
            line.ids.resume.bind(on_release=lambda _b, game_id=row.game_id: app.resume_game(game_id))
            line.ids.export.text = row.export_label
            line.ids.export.action_key = f"export:{row.game_id}"
            line.ids.export.bind(on_release=lambda _b, game_id=row.game_id: app.export_game(game_id))
            line.ids.delete.text = row.delete_label
            line.ids.delete.action_key = f"delete:{row.game_id}"
            line.ids.delete.bind(on_release=lambda _b, chosen=row: app.delete_game(chosen))
            box.add_widget(line)
