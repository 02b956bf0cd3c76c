"""The Home screen's view model: the game picker (a tile per installed game), the main choices, and the saved
games of every game in one list (the game's title, date, players, set-up, status)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from companion.engine.pack import PackInfo, SavedGameLine, default_saved_game_line
from companion.locale import _, language
from companion.ui.controller import SavedGame

#: How a saved game's own line is written: (the game's title, its pack's line), or None when the game is not
#: installed (the row says so; the game is kept and resumes when the game comes back).
LineFor = Callable[[SavedGame], "tuple[str, SavedGameLine] | None"]


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
    game: str = ""
    game_title: str = ""


@dataclass(frozen=True)
class GameTile:
    """One installed game on the picker: its name, how many play, what the companion does for it."""

    name: str
    title: str
    detail: str
    selected: bool


@dataclass(frozen=True)
class HomeView:
    title: str
    new_game: str
    settings: str
    backups: str
    card_editor: str
    help: str
    saved_title: str
    empty_text: str
    games: tuple[SavedGameRow, ...]
    notice: str
    picker: tuple[GameTile, ...] = ()
    has_editor: bool = True
    #: Offered when the saved games file could not be read (its games may be in a backup): "" otherwise.
    go_to_backups: str = ""
    #: "Add a game from a USB stick", offered while a removable drive is mounted ("" otherwise).
    add_game: str = ""


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


def present_home(
    games: Iterable[SavedGame],
    seat_name: Callable[[str], str],
    setting_name: Callable[[str], str],
    notice: str | None = None,
    problems: Sequence[str] = (),
    line_for: LineFor | None = None,
    installed: Sequence[PackInfo] = (),
    chosen: str = "",
    has_editor: bool = True,
    has_stick: bool = False,
) -> HomeView:
    """`notice`: what the store recovered from; `problems`: the chosen game's data overlay's (`Pack.problems`).

    `line_for` writes each saved game's line through its own pack; without it, the summary's common keys are read
    with `seat_name` and `setting_name`. `installed` are the games on the picker, `chosen` the one New game starts;
    `has_stick`: a USB stick is plugged in, from which a game may be added.
    """
    rows = []
    for game in sorted(games, key=lambda g: g.updated, reverse=True):
        found = (
            line_for(game)
            if line_for is not None
            else ("", default_saved_game_line(game.summary, seat_name, setting_name))
        )
        if found is None:
            rows.append(
                SavedGameRow(
                    game_id=game.game_id,
                    when=format_when(game.updated),
                    players=_("This game is not installed: it is kept and resumes when {game} is back.").format(
                        game=game.game
                    ),
                    difficulty=game.game,
                    status="",
                    resume_label=_("Not installed"),
                    can_resume=False,
                    export_label=_("Export"),
                    delete_label=_("Delete"),
                    game=game.game,
                    game_title=game.game,
                )
            )
            continue
        title, line = found
        rows.append(
            SavedGameRow(
                game_id=game.game_id,
                when=format_when(game.updated),
                players=line.players,
                difficulty=line.detail,
                status=line.status,
                resume_label=_("Review") if line.is_over else _("Resume"),
                can_resume=True,
                export_label=_("Export"),
                delete_label=_("Delete"),
                game=game.game,
                game_title=title,
            )
        )
    picker = tuple(
        GameTile(
            info.name,
            info.title.text(),
            _("{players} · {support}").format(players=info.players_label(), support=info.support_label()),
            info.name == chosen,
        )
        for info in installed
    )
    return HomeView(
        title=_("Table companion"),
        new_game=_("New game"),
        settings=_("Settings"),
        backups=_("Backups and import"),
        card_editor=_("Card editor"),
        help=_("Help"),
        saved_title=_("Saved games"),
        empty_text=_("No saved games yet."),
        games=tuple(rows),
        notice="\n".join([text for text in (notice or "",) if text] + list(problems)),
        picker=picker,
        has_editor=has_editor,
        go_to_backups=_("Go back to a backup") if notice else "",
        add_game=_("Add a game from a USB stick") if has_stick else "",
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
