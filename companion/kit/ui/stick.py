"""Home's "Add a game from a USB stick": the kit files on the stick listed (a broken one named with its file and
line, and left out), the chosen one checked and copied into the user's kits folder, then the game picker
looks again. A name already taken is asked about first: keep the installed game, or replace it (the old file
is kept beside it, renamed; nothing is overwritten or deleted). The files are read and copied on the worker."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from companion.kit.usb import StickKit
from companion.locale import domain
from companion.ui.context import ScreenContext
from companion.ui.widgets.popups import PopupButton, show_popup

_, ngettext = domain("kit")


def find_sticks() -> list[Path]:
    """The mounted removable drives (as export finds them)."""
    from companion.exports import removable_drives

    return removable_drives()


class AddFromStick:
    def __init__(self, context: ScreenContext) -> None:
        self.context = context

    def start(self) -> None:
        from companion.kit.usb import survey

        self.context.run(lambda: survey(find_sticks()), self._listed)

    def _listed(self, found: tuple[StickKit, ...]) -> None:
        valid = [kit for kit in found if kit.is_valid]
        broken = [kit for kit in found if not kit.is_valid]
        lines = [_("Choose the game to add.") if valid else _("No game file on the USB stick can be added.")]
        if not found:
            lines = [_("No game file (.toml) was found on the USB stick.")]
        lines += [_("Left out: {problem}").format(problem=kit.problem) for kit in broken]
        choices = [
            PopupButton(
                f"stick:{kit.path.name}",
                _("{title} ({file})").format(title=kit.title, file=kit.path.name),
                partial(self._chosen, kit),
            )
            for kit in valid
        ]
        show_popup(
            _("Add a game from a USB stick"),
            lines,
            [PopupButton("popup:cancel", _("Cancel"))],
            kind="chooser",
            choices=choices,
        )

    def _chosen(self, kit: StickKit) -> None:
        if kit.name_is_a_pack:
            self.context.notify(
                _("{file}: the name {name} is a game of the companion's own; rename the kit in its file.").format(
                    file=kit.path.name, name=kit.name
                ),
                12.0,
            )
            return
        if kit.replaces is None:
            self._add(kit, replace=False)
            return
        show_popup(
            _("Replace {title}?").format(title=kit.title),
            [
                _("A game called {name} is already installed ({file}).").format(name=kit.name, file=kit.replaces.name),
                _("Replacing it keeps the old file beside the new one, renamed; saved games keep their own copy."),
            ],
            [
                PopupButton("stick:keep", _("Keep the installed game")),
                PopupButton("stick:replace", _("Replace it"), lambda: self._add(kit, replace=True), role="danger"),
            ],
        )

    def _add(self, kit: StickKit, replace: bool) -> None:
        def work() -> Path:
            from companion.engine import registry
            from companion.kit.catalogue import add_kit

            target = add_kit(kit.path, replace=replace)
            registry.forget(kit.name)  # a kit replaced: its pack is made again from the new file
            registry.rescan()
            return target

        def added(_target: Path) -> None:
            self.context.list_games()
            self.context.notify(_("{title} added: choose it on Home to play.").format(title=kit.title), 10.0)

        self.context.run(work, added)


def add_from_stick(context: ScreenContext) -> None:
    """What Home's button does (the shell names this function, and knows nothing else of the kit)."""
    AddFromStick(context).start()
