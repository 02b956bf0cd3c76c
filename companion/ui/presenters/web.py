"""Settings' section for the phones and TV: whether the pages are on, their address, and each seat's code."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.locale import domain

_, ngettext = domain("web")


@dataclass(frozen=True)
class WebSection:
    label: str  # "Phones and TV" and, below, the address (and who is watching) or how to turn it on
    toggle: str  # the button that turns the pages on or off for this run
    is_on: bool
    codes: str  # the button that shows the seats' codes
    codes_enabled: bool


def present_web(link: Any, starting: bool = False) -> WebSection:
    """`link`: the running `companion.web.link.WebLink`, or None when the pages are off."""
    head = _("Phones and TV")
    if starting:
        detail = _("Starting…")
    elif link is None:
        detail = _("Off: a phone or a TV cannot see the game")
    else:
        watching, seats = link.connected()
        detail = _("On the network at {url}").format(url=link.url)
        detail += "\n" + ngettext("{count} page watching", "{count} pages watching", watching).format(count=watching)
        if seats:
            detail += " · " + _("phones of: {seats}").format(seats=", ".join(seats))
    return WebSection(
        label=f"{head}\n{detail}",
        toggle=_("Turn off") if link is not None else _("Turn on"),
        is_on=link is not None,
        codes=_("Seat codes"),
        codes_enabled=link is not None and bool(link.seat_codes()),
    )


@dataclass(frozen=True)
class SeatCodeView:
    title: str
    lines: tuple[str, ...]
    address: str  # what the QR code holds


def present_seat_code(link: Any, seat: int) -> SeatCodeView | None:
    """Seat `seat`'s code, to show to that seat's player only (None when the game has no such seat)."""
    codes = link.seat_codes() if link is not None else ()
    if not 0 <= seat < len(codes):
        return None
    name, code = codes[seat]
    short = f"{code.short[:4]} {code.short[4:]}"
    return SeatCodeView(
        title=_("{seat}: your own view").format(seat=name),
        lines=(
            _("Scan the code with the phone, or open {url}join and type {code}.").format(url=link.url, code=short),
            _("Only {seat} should see this: the code opens {seat}'s private view.").format(seat=name),
        ),
        address=f"{link.url}seat/{code.token}",
    )
