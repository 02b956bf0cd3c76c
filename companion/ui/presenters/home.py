"""The Home screen's view model: the main choices and the saved games (date, players, difficulty, status)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from companion.locale import _, language
from companion.ui.controller import SavedGame


@dataclass(frozen=True)
class SavedGameRow:
    game_id: int
    when: str
    players: str
    difficulty: str
    status: str
    resume_label: str
    can_resume: bool
    export_label: str
    delete_label: str


@dataclass(frozen=True)
class HomeView:
    title: str
    new_game: str
    settings: str
    card_editor: str
    help: str
    saved_title: str
    empty_text: str
    games: tuple[SavedGameRow, ...]
    notice: str


MONTHS_FR = ("janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc.")
MONTHS_EN = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def format_when(timestamp: str) -> str:
    """A stored ISO time as the players read dates ("12 Nov 14:03" / "12 nov. 14:03"), in local time."""
    try:
        moment = datetime.fromisoformat(timestamp).astimezone()
    except ValueError:
        return timestamp
    months = MONTHS_FR if language() == "fr" else MONTHS_EN
    return f"{moment.day} {months[moment.month - 1]} {moment:%H:%M}"


def status_text(summary: Mapping[str, Any]) -> str:
    outcome = summary.get("outcome") or summary.get("status")
    if outcome == "won":
        return _("Won")
    if outcome == "lost":
        return _("Lost")
    turn = summary.get("turn")
    return _("In progress, turn {turn}").format(turn=turn) if turn else _("In progress")


def players_text(summary: Mapping[str, Any], character_name: Callable[[str], str]) -> str:
    characters: Iterable[str] = summary.get("characters") or ()
    names = [character_name(c) for c in characters]
    count = int(summary.get("players") or len(names) or 0)
    if count == 1:
        label = _("Solo")
    else:
        label = _("{n} players").format(n=count)
    # words.joined's message, written out here: Home must not load the game's card modules before its first frame.
    return _("{head}: {detail}").format(head=label, detail=", ".join(names)) if names else label


def present_home(
    games: Iterable[SavedGame],
    character_name: Callable[[str], str],
    difficulty_name: Callable[[str], str],
    notice: str | None = None,
    problems: Sequence[str] = (),
) -> HomeView:
    """`notice`: what the store recovered from; `problems`: the card overlay's (`ThunderbirdsPack.problems`)."""
    rows = []
    for game in sorted(games, key=lambda g: g.updated, reverse=True):
        summary = game.summary
        finished = (summary.get("outcome") or summary.get("status")) in ("won", "lost")
        rows.append(
            SavedGameRow(
                game_id=game.game_id,
                when=format_when(game.updated),
                players=players_text(summary, character_name),
                difficulty=difficulty_name(str(summary.get("difficulty", ""))),
                status=status_text(summary),
                resume_label=_("Review") if finished else _("Resume"),
                can_resume=True,
                export_label=_("Export"),
                delete_label=_("Delete"),
            )
        )
    return HomeView(
        title=_("Thunderbirds companion"),
        new_game=_("New game"),
        settings=_("Settings"),
        card_editor=_("Card editor"),
        help=_("Help"),
        saved_title=_("Saved games"),
        empty_text=_("No saved games yet."),
        games=tuple(rows),
        notice="\n".join([text for text in (notice or "",) if text] + list(problems)),
    )


@dataclass(frozen=True)
class DeleteQuestion:
    """What Home asks before a saved game is deleted: deleting cannot be undone, so the game is named and the
    players are offered the way to keep a copy."""

    title: str
    lines: tuple[str, ...]
    keep_label: str
    delete_label: str


def delete_question(row: SavedGameRow) -> DeleteQuestion:
    return DeleteQuestion(
        title=_("Delete this saved game?"),
        lines=(
            f"{row.when} · {row.difficulty}",
            f"{row.players} · {row.status}",
            _("Deleting cannot be undone. To keep a copy, export the game first."),
        ),
        keep_label=_("Keep it"),
        delete_label=_("Delete"),
    )
