"""Settings' phones-and-TV section, on the Kivy side: turning the pages on or off for this run (on the backup
worker's thread, so neither a frame nor a save waits for the server), and each seat's code as a QR code."""

from __future__ import annotations

import io
from typing import Any

from companion.locale import domain
from companion.ui.presenters.web import present_seat_code
from companion.ui.widgets.popups import PopupButton, show_popup
from companion.web.link import attached, start_if_enabled

_, ngettext = domain("web")


def toggle_web(app: Any, on_done: Any) -> None:
    """Starts the pages when off (whatever `[web] enabled` says), stops them when on."""
    link = app.web
    if link is not None:
        app.web = None  # the section says Off at once; the server closes its views behind
        on_done()
        app.backup_worker.submit(link.stop, lambda _none: None, app.context.tell_error)
        return

    def started(result: Any) -> None:
        app.web = attached(result, app.controller, app.show_notice, app._deliver)
        on_done()

    app.backup_worker.submit(lambda: start_if_enabled(app.current_pack, force=True), started, app.context.tell_error)


def qr_image(address: str) -> Any:
    """The address as a QR code (segno, drawn as a PNG in memory), as a Kivy image widget."""
    import segno
    from kivy.app import App
    from kivy.core.image import Image as CoreImage
    from kivy.uix.image import Image

    png = io.BytesIO()
    segno.make(address, error="m").save(png, kind="png", scale=8, border=2)
    png.seek(0)
    texture = CoreImage(png, ext="png").texture
    texture.mag_filter = "nearest"
    # As tall as three and a half touch targets: room for the code's words beside it on the 800×480 panel.
    height = App.get_running_app().target * 3.5
    return Image(texture=texture, size_hint_y=None, height=height, fit_mode="contain")


def show_seat_code(app: Any, seat: int = 0) -> None:
    """One seat's code at a time (its player alone looks), with Next seat, New code and Close."""
    view = present_seat_code(app.web, seat)
    if view is None:
        return
    count = len(app.web.seat_codes())

    def renew() -> None:
        app.web.revoke(seat)
        show_seat_code(app, seat)

    buttons = [
        PopupButton("web:next", _("Next seat"), lambda: show_seat_code(app, (seat + 1) % count)),
        PopupButton("web:renew", _("New code"), renew),
        PopupButton("web:close", _("Close"), role="primary"),
    ]
    show_popup(view.title, view.lines, buttons, extra=qr_image(view.address))
