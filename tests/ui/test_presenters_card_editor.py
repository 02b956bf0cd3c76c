"""The card editor completes every kind of card, without a window: events and F.A.B. cards get effects built from
the blocks the rules apply (a bonus to a rescue type, a speed limit, routes closed, draws, the Hood moved, a
Thunderbird moved, and how a lasting effect ends), schemes their pieces, regions and tokens, disasters their
no-dice requirements; what it saves loads as a complete card the rules then apply. A broken overlay file is listed
with its ways out: fix its card (saved back into that file) or set the file aside. The real app does it by touch in
test_ui_card_editor.py."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion import locale, paths
from companion.engine.chance import LiveChance
from companion.games.thunderbirds import events as ev
from companion.games.thunderbirds.bonuses import rescue_bonus
from companion.games.thunderbirds.effects import activate_event
from companion.games.thunderbirds.loader import (
    clear_definitions_cache,
    default_definitions,
    default_overlay_problems,
)
from companion.games.thunderbirds.overlay import set_aside, set_card_fields
from companion.games.thunderbirds.setup import initial_state
from companion.games.thunderbirds.state import HoodCard, evolve
from companion.games.thunderbirds.ui.presenters.card_editor import (
    Draft,
    effect_label,
    overlay_problem_rows,
    present_editor,
)
from companion.locale import build


@pytest.fixture(params=["en", "fr"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    build.main()
    locale.set_language(request.param)
    yield request.param
    locale.set_language("en")


@pytest.fixture(autouse=True)
def fresh_cache() -> Iterator[None]:
    clear_definitions_cache()
    yield
    clear_definitions_cache()


def saved(draft: Draft) -> Any:
    set_card_fields(draft.kind, draft.card_id, draft.changes())
    return default_definitions()


def start() -> Any:
    chance = LiveChance(3)
    state = initial_state({"players": 2, "difficulty": "introduction"}, chance)
    return evolve(state, rng=chance.rng_after)


def test_an_event_is_completed_from_effect_blocks_and_the_rules_apply_it() -> None:
    draft = Draft.start(default_definitions(), "event", "explosion-on-tracy-island")
    draft.add_effect("speed-limit")
    draft.set_effect(0, "vehicle", "tb2")
    draft.change_effect(0, +1)
    draft.set_text("effects.0.until", "en", "until a player discards a Technology token")
    draft.set_text("effects.0.until", "fr", "jusqu'à ce qu'un joueur défausse un jeton Technologie")
    draft.add_effect("move-hood")
    draft.add_effect("block-edges")
    draft.toggle_edge(2, ("europe", "asia"))
    draft.set_text("effects.2.until", "en", "until the end of the round")
    draft.set_text("effects.2.until", "fr", "jusqu'à la fin du tour de table")
    draft.set_text("text", "en", "Thunderbird 2 is damaged.")
    draft.set_text("text", "fr", "Thunderbird 2 est endommagé.")
    event = saved(draft).events["explosion-on-tracy-island"]
    assert event.completeness == "complete"
    assert [(e.kind, e.vehicle, e.value) for e in event.effects] == [
        ("speed-limit", "tb2", 2),
        ("move-hood", None, 1),
        ("block-edges", None, 0),
    ]
    assert event.effects[2].edges == (("europe", "asia"),)
    state = start()
    out: list[object] = []
    after = activate_event(state, default_definitions(), LiveChance(1), HoodCard(2, "event", event.id), out)
    assert after.hood == state.hood + 1
    assert {(e.kind, e.vehicle) for e in after.effects} == {("speed-limit", "tb2"), ("block-edges", None)}
    assert any(isinstance(e, ev.EventRevealed) and e.known for e in out)


def test_a_fab_card_gets_its_effect_timing_and_turn_and_adds_to_a_rescue() -> None:
    draft = Draft.start(default_definitions(), "fab", "grandmas-cooking")
    draft.add_effect("rescue-modifier")
    draft.set_effect(0, "rescue_type", "land")
    draft.change_effect(0, +1)
    draft.set("timing", "before-roll")
    draft.set("any_turn", False)
    draft.set_text("text", "en", "+3 to a land rescue.")
    draft.set_text("text", "fr", "+3 à un sauvetage terrestre.")
    defs = saved(draft)
    card = defs.fabs["grandmas-cooking"]
    assert card.completeness == "complete" and (card.timing, card.any_turn) == ("before-roll", False)
    state = start()
    land = next(c for c in defs.disasters.values() if c.rescue_type == "land" and c.id in state.track.slots)
    sea = next(c for c in defs.disasters.values() if c.rescue_type == "sea")
    assert rescue_bonus(state, defs, land.id, ("grandmas-cooking",)) - rescue_bonus(state, defs, land.id, ()) == 3
    assert rescue_bonus(state, defs, sea.id, ("grandmas-cooking",)) == rescue_bonus(state, defs, sea.id, ())


def test_a_fab_card_draws_fab_cards_when_played() -> None:
    draft = Draft.start(default_definitions(), "fab", "jeffs-orders")
    draft.add_effect("draw-fab")
    draft.change_effect(0, +1)
    draft.set("timing", "any-time")
    draft.set_text("text", "en", "Draw 2 F.A.B. cards.")
    draft.set_text("text", "fr", "Piochez 2\u00a0cartes F.A.B.")
    card = saved(draft).fabs["jeffs-orders"]
    assert card.completeness == "complete" and card.effects[0].value == 2


def test_a_scheme_gets_its_regions_tokens_and_pieces() -> None:
    draft = Draft.start(default_definitions(), "scheme", "unknown-scheme-2-1")
    draft.set_text("names", "en", "Sabotage at Sea")
    draft.set_text("names", "fr", "Sabotage en mer")
    draft.toggle_region("north-atlantic")
    draft.toggle_region("europe")
    draft.add_token_requirement("teamwork")
    draft.change_token_count(0, +1)
    draft.set_token(0, "region", "north-atlantic")
    draft.add_token_requirement(None)
    draft.set_token(1, "kind", "logistics")
    draft.set_token(1, "region", "europe")
    draft.add_piece("pieces", "pod", "laser-cutter", "asia")
    draft.set_piece_region("pieces", 0, "europe")
    draft.add_piece("pieces", "vehicle", "tb4", "north-atlantic")
    draft.remove_piece("pieces", 1)
    scheme = saved(draft).schemes["unknown-scheme-2-1"]
    assert scheme.completeness == "complete"
    assert [(t.kind, t.count, t.region) for t in scheme.tokens] == [
        ("teamwork", 2, "north-atlantic"),
        ("logistics", 1, "europe"),
    ]
    assert [(p.piece, p.region) for p in scheme.pieces] == [("laser-cutter", "europe")]


def test_a_scheme_may_need_no_piece() -> None:
    draft = Draft.start(default_definitions(), "scheme", "espionnage-satellite")
    draft.set("pieces", [])
    assert saved(draft).schemes["espionnage-satellite"].pieces == ()


def test_an_unknown_disaster_may_be_a_no_dice_card() -> None:
    draft = Draft.start(default_definitions(), "disaster", "unknown-disaster-1")
    draft.set_text("names", "en", "Flood at the Dam")
    draft.set_text("names", "fr", "Crue au barrage")
    draft.set("region", "asia")
    draft.set_no_dice(True)
    draft.add_piece("auto_requirements", "vehicle", "tb2", "asia")
    draft.add_piece("auto_requirements", "pod", "mole", "asia")
    draft.add_reward("joker")
    card = saved(draft).disasters["unknown-disaster-1"]
    assert card.is_no_dice and card.completeness == "complete"
    assert [(p.piece, p.region) for p in card.auto_requirements] == [("tb2", "asia"), ("mole", "asia")]


def test_the_editor_reads_each_block_in_the_players_language(language: str) -> None:
    defs = default_definitions()
    words = {
        ("en", "speed-limit"): "Thunderbird 2 top speed 1",
        ("fr", "speed-limit"): "Thunderbird 2 vitesse max\u00a01",
        ("en", "move-hood"): "The Hood advances 2 spaces",
        ("fr", "move-hood"): "The Hood avance de 2\u00a0cases",
        ("en", "draw-fab"): "Draw 1 F.A.B. card",
        ("fr", "draw-fab"): "Piocher 1\u00a0carte F.A.B.",
    }
    effects = {
        "speed-limit": {"kind": "speed-limit", "vehicle": "tb2", "value": 1},
        "move-hood": {"kind": "move-hood", "value": 2},
        "draw-fab": {"kind": "draw-fab", "value": 1},
    }
    for kind, effect in effects.items():
        assert effect_label(defs, "event", effect) == words[(language, kind)]
    draft = Draft.start(defs, "event", "master-of-disguise")
    draft.add_effect("block-edges")
    view = present_editor(defs, draft, "")
    labels = [row.label for row in view.rows]
    assert {"en": "Routes closed: none chosen yet", "fr": "Routes fermées\u00a0: aucune choisie pour l'instant"}[
        language
    ] in labels
    assert {row.text_field for row in view.rows} >= {"effects.0.until.en", "effects.0.until.fr"}


def broken_file() -> Path:
    overlay = paths.user_data_dir() / "overlay" / "thunderbirds"
    overlay.mkdir(parents=True, exist_ok=True)
    path = overlay / "our-cards.toml"
    path.write_text(
        "# typed from our box\n"
        '[[disaster]]\nid = "unknown-disaster-2"\nnames = { en = "Mine Collapse", fr = "Effondrement" }\n'
        'region = "africa"\nrescue_type = "land"\ndifficulty = 50\nbonuses = []\nrewards = ["joker"]\n',
        encoding="utf-8",
    )
    return path


def test_a_broken_file_is_listed_with_its_ways_out() -> None:
    path = broken_file()
    problems = default_overlay_problems()
    rows = overlay_problem_rows(default_definitions(), problems)
    assert len(rows) == 1
    assert "our-cards.toml" in rows[0].label and "difficulty" in rows[0].label
    assert [b.key for b in rows[0].buttons] == ["fix:unknown-disaster-2", f"aside:{path}"]


def test_fixing_the_card_saves_into_the_broken_file_and_clears_the_warning() -> None:
    path = broken_file()
    from companion.games.thunderbirds.overlay import overlay_entry

    draft = Draft.start(
        default_definitions(), "disaster", "unknown-disaster-2", overlay_entry("disaster", "unknown-disaster-2")
    )
    assert draft.fields["difficulty"] == 50  # what the file says, for the players to correct
    draft.step("difficulty", -1, 2, 20, 8)
    assert draft.fields["difficulty"] == 20
    draft.step("difficulty", -11, 2, 20, 8)
    defs = saved(draft)
    assert default_overlay_problems() == ()
    assert defs.disasters["unknown-disaster-2"].difficulty == 9
    assert sorted(p.name for p in path.parent.iterdir()) == ["our-cards.toml"], "no second file"
    assert path.read_text(encoding="utf-8").startswith("# typed from our box\n")


def test_setting_the_file_aside_keeps_it_and_clears_the_warning() -> None:
    path = broken_file()
    text = path.read_text(encoding="utf-8")
    moved = set_aside(path)
    assert default_overlay_problems() == ()
    assert not path.exists() and moved.read_text(encoding="utf-8") == text
    assert moved.name.startswith("our-cards.toml.set-aside-")


def test_an_effects_end_keeps_our_translation_marked_until_the_players_type_the_cards_words() -> None:
    """Rocket Malfunction's English end is our translation of the French card: adding an effect keeps it marked;
    typing the English from the box makes it the box's."""
    draft = Draft.start(default_definitions(), "event", "rocket-malfunction")
    draft.add_effect("draw-fab")
    until = saved(draft).events["rocket-malfunction"].effects[0].until
    assert until is not None and until.confidence("en") == "medium"
    draft = Draft.start(default_definitions(), "event", "rocket-malfunction")
    draft.set_text("effects.0.until", "en", "until a player discards a Logistics token where Thunderbird 3 is")
    until = saved(draft).events["rocket-malfunction"].effects[0].until
    assert until is not None and until.confidence("en") is None and until.fr.startswith("tant qu'un joueur")
