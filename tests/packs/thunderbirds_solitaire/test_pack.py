"""The pack as the shell will host it: its static facts, its Pack object, the engine's registry, and the path a
café takes: complete the deck once in the editor, and the next game is dealt by the companion with those cards,
while a game under way keeps the cards it began with."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from companion.engine import registry
from companion.engine.errors import IllegalAction
from companion.engine.session import Session
from companion.engine.store import Store
from companion.games.thunderbirds_solitaire import INFO, overlay
from companion.games.thunderbirds_solitaire import actions as act
from companion.games.thunderbirds_solitaire import events as ev
from companion.games.thunderbirds_solitaire.describe import describe
from companion.games.thunderbirds_solitaire.loader import default_overlay_dir
from companion.games.thunderbirds_solitaire.pack import make_pack
from companion.games.thunderbirds_solitaire.rules import RULES
from companion.games.thunderbirds_solitaire.scenario import load_scenario, run_scenario
from companion.games.thunderbirds_solitaire.words import card_name
from companion.locale import build, speaking

from .play import definitions, setup_of, start

FIXTURE = Path(__file__).resolve().parent / "fixture-overlay"


def test_the_static_facts_are_honest() -> None:
    assert INFO.name == "thunderbirds_solitaire" == RULES.name
    assert INFO.players == (1, 1)
    assert INFO.support == "upkeep"  # the Incoming Call, abilities, winning and losing are the player's
    assert INFO.hides_information is False and INFO.has_chance is True
    assert [o.key for o in INFO.options] == ["deck", "dealing"]
    assert [c.value for c in INFO.option("deck").choices] == ["basic", "advanced"]
    assert [c.value for c in INFO.option("dealing").choices] == ["companion", "table"]
    assert INFO.load == "companion.games.thunderbirds_solitaire.pack:make_pack"
    texts = [INFO.title, INFO.blurb] + [o.label for o in INFO.options]
    texts += [c.label for o in INFO.options for c in o.choices] + [o.help for o in INFO.options if o.help]
    for words in texts:
        assert words.text("en") and words.text("fr") and words.text("en") != words.text("fr")
        assert not any(f" {mark}" in words.text("fr") for mark in ":;?!%"), words.text("fr")


def test_the_engine_registry_finds_the_rules_by_name() -> None:
    assert registry.get("thunderbirds_solitaire") is RULES


def test_the_pack_object() -> None:
    pack = make_pack(INFO)
    assert pack.info is INFO and pack.rules is RULES
    assert set(pack.commands) == {"check-data", "scenario", "demo"}
    assert pack.secret_view(None, 0) is None
    assert pack.problems == ()
    status = pack.data_status()
    assert not status.is_complete and status.total == status.known + len(status.missing)
    assert any("advanced-07" in line for line in status.missing)
    with pytest.raises(IllegalAction):
        pack.setup_for(2, {})
    setup = pack.setup_for(1, {"deck": "basic", "dealing": "companion"})
    assert (setup["asked"], setup["dealing"]) == ("companion", "table")


def test_a_deck_completed_in_the_editor_is_dealt_in_the_next_game_only(tmp_path: Path) -> None:
    build.main()
    pack = make_pack(INFO)
    with Store.open(tmp_path / "games.db") as store:
        first = Session.new(store, RULES, pack.setup_for(1, {"deck": "basic"}), 4)
        assert first.state.setup.dealing == "table"
        first.dispatch(act.TurnCard("disaster"))
        # The café completes the deck from its box (here, the fixture written as the editor writes).
        shutil.copytree(FIXTURE, default_overlay_dir())
        overlay.set_fields("card", "basic-01", {"names": {"en": "Dam burst", "fr": "Rupture de barrage"}})
        pack.load()
        second = Session.new(store, RULES, pack.setup_for(1, {"deck": "basic"}), 4)
        assert second.state.setup.dealing == "companion"
        second.dispatch(act.DealChains())
        chains = second.state.chains
        assert all(chain and chain[0].kind == "disaster" for chain in chains)
        with speaking("fr"):
            assert card_name(second.state, "basic-01") == "Rupture de barrage (Catastrophe)"
        # Another edit: the game under way keeps what it began with, on resume too.
        overlay.set_fields("card", "basic-01", {"names": {"en": "Renamed"}})
        pack.load()
        resumed = Session.resume(store, second.game_id)
        assert resumed.state == second.state
        assert card_name(resumed.state, "basic-01") == "Dam burst (Disaster)"
        assert Session.resume(store, first.game_id).state == first.state


def test_screens_reveals_and_sounds_speak_both_languages(tmp_path: Path) -> None:
    build.main()
    pack = make_pack(INFO)
    setup = pack.setup_for(1, {"dealing": "table"})
    with Store.open(tmp_path / "games.db") as store:
        session = Session.new(store, RULES, setup, 1)
        assert pack.screen_for(session.state) == pack.first_screen() == "setup"
        update = session.dispatch(act.TurnCard("hood"))
        reveal = pack.reveal(update.events, session.state)
        assert reveal is not None and reveal.lines == (
            "Hood (turned 1) cannot begin a chain: it goes to the bottom of the deck.",
        )
        with speaking("fr"):
            french = pack.reveal(update.events, session.state)
        assert french is not None and french.lines[0].startswith("Hood (carte n° 1) ne peut pas commencer")
        for kind in ("disaster",) * 4:
            update = session.dispatch(act.TurnCard(kind))
        assert pack.screen_for(session.state) == "table"
        assert "Shuffle the Emergency deck now." in pack.reveal(update.events, session.state).lines
        assert pack.sounds(update.events) == ("disaster",)
        line = pack.saved_game_line(RULES.summary(session.state))
        assert line.status == "Turn 1, 0 Civilians rescued" and not line.is_over
        assert (line.players, line.detail) == ("Solo", "Basic deck, you deal")
        with speaking("fr"):
            french_line = pack.saved_game_line(RULES.summary(session.state))
            assert french_line.status == "Tour\u00a01, 0\u00a0Civil sauvé"
            assert (french_line.players, french_line.detail) == ("Solo", "Paquet de base, vous distribuez")
        history = [entry.label for entry in session.history()]
        assert history[:2] == ["Turned a Hood card", "Turned a Disaster card"]
        with speaking("fr"):
            assert [entry.label for entry in session.history()][:2] == [
                "Carte Hood retournée",
                "Carte Catastrophe retournée",
            ]


def test_dice_are_counted_in_the_history_and_the_reveal_in_both_languages() -> None:
    """One die, several dice: the label of a roll and the dice a rescue ignores take the plural of the count."""
    build.main()
    scenario = load_scenario(Path(__file__).resolve().parent / "scenarios" / "dice-useless-symbols-ignored.toml")
    result = run_scenario(scenario)
    rolled = tuple(event for index, event in result.events if index == 0)
    pack = make_pack(INFO)
    assert result.labels[0] == "Roll 3 dice for chain 1"
    assert describe(act.RollDice(2, ("red",)), result.state) == "Roll 1 die for chain 2"
    reveal = pack.reveal(rolled, result.state)
    assert reveal is not None and reveal.lines[-1] == "Ignored (no matching symbol in the chain): dice 1, 3."
    one = pack.reveal((ev.DiceIgnored((1,)),), result.state)
    assert one is not None and one.lines == ("Ignored (no matching symbol in the chain): die 2.",)
    with speaking("fr"):
        assert describe(act.RollDice(1, ("red", "blue")), result.state) == "Lancer 2\u00a0dés pour la chaîne\u00a01"
        assert describe(act.RollDice(2, ("red",)), result.state) == "Lancer 1\u00a0dé pour la chaîne\u00a02"
        french = pack.reveal(rolled, result.state)
        assert french is not None
        assert french.lines[-1] == "Ignorés (aucun symbole correspondant dans la chaîne)\u00a0: dés\u00a01, 3."
        one = pack.reveal((ev.DiceIgnored((1,)),), result.state)
        assert one is not None and one.lines == (
            "Ignoré (aucun symbole correspondant dans la chaîne)\u00a0: dé\u00a02.",
        )


def test_the_public_view_never_shows_the_order_of_the_deck() -> None:
    pack = make_pack(INFO)
    state = start(setup_of(definitions("fixture"), "basic", "companion"), 9)
    public = pack.public_view(state)
    assert sorted(public.deck) == sorted(state.deck) and list(public.deck) == sorted(state.deck)
    assert public.deck != state.deck
