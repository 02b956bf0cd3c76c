"""The grid screen's view model (no Kivy): what each square shows, which squares a tap would act on now, and the
side panel (whose phase it is, what to do, the emergencies with their timers and solutions, the scores).

It reads the public view, and of the legal actions only those a shared screen may offer: the upkeep, "go ahead"
while a card waits, the end of a move phase, a rescue to confirm, and the plays of the one card the moving player
chose in their hand (that card is being played face up). The reactions (Quick Responder, Delay), the discards and
the plays of the other cards of a hand never reach it: they would tell what a hand holds.

The turn, as the panel drives it:
- upkeep phases: one button, "Next: ... phase", and a reveal pop-up shows what the phase brought;
- the Response roll: anyone may first look at their hand (Quick Responder), then "Next: roll for the move order";
- a move phase: the player looks at their hand and chooses a card there, then taps a pawn (lit) and a square (lit);
  or ends the phase;
- a card waiting for Delay: "Waiting: anyone holding Delay may play it", each other player's hand, and "go ahead".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.warpspawn_thunderbirds import actions as act
from companion.games.warpspawn_thunderbirds import names as nm
from companion.games.warpspawn_thunderbirds.definitions import PAWNS, Definitions, Square
from companion.games.warpspawn_thunderbirds.views import PublicView, cells
from companion.locale import domain
from companion.ui.action_keys import act as act_key
from companion.ui.presenters.lines import ButtonView, TextLine

_, ngettext = domain("warpspawn_thunderbirds")

RGB = tuple[int, int, int]
#: The grid's button for the upkeep action of the moment (a table button presses it too).
NEXT = "next-phase"
CANCEL = "card:cancel"
#: Pawns' short names on the grid: the number of the Thunderbird, F for FAB.
PAWN_MARKS: dict[str, str] = {"tb1": "1", "tb2": "2", "tb3": "3", "tb4": "4", "tb5": "5", "fab": "F"}


@dataclass(frozen=True)
class Selection:
    """What the moving player chose on the shared screen: a card of their hand (face up from then on) and, for a
    card that moves one of their pawns, the pawn."""

    card: str | None = None
    pawn: str | None = None


@dataclass(frozen=True)
class Target:
    """What a tap on a square does: an action to send, or a pawn to pick (then its squares light up)."""

    label: str
    action: Any = None
    pick: str | None = None  # the pawn picked


@dataclass(frozen=True)
class Chip:
    """One colour's pawns on a square: drawn in the colour, with its initial and the pawns' numbers."""

    colour: str
    rgb: RGB
    text: str  # "R 1 2 F"
    short: str  # "R×3", when the numbers do not fit
    pawns: tuple[str, ...]


@dataclass(frozen=True)
class SquareView:
    square: Square
    emergency: str | None
    mark: str  # "⚠ 3": an emergency and its time counters
    is_new: bool
    base_of: str | None
    base_rgb: RGB | None
    base_mark: str  # "R base"
    chips: tuple[Chip, ...]
    is_target: bool
    is_picked: bool
    is_pending: bool  # where the card waiting for Delay would take its pawn


@dataclass(frozen=True)
class GridView:
    size: int
    squares: Mapping[Square, SquareView]
    #: The columns and rows of this turn's new emergencies (what the LED strips light).
    marked_columns: frozenset[int]
    marked_rows: frozenset[int]
    #: Where the grid should look first (the picked pawn, the first lit square, a new emergency).
    focus: Square | None


@dataclass(frozen=True)
class PanelView:
    title: str
    lines: tuple[TextLine, ...]
    buttons: tuple[ButtonView, ...]
    emergencies: tuple[ButtonView, ...]  # key "focus:<col>:<row>"
    emergencies_title: str
    scores: tuple[TextLine, ...]


@dataclass(frozen=True)
class TableView:
    grid: GridView
    panel: PanelView
    #: What a tap on each lit square does (one target: done at once; several: a chooser).
    targets: Mapping[Square, tuple[Target, ...]]
    selection: Selection  # the selection as it stands (a stale one is dropped)


def shared_actions(legal: Sequence[Any]) -> tuple[Any, ...]:
    """The legal actions a shared screen may offer on its own: nothing that reads a hand."""
    return tuple(
        a for a in legal if not isinstance(a, (act.PlayQuickResponder, act.PlayDelay, act.Discard, act.PlayCard))
    )


def upkeep_action(legal: Sequence[Any]) -> Any | None:
    """The upkeep action of the moment (Countdown, Alert, Organize, RollForOrder), dispatched by `NEXT`."""
    return next((a for a in legal if isinstance(a, (act.Countdown, act.Alert, act.Organize, act.RollForOrder))), None)


def colour_mark(defs: Definitions, colour: str) -> str:
    """A colour's initial in the current language (R, B, G, Y / R, B, V, J): with the colour, never instead."""
    return nm.colour(defs, colour)[:1].upper()


def counters_text(count: int) -> str:
    return ngettext("{count} time counter", "{count} time counters", count).format(count=count)


def present_table(
    view: PublicView, legal: Sequence[Any], defs: Definitions, selection: Selection, seats: Sequence[str]
) -> TableView:
    """Everything the grid screen shows for `view`; `legal` is the snapshot's legal actions (filtered here)."""
    plays = tuple(a for a in legal if isinstance(a, act.PlayCard) and a.card == selection.card)
    if selection.card is not None and not plays:
        selection = Selection()
    if selection.pawn is not None and not any(p.pawn == selection.pawn for p in plays):
        selection = Selection(selection.card)
    mover = view.moving
    targets = _targets(view, plays, defs, selection)
    grid = grid_view(view, defs, targets, selection)
    panel = _panel(view, legal, defs, selection, plays, targets, seats)
    return TableView(grid, panel, targets, selection if mover is not None else Selection())


# --- the grid --------------------------------------------------------------------------------------------------


def _seat(view: PublicView, colour: str | None) -> Any:
    return next((s for s in view.seats if s.colour == colour), None)


def _targets(
    view: PublicView, plays: tuple[act.PlayCard, ...], defs: Definitions, selection: Selection
) -> dict[Square, tuple[Target, ...]]:
    found: dict[Square, list[Target]] = {}
    mover = _seat(view, view.moving)
    if not plays or mover is None:
        return {}
    where = {pawn: square for pawn, square in zip(PAWNS, mover.pawns)}
    kind = defs.responder.get(selection.card or "")
    effect = kind.effect if kind is not None else ""
    if effect in ("move", "knight"):
        if selection.pawn is None:
            for pawn in PAWNS:
                if any(p.pawn == pawn for p in plays):
                    found.setdefault(where[pawn], []).append(
                        Target(
                            _("{player}'s {pawn}").format(player=nm.colour(defs, mover.colour), pawn=nm.pawn(pawn)),
                            pick=pawn,
                        )
                    )
        else:
            for play in plays:
                if play.pawn == selection.pawn and play.to is not None:
                    found.setdefault(play.to, []).append(Target(nm.square(play.to), action=play))
    elif effect == "false-alarm":
        for play in plays:
            owner = _seat(view, play.owner)
            if owner is not None and play.pawn is not None:
                square = owner.pawns[PAWNS.index(play.pawn)]
                label = _("{player}'s {pawn}").format(player=nm.colour(defs, owner.colour), pawn=nm.pawn(play.pawn))
                found.setdefault(square, []).append(Target(label, action=play))
    elif effect in ("return-to-base", "red-alert"):
        for play in plays:
            if play.pawn is not None:
                label = _("{player}'s {pawn}").format(player=nm.colour(defs, mover.colour), pawn=nm.pawn(play.pawn))
                found.setdefault(where[play.pawn], []).append(Target(label, action=play))
    else:  # a square alone (Deploy Sub)
        for play in plays:
            if play.to is not None:
                found.setdefault(play.to, []).append(Target(nm.square(play.to), action=play))
    return {square: tuple(found[square]) for square in sorted(found)}


def grid_view(
    view: PublicView, defs: Definitions, targets: Mapping[Square, tuple[Target, ...]], selection: Selection
) -> GridView:
    contents = cells(view, defs)
    mover = _seat(view, view.moving)
    picked = None
    if mover is not None and selection.pawn is not None:
        picked = mover.pawns[PAWNS.index(selection.pawn)]
    pending_to = view.pending.to if view.pending is not None else None
    new = {e.square for e in view.board if e.is_new}
    squares: dict[Square, SquareView] = {}
    for square in sorted(set(contents) | set(targets) | ({pending_to} if pending_to else set())):
        cell = contents.get(square)
        chips: list[Chip] = []
        emergency, counters, base_of = None, 0, None
        if cell is not None:
            emergency, counters, base_of = cell.emergency, cell.counters, cell.base_of
            by_colour: dict[str, list[str]] = {}
            for colour, pawn in cell.pawns:
                by_colour.setdefault(colour, []).append(pawn)
            for colour, pawns in by_colour.items():
                initial = colour_mark(defs, colour)
                ordered = tuple(p for p in PAWNS if p in pawns)
                chips.append(
                    Chip(
                        colour,
                        defs.colours[colour].rgb,
                        f"{initial} " + " ".join(PAWN_MARKS[p] for p in ordered),
                        _("{mark}×{count}").format(mark=initial, count=len(ordered)),
                        ordered,
                    )
                )
        squares[square] = SquareView(
            square=square,
            emergency=emergency,
            mark=f"⚠ {counters}" if emergency else "",
            is_new=square in new,
            base_of=base_of,
            base_rgb=defs.colours[base_of].rgb if base_of else None,
            base_mark=_("{mark} base").format(mark=colour_mark(defs, base_of)) if base_of else "",
            chips=tuple(chips),
            is_target=square in targets,
            is_picked=square == picked,
            is_pending=square == pending_to,
        )
    focus = picked or next(iter(targets), None) or pending_to
    if focus is None and new:
        focus = sorted(new)[0]
    return GridView(
        size=view.size,
        squares=squares,
        marked_columns=frozenset(col for col, _row in new),
        marked_rows=frozenset(row for _col, row in new),
        focus=focus,
    )


# --- the panel -------------------------------------------------------------------------------------------------


def _phase_name(phase: str) -> str:
    return {
        "countdown": _("Countdown phase"),
        "alert": _("Alert phase"),
        "organization": _("Organization phase"),
        "response": _("Response: the move order"),
        "over": _("Game over"),
    }.get(phase, phase)


def _next_label(phase: str) -> str:
    return {
        "countdown": _("Next: countdown phase"),
        "alert": _("Next: alert phase"),
        "organization": _("Next: organization phase"),
        "response": _("Next: roll for the move order"),
    }.get(phase, _("Next"))


def _panel(
    view: PublicView,
    legal: Sequence[Any],
    defs: Definitions,
    selection: Selection,
    plays: tuple[act.PlayCard, ...],
    targets: Mapping[Square, tuple[Target, ...]],
    seats: Sequence[str],
) -> PanelView:
    shared = shared_actions(legal)
    lines: list[TextLine] = []
    buttons: list[ButtonView] = []
    mover = _seat(view, view.moving)
    mover_name = nm.colour(defs, view.moving) if view.moving else ""
    mover_index = next((i for i, s in enumerate(view.seats) if s.colour == view.moving), None)
    if view.phase == "move" and mover is not None:
        title = _("Turn {turn} · {player}'s move phase").format(turn=view.turn, player=mover_name)
    else:
        title = _("Turn {turn} · {phase}").format(turn=view.turn, phase=_phase_name(view.phase))
    upkeep = upkeep_action(shared)
    if view.phase in ("countdown", "alert", "organization"):
        lines.append(
            TextLine(
                {
                    "countdown": _("Every emergency loses a time counter; one with none left expires."),
                    "alert": _("New emergencies arrive: the Alert die, then each one's square and time counters."),
                    "organization": _("The Responder deck is shuffled with its discard; every hand is filled up."),
                }[view.phase]
            )
        )
        if upkeep is not None:
            buttons.append(ButtonView(NEXT, _next_label(view.phase), "primary"))
    elif view.phase == "response":
        if view.quick is not None:
            lines.append(
                TextLine(
                    _("{player} played Quick Responder: first to move.").format(player=nm.colour(defs, view.quick))
                )
            )
        else:
            lines.append(TextLine(_("Before the roll: anyone holding Quick Responder may play it."), "title"))
            lines.append(TextLine(_("Each player may look at their hand; nobody sees who plays.")))
            buttons += [
                ButtonView(f"open:handover:{i}", _("{player}'s hand").format(player=name))
                for i, name in enumerate(seats)
            ]
        if upkeep is not None:
            buttons.insert(0, ButtonView(NEXT, _next_label("response"), "primary"))
    elif view.phase == "move" and view.pending is not None:
        pending = view.pending
        lines.append(
            TextLine(
                _("{player} has played {card} face up.").format(
                    player=nm.colour(defs, pending.player), card=nm.card(defs, pending.card)
                )
            )
        )
        lines.append(TextLine(_("Waiting: anyone holding Delay may play it."), "title"))
        lines.append(TextLine(_("Each other player may look at their hand; nobody sees who holds Delay.")))
        allow = next((a for a in shared if isinstance(a, act.Allow)), None)
        if allow is not None:
            buttons.append(ButtonView(act_key(allow), _("Nobody plays Delay: go ahead"), "primary"))
        buttons += [
            ButtonView(f"open:handover:{i}", _("{player}'s hand").format(player=name))
            for i, (name, seat) in enumerate(zip(seats, view.seats))
            if seat.colour != pending.player
        ]
    elif view.phase == "move" and mover is not None:
        lines.append(TextLine(_("Order: {players}").format(players=", ".join(nm.colour(defs, c) for c in view.order))))
        if selection.card is not None and plays:
            card = nm.card(defs, selection.card)
            if selection.pawn is None and any(t.pick for ts in targets.values() for t in ts):
                lines.append(
                    TextLine(
                        _("{player} plays {card}: tap one of the lit pawns.").format(player=mover_name, card=card),
                        "title",
                    )
                )
                for square, found in targets.items():
                    for target in found:
                        buttons.append(
                            ButtonView(
                                f"pawn:{target.pick}",
                                _("{pawn} at {square}").format(pawn=target.label, square=nm.square(square)),
                            )
                        )
            else:
                if selection.pawn is not None:
                    text = _("{player} plays {card} with {pawn}: tap a lit square.").format(
                        player=mover_name, card=card, pawn=nm.pawn(selection.pawn)
                    )
                else:
                    text = _("{player} plays {card}: tap a lit square.").format(player=mover_name, card=card)
                lines.append(TextLine(text, "title"))
                for square, found in targets.items():
                    label = nm.square(square)
                    if len(found) == 1 and found[0].label != label:  # a pawn to send home, not a square to go to
                        label = _("{pawn} at {square}").format(pawn=found[0].label, square=label)
                    buttons.append(ButtonView(f"square:{square[0]}:{square[1]}", label))
                if selection.pawn is not None:
                    buttons.append(ButtonView("pawn:other", _("Another pawn")))
            buttons.append(ButtonView(CANCEL, _("Cancel: keep the card")))
        else:
            lines.append(
                TextLine(
                    _("{player}'s move phase: look at your hand to play a card, then tap the grid.").format(
                        player=mover_name
                    ),
                    "title",
                )
            )
            if mover_index is not None:
                buttons.append(
                    ButtonView(
                        f"open:handover:{mover_index}",
                        _("{player}'s hand").format(player=seats[mover_index]),
                        "primary",
                    )
                )
            for action in shared:
                if isinstance(action, act.ConfirmRescue):
                    buttons.append(
                        ButtonView(
                            act_key(action),
                            _("Confirm the rescue of {card} (read the card)").format(
                                card=nm.card(defs, action.emergency)
                            ),
                        )
                    )
            end = next((a for a in shared if isinstance(a, act.EndPhase)), None)
            if end is not None:
                buttons.append(ButtonView(act_key(end), _("End {player}'s move phase").format(player=mover_name)))
    emergencies = tuple(
        ButtonView(
            f"focus:{e.square[0]}:{e.square[1]}",
            (
                _("{square} {card}: {solution}, {counters} (new)")
                if e.is_new
                else _("{square} {card}: {solution}, {counters}")
            ).format(
                square=nm.square(e.square),
                card=nm.card(defs, e.card),
                solution=nm.solution(defs.emergencies[e.card].solution),
                counters=counters_text(e.counters),
            ),
        )
        for e in view.board
    )
    scores = [TextLine(nm.seat_score(defs, seat)) for seat in view.seats]
    scores.append(
        TextLine(
            ngettext(
                "Emergency deck: {count} card left", "Emergency deck: {count} cards left", view.emergency_deck
            ).format(count=view.emergency_deck),
            "dim",
        )
    )
    scores.append(
        TextLine(
            _("Responder deck: {deck}, discard: {discard}").format(
                deck=view.responder_deck, discard=view.responder_discard
            ),
            "dim",
        )
    )
    title_emergencies = (
        ngettext("{count} emergency on the board", "{count} emergencies on the board", len(view.board)).format(
            count=len(view.board)
        )
        if view.board
        else _("No emergency on the board")
    )
    return PanelView(title, tuple(lines), tuple(buttons), emergencies, title_emergencies, tuple(scores))


def square_info(view: PublicView, defs: Definitions, square: Square) -> tuple[str, tuple[str, ...]]:
    """A square's pop-up: the emergency (its solution and timers), the base, every pawn by colour and number."""
    cell = cells(view, defs).get(square)
    title = nm.square(square)
    lines: list[str] = []
    if cell is None:
        return title, (_("Nothing stands here."),)
    if cell.emergency is not None:
        lines.append(nm.card(defs, cell.emergency))
        lines.append(_("Solution: {solution}").format(solution=cell.solution))
        lines.append(counters_text(cell.counters))
    if cell.base_of is not None:
        lines.append(_("{player}'s base").format(player=nm.colour(defs, cell.base_of)))
    for colour, pawn in cell.pawns:
        lines.append(_("{player}'s {pawn}").format(player=nm.colour(defs, colour), pawn=nm.pawn(pawn)))
    return title, tuple(lines)
