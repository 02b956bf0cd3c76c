"""The shell's presenters for any game, without a window: Home's rows for every game (and for a game that is not
installed), New game drawn from a declaration, the plain play screen and the hand-over step."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the test packs

from packs.handgame import INFO as HAND_INFO
from packs.handgame.pack import make_pack

from companion.engine import registry
from companion.engine.chance import LiveChance
from companion.engine.pack import SavedGameLine
from companion.engine.rng import seed_state
from companion.ui.controller import SavedGame
from companion.ui.presenters.home import present_home
from companion.ui.presenters.plain import present_handover, present_new_game, present_play


def hand_state(players: int = 2, seed: int = 5):
    pack = make_pack(HAND_INFO)
    return pack, pack.rules.initial_state({"players": players}, LiveChance(seed_state(seed)))


def test_home_lists_every_games_saved_games_with_the_games_title_and_keeps_an_uninstalled_one() -> None:
    games = [
        SavedGame(1, "2026-01-01T10:00:00+00:00", "2026-01-01T10:00:00+00:00", {"players": 2}, 3, "thunderbirds"),
        SavedGame(2, "2026-01-02T10:00:00+00:00", "2026-01-02T10:00:00+00:00", {"players": 3}, 1, "handgame"),
        SavedGame(3, "2026-01-03T10:00:00+00:00", "2026-01-03T10:00:00+00:00", {"players": 2}, 9, "chess"),
    ]
    lines = {
        "thunderbirds": ("Thunderbirds", SavedGameLine("2 players", "Standard", "In progress, turn 2")),
        "handgame": ("High Card", SavedGameLine("3 players", "scores 0, 0, 0", "Won by Red", True)),
    }
    view = present_home(games, str, str, line_for=lambda game: lines.get(game.game))
    chess, hand, thunderbirds = view.games
    assert (thunderbirds.game_title, thunderbirds.resume_label, thunderbirds.can_resume) == (
        "Thunderbirds",
        "Resume",
        True,
    )
    assert (hand.game_title, hand.status, hand.resume_label) == ("High Card", "Won by Red", "Review")
    assert chess.game == "chess" and not chess.can_resume and chess.resume_label == "Not installed"
    assert "not installed" in chess.players and "chess" in chess.players
    assert view.title == "Table companion"


def test_the_picker_has_a_tile_per_game_with_its_players_and_what_the_companion_does() -> None:
    view = present_home((), str, str, installed=(registry.info("thunderbirds"), HAND_INFO), chosen="handgame")
    assert [(t.name, t.title, t.detail, t.selected) for t in view.picker] == [
        ("thunderbirds", "Thunderbirds", "1 to 4 players · full rules", False),
        ("handgame", "High Card", "2 to 4 players · full rules", True),
    ]


def test_new_game_is_drawn_from_the_declaration() -> None:
    info = registry.info("thunderbirds")
    view = present_new_game(info, 3, {"difficulty": "heroic"})
    assert [c.label for c in view.players] == ["Solo", "2", "3", "4"] and view.players[2].selected
    (difficulty,) = view.options
    assert difficulty.label == "Difficulty"
    assert [c.key for c in difficulty.choices if c.selected] == ["heroic"]


def test_the_play_screen_shows_counts_never_cards_and_offers_the_hand_over() -> None:
    pack, state = hand_state()
    view = present_play(pack, state, pack.legal_actions(state))
    texts = [line.text for line in view.lines]
    hand = [f"Card {int(card[1:])}" for card in state.hands[0]]
    assert "Red: 0 points, 3 cards in hand" in texts and not set(hand) & set(texts)
    assert view.actions == ()  # every legal action is a card from a hand: only behind the hand-over step
    assert [b.key for b in view.secrets] == ["open:handover:0", "open:handover:1"]


def test_the_hand_over_step_covers_shows_and_covers_again() -> None:
    pack, state = hand_state()
    cover = present_handover(pack, state, 0, "cover")
    assert cover.covered and cover.title == "Give the screen to Red" and "secret:show" in [b.key for b in cover.buttons]
    shown = present_handover(pack, state, 0, "shown")
    assert not shown.covered and {f"Card {int(c[1:])}" for c in state.hands[0]} <= {line.text for line in shown.lines}
    assert [b.key for b in shown.buttons][-1] == "secret:hide"
    assert all(b.key.startswith("act:Play:0:") for b in shown.buttons[:-1])
    blue = present_handover(pack, state, 1, "shown")
    assert [b.key for b in blue.buttons] == ["secret:hide"]  # Blue sees the hand, but it is Red's turn
    hidden = present_handover(pack, state, 0, "hidden")
    assert hidden.covered and not {line.text for line in hidden.lines} & {line.text for line in shown.lines}


def test_a_secret_choice_may_be_finished_on_the_shared_screen() -> None:
    """A choice given as an `open:` key (a card chosen in the hand, its target tapped on the table) keeps its key:
    the hand-over step covers the secret, then hands the key to the pack's hooks."""
    from dataclasses import replace

    from companion.engine.pack import SecretView
    from companion.ui.presenters.plain import secret_actions

    pack, state = hand_state()
    plain = pack.secret_view(state, 0)
    assert plain is not None
    chosen = replace(plain, choices=(("Play it on the table", "open:card:c7"), *plain.choices))

    class ChoosingPack(type(pack)):
        def secret_view(self, state: object, seat: int) -> SecretView | None:
            return chosen if seat == 0 else None

    choosing = ChoosingPack(HAND_INFO, pack.rules)
    shown = present_handover(choosing, state, 0, "shown")
    assert [b.key for b in shown.buttons][0] == "open:card:c7"
    assert "open:card:c7" in secret_actions(choosing, state)
