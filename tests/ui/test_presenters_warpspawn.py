"""Warpspawn Thunderbirds' screens without a window, in both languages: every move of seeded bot games is reachable
from what the shared screen and the hand-over step offer; the shared screen (grid and panel) is the same whatever
the hands hold; the upkeep is one "Next" each; the waits for Quick Responder and Delay name nobody; pawns are shown
by colour and number; New game, the squares screen, the data editor, the set-up guide and the end."""

from __future__ import annotations

from typing import Any

import pytest

from companion.engine.chance import LiveChance
from companion.games.warpspawn_thunderbirds import INFO
from companion.games.warpspawn_thunderbirds import actions as act
from companion.games.warpspawn_thunderbirds.definitions import PAWNS
from companion.games.warpspawn_thunderbirds.legal import destinations, legal_actions
from companion.games.warpspawn_thunderbirds.loader import default_definitions
from companion.games.warpspawn_thunderbirds.pack import make_pack
from companion.games.warpspawn_thunderbirds.rules import apply
from companion.games.warpspawn_thunderbirds.scenario import apply_position
from companion.games.warpspawn_thunderbirds.simulate import start, steps
from companion.games.warpspawn_thunderbirds.state import GameState, Seat, evolve
from companion.games.warpspawn_thunderbirds.ui.presenters.setup import (
    BASE,
    SetupDraft,
    editor_draft,
    placed,
    present_guide,
    present_new_game,
    present_over,
    present_squares,
    with_size,
)
from companion.games.warpspawn_thunderbirds.ui.presenters.table import (
    CANCEL,
    NEXT,
    Selection,
    TableView,
    present_table,
    square_info,
    upkeep_action,
)
from companion.games.warpspawn_thunderbirds.views import CHOOSE_CARD, public_view
from companion.locale import speaking
from companion.ui.action_keys import act as act_key
from companion.ui.presenters.plain import choice_key

DEFS = default_definitions()
PACK = make_pack(INFO)


NOTHING = Selection()


def table(state: GameState, selection: Selection = NOTHING) -> TableView:
    return present_table(public_view(state), legal_actions(state, DEFS), DEFS, selection, PACK.seats(state))


def keys(view: TableView) -> list[str]:
    return [b.key for b in view.panel.buttons]


def with_hands(state: GameState, hands: tuple[tuple[str, ...], ...]) -> GameState:
    """The same position with other cards in the hands (the decks unchanged: only what the shared screen must not
    depend on)."""
    return evolve(state, seats=tuple(Seat(s.colour, s.pawns, h, s.rescues) for s, h in zip(state.seats, hands)))


def reach(state: GameState, action: Any) -> bool:
    """Whether a player can make `action` by touch: the shared screen's buttons, a hand's choices, or a card chosen
    in the hand and then its pawn and square tapped on the grid."""
    shared = table(state)
    if isinstance(action, (act.Countdown, act.Alert, act.Organize, act.RollForOrder)):
        return NEXT in keys(shared) and upkeep_action(legal_actions(state, DEFS)) == action
    if act_key(action) in keys(shared):
        return True
    seats = range(len(state.seats))
    choices = {choice_key(a): a for s in seats for _label, a in (PACK.secret_view(state, s).choices or ())}
    if act_key(action) in choices:
        return True
    if not isinstance(action, act.PlayCard) or CHOOSE_CARD + action.card not in choices:
        return False
    chosen = table(state, Selection(action.card))
    for targets in chosen.targets.values():
        for target in targets:
            if target.action == action:
                return True
            if target.pick == action.pawn:
                picked = table(state, Selection(action.card, target.pick))
                if any(t.action == action for ts in picked.targets.values() for t in ts):
                    return True
    return False


@pytest.mark.parametrize(("players", "size", "seed"), [(2, 12, 3), (3, 20, 8), (4, 10, 21)])
def test_every_move_of_a_bot_game_is_reachable_by_touch(players: int, size: int, seed: int) -> None:
    played = list(steps(players, size, seed, DEFS))
    assert played[-1].after.outcome is not None
    for step in played:
        assert reach(step.before, step.action), (step.before.phase, step.action)


def test_the_shared_screen_is_the_same_whatever_the_hands_hold() -> None:
    for step in steps(3, 12, 5, DEFS, max_steps=220):
        state = step.before
        if not any(s.hand for s in state.seats):
            continue
        pool = ("delay", "quick-responder", "sos", "move-k", "red-alert", "false-alarm", "move-1", "move-2")
        other = with_hands(state, tuple(pool[: len(s.hand)] for s in state.seats))  # as many cards, other ones
        assert table(state) == table(other), state.phase
        shared = table(state).panel
        shown = {line.text for line in shared.lines} | {b.label for b in shared.buttons}
        for seat in range(3):
            secret = PACK.secret_view(state, seat)
            assert not shown & ({*secret.lines, *(label for label, _a in secret.choices)})


def test_each_upkeep_phase_is_one_next_button(french: None) -> None:
    state = start(2, 12, 1, DEFS)
    view = table(state)
    assert view.panel.buttons[0].key == NEXT and view.panel.buttons[0].label == "Suivant\u00a0: phase d'alerte"
    with speaking("en"):
        labels = []
        for step in steps(2, 12, 1, DEFS, max_steps=12):
            if step.before.phase in ("countdown", "alert", "organization", "response"):
                labels.append(table(step.before).panel.buttons[0].label)
        assert (
            labels[:4]
            == [
                "Next: alert phase",
                "Next: organization phase",
                "Next: roll for the move order",
                "Next: countdown phase",
            ][: len(labels[:4])]
        )


def test_the_response_roll_waits_for_quick_responder_without_naming_a_holder() -> None:
    state = next(s.before for s in steps(2, 12, 4, DEFS) if s.before.phase == "response")
    holder = with_hands(state, (("quick-responder",), ("move-1",)))
    view = table(holder)
    assert view == table(with_hands(state, (("move-1",), ("quick-responder",))))
    assert keys(view) == [NEXT, "open:handover:0", "open:handover:1"]
    assert "Before the roll: anyone holding Quick Responder may play it." in [line.text for line in view.panel.lines]
    red = PACK.secret_view(holder, 0)
    assert red is not None and red.choices == (("Play Quick Responder: move first", act.PlayQuickResponder("red")),)


def test_a_card_waiting_for_delay_shows_waiting_and_each_other_hand(french: None) -> None:
    step = next(s for s in steps(2, 12, 7, DEFS) if s.after.pending is not None)
    state = step.after
    mover = state.pending.seat
    view = table(state)
    other = 1 - mover
    assert keys(view) == [act_key(act.Allow()), f"open:handover:{other}"]
    assert "En attente\u00a0: quiconque tient Contretemps peut le jouer." in [line.text for line in view.panel.lines]
    hands = [("delay",), ("move-1",)] if other == 0 else [("move-1",), ("delay",)]
    assert table(with_hands(state, tuple(hands))) == table(with_hands(state, (("move-1",), ("move-1",))))
    assert view.grid.squares[state.pending.to].is_pending


def test_a_move_card_lights_the_pawns_then_the_squares_of_the_legal_moves() -> None:
    state = apply_position(start(2, 12, 1, DEFS), {"phase": "move", "hands": {"red": ["move-3", "move-k"]}}, DEFS, "t")
    plain = table(state)
    assert keys(plain) == ["open:handover:0", act_key(act.EndPhase())]
    assert not plain.targets
    card = table(state, Selection("move-3"))
    assert set(card.targets) == {(1, 1)} and [t.pick for t in card.targets[(1, 1)]] == list(PAWNS)
    assert keys(card)[-1] == CANCEL and "pawn:tb2" in keys(card)
    picked = table(state, Selection("move-3", "tb2"))
    assert sorted(picked.targets) == sorted(destinations(state, DEFS, "move-3", "tb2")) == [(1, 4), (4, 1), (4, 4)]
    assert all(picked.grid.squares[s].is_target for s in picked.targets) and picked.grid.squares[(1, 1)].is_picked
    assert [t.action for t in picked.targets[(4, 4)]] == [act.PlayCard("move-3", "tb2", (4, 4))]
    assert "square:4:4" in keys(picked) and "pawn:other" in keys(picked)
    assert table(state, Selection("delay")).selection == Selection(), "a card the hand cannot play is dropped"


def test_pawns_are_drawn_by_colour_and_number_never_colour_alone(french: None) -> None:
    state = apply_position(
        start(3, 12, 1, DEFS), {"pawns": {"blue": {"tb2": [5, 5], "fab": [5, 5]}, "green": {"tb1": [5, 5]}}}, DEFS, "t"
    )
    square = table(state).grid.squares[(5, 5)]
    assert [(c.colour, c.text, c.short) for c in square.chips] == [("blue", "B 2 F", "B×2"), ("green", "V 1", "V×1")]
    base = table(state).grid.squares[(1, 1)]
    assert base.base_mark == "base R" and base.chips[0].text == "R 1 2 3 4 5 F"
    title, lines = square_info(public_view(state), DEFS, (5, 5))
    assert title == "(5, 5)" and lines == ("TB2 de Bleu", "FAB de Bleu", "TB1 de Vert")


def test_an_emergency_shows_its_counters_and_the_panel_its_solution() -> None:
    state = apply_position(
        start(2, 12, 1, DEFS),
        {"phase": "move", "emergencies": [{"card": "break-in-dam", "square": [4, 6], "counters": 3, "placed_turn": 1}]},
        DEFS,
        "t",
    )
    view = table(state)
    cell = view.grid.squares[(4, 6)]
    assert cell.mark == "⚠ 3" and cell.is_new
    name = DEFS.emergencies["break-in-dam"].names.en
    assert view.panel.emergencies[0].key == "focus:4:6"
    assert view.panel.emergencies[0].label.startswith(f"(4, 6) {name}: ")
    assert view.panel.emergencies[0].label.endswith(", 3 time counters (new)")
    assert view.grid.marked_columns == {4} and view.grid.marked_rows == {6}  # as the LED strips show it
    _title, lines = square_info(public_view(state), DEFS, (4, 6))
    assert lines[0] == name and lines[1].startswith("Solution: ") and lines[2] == "3 time counters"


def test_new_game_says_the_bases_are_our_low_confidence_default(french: None) -> None:
    info = PACK.info
    view = present_new_game(info, SetupDraft(), DEFS)
    assert view.title == "Nouvelle partie\u00a0: Thunderbirds de Warpspawn"
    assert [b.key for b in view.players] == ["players:2", "players:3", "players:4"]
    assert [b.key for b in view.sizes if b.role == "primary"] == ["option:size:12"]
    texts = [line.text for line in view.squares]
    assert texts[0] == "Base de Rouge\u00a0: (1, 1), Base de Bleu\u00a0: (12, 12)"
    assert "Notre choix par défaut (confiance faible)" in texts[-1]
    moved = placed(placed(SetupDraft(), DEFS, "red", BASE, (3, 3)), DEFS, "red", "fab", (6, 6))
    setup = moved.setup(DEFS)
    assert setup.bases[0] == (3, 3) and setup.starts[0] == ((3, 3),) * 5 + ((6, 6),)
    assert present_new_game(info, moved, DEFS).squares[-1].text == "Choisies pour cette partie."
    assert PACK.setup_for(2, moved.options(DEFS)) == {
        "players": 2,
        "size": 12,
        "bases": {"red": [3, 3]},
        "starts": {"red": {"fab": [6, 6]}},
    }
    clash = placed(SetupDraft(), DEFS, "blue", BASE, (1, 1))
    assert present_new_game(info, clash, DEFS).problem
    assert with_size(moved, 20).bases == {} and with_size(moved, 20).board(DEFS) == 20


def test_the_squares_screen_and_the_data_editor() -> None:
    draft = SetupDraft(players=3)
    view = present_squares(draft, DEFS, "green", "tb3")
    assert view.hint == "Tap the square where Green's TB3 starts."
    assert [b.key for b in view.colours] == ["colour:red", "colour:blue", "colour:green"]
    assert [b.key for b in view.pieces] == ["piece:base", *(f"piece:{p}" for p in PAWNS)]
    assert view.grid.squares[(12, 1)].is_picked
    assert [b.key for b in view.actions] == ["squares:all-on-base", "squares:reset", "squares:done"]
    editor = present_squares(editor_draft(DEFS, 20), DEFS, "yellow", BASE, editor=True)
    assert editor.title == "Data editor: bases and starting squares" and editor.grid.size == 20
    assert [b.key for b in editor.actions] == ["size:10", "size:12", "size:20", "editor:save", "editor:reset"]
    assert not editor.actions[-1].enabled, "nothing of ours to go back to yet"
    assert [b.key for b in editor.colours] == ["colour:red", "colour:blue", "colour:green", "colour:yellow"]
    clash = placed(editor_draft(DEFS, 20), DEFS, "yellow", BASE, (1, 1))
    refused = present_squares(clash, DEFS, "yellow", BASE, editor=True)
    assert (
        any(line.style == "bad" for line in refused.lines)
        and not next(b for b in refused.actions if b.key == "editor:save").enabled
    )


def test_the_guide_and_the_end(french: None) -> None:
    state = start(2, 20, 3, DEFS)
    guide = present_guide(state.setup, DEFS)
    assert guide.title == "Guide d'installation" and guide.start_label == "Commencer à jouer"
    assert any("1D20" in line.text for line in guide.lines)
    assert guide.grid.squares[(20, 20)].base_of == "blue"
    final = list(steps(2, 12, 3, DEFS))[-1].after
    over = present_over(public_view(final), DEFS)
    assert over.title == "Partie terminée"
    assert over.lines[0].style == "title" and over.lines[-1].text.startswith("La partie a duré ")
    names = {"red": "Rouge", "blue": "Bleu"}
    expected = ", ".join(names[c] for c in final.outcome.winners)
    assert expected in over.lines[0].text


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_tie_is_shown_as_a_tie_on_the_end_screen_and_in_its_pop_up(language: str) -> None:
    """Red and Green end with two rescues each, Blue with one: both named, as a tie, never one of them as winner."""
    state = apply_position(
        start(3, 12, 4, DEFS),
        {
            "phase": "countdown",
            "emergency_deck_size": 0,
            "emergencies": [{"card": "break-in-dam", "square": [5, 5], "counters": 1}],
            "rescues": {
                "red": ["oil-rig-on-fire", "plane-hijacking"],
                "blue": ["atomic-power-plant-ablaze"],
                "green": ["actors-trapped-in-cave-in", "bomb-aboard-airliner"],
            },
        },
        DEFS,
        "test",
    )
    over, events = apply(state, act.Countdown(), LiveChance(state.rng), DEFS)
    tie = {"en": "A tie: Red, Green.", "fr": "Égalité\u00a0: Rouge, Vert."}[language]
    with speaking(language):
        screen = present_over(public_view(over), DEFS)
        reveal = PACK.reveal(events, public_view(over))
    assert screen.lines[0].text == tie and screen.lines[0].style == "title"
    assert reveal is not None and tie in reveal.lines
    assert not any(line.text.endswith(("wins.", "gagne.")) for line in screen.lines)
