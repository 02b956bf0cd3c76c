"""Secrets stay secret: a face-down card or a secret bag draw never reaches a history label, the public view, a
reveal or the saved-games summary; the owner sees it through `secret_view`."""

from __future__ import annotations

import json

from companion.engine.labels import label_in_every_language
from companion.engine.session import Session
from companion.engine.store import Store
from companion.kit import actions as act
from companion.kit.pack import HIDDEN, public_view, reveal, secret_view
from companion.kit.rules import KitRules, apply
from companion.kit.state import KitState

from .kits import registered, small_setup, start

SECRET_NAMES = ("Human", "Alien", "Humain", "Spy", "Traitor", "Espion", "Traître")


def play(state: KitState, action: object) -> tuple[KitState, tuple[object, ...]]:
    from companion.engine.chance import LiveChance

    return apply(state, action, LiveChance(state.rng))


def test_a_secret_bag_draw_is_only_said_to_have_happened(tmp_path: object) -> None:
    from pathlib import Path

    rules = registered("small")
    with Store.open(Path(str(tmp_path)) / "games.db") as store:
        session = Session.new(store, rules, small_setup(3), 3)
        update = session.dispatch(act.DrawFromBag("roles", 1))
        [drawn] = update.events
        assert isinstance(drawn, act.TokenDrawn) and drawn.secret
        label = update.entry.label if update.entry else ""
        assert label == "Player 2 draws from Role bag"
        stored = label_in_every_language(lambda: rules.describe(act.DrawFromBag("roles", 1), session.state))
        assert not any(name in stored for name in SECRET_NAMES)
        shown = reveal(update.events, session.state)
        assert shown is not None and not any(name in " ".join(shown.lines) + shown.title for name in SECRET_NAMES)
        view = public_view(session.state)
        assert view.bags[1].out == (type(view.bags[1].out[0])(HIDDEN, 1),)
        assert set(view.bags[1].contents) == {HIDDEN} and view.bags[1].last is not None
        assert view.bags[1].last.token == HIDDEN and view.rng == 0
        play_only = {k: v for k, v in rules.encode_state(view).items() if k != "kit"}  # the kit lists every kind
        assert not any(name in json.dumps(play_only) for name in ("human", "alien"))
        mine = secret_view(session.state, 1)
        token = {"human": "Human", "alien": "Alien"}[drawn.token]
        assert mine is not None and mine.lines == (f"Role bag · {token}",) and mine.seat_name == "Player 2"
        assert secret_view(session.state, 0) is None
        summary = json.dumps(store.load(session.game_id).summary)
        assert drawn.token not in summary
        history = " ".join(entry.label for entry in session.history())
        assert drawn.token not in history.lower()


def test_face_down_cards_are_hidden_from_everyone_but_their_owner() -> None:
    state = start(small_setup(2))
    state, events = play(state, act.Draw("secrets", 0))
    [drawn] = events
    assert isinstance(drawn, act.CardDrawn) and not drawn.face_up
    view = public_view(state)
    assert view.decks[1].hands == ((HIDDEN,), ())
    assert set(view.decks[1].draw_pile) == {HIDDEN} and set(view.decks[1].unseen) == {HIDDEN}
    assert set(view.decks[0].draw_pile) == {HIDDEN}  # even a face-up deck's next cards
    shown = reveal(events, state)
    assert shown is not None and not any(name in " ".join(shown.lines) for name in SECRET_NAMES)
    mine = secret_view(state, 0)
    assert mine is not None and mine.lines[0].startswith("Secrets · ")
    moved = KitRules("small").describe(act.MoveCard("secrets", "traitor", "hand", 1), state)
    assert moved == "Adjust: a card of Secrets goes to Player 2"


def test_a_secret_draw_put_back_is_still_shown_to_its_drawer() -> None:
    state = start(small_setup(2))
    state, events = play(state, act.DrawFromBag("roles", 1, put_back=True))
    [drawn] = events
    assert public_view(state).bags[1].last is not None
    assert public_view(state).bags[1].last.token == HIDDEN
    mine = secret_view(state, 1)
    assert mine is not None and "last drawn and put back" in mine.lines[0]


def test_public_draws_are_revealed() -> None:
    state = start(small_setup(2))
    state, events = play(state, act.DrawFromBag("loot", 0))
    shown = reveal(events, state)
    assert shown is not None and shown.lines[0] in ("Gold", "Gem")
    assert public_view(state).bags[0].out == state.bags[0].out
