"""Hands are secret: no label, event, public view, light or saved-game summary depends on what a hand holds, in
either language; each hand is seen only through its own seat's view."""

from __future__ import annotations

import re
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.engine.deck import Deck
from companion.engine.labels import labels_of
from companion.engine.session import Session
from companion.engine.store import Store
from companion.games.warpspawn_thunderbirds import actions as act
from companion.games.warpspawn_thunderbirds import events as ev
from companion.games.warpspawn_thunderbirds.codec import encode_event
from companion.games.warpspawn_thunderbirds.describe import describe, summary
from companion.games.warpspawn_thunderbirds.lights import lights
from companion.games.warpspawn_thunderbirds.loader import default_definitions
from companion.games.warpspawn_thunderbirds.rules import RULES
from companion.games.warpspawn_thunderbirds.simulate import Step, steps
from companion.games.warpspawn_thunderbirds.state import GameState, Seat, evolve
from companion.games.warpspawn_thunderbirds.views import CHOOSE_CARD, public_view, secret_view
from companion.locale import speaking

DEFS = default_definitions()
GAMES = [(players, size, seed) for players in (2, 3, 4) for size in DEFS.sizes for seed in (1, 2)]
#: Events that show a card played face up, and so may name it.
FACE_UP = (ev.CardPlayed, ev.AwaitingDelay, ev.CardDelayed)


def scrambled(state: GameState) -> GameState:
    """The same public position with other cards in every hand and another draw order (same counts)."""
    hidden = sorted([card for seat in state.seats for card in seat.hand] + list(state.responder.draw_pile))
    hidden.reverse()
    hidden = hidden[1:] + hidden[:1]
    seats = []
    for seat in state.seats:
        take, hidden = hidden[: len(seat.hand)], hidden[len(seat.hand) :]
        seats.append(Seat(seat.colour, seat.pawns, tuple(sorted(take)), seat.rescues))
    deck = Deck(tuple(hidden), state.responder.discard_pile, state.responder.reshuffle)
    return evolve(state, seats=tuple(seats), responder=deck)


def every_step() -> Iterator[Step]:
    for players, size, seed in GAMES:
        yield from steps(players, size, seed, DEFS)


def card_names(language: str) -> dict[str, re.Pattern[str]]:
    names = {}
    for kind in DEFS.responder.values():
        name = kind.names.fr if language == "fr" else kind.names.en
        names[kind.id] = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)")
    return names


def named_openly(action: object, state: GameState) -> set[str]:
    """The cards a label may name: those on the table, face up, and only them."""
    delay = next(k.id for k in DEFS.responder.values() if k.effect == "delay")
    if isinstance(action, act.PlayCard):
        return {action.card}
    if isinstance(action, act.PlayQuickResponder):
        return {"quick-responder"}
    if isinstance(action, (act.Allow, act.PlayDelay)) and state.pending is not None:
        return {state.pending.card, delay}
    return set()


def test_scrambling_changes_the_hands_it_hides() -> None:
    state = next(s.after for s in steps(2, 12, 1, DEFS) if s.after.seats[0].hand)
    assert [seat.hand for seat in scrambled(state).seats] != [seat.hand for seat in state.seats]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_no_label_names_a_card_still_hidden_in_any_bot_game(language: str, french: None) -> None:
    names = card_names(language)
    checked = 0
    with speaking(language):
        for step in every_step():
            label = describe(step.action, step.before, DEFS)
            assert label == describe(step.action, scrambled(step.before), DEFS), step.action
            allowed = named_openly(step.action, step.before)
            for card, pattern in names.items():
                if card not in allowed:
                    assert not pattern.search(label), f"{label!r} names {card}"
            checked += 1
    assert checked > 2000


def test_events_never_carry_a_hidden_card() -> None:
    hidden_ids = set(DEFS.responder)
    for step in every_step():
        for event in step.events:
            if isinstance(event, FACE_UP):
                continue
            values = {str(v) for v in encode_event(event).values()}
            assert not values & hidden_ids, event


def test_the_public_view_lights_and_summary_do_not_depend_on_any_hand() -> None:
    for step in every_step():
        state, other = step.after, scrambled(step.after)
        assert public_view(state) == public_view(other)
        assert lights(public_view(state), DEFS) == lights(public_view(other), DEFS)
        assert summary(state) == summary(other)


def test_a_seat_sees_its_own_hand_and_its_reactions_only() -> None:
    state = next(s.after for s in steps(3, 12, 4, DEFS) if s.after.phase == "response")
    state = evolve(
        state, seats=tuple(Seat(s.colour, s.pawns, ("move-3", "move-3", "sos"), s.rescues) for s in state.seats)
    )
    red = secret_view(state, 0, DEFS)
    assert red is not None and red.seat_name == "Red"
    assert red.title == "Red's hand: 3 cards"
    assert red.lines == (
        "Move 3 ×2: move one of your pawns exactly 3 squares in a straight line, orthogonally or diagonally",
        "SOS: draw 2 cards from the Responder deck",
    )
    assert red.choices == ()
    holder = Seat("blue", state.seats[1].pawns, ("delay", "quick-responder"), ())
    state = evolve(state, seats=(state.seats[0], holder, state.seats[2]))
    assert secret_view(state, 1, DEFS).choices == (
        ("Play Quick Responder: move first", act.PlayQuickResponder("blue")),
    )
    assert "Delay" not in " ".join(secret_view(state, 0, DEFS).lines)


def test_the_delay_button_shows_only_to_another_player_while_a_card_waits() -> None:
    step = next(s for s in steps(2, 12, 7, DEFS) if s.after.pending is not None)
    state = step.after
    mover = state.pending.seat
    other = 1 - mover
    seats = list(state.seats)
    seats[mover] = Seat(seats[mover].colour, seats[mover].pawns, ("delay",), seats[mover].rescues)
    seats[other] = Seat(seats[other].colour, seats[other].pawns, ("delay",), seats[other].rescues)
    state = evolve(state, seats=tuple(seats))
    colour = state.seats[other].colour
    assert secret_view(state, other, DEFS).choices == (("Play Delay: cancel this card", act.PlayDelay(colour)),)
    assert secret_view(state, mover, DEFS).choices == ()


def test_the_moving_player_plays_or_chooses_each_card_from_the_hand() -> None:
    state = next(s.after for s in steps(2, 12, 3, DEFS) if s.after.phase == "move" and s.after.pending is None)
    mover = state.moving_seat
    assert mover is not None
    seats = list(state.seats)
    seats[mover] = Seat(seats[mover].colour, seats[mover].pawns, ("delay", "move-3", "move-3", "sos"), ())
    state = evolve(state, seats=tuple(seats))
    choices = secret_view(state, mover, DEFS).choices
    assert choices == (
        ("Play Move 3: then tap the grid", CHOOSE_CARD + "move-3"),
        ("Play SOS", act.PlayCard("sos")),
        ("Discard Delay", act.Discard("delay")),
        ("Discard Move 3", act.Discard("move-3")),
        ("Discard SOS", act.Discard("sos")),
    )
    assert secret_view(state, 1 - mover, DEFS).choices == ()


def test_french_hand_lines(french: None) -> None:
    state = next(s.after for s in steps(2, 12, 1, DEFS) if s.after.seats[0].hand)
    state = evolve(state, seats=(Seat("red", state.seats[0].pawns, ("move-1",), ()), state.seats[1]))
    view = secret_view(state, 0, DEFS)
    assert view.title == "Main de Rouge\u00a0: 1\u00a0carte"
    assert view.lines == (
        "Déplacement 1\u00a0: déplacer un de vos pions d'exactement 1\u00a0case en ligne droite, "
        "orthogonalement ou en diagonale",
    )


def test_the_saved_history_in_both_languages_keeps_hands_secret() -> None:
    """A real Session on a real SQLite file stores every label in English and French: none names a hidden card."""
    played = list(steps(3, 12, 11, DEFS))
    english, french_names = card_names("en"), card_names("fr")
    from companion.locale import build

    build.main()
    with tempfile.TemporaryDirectory() as folder:
        store = Store.open(Path(folder) / "games.db")
        try:
            session = Session.new(store, RULES, {"players": 3, "size": 12}, 11)
            for step in played:
                session.dispatch(step.action)
            history = Session.resume(store, session.game_id).history()
        finally:
            store.close()
    assert len(history) == len(played)
    for entry, step in zip(history, played):
        labels = labels_of(entry.stored_label)
        assert labels is not None and set(labels) == {"en", "fr"}
        allowed = named_openly(step.action, step.before)
        for names, text in ((english, labels["en"]), (french_names, labels["fr"])):
            for card, pattern in names.items():
                if card not in allowed:
                    assert not pattern.search(text), f"{text!r} names {card}"


def test_an_exported_game_is_its_public_record_naming_no_hidden_card() -> None:
    """Home's Export, as the app decides it (a game that hides information leaves as its public record): the file
    holds no set-up, seed, action or draw, and its labels name only cards played face up."""
    import json

    from companion.engine import registry

    played = list(steps(2, 12, 5, DEFS))
    english, french_names = card_names("en"), card_names("fr")
    from companion.locale import build

    build.main()
    with tempfile.TemporaryDirectory() as folder:
        store = Store.open(Path(folder) / "games.db")
        try:
            session = Session.new(store, RULES, {"players": 2, "size": 12}, 5)
            for step in played:
                session.dispatch(step.action)
            exported = Path(folder) / "game.json"
            store.export_game(
                session.game_id, exported, public=registry.info("warpspawn_thunderbirds").hides_information
            )
            document = json.loads(exported.read_text(encoding="utf-8"))
        finally:
            store.close()
    assert set(document) == {"format", "game", "created", "updated", "summary", "cursor", "history"}
    assert document["format"] == "public-record-1" and len(document["history"]) == len(played)
    for entry, step in zip(document["history"], played):
        assert set(entry) <= {"seq", "label", "labels"}
        allowed = named_openly(step.action, step.before)
        for names, text in ((english, entry["labels"]["en"]), (french_names, entry["labels"]["fr"])):
            for card, pattern in names.items():
                if card not in allowed:
                    assert not pattern.search(text), f"{text!r} names {card}"
    summary_text = json.dumps(document["summary"])
    assert not any(pattern.search(summary_text) for pattern in english.values())
