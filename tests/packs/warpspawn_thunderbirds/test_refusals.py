"""The rules refuse exactly what they do not list: in positions of bot games, every action a player could ask for
(every card of the deck with every pawn, square and opponent; the upkeep; the reactions of every colour; every
discard) is either listed by `legal_actions` and accepted by `check`, or refused by `check` with a reason in words,
which `apply` raises (states are immutable: nothing changes). Manual corrections are not listed (they take any
valid arguments)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from companion.engine.chance import LiveChance
from companion.engine.errors import IllegalAction
from companion.games.warpspawn_thunderbirds import actions as act
from companion.games.warpspawn_thunderbirds.definitions import PAWNS
from companion.games.warpspawn_thunderbirds.loader import default_definitions
from companion.games.warpspawn_thunderbirds.rules import apply, check, legal_actions
from companion.games.warpspawn_thunderbirds.simulate import steps
from companion.games.warpspawn_thunderbirds.state import GameState
from companion.locale import speaking

DEFS = default_definitions()


def asked(state: GameState) -> Iterator[object]:
    """Every action a player could ask for in `state`: in a move phase every square of the board and one beyond
    each edge; elsewhere (where every card play is refused for its phase) the corners of that ring."""
    colours = [seat.colour for seat in state.seats] + ["purple"]
    if state.phase == "move" and state.pending is None:
        squares = list(itertools.product(range(0, state.size + 2), repeat=2))
    else:
        squares = [(0, 0), (1, 1), (state.size, state.size), (state.size + 1, 1)]
    yield from (act.Countdown(), act.Alert(), act.Organize(), act.RollForOrder(), act.Allow(), act.EndPhase())
    for colour in colours:
        yield act.PlayQuickResponder(colour)
        yield act.PlayDelay(colour)
    for card in [*DEFS.responder, "move-11"]:
        yield act.Discard(card)
        yield act.PlayCard(card)
        for pawn in [*PAWNS, "tb6"]:
            yield act.PlayCard(card, pawn)
            for colour in colours:
                yield act.PlayCard(card, pawn, owner=colour)
            for to in squares:
                yield act.PlayCard(card, pawn, to)
        for to in squares:
            yield act.PlayCard(card, to=to)


def positions(players: int, size: int, seed: int, stride: int) -> list[GameState]:
    """Positions of a bot game: every 29th, every `stride`-th of the move phases, every one where a card waits for
    Delay, and the game over."""
    found = []
    moves = 0
    for number, step in enumerate(steps(players, size, seed, DEFS)):
        state = step.before
        in_move = state.phase == "move" and state.pending is None
        moves += in_move
        if number % 29 == 0 or state.pending is not None or (in_move and moves % stride == 0):
            found.append(state)
    found.append(step.after)
    return found


@pytest.mark.parametrize(("players", "size", "seed", "stride"), [(2, 10, 4, 7), (3, 12, 11, 9), (4, 20, 6, 25)])
def test_an_action_is_refused_with_a_reason_exactly_when_it_is_not_listed(
    players: int, size: int, seed: int, stride: int
) -> None:
    moves = 0
    for state in positions(players, size, seed, stride):
        legal = set(legal_actions(state, DEFS))
        moves += state.phase == "move" and state.pending is None
        for number, action in enumerate(asked(state)):
            reason = check(state, action, DEFS)
            if action in legal:
                assert reason is None, (state.phase, action, reason)
                continue
            assert reason, (state.phase, action)
            if number % 61 == 0:  # `apply` runs the same check: a sample of the refusals goes through it
                with pytest.raises(IllegalAction) as refused:
                    apply(state, action, LiveChance(state.rng), DEFS)
                assert refused.value.reason == reason
    assert moves >= 5, "move phases were looked at"


def test_a_few_refusals_in_both_languages_name_the_rule() -> None:
    state = next(s.before for s in steps(2, 12, 3, DEFS) if s.before.phase == "move" and s.before.pending is None)
    mover = state.seats[state.order[state.mover]]
    far = (12, 12) if mover.pawns[0] != (12, 12) else (1, 12)
    cases = [
        (
            act.Countdown(),
            "This belongs to the Countdown phase; the game is in the move phases.",
            "Cela se fait pendant la phase de Compte à rebours ; "
            "la partie est en ce moment dans les phases de déplacement.",
        ),
        (
            act.PlayDelay(mover.colour),
            "Delay is played only against a card another player has just played.",
            "Contretemps ne se joue que contre une carte qu'un autre joueur vient de jouer.",
        ),
        (
            act.PlayCard("move-11", "tb1", far),
            "There is no Responder card called move-11.",
            "Aucune carte Intervention ne s'appelle move-11.",
        ),
    ]
    moving = next(card for card in mover.hand if DEFS.responder[card].effect in ("move", "knight"))
    name = {"en": DEFS.responder[moving].names.en, "fr": DEFS.responder[moving].names.fr}
    cases.append((act.PlayCard(moving, "tb1"), f"{name['en']} needs a square.", f"{name['fr']} demande une case."))
    for action, english, french in cases:
        with speaking("en"):
            assert check(state, action, DEFS) == english
        with speaking("fr"):
            assert check(state, action, DEFS) == french.replace(" ;", "\u00a0;")
