"""What a view is sent: the spectator's message and a seat's, in the viewer's language.

Written once for every pack through its contract: the spectator's lines are `table_lines(public_view(state))` (the
shared screen's words and redactions), the history is the labels `describe` wrote (public by contract), and only a
seat's own message adds `secret_view(state, seat)`. Rendering runs on the server's thread inside `speaking(lang)`,
which changes no other thread's language.
"""

from __future__ import annotations

import json
from typing import Any

from companion.engine.labels import readable
from companion.locale import LANGUAGES, domain, speaking
from companion.web.position import Position

_, ngettext = domain("web")

#: How many of the latest history lines a view shows.
HISTORY_LINES = 8


def pick_language(asked: str | None, accept: str | None = None) -> str:
    """The viewer's language: `?lang=` when it is one the companion speaks, else the browser's first known one."""
    if asked in LANGUAGES:
        return str(asked)
    for part in (accept or "").split(","):
        code = part.split(";", 1)[0].strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return LANGUAGES[0]


def spectator_message(position: Position, language: str) -> dict[str, Any]:
    """The public position: what the shared screen shows, never a secret."""
    with speaking(language):
        message: dict[str, Any] = {"type": "position", "version": position.version, "step": position.step}
        if position.pack is None:
            return {**message, "title": _("No game is open"), "lines": [], "history": [], "seats": []}
        pack = position.pack
        view = pack.public_view(position.state)
        history = [readable(label) for label in position.labels[-HISTORY_LINES:]]
        return {
            **message,
            "title": pack.info.title.text(language),
            "lines": list(pack.table_lines(view)) or summary_lines(pack, position.state),
            "history": history[::-1],
            "seats": list(pack.seats(view)),
        }


def summary_lines(pack: Any, state: Any) -> list[str]:
    """For a pack whose own screens draw the table (no `table_lines`): the line Home shows of the game (its players,
    its setting, how it stands), public by contract."""
    line = pack.saved_game_line(pack.rules.summary(state))
    return [text for text in (line.players, line.detail, line.status) if text]


def seat_message(position: Position, seat: int, language: str) -> dict[str, Any]:
    """The public position and what `seat` alone may see (its `secret_view`): only ever sent on that seat's link."""
    message = spectator_message(position, language)
    if position.pack is None:
        return message
    with speaking(language):
        seats = message["seats"]
        secret = position.pack.secret_view(position.state, seat)
        message["seat"] = seats[seat] if 0 <= seat < len(seats) else _("Seat {n}").format(n=seat + 1)
        message["secret"] = (
            {"title": _("Nothing hidden for this seat now"), "lines": [], "choices": []}
            if secret is None
            else {
                "title": secret.title,
                "lines": list(secret.lines),
                "choices": [label for label, _action in playable(secret.choices)],
            }
        )
    return message


def playable(choices: tuple[tuple[str, Any], ...]) -> list[tuple[str, Any]]:
    """The choices of a secret view a phone may make: actions (an `open:` key needs the shared screen's grid)."""
    return [(label, action) for label, action in choices if not isinstance(action, str)]


def chosen_action(position: Position, seat: int, version: int, index: int) -> Any | None:
    """The action a seat's phone chose (`index` among its playable choices, shown at `version`); None when the game
    has moved on since or there is no such choice. The rules check it again when it is dispatched."""
    if position.pack is None or version != position.version:
        return None
    secret = position.pack.secret_view(position.state, seat)
    choices = playable(secret.choices) if secret is not None else []
    return choices[index][1] if 0 <= index < len(choices) else None


def encoded(message: dict[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def error_message(text: str) -> str:
    """A one-line error a view shows (bad input): never a traceback."""
    return encoded({"type": "error", "message": text})
