"""What each audience may see: `public_view` for the shared screen, the history, the lights and the logs (hands as
counts, the decks as sizes), `secret_view` for one seat behind the hand-over step (its hand), and `cells`, what the
grid presenter draws on each square.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.engine.pack import SecretView
from companion.games.warpspawn_thunderbirds import actions as act
from companion.games.warpspawn_thunderbirds import names as nm
from companion.games.warpspawn_thunderbirds.definitions import PAWNS, Definitions, ResponderKind, Square
from companion.games.warpspawn_thunderbirds.legal import legal_actions
from companion.games.warpspawn_thunderbirds.state import GameState, Outcome
from companion.locale import domain

_, ngettext = domain("warpspawn_thunderbirds")


@dataclass(frozen=True)
class PublicSeat:
    colour: str
    base: Square
    pawns: tuple[Square, ...]  # in `PAWNS` order
    hand_size: int  # how many cards; never which
    rescues: tuple[str, ...]


@dataclass(frozen=True)
class PublicEmergency:
    card: str
    square: Square
    counters: int
    is_new: bool  # placed by this turn's Alert


@dataclass(frozen=True)
class PublicPlay:
    """A card played face up, waiting for Delay or Allow."""

    player: str
    card: str
    pawn: str | None
    to: Square | None
    owner: str | None


@dataclass(frozen=True)
class PublicView:
    size: int
    turn: int
    phase: str
    seats: tuple[PublicSeat, ...]
    board: tuple[PublicEmergency, ...]
    emergency_deck: int  # cards left to draw
    expired: tuple[str, ...]  # the Emergency discard (cards that were face up on the board)
    responder_deck: int
    responder_discard: int
    order: tuple[str, ...]  # this turn's move order, by colour
    moving: str | None  # whose move phase it is
    quick: str | None  # who played Quick Responder this turn
    rolls: tuple[tuple[int, ...], ...]  # this turn's Response rolls by seat
    pending: PublicPlay | None
    delay_seen: bool
    outcome: Outcome | None


def public_view(state: GameState) -> PublicView:
    """The state with every secret hidden: hands become counts, the decks' order is gone."""
    moving = state.moving_seat
    pending = state.pending
    return PublicView(
        size=state.size,
        turn=state.turn,
        phase=state.phase,
        seats=tuple(
            PublicSeat(seat.colour, state.setup.bases[i], seat.pawns, len(seat.hand), seat.rescues)
            for i, seat in enumerate(state.seats)
        ),
        board=tuple(PublicEmergency(e.card, e.square, e.counters, e.placed_turn == state.turn) for e in state.board),
        emergency_deck=len(state.emergencies.draw_pile),
        expired=state.emergencies.discard_pile,
        responder_deck=len(state.responder.draw_pile),
        responder_discard=len(state.responder.discard_pile),
        order=tuple(state.seats[i].colour for i in state.order),
        moving=None if moving is None else state.seats[moving].colour,
        quick=None if state.quick is None else state.seats[state.quick].colour,
        rolls=state.rolls,
        pending=None
        if pending is None
        else PublicPlay(state.seats[pending.seat].colour, pending.card, pending.pawn, pending.to, pending.owner),
        delay_seen=state.delay_seen,
        outcome=state.outcome,
    )


def card_text(kind: ResponderKind) -> str:
    """What a Responder card does, as the companion plays it."""
    effect = kind.effect
    if effect == "move":
        return ngettext(
            "move one of your pawns exactly {count} square in a straight line, orthogonally or diagonally",
            "move one of your pawns exactly {count} squares in a straight line, orthogonally or diagonally",
            kind.distance,
        ).format(count=kind.distance)
    if effect == "sos":
        return ngettext(
            "draw {count} card from the Responder deck", "draw {count} cards from the Responder deck", kind.draw
        ).format(count=kind.draw)
    return {
        "knight": _("move one of your pawns like a chess knight"),
        "return-to-base": _("move one of your pawns back to your base"),
        "false-alarm": _("move an opponent's pawn back to their base"),
        "red-alert": _("switch your TB5 with another of your Thunderbirds"),
        "deploy-sub": _("move your TB4 next to your TB2"),
        "delay": _("cancel a card another player has just played"),
        "quick-responder": _("move first this turn, without rolling"),
    }[effect]


#: The key of a card chosen in the hand and played on the shared grid (`open:card:<kind>`): the pack's screen hooks
#: take it, and the grid then asks for the pawn and the square.
CHOOSE_CARD = "open:card:"


def secret_view(state: GameState, seat: int, defs: Definitions) -> SecretView | None:
    """`seat`'s hand, one line per kind ("Move 3 ×2: move one of your pawns..."), and what it may do with it now:
    the reactions (Quick Responder before the roll, Delay against another player's card waiting for it) and, in
    its own move phase, each card: played from here when it needs no target (SOS), chosen here and played on the
    grid when it needs a pawn or a square (`CHOOSE_CARD`), or discarded."""
    if not 0 <= seat < len(state.seats):
        return None
    mine = state.seats[seat]
    counts: dict[str, int] = {}
    for card in mine.hand:
        counts[card] = counts.get(card, 0) + 1
    lines = []
    for kind_id, kind in defs.responder.items():
        if kind_id in counts:
            name = kind.names.text()
            if counts[kind_id] > 1:
                name = _("{card} ×{count}").format(card=name, count=counts[kind_id])
            lines.append(_("{card}: {text}").format(card=name, text=card_text(kind)))
    if not lines:
        lines.append(_("No cards in hand."))
    choices: list[tuple[str, object]] = []
    legal = legal_actions(state, defs)
    for action in legal:
        if isinstance(action, act.PlayQuickResponder) and action.player == mine.colour:
            choices.append((_("Play Quick Responder: move first"), action))
        elif isinstance(action, act.PlayDelay) and action.player == mine.colour:
            choices.append((_("Play Delay: cancel this card"), action))
    if state.moving_seat == seat and state.pending is None:
        plays: dict[str, list[act.PlayCard]] = {}
        for action in legal:
            if isinstance(action, act.PlayCard):
                plays.setdefault(action.card, []).append(action)
        for kind_id in defs.responder:
            found = plays.get(kind_id)
            if not found:
                continue
            name = defs.responder[kind_id].names.text()
            if found == [act.PlayCard(kind_id)]:
                choices.append((_("Play {card}").format(card=name), found[0]))
            else:
                choices.append((_("Play {card}: then tap the grid").format(card=name), CHOOSE_CARD + kind_id))
        for action in legal:
            if isinstance(action, act.Discard):
                choices.append((_("Discard {card}").format(card=nm.card(defs, action.card)), action))
    who = nm.colour(defs, mine.colour)
    return SecretView(
        seat=seat,
        seat_name=who,
        title=ngettext("{player}'s hand: {count} card", "{player}'s hand: {count} cards", len(mine.hand)).format(
            player=who, count=len(mine.hand)
        ),
        lines=tuple(lines),
        choices=tuple(choices),
    )


@dataclass(frozen=True)
class Cell:
    """One square as the grid presenter draws it: pawns by colour and number, never colour alone."""

    square: Square
    emergency: str | None
    counters: int
    solution: str  # the emergency's solution in words ("" without an emergency)
    pawns: tuple[tuple[str, str], ...]  # (colour, pawn)
    base_of: str | None  # the colour whose base this is


def cells(view: PublicView, defs: Definitions) -> dict[Square, Cell]:
    """Every square that holds something (an emergency, a pawn, a base)."""
    found: dict[Square, Cell] = {}

    def cell(square: Square) -> Cell:
        return found.get(square) or Cell(square, None, 0, "", (), None)

    for seat in view.seats:
        c = cell(seat.base)
        found[seat.base] = Cell(c.square, c.emergency, c.counters, c.solution, c.pawns, seat.colour)
    for seat in view.seats:
        for pawn, square in zip(PAWNS, seat.pawns):
            c = cell(square)
            found[square] = Cell(
                c.square, c.emergency, c.counters, c.solution, (*c.pawns, (seat.colour, pawn)), c.base_of
            )
    for e in view.board:
        c = cell(e.square)
        text = nm.solution(defs.emergencies[e.card].solution)
        found[e.square] = Cell(c.square, e.card, e.counters, text, c.pawns, c.base_of)
    return found
