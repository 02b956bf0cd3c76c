"""Help: how the companion and the physical board work together, in a few short paragraphs."""

from __future__ import annotations

from companion.ui.presenters.help import present_help
from companion.ui.screens.base import BaseScreen


class HelpScreen(BaseScreen):
    def refresh(self) -> None:
        help_of = getattr(self.context.pack, "help", None)
        view = present_help(help_of() if help_of is not None else ())
        self.ids.title.text = view.title
        self.ids.body.text = "\n\n".join(view.paragraphs)
