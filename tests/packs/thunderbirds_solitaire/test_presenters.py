"""The screens' presenters without a window, in English and in French: the chains as laid out (the Disaster
leftmost, three places, "Full" said), only legal moves offered and every other one given its rule, the rescue
dice allocated and checked, the player's checklist and what the companion checks, the card editor's drafts saved
with `overlay.set_fields` and used by the next game only."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from companion.engine.chance import LiveChance
from companion.games.thunderbirds_solitaire import actions as act
from companion.games.thunderbirds_solitaire import help as rules_help
from companion.games.thunderbirds_solitaire.legal import legal_actions
from companion.games.thunderbirds_solitaire.loader import default_data_dir, load_files, toml_files
from companion.games.thunderbirds_solitaire.rules import apply, check
from companion.games.thunderbirds_solitaire.scenario import apply_position, parse_scenario, start
from companion.games.thunderbirds_solitaire.setup import initial_state, setup_mapping
from companion.games.thunderbirds_solitaire.state import GameState, evolve
from companion.games.thunderbirds_solitaire.ui.presenters.common import Item
from companion.games.thunderbirds_solitaire.ui.presenters.editor import (
    EditorDraft,
    present_editor_form,
    present_editor_list,
)
from companion.games.thunderbirds_solitaire.ui.presenters.lady_penelope import (
    lady_penelope_items,
    present_lady_penelope,
)
from companion.games.thunderbirds_solitaire.ui.presenters.moves import card_details, present_adjust
from companion.games.thunderbirds_solitaire.ui.presenters.over import present_over
from companion.games.thunderbirds_solitaire.ui.presenters.rescue import RollDraft, present_rescue, rescue_items
from companion.games.thunderbirds_solitaire.ui.presenters.rules_help import present_rules_help
from companion.games.thunderbirds_solitaire.ui.presenters.setup import present_setup
from companion.games.thunderbirds_solitaire.ui.presenters.table import present_table
from companion.locale import build, speaking
from companion.ui.action_keys import act as act_key

FIXTURE = Path(__file__).resolve().parent / "fixture-overlay"


@pytest.fixture(autouse=True, scope="module")
def catalogues() -> None:
    build.main()


def position(dealing: str = "table", fixture: bool = False, **where: Any) -> GameState:
    """A game at a position, set up as a scenario file sets it (the test fixture's overlay when `fixture`)."""
    setup: dict[str, Any] = {"dealing": dealing}
    if fixture:
        setup["overlay"] = str(FIXTURE)
    scenario = parse_scenario({"format": 1, "setup": setup, "position": where})
    return apply_position(start(scenario), scenario.position, "test")


def then(state: GameState, *actions: object) -> GameState:
    for action in actions:
        chance = LiveChance(state.rng)
        state, _events = apply(state, action, chance)
        state = evolve(state, rng=chance.rng_after)
    return state


def events_of(state: GameState, action: object) -> tuple[GameState, tuple[object, ...]]:
    chance = LiveChance(state.rng)
    after, events = apply(state, action, chance)
    return evolve(after, rng=chance.rng_after), events


def buttons(items: Iterable[Item]) -> dict[str, Any]:
    return {b.key: b for item in items for b in item.buttons}


def texts(items: Iterable[Item]) -> list[str]:
    return [item.text for item in items if item.text]


def offered_actions(state: GameState, items: Iterable[Item]) -> list[object]:
    """The actions the `act:` buttons offered stand for (each must be legal)."""
    by_key = {act_key(a): a for a in legal_actions(state)}
    found = []
    for key, button in buttons(items).items():
        if key.startswith("act:") and button.enabled:
            assert key in by_key, f"{key} is offered but not legal"
            found.append(by_key[key])
    return found


# --- the table ---------------------------------------------------------------------------------------------------


def test_the_chains_are_shown_as_laid_out_with_full_said_in_words() -> None:
    state = position(chains=[["disaster", "civilian", "hood", "civilian"], ["disaster"], ["disaster"], ["disaster"]])
    view = present_table(state, legal_actions(state))
    first = view.chains[0]
    assert [c.kind for c in first.cells] == ["disaster", "civilian", "hood", "civilian"]
    assert first.full and first.room == "Full"
    assert [c.is_empty for c in view.chains[1].cells] == [False, True, True, True]
    assert view.chains[1].room == "3 free" and not view.chains[1].full
    assert first.lady_penelope == "Lady Penelope, Road side"  # set-up F: at the top chain, Road side up
    assert first.cells[0].lines().splitlines()[:2] == ["Disaster", "turned 1"]
    assert view.tracy.label == "Tracy Island" and view.tracy.rescued == "0 Civilians rescued"
    with speaking("fr"):
        french = present_table(state, legal_actions(state))
        assert french.chains[0].room == "Pleine" and french.chains[1].room == "3\u00a0libres"
        assert french.chains[0].cells[0].kind_label == "Catastrophe"
        assert french.chains[0].lady_penelope == "Lady Penelope, face Route"
        assert french.tracy.label == "L'île des Tracy"


def test_a_card_joins_its_chain_at_the_right_end_and_a_gap_closes_by_sliding_left() -> None:
    state = position(
        chains=[["disaster", "civilian", "hood"], ["disaster"], ["disaster"], ["disaster"]], turned="civilian"
    )
    placed = then(state, act.PlaceCard(1))
    cells = present_table(placed, legal_actions(placed)).chains[0].cells
    assert [c.card for c in cells] == ["turned-1", "turned-2", "turned-3", "turned-7"]
    slid = then(placed, act.RemoveCard("turned-2", "rescued"))
    cells = present_table(slid, legal_actions(slid)).chains[0].cells
    assert [c.card for c in cells] == ["turned-1", "turned-3", "turned-7", None]
    assert present_table(slid, legal_actions(slid)).chains[0].room == "1 free"


def test_a_card_turned_is_placed_only_where_the_rules_let_it_go() -> None:
    state = position(chains=[["disaster", "civilian", "hood", "civilian"], ["disaster"], [], []], turned="civilian")
    view = present_table(state, legal_actions(state))
    offered = offered_actions(state, view.items)
    assert act.PlaceCard(1) not in offered and act.PlaceCard(2) in offered  # chain 1 is full
    assert act.DiscardTurned() in offered
    said = texts(view.items)
    assert "Chain 1 is full: a Disaster and three more cards." in said
    assert any("cannot begin chain 3" in text for text in said)  # the leftmost card is always a Disaster
    assert view.turned == "Turned: Civilian (turned 6)"


def test_the_table_asks_what_was_turned_and_offers_cards_completed_in_the_editor() -> None:
    shipped = position(chains=[["disaster"], ["disaster"], ["disaster"], ["disaster"]])
    keys = set(buttons(present_table(shipped, legal_actions(shipped)).items))
    assert {"act:TurnCard:disaster:-:-", "act:TurnCard:civilian:-:-", "act:TurnCard:hood:-:-"} <= keys
    assert "open:turn-named" not in keys  # nothing completed in the shipped data
    completed = position(fixture=True, chains=[["basic-01"], ["basic-04"], ["basic-06"], ["basic-09"]])
    view = present_table(completed, legal_actions(completed))
    assert "open:turn-named" in buttons(view.items)
    assert any(isinstance(a, act.TurnCard) and a.card for a in legal_actions(completed))
    with speaking("fr"):
        assert "Qu'avez-vous retourné\u00a0?" in texts(present_table(shipped, legal_actions(shipped)).items)


def test_the_players_checklist_is_confirmed_before_lady_penelopes_phase() -> None:
    state = position(chains=[["disaster"], ["disaster"], ["disaster"], ["disaster"]])
    items = present_table(state, legal_actions(state)).items
    keys = buttons(items)
    assert not keys["act:BeginLadyPenelope"].enabled
    assert any(text.startswith("Before Lady Penelope's phase, confirm") for text in texts(items))
    assert "open:steps" in keys  # the steps in full, and what the companion checks, one tap away
    confirmed = then(state, *(act.ConfirmStep(step) for step in ("incoming-call", "actions", "win-loss")))
    keys = buttons(present_table(confirmed, legal_actions(confirmed)).items)
    assert keys["act:BeginLadyPenelope"].enabled
    assert keys["act:ConfirmStep:win-loss:no"].label == "✓ Won or lost?"  # a tap takes it back
    with speaking("fr"):
        french = buttons(present_table(confirmed, legal_actions(confirmed)).items)
        assert french["act:ConfirmStep:win-loss:no"].label == "✓ Gagné ou perdu\u00a0?"


def test_set_up_says_who_does_each_step_and_what_to_put_back() -> None:
    state = position()
    state = then(state, act.TurnCard("civilian"), act.TurnCard("disaster"))
    view = present_setup(state, legal_actions(state))
    assert view.progress == "1 of 4 chains begun: turn cards until a Disaster begins each one."
    assert view.returned == "Put under your deck: Civilian (turned 1)"
    lines = [step.line().text for step in view.steps]
    assert lines[0] == "• You: A. Lay out the five Thunderbird cards in a row."
    assert lines[1].startswith("• You: B. Shuffle the Pod deck")  # the pods are not known: the table deals them
    assert lines[5] == "• The companion: F. Lady Penelope at the top chain, Road side up."
    done = then(state, *(act.TurnCard("disaster") for _n in range(3)))
    finished = present_setup(done, legal_actions(done))
    assert finished.is_done and "setup:start" in buttons(finished.items)
    assert "Shuffle your Emergency deck now." in texts(finished.items)
    companion = position(dealing="companion", fixture=True)
    keys = buttons(present_setup(companion, legal_actions(companion)).items)
    assert {"act:DealChains", "act:TurnCard:-:-:-"} <= set(keys)
    with speaking("fr"):
        assert (
            present_setup(state, legal_actions(state)).returned
            == "À mettre sous votre paquet\u00a0: Civil (carte n° 1)"
        )


# --- Lady Penelope -------------------------------------------------------------------------------------------------


def test_lady_penelope_is_offered_only_her_legal_moves_and_told_why_not_the_others() -> None:
    state = position(
        chains=[["disaster", "civilian"], ["disaster"], ["disaster"], ["disaster"]], phase="lp-move", turn=2
    )
    view = present_lady_penelope(state, legal_actions(state))
    assert view.stage == 1 and view.flip is not None and view.flip.label == "Flip her card to its Air side"
    rows = {row.at: row for row in view.places}
    assert rows["chain-2"].button is not None  # Road side: the chain just below
    assert rows["chain-1"].reason == "She is here."
    assert rows["chain-3"].button is None and rows["chain-3"].reason.startswith("Road side up, Lady Penelope moves")
    assert rows["tracy-island"].reason == "Only on her Air side can Lady Penelope go to Tracy Island."
    offered = offered_actions(state, lady_penelope_items(view))
    assert set(offered) == {
        act.FlipLadyPenelope(),
        act.MoveLadyPenelope("chain-2"),
        act.AssignCivilian("turned-2"),
        act.EndTurn(),
    }
    with speaking("fr"):
        french = present_lady_penelope(state, legal_actions(state))
        assert french.flip is not None and french.flip.label == "Retourner sa carte sur sa face Air"
        assert {row.at: row for row in french.places}["tracy-island"].reason.startswith("Seule sur sa face Air")


def test_on_her_air_side_she_flies_to_tracy_island_and_the_civilian_is_rescued() -> None:
    state = position(
        chains=[["disaster"], ["disaster"], ["disaster"], ["disaster"]],
        lady_penelope={"at": "chain-2", "side": "air", "escort": "civilian"},
        phase="lp-move",
        turn=3,
    )
    view = present_lady_penelope(state, legal_actions(state))
    rows = {row.at: row for row in view.places}
    assert all(rows[at].button is not None for at in ("chain-1", "chain-3", "chain-4", "tracy-island"))
    flown = then(state, act.MoveLadyPenelope("tracy-island"))
    stage_two = present_lady_penelope(flown, legal_actions(flown))
    assert stage_two.stage == 2 and stage_two.flip is None
    assert [b.label for b in stage_two.escort] == ["Rescue Civilian (turned 5) at Tracy Island"]
    after, events = events_of(flown, act.UnassignCivilian())
    done = present_lady_penelope(after, legal_actions(after), events)
    assert done.done_text == "Turn 3 is over: Lady Penelope's phase ended it."
    assert [b.key for b in buttons(lady_penelope_items(done)).values()] == ["lp:done"]
    assert lady_penelope_items(present_lady_penelope(after, legal_actions(after))) == ()  # an undo: nothing here
    with speaking("fr"):
        french = present_lady_penelope(flown, legal_actions(flown))
        assert [b.label for b in french.escort] == ["Sauver Civil (carte n° 5) à l'île des Tracy"]


def test_an_influenced_civilian_and_a_full_chain_are_refused_with_their_rules() -> None:
    influenced = position(
        chains=[["disaster", "civilian"], ["disaster"], ["disaster"], ["disaster"]],
        influenced=["turned-2"],
        phase="lp-escort",
        turn=2,
    )
    view = present_lady_penelope(influenced, legal_actions(influenced))
    assert view.escort == ()
    assert view.escort_reasons == ("Civilian (turned 2) is influenced: only an uninfluenced Civilian can be assigned.",)
    full = position(
        chains=[["disaster", "civilian", "hood", "civilian"], ["disaster"], ["disaster"], ["disaster"]],
        lady_penelope={"at": "chain-1", "side": "road", "escort": "civilian"},
        phase="lp-escort",
        turn=2,
    )
    view = present_lady_penelope(full, legal_actions(full))
    assert view.escort == ()
    assert view.escort_reasons == ("Chain 1 is full: there is no space to unassign the Civilian there.",)


# --- the rescue dice ----------------------------------------------------------------------------------------------


def rescue_position() -> GameState:
    return position(fixture=True, chains=[["basic-09", "basic-05"], ["basic-01"], ["basic-04"], ["basic-06"]])


def test_before_the_roll_the_companion_rolls_known_dice_or_takes_the_faces_entered() -> None:
    state = rescue_position()
    draft = RollDraft()
    view = present_rescue(state, legal_actions(state), 1, draft, None)
    assert view.stage == "entry" and view.reason == ""
    assert [c.label for c in view.counters] == ["Fixture blue die: 0 of 6", "Fixture red die: 0 of 15"]
    assert view.roll is not None and not view.roll.enabled
    assert draft.press("dice:more:blue") and draft.press("dice:more:blue")
    view = present_rescue(state, legal_actions(state), 1, draft, None)
    assert view.roll is not None and view.roll.enabled and view.roll.label == "Roll 2 dice"
    assert check(state, draft.roll(1)) is None and draft.roll(1) == act.RollDice(1, ("blue", "blue"))
    assert draft.press("face:add:star") and draft.press("face:add:wild")
    view = present_rescue(state, legal_actions(state), 1, draft, None)
    assert view.entered == "Entered: 2 dice, Fixture star, Wild"
    assert draft.entry(1) == act.EnterRoll(1, ("star", "wild")) and check(state, draft.entry(1)) is None
    with speaking("fr"):
        french = present_rescue(state, legal_actions(state), 1, draft, None)
        assert (
            french.entered == "Saisis\u00a0: 2\u00a0dés, Essai star, Joker" and french.roll.label == "Lancer 2\u00a0dés"
        )


def test_a_chain_whose_symbols_are_unknown_cannot_be_checked_and_says_so() -> None:
    state = position(chains=[["disaster", "civilian"], ["disaster"], ["disaster"], ["disaster"]])
    view = present_rescue(state, legal_actions(state), 1, RollDraft(), None)
    assert view.reason.startswith("The symbols of Disaster (turned 1), Civilian (turned 2) are not known")
    assert [b.key for b in view.tell] == ["open:symbols:turned-1", "open:symbols:turned-2"]
    assert {b.key for b in buttons(rescue_items(view)).values()} == {"open:symbols:turned-1", "open:symbols:turned-2"}


def test_each_die_is_allocated_by_tap_to_an_active_symbol_and_the_allocation_is_checked() -> None:
    state = then(rescue_position(), act.EnterRoll(1, ("star", "wild", "ring")))
    chain = state.chain(1)
    assert [card.symbols for card in chain] == [("star",), ("star",)]
    view = present_rescue(state, legal_actions(state), 1, RollDraft(), None)
    assert view.stage == "allocate"
    assert [(d.label, d.status) for d in view.dice] == [
        ("Die 1: Fixture star", "to allocate"),
        ("Die 2: Wild", "wild: covers any symbol, once"),
        ("Die 3: Fixture ring", "ignored: matches no symbol of the chain"),
    ]
    assert view.summary == "0 of 2 symbols covered · 0 dice stored · 1 die ignored"
    items = rescue_items(view)
    offered = offered_actions(state, items)
    assert set(offered) == {
        act.AllocateDie(0, "basic-09", 0),
        act.AllocateDie(0, "basic-05", 0),
        act.StoreDie(0),
        act.EndRescue(),
    }
    state = then(state, act.AllocateDie(0, "basic-09", 0))
    wild = present_rescue(state, legal_actions(state), 1, RollDraft(), 1)
    assert [s.covered for s in wild.symbols] == ["covered by die 1", ""]
    assert wild.store is None and wild.store_reason == "Wild symbols cannot be stored."
    state = then(state, act.AllocateDie(1, "basic-05", 0))
    assert present_rescue(state, legal_actions(state), 1, RollDraft(), None).summary == (
        "2 of 2 symbols covered · 0 dice stored · 1 die ignored"
    )
    after, events = events_of(state, act.EndRescue())
    done = present_rescue(after, legal_actions(after), 1, RollDraft(), None, events)
    assert done.stage == "done" and done.done_text.startswith("The rescue at chain 1 is over: 2 symbols covered")
    with speaking("fr"):
        assert present_rescue(after, legal_actions(after), 1, RollDraft(), None, events).done_text.startswith(
            "Le sauvetage à la chaîne 1 est fini\u00a0: 2\u00a0symboles couverts"
        )


# --- the player's own moves, the end, the help page ---------------------------------------------------------------


def test_a_cards_details_offer_the_players_moves_and_the_rule_that_refuses_one() -> None:
    state = position(chains=[["disaster", "civilian"], ["disaster"], ["disaster"], ["disaster"]])
    details = card_details(state, "turned-1")
    assert details is not None and details.title == "Disaster (turned 1)"
    keys = [m.key for m in details.moves]
    assert keys == ["open:symbols:turned-1"]  # removing it would leave a Civilian leftmost
    assert any(line.text.startswith("The leftmost card of a chain is always a Disaster") for line in details.lines)
    civilian = card_details(state, "turned-2")
    assert civilian is not None
    assert [m.label for m in civilian.moves] == [
        "Tell its symbols",
        "Mark it influenced",
        "To the rescued pile",
        "To the discard pile",
    ]
    for move in civilian.moves:
        assert move.action is None or check(state, move.action) is None
    adjust = present_adjust(state)
    assert [s.title for s in adjust.sections] == ["Lady Penelope", "Pilots", "Pods", "Stored symbols"]
    assert all(check(state, m.action) is None for s in adjust.sections for m in s.moves if m.action is not None)


def test_the_end_and_the_help_page_speak_both_languages() -> None:
    state = then(position(chains=[["disaster"], ["disaster"], ["disaster"], ["disaster"]]), act.DeclareOutcome("won"))
    over = present_over(state, ())
    assert over.title == "Won at turn 1" and over.won
    help_page = present_rules_help()
    shown = [line.text for line in help_page.lines]
    for rule in rules_help.checked_rules():
        assert f"✓ {rule}" in shown
    for rule in rules_help.our_readings():
        assert f"≈ {rule}" in shown
    for rule in rules_help.players_rules():
        assert f"• {rule}" in shown
    with speaking("fr"):
        assert present_over(state, ()).title == "Gagnée au tour\u00a01"
        french = present_rules_help()
        assert french.title == "Ce que vérifie le compagnon"
        assert "Vérifié par le compagnon (l'extrait des règles)" in [line.text for line in french.lines]


def test_french_screens_keep_their_punctuation_with_a_no_break_space() -> None:
    state = rescue_position()
    with speaking("fr"):
        views = [present_table(state, legal_actions(state)), present_setup(position(), ())]
        words: list[str] = []
        for view in views:
            words += texts(view.items) + [b.label for b in buttons(view.items).values()]
        words += [line.text for line in present_rules_help().lines]
    loose = [text for text in words if re.search(r" [:;?!]", text)]
    assert loose == []


# --- the card editor ----------------------------------------------------------------------------------------------


def shipped_definitions(overlay: Path | None = None) -> Any:
    return load_files(toml_files(default_data_dir()), toml_files(overlay) if overlay else [])[0]


def test_the_editor_lists_every_slot_to_complete_tab_by_tab() -> None:
    defs = shipped_definitions()
    counts = present_editor_list(defs, "counts")
    assert [row.key for row in counts.rows] == [
        "edit:emergency:basic_count",
        "edit:emergency:advanced_count",
        "edit:pods:count",
        "edit:dice:count",
        "edit:symbols:complete",
    ]
    assert counts.rows[0].label == "Basic Emergency cards: unknown"
    basic = present_editor_list(defs, "basic")
    assert basic.rows == () and basic.note.startswith("Count the basic Emergency cards")
    advanced = present_editor_list(defs, "advanced")
    assert len(advanced.rows) == 8 and advanced.page == "Page 1 of 2" and advanced.next is not None
    assert advanced.rows[0].label == "Advanced card 01" and advanced.rows[0].status == "missing: Kind, Name, Symbols"
    assert len(present_editor_list(defs, "advanced", 1).rows) == 8
    pilots = present_editor_list(defs, "pilots")
    assert pilots.rows[0].label == "John" and pilots.rows[0].status == "missing: Ability"
    thunderbirds = present_editor_list(defs, "thunderbirds")
    assert thunderbirds.rows[1].status == "missing: Ability · inferred, to check: Name"
    assert present_editor_list(defs, "dice").add is not None and present_editor_list(defs, "symbols").add is not None
    with speaking("fr"):
        assert [t.label for t in present_editor_list(defs, "counts").tabs][:3] == [
            "Nombres",
            "Cartes de base",
            "Cartes avancées",
        ]


def test_french_screens_call_pods_modules_and_agree_unknown_with_its_noun() -> None:
    """The shell's French word for pods is the board game's ("Engins"); this game's is "Modules". "Unknown" and
    "none" agree with what they stand for: a count, a card's kind, its symbols, a die's faces, the pods."""
    defs = shipped_definitions()
    state = position(chains=[["disaster"], ["disaster"], ["disaster"], ["disaster"]])
    with speaking("fr"):
        tabs = {t.key: t.label for t in present_editor_list(defs, "counts").tabs}
        assert tabs["tab:pods"] == "Modules"
        assert present_editor_list(defs, "counts").rows[0].label == "Cartes Urgence de base\u00a0: inconnu"
        adjust = present_adjust(state)
        assert "Modules" in [section.title for section in adjust.sections]
        details = card_details(state, "turned-1")
        assert details is not None
        assert "Symboles\u00a0: inconnus" in [line.text for line in details.lines]
        card_form = present_editor_form(defs, EditorDraft.start(defs, "card", "advanced-01"))
        shown = {row.label: row.value for row in card_form.rows}
        assert shown["Type"] == "inconnu" and shown["Symboles"] == "inconnus"
        die_form = present_editor_form(defs, EditorDraft.new(defs, "die"))
        shown = {row.label: row.value for row in die_form.rows}
        assert shown["Combien"] == "inconnu" and shown["Faces"] == "inconnues"
    fixture_state = position(
        fixture=True, dealing="companion", chains=[["basic-01"], ["basic-04"], ["basic-06"], ["basic-09"]]
    )
    emptied = fixture_state
    for pod in fixture_state.pods_up:
        emptied = then(emptied, act.DiscardPod(pod))
    with speaking("fr"):
        table = present_table(emptied, legal_actions(emptied))
        words = texts(table.items)
        assert any(text.startswith("Modules visibles\u00a0: aucun ·") for text in words), words


def test_a_card_completed_in_the_editor_is_saved_to_the_overlay_and_used_by_the_next_game_only(
    tmp_path: Path,
) -> None:
    from companion.games.thunderbirds_solitaire import overlay

    folder = tmp_path / "overlay"
    defs = shipped_definitions()
    before = initial_state(setup_mapping(defs, "basic", "table"), LiveChance(0))
    count = EditorDraft.start(defs, "emergency", "basic_count")
    count.step("basic_count", 10, 1, 0)
    count.step("basic_count", 2, 1, 0)
    assert count.changes() == {"basic_count": 12}
    overlay.set_fields(count.table, count.entry_id, count.changes(), overlay_dir=folder)
    defs = shipped_definitions(folder)
    symbol = EditorDraft.new(defs, "symbol")
    assert symbol.problems() == ("Give it a name first.",)
    symbol.set_text("names", "en", "Star")
    overlay.set_fields(symbol.table, symbol.entry_id, symbol.changes(), overlay_dir=folder)
    defs = shipped_definitions(folder)
    card = EditorDraft.start(defs, "card", "basic-01")
    card.set("kind", "disaster")
    card.set_text("names", "en", "Dam burst")
    card.add("symbols", symbol.entry_id)
    form = present_editor_form(defs, card)
    assert form.can_save and [row.label for row in form.rows][:3] == ["Kind", "Name (English)", "Name (French)"]
    previous = overlay.set_fields(card.table, card.entry_id, card.changes(), overlay_dir=folder)
    assert previous == {}
    written = (folder / "emergency.toml").read_text(encoding="utf-8")
    assert 'names = { en = "Dam burst" }' in written and 'kind = "player"' in written
    defs = shipped_definitions(folder)
    assert defs.cards["basic-01"].names is not None and defs.cards["basic-01"].symbols == ("symbol-1",)
    nextgame = initial_state(setup_mapping(defs, "basic", "table"), LiveChance(0))
    assert act.TurnCard("disaster", "basic-01") in legal_actions(nextgame)
    assert act.TurnCard("disaster", "basic-01") not in legal_actions(before)  # the game under way keeps its facts
    assert check(before, act.TurnCard("disaster", "basic-01")) == "No completed card is called basic-01."


def test_the_editor_refuses_what_does_not_validate_and_writes_nothing(tmp_path: Path) -> None:
    from companion.games.thunderbirds_solitaire import overlay
    from companion.games.thunderbirds_solitaire.errors import DataError

    folder = tmp_path / "overlay"
    defs = shipped_definitions()
    die = EditorDraft.new(defs, "die")
    die.set_text("names", "en", "Blue")
    die.step("count", 30, 1, 0)  # more dice than the 21 in the box
    with pytest.raises(DataError) as refused:
        overlay.set_fields(die.table, die.entry_id, die.changes(), overlay_dir=folder)
    assert "more than the 21 in the box" in str(refused.value)
    assert not (folder / "dice.toml").exists()


def test_a_card_whose_symbols_are_not_known_shows_no_raw_question_mark_in_its_cell() -> None:
    state = position(chains=[["disaster", "civilian"], ["disaster"], ["disaster"], ["disaster"]])
    for lang in ("en", "fr"):
        with speaking(lang):
            cells = [c for chain in present_table(state, legal_actions(state)).chains for c in chain.cells]
            unknown = [c for c in cells if not c.is_empty and c.card and state.facts_of(c.card) is None]
            assert unknown, lang  # the dealt cards of a box never completed in the editor
            for cell in unknown:
                assert "?" not in cell.symbols + cell.symbols_short + cell.lines(), (lang, cell)


def test_the_turn_s_panel_says_what_is_done_and_left_with_the_reminders_one_tap_away() -> None:
    from companion.games.thunderbirds_solitaire.checklist import TURN_STEPS

    state = position(chains=[["disaster"], ["disaster"], ["disaster"], ["disaster"]])
    for lang in ("en", "fr"):
        with speaking(lang):
            items = present_table(state, legal_actions(state)).items
            shown = texts(items)
            for step in TURN_STEPS:
                assert step.label() not in shown, (lang, step.id)  # no wall of rulebook text beside the chains
            keys = buttons(items)
            assert all(f"act:ConfirmStep:{step.id}:yes" in keys for step in TURN_STEPS), lang
            assert "open:steps" in keys and keys["open:steps"].label, lang
