"""Seeded random play over many games, with the companion's deck and with the player's: after every step every
card is accounted for and the chains, Lady Penelope and the rescue are where they may be; every listed action
applies; states survive encoding; and the engine's real Session on a real SQLite file replays, resumes,
exports, undoes and redoes to equal states."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from depth import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine.chance import LiveChance
from companion.engine.errors import IllegalAction
from companion.engine.session import Session
from companion.engine.store import Store
from companion.games.thunderbirds_solitaire import actions as act
from companion.games.thunderbirds_solitaire.codec import decode_action, decode_state, encode_action, encode_state
from companion.games.thunderbirds_solitaire.rules import RULES, apply

from .invariants import check_invariants
from .play import definitions, play, setup_of, start

SHIPPED = definitions("shipped")
FIXTURE = definitions("fixture")
#: (data, deck, dealing): the shipped data can only be dealt by the table; the fixture either way.
SETUPS = (
    ("shipped", "basic", "table"),
    ("shipped", "advanced", "table"),
    ("fixture", "basic", "companion"),
    ("fixture", "advanced", "companion"),
    ("fixture", "basic", "table"),
)
#: Every how many steps each listed action is tried, and the state encoded and decoded (every step would be slow).
TRY_ALL_EVERY = 3
ENCODE_EVERY = 4

games = st.tuples(st.integers(min_value=0, max_value=2**63 - 1), st.sampled_from(SETUPS))


def setup_for(choice: tuple[str, str, str]) -> dict[str, object]:
    data, deck, dealing = choice
    return setup_of(FIXTURE if data == "fixture" else SHIPPED, deck, dealing)


@settings(max_examples=examples(100), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_every_step_keeps_the_invariants_and_survives_encoding(game: tuple[int, tuple[str, str, str]]) -> None:
    seed, choice = game
    setup = setup_for(choice)
    check_invariants(start(setup, seed))
    for number, step in enumerate(play(setup, seed, 250)):
        check_invariants(step.after)
        assert decode_action(encode_action(step.action)) == step.action
        if number % ENCODE_EVERY == 0 or step.after.phase == "over":
            assert decode_state(encode_state(step.after)) == step.after
        if number % TRY_ALL_EVERY == 0:
            for action in step.legal:
                try:
                    apply(step.before, action, LiveChance(step.before.rng))
                except IllegalAction as refused:  # pragma: no cover - the message is the point
                    raise AssertionError(f"listed but refused: {action}: {refused.reason}") from None


def test_random_games_reach_every_part_of_the_game() -> None:
    """The random player is worth its invariants only if it plays the whole game: set-up, turns, Lady
    Penelope's moves, flips and escorts, rescues with wild and ignored dice, Hood cards neutralised."""
    seen: set[str] = set()
    actions: set[str] = set()
    for seed in range(40):
        for choice in SETUPS:
            for step in play(setup_for(choice), seed, 250):
                actions.add(type(step.action).__name__)
                seen.update(type(event).__name__ for event in step.events)
    assert {
        "CardToDeckBottom",
        "ChainBegun",
        "DeckShuffled",
        "CardPlaced",
        "HoodNeutralised",
        "LadyPenelopeMoved",
        "LadyPenelopeFlipped",
        "CivilianAssigned",
        "CivilianUnassigned",
        "CivilianRescued",
        "DiceRolled",
        "DiceIgnored",
        "DieAllocated",
        "DieStored",
        "TurnEnded",
    } <= seen, seen
    assert {"DealChains", "RollDice", "EnterRoll", "RemoveCard", "SetSymbols", "PlaceLadyPenelope"} <= actions


@settings(max_examples=examples(10), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_session_on_sqlite_replays_resumes_exports_and_undoes_to_equal_states(
    game: tuple[int, tuple[str, str, str]],
) -> None:
    seed, choice = game
    setup = setup_for(choice)
    played = list(play(setup, seed, 150))
    with tempfile.TemporaryDirectory() as folder:
        store = Store.open(Path(folder) / "games.db")
        try:
            session = Session.new(store, RULES, setup, seed)
            assert session.state == start(setup, seed)
            for number, step in enumerate(played):
                session.dispatch(step.action)
                assert session.state == step.after, f"step {number}: {step.action}"
                if number % 11 == 0:
                    session.undo()
                    assert session.state == step.before
                    session.redo()
                    assert session.state == step.after
            final = played[-1].after if played else session.state
            assert Session.rebuild_from_log(store, session.game_id) == final
            assert Session.resume(store, session.game_id).state == final
            exported = Path(folder) / "game.json"
            store.export_game(session.game_id, exported)
            imported = store.import_game(exported)
            assert Session.resume(store, imported).state == final
        finally:
            store.close()


@pytest.mark.parametrize("deck", ("basic", "advanced"))
def test_undo_restores_the_draws_no_fishing(deck: str, tmp_path: Path) -> None:
    """Undo restores the PRNG: the redone draw, or the same draw played again, reveals the same card and the
    same dice."""
    setup = setup_of(FIXTURE, deck, "companion")
    with Store.open(tmp_path / "games.db") as store:
        session = Session.new(store, RULES, setup, 7)
        session.dispatch(act.DealChains())
        dealt = session.state.chains
        session.undo()
        session.dispatch(act.DealChains())
        assert session.state.chains == dealt
        session.dispatch(act.TurnCard())
        turned = session.state.turned
        session.undo()
        session.redo()
        assert session.state.turned == turned
        session.undo()
        session.dispatch(act.TurnCard())
        assert session.state.turned == turned
        session.dispatch(act.DiscardTurned())
        session.dispatch(act.RollDice(1, ("red", "red", "blue")))
        assert session.state.rescue is not None
        rolled = session.state.rescue.dice
        session.undo()
        session.dispatch(act.RollDice(1, ("red", "red", "blue")))
        assert session.state.rescue is not None and session.state.rescue.dice == rolled


def test_the_invariants_catch_a_card_in_two_places() -> None:
    """The checks above can fail: a card both in a chain and in the deck, a Civilian leading a chain."""
    from companion.games.thunderbirds_solitaire.state import Card, evolve

    state = start(setup_of(FIXTURE, "basic", "companion"), 3)
    disaster = next(card for card in state.setup.facts.cards if card.kind == "disaster")
    doubled = evolve(state, chains=((Card(disaster.id, "disaster"),), (), (), ()))
    with pytest.raises(AssertionError, match="in two places at once"):
        check_invariants(doubled)
    civilian = next(card for card in state.setup.facts.cards if card.kind == "civilian")
    deck = tuple(card for card in state.deck if card != civilian.id)
    leading = evolve(state, deck=deck, chains=((Card(civilian.id, "civilian"),), (), (), ()))
    with pytest.raises(AssertionError, match="chain 1 begins with a civilian"):
        check_invariants(leading)
