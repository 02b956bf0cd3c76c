"""New game, the squares screen (bases and starting squares, at set-up and in the data editor), the set-up guide and
the end of the game, as view models (no Kivy).

The bases and the starting squares are our default (low confidence: the part of the rules that placed them is
missing). Players change them for one game in New game ("Change the squares"), or for good in the data editor (the
user's overlay); both screens say where the squares shown come from.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from companion.engine.errors import IllegalAction
from companion.engine.pack import PackInfo
from companion.games.warpspawn_thunderbirds import names as nm
from companion.games.warpspawn_thunderbirds.definitions import PAWNS, Definitions, Square
from companion.games.warpspawn_thunderbirds.guide import setup_lines
from companion.games.warpspawn_thunderbirds.setup import parse_setup
from companion.games.warpspawn_thunderbirds.state import Outcome, Setup
from companion.games.warpspawn_thunderbirds.ui.presenters.table import GridView, Selection, grid_view
from companion.games.warpspawn_thunderbirds.views import PublicSeat, PublicView
from companion.locale import domain
from companion.ui.presenters.lines import ButtonView, TextLine

_, ngettext = domain("warpspawn_thunderbirds")

BASE = "base"


@dataclass(frozen=True)
class SetupDraft:
    """New game's choices so far. `bases` and `starts` hold the squares the players changed (by colour; starts by
    colour then pawn); what they did not change is the data's."""

    players: int = 2
    size: int = 0  # 0: the data's default board
    bases: Mapping[str, Square] = field(default_factory=dict)
    starts: Mapping[str, Mapping[str, Square]] = field(default_factory=dict)

    def board(self, defs: Definitions) -> int:
        return self.size or defs.default_size

    def options(self, defs: Definitions) -> dict[str, Any]:
        """What `pack.setup_for` takes besides the players (JSON-able)."""
        found: dict[str, Any] = {"size": str(self.board(defs))}
        if self.bases:
            found["bases"] = {c: list(s) for c, s in self.bases.items()}
        if self.starts:
            found["starts"] = {c: {p: list(s) for p, s in pawns.items()} for c, pawns in self.starts.items()}
        return found

    def setup(self, defs: Definitions) -> Setup:
        """The set-up as the rules would read it; raises `IllegalAction` naming what is wrong."""
        options = self.options(defs)
        data: dict[str, Any] = {"players": self.players, "size": int(options.pop("size")), **options}
        return parse_setup(data, defs)


def with_players(draft: SetupDraft, players: int) -> SetupDraft:
    return replace(draft, players=players)


def with_size(draft: SetupDraft, size: int) -> SetupDraft:
    """Another board: the squares changed for the old one do not fit it, the data's are taken again."""
    return replace(draft, size=size, bases={}, starts={})


def placed(draft: SetupDraft, defs: Definitions, colour: str, piece: str, square: Square) -> SetupDraft:
    """`colour`'s base or pawn `piece` moved to `square`. A pawn put on its base is simply on its base."""
    setup = _lenient(draft, defs)
    bases = dict(draft.bases)
    starts = {c: dict(p) for c, p in draft.starts.items()}
    if piece == BASE:
        bases[colour] = square
        return replace(draft, bases=bases, starts=starts)
    index = setup.colours.index(colour) if colour in setup.colours else -1
    base = bases.get(colour) or (setup.bases[index] if index >= 0 else None)
    mine = dict(_resolved_starts(setup, colour))
    if square == base:
        mine.pop(piece, None)
    else:
        mine[piece] = square
    starts[colour] = mine
    return replace(draft, bases=bases, starts=starts)


def all_on_base(draft: SetupDraft, colour: str) -> SetupDraft:
    starts = {c: dict(p) for c, p in draft.starts.items()}
    starts[colour] = {}
    return replace(draft, starts=starts)


def _resolved_starts(setup: Setup, colour: str) -> dict[str, Square]:
    """`colour`'s pawns that start elsewhere than on its base."""
    if colour not in setup.colours:
        return {}
    index = setup.colours.index(colour)
    return {p: s for p, s in zip(PAWNS, setup.starts[index]) if s != setup.bases[index]}


def _lenient(draft: SetupDraft, defs: Definitions) -> Setup:
    """The set-up of the draft, or of the data alone when the draft's squares do not make one (two bases on one
    square: the screen says so and lets the players move them apart)."""
    try:
        return draft.setup(defs)
    except IllegalAction:
        return parse_setup({"players": draft.players, "size": draft.board(defs)}, defs)


def setup_view(setup: Setup) -> PublicView:
    """A position with nothing but the bases and the pawns on their starting squares, for the grid to draw."""
    seats = tuple(
        PublicSeat(colour, base, start, 0, ()) for colour, base, start in zip(setup.colours, setup.bases, setup.starts)
    )
    return PublicView(setup.size, 0, "setup", seats, (), 0, (), 0, 0, (), None, None, (), None, False, None)


# --- New game --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class NewGameView:
    title: str
    players_label: str
    players: tuple[ButtonView, ...]
    size_label: str
    sizes: tuple[ButtonView, ...]
    squares_label: str
    squares: tuple[TextLine, ...]
    change_label: str
    language_label: str
    start_label: str
    problem: str  # why the game cannot start as chosen ("" when it can)


def present_new_game(info: PackInfo, draft: SetupDraft, defs: Definitions) -> NewGameView:
    low, high = defs.players
    size_option = info.option("size")
    board = draft.board(defs)
    problem = ""
    try:
        setup = draft.setup(defs)
    except IllegalAction as refused:
        problem = refused.reason
        setup = _lenient(draft, defs)
    return NewGameView(
        title=_("New game: {game}").format(game=info.title.text()),
        players_label=_("Players"),
        players=tuple(
            ButtonView(f"players:{n}", str(n), "primary" if n == draft.players else "normal")
            for n in range(low, high + 1)
        ),
        size_label=size_option.label.text(),
        sizes=tuple(
            ButtonView(
                f"option:size:{choice.value}",
                choice.label.text(),
                "primary" if choice.value == str(board) else "normal",
            )
            for choice in size_option.choices
        ),
        squares_label=_("Bases and starting squares"),
        squares=tuple(TextLine(text) for text in squares_summary(setup, defs, bool(draft.bases or draft.starts))),
        change_label=_("Change the squares"),
        language_label=_("Language"),
        start_label=_("Start the game"),
        problem=problem,
    )


def squares_summary(setup: Setup, defs: Definitions, changed: bool) -> tuple[str, ...]:
    """Where the bases are and where the pawns start, and whose choice that is."""
    lines = [
        ", ".join(
            _("{player}'s base: {square}").format(player=nm.colour(defs, c), square=nm.square(b))
            for c, b in zip(setup.colours, setup.bases)
        )
    ]
    moved = sum(1 for base, start in zip(setup.bases, setup.starts) for s in start if s != base)
    if moved:
        lines.append(
            ngettext(
                "{count} pawn starts elsewhere than on its base.",
                "{count} pawns start elsewhere than on their base.",
                moved,
            ).format(count=moved)
        )
    else:
        lines.append(_("Every pawn starts on its owner's base."))
    layout = defs.layouts.get(setup.size)
    if changed:
        lines.append(_("Chosen for this game."))
    elif layout is not None and layout.confidence.get("bases") == "player":
        lines.append(_("Your own, from the data editor."))
    else:
        lines.append(_("Our default (low confidence): the rules text that placed them is missing."))
    return tuple(lines)


# --- the squares screen ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SquaresView:
    title: str
    hint: str
    colours: tuple[ButtonView, ...]  # "colour:<id>"
    pieces: tuple[ButtonView, ...]  # "piece:base", "piece:tb1"...
    actions: tuple[ButtonView, ...]
    lines: tuple[TextLine, ...]
    grid: GridView


def present_squares(
    draft: SetupDraft, defs: Definitions, colour: str, piece: str, editor: bool = False, saved: bool = False
) -> SquaresView:
    """The grid with the bases and the pawns where they start, what a tap on a square sets now (`colour`'s base
    or pawn `piece`), and the screen's buttons (New game's: back to our defaults, done; the editor's: the
    boards, save, back to the shipped defaults)."""
    problem = ""
    try:
        setup = draft.setup(defs)
    except IllegalAction as refused:
        problem = refused.reason
        setup = _lenient(draft, defs)
    view = setup_view(setup)
    picked: Square | None = None
    if colour in setup.colours:
        index = setup.colours.index(colour)
        base = draft.bases.get(colour, setup.bases[index])
        picked = base if piece == BASE else setup.starts[index][PAWNS.index(piece)]
    grid = grid_view(view, defs, {}, Selection())
    if picked is not None:
        squares = dict(grid.squares)
        if picked in squares:
            squares[picked] = replace(squares[picked], is_picked=True)
        grid = replace(grid, squares=squares, focus=picked)
    who = nm.colour(defs, colour)
    if piece == BASE:
        hint = _("Tap the square of {player}'s base.").format(player=who)
    else:
        hint = _("Tap the square where {player}'s {pawn} starts.").format(player=who, pawn=nm.pawn(piece))
    colours = tuple(
        ButtonView(f"colour:{c}", nm.colour(defs, c), "primary" if c == colour else "normal") for c in setup.colours
    )
    pieces = (ButtonView(f"piece:{BASE}", _("Base"), "primary" if piece == BASE else "normal"),) + tuple(
        ButtonView(f"piece:{p}", nm.pawn(p), "primary" if p == piece else "normal") for p in PAWNS
    )
    lines = [TextLine(problem, "bad")] if problem else []
    lines += [TextLine(text) for text in squares_summary(setup, defs, not editor and bool(draft.bases or draft.starts))]
    if editor:
        layout = defs.layouts.get(setup.size)
        mark = layout.confidence.get("bases", "low") if layout is not None else "low"
        title = _("Data editor: bases and starting squares")
        lines.insert(0, TextLine(_("{size} × {size} board").format(size=setup.size), "title"))
        if saved:
            lines.append(TextLine(_("Saved: new games on this board start this way."), "good"))
        elif mark != "player":
            lines.append(TextLine(_("Saved in your data folder, never in the shipped files."), "dim"))
        actions = tuple(
            ButtonView(
                f"size:{size}", _("{size} × {size}").format(size=size), "primary" if size == setup.size else "normal"
            )
            for size in defs.sizes
        ) + (
            ButtonView("editor:save", _("Save"), "primary", enabled=not problem),
            ButtonView("editor:reset", _("Back to our defaults"), enabled=mark == "player"),
        )
    else:
        title = _("Bases and starting squares")
        actions = (
            ButtonView("squares:all-on-base", _("All of {player}'s pawns on the base").format(player=who)),
            ButtonView("squares:reset", _("Back to the defaults")),
            ButtonView("squares:done", _("Done"), "primary", enabled=not problem),
        )
    return SquaresView(title, hint, colours, pieces, actions, tuple(lines), grid)


def editor_draft(defs: Definitions, size: int) -> SetupDraft:
    """The data's layout of one board, for every colour, as the editor starts from."""
    layout = defs.layouts[size]
    players = len(defs.colours)
    return SetupDraft(
        players=players, size=size, bases=dict(layout.bases), starts={c: dict(p) for c, p in layout.starts.items()}
    )


# --- the set-up guide and the end ------------------------------------------------------------------------------


@dataclass(frozen=True)
class GuideView:
    title: str
    lines: tuple[TextLine, ...]
    start_label: str
    grid: GridView


def present_guide(setup: Setup, defs: Definitions) -> GuideView:
    lines = tuple(TextLine(text) for text in setup_lines(setup, defs))
    return GuideView(
        title=_("Set-up guide"),
        lines=lines,
        start_label=_("Start playing"),
        grid=grid_view(setup_view(setup), defs, {}, Selection()),
    )


@dataclass(frozen=True)
class OverView:
    title: str
    lines: tuple[TextLine, ...]


def present_over(view: PublicView, defs: Definitions) -> OverView:
    outcome: Outcome | None = view.outcome
    lines: list[TextLine] = []
    if outcome is None:
        return OverView(_("Game over"), ())
    names = ", ".join(nm.colour(defs, c) for c in outcome.winners)
    if outcome.is_tie:
        lines.append(TextLine(_("A tie: {players}.").format(players=names), "title"))
    else:
        lines.append(TextLine(_("{player} wins.").format(player=names), "title"))
    for seat in sorted(view.seats, key=lambda s: -len(s.rescues)):
        rescued = ", ".join(nm.card(defs, card) for card in seat.rescues) or _("none")
        lines.append(
            TextLine(
                ngettext(
                    "{player}: {count} rescue ({cards})", "{player}: {count} rescues ({cards})", len(seat.rescues)
                ).format(player=nm.colour(defs, seat.colour), count=len(seat.rescues), cards=rescued)
            )
        )
    if view.expired:
        lines.append(
            TextLine(
                ngettext(
                    "{count} emergency ran out of time.", "{count} emergencies ran out of time.", len(view.expired)
                ).format(count=len(view.expired)),
                "dim",
            )
        )
    lines.append(
        TextLine(
            ngettext("The game lasted {count} turn.", "The game lasted {count} turns.", view.turn).format(
                count=view.turn
            ),
            "dim",
        )
    )
    return OverView(_("Game over"), tuple(lines))
