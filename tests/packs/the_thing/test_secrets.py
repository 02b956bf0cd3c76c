"""The infection bag's secrets: the shared view is computed from the public state only; the history says who
drew, never what, in either language; a seat's secret is for that seat alone; undo and redo of a secret draw
bring back the same token without showing it; a public export and Home's line keep every secret."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from companion.engine import registry
from companion.engine.session import Session
from companion.engine.store import Store
from companion.games.the_thing import actions as a
from companion.games.the_thing.names import TOKENS
from companion.games.the_thing.state import ALIEN, HUMAN, ThingState
from companion.locale import speaking

PACK = registry.pack("the_thing")
TOKEN_WORDS = [words.text(lang) for words in TOKENS.values() for lang in ("en", "fr")]


def dealt(players: int = 5, seed: int = 4) -> Session:
    return Session.new(Store.open(":memory:"), PACK.rules, PACK.setup_for(players, {"bag": "screen"}), seed)


def in_phase_four(session: Session) -> None:
    for seat in range(session.state.players):
        session.dispatch(a.LookAtToken(seat))
    session.dispatch(a.RollWeather())
    for _ in range(3):
        session.dispatch(a.EndPhase())


def public_texts(state: ThingState) -> list[str]:
    texts = []
    for language in ("en", "fr"):
        with speaking(language):
            texts += PACK.table_lines(PACK.public_view(state))
    return texts


def test_the_shared_view_depends_on_the_public_state_only() -> None:
    session = dealt()
    state = session.state
    other_deal = tuple(HUMAN if token == ALIEN else ALIEN for token in state.deal)
    assert PACK.public_view(state) == PACK.public_view(replace(state, deal=other_deal, rng=state.rng + 1))
    assert public_texts(state) == public_texts(replace(state, deal=other_deal))
    in_phase_four(session)
    session.dispatch(a.DrawFromBag(1))
    drawn = session.state
    flipped = replace(drawn, draw_token=ALIEN if drawn.draw_token == HUMAN else HUMAN)
    assert PACK.public_view(drawn) == PACK.public_view(flipped)
    assert public_texts(drawn) == public_texts(flipped)


def test_each_seat_sees_only_its_own_token_and_exactly_one_alien_is_dealt() -> None:
    for seed in range(1, 30):
        state = dealt(players=4 + seed % 5, seed=seed).state
        assert state.deal.count(ALIEN) == 1 and len(state.deal) == state.players
        for seat in range(state.players):
            secret = PACK.secret_view(state, seat)
            assert secret is not None and secret.seat == seat
            assert secret.lines[0] == TOKENS[state.deal[seat]].text()
            assert [action for _label, action in secret.choices] == [a.LookAtToken(seat)]


def test_the_history_says_who_drew_never_what_in_both_languages() -> None:
    session = dealt()
    in_phase_four(session)
    for language, said in (("en", "Green drew from the bag"), ("fr", "Vert a pioché dans le sac")):
        with speaking(language):
            assert PACK.describe(a.DrawFromBag(1), session.state) == said
    session.dispatch(a.DrawFromBag(1))
    assert PACK.secret_view(session.state, 0) is None  # nobody else sees it
    session.dispatch(a.ReturnToken(1))
    labels = [entry.label for entry in session.history()]
    assert "Green drew from the bag" in labels
    assert not any(word in label for label in labels for word in TOKEN_WORDS)


def test_undo_and_redo_of_a_draw_bring_back_the_same_token_unseen(tmp_path: Path) -> None:
    with Store.open(tmp_path / "games.db") as store:
        session = Session.new(store, PACK.rules, PACK.setup_for(6, {"bag": "screen"}), 11)
        in_phase_four(session)
        session.dispatch(a.DrawFromBag(2))
        token = session.state.draw_token
        secret = PACK.secret_view(session.state, 2)
        assert secret is not None and token in (HUMAN, ALIEN)
        session.undo()
        assert session.state.draw_seat == -1 and PACK.secret_view(session.state, 2) is None
        session.redo()
        assert session.state.draw_token == token and PACK.secret_view(session.state, 2) == secret
        assert all(word not in line for line in public_texts(session.state) for word in TOKEN_WORDS)
        resumed = Session.resume(store, session.game_id)
        assert resumed.state.draw_token == token
        exported = tmp_path / "public.json"
        store.export_game(session.game_id, exported, public=True)
        written = exported.read_text(encoding="utf-8")
        assert not any(word in written for word in TOKEN_WORDS)
        assert "deal" not in written and "draw_token" not in written
        summary = PACK.rules.summary(session.state)
        assert not any(word in json.dumps(summary) for word in ("human", "alien"))
        line = PACK.saved_game_line(summary)
        assert not any(word in f"{line.players} {line.detail} {line.status}" for word in TOKEN_WORDS)


def test_the_physical_bag_keeps_nothing_secret_on_the_companion() -> None:
    session = Session.new(Store.open(":memory:"), PACK.rules, PACK.setup_for(5, {"bag": "physical"}), 3)
    assert session.state.deal == () and not any(PACK.secret_view(session.state, s) for s in range(5))
    session.dispatch(a.RollWeather())
    for _ in range(3):
        session.dispatch(a.EndPhase())
    session.dispatch(a.DrawFromBag(0))
    assert session.state.draw_token == "" and session.state.draws == 1
