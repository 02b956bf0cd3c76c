"""Every rule the rules excerpt states, each with the tests that prove it (`EXCERPT_RULES`): the scenario files
in `scenarios/` (run by test_scenarios.py) and the tests below, for what a scenario file cannot see (the order
of the companion's hidden deck, the moves offered)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from companion.engine.chance import LiveChance
from companion.engine.rng import seed_state
from companion.games.thunderbirds_solitaire import actions as act
from companion.games.thunderbirds_solitaire.legal import legal_actions
from companion.games.thunderbirds_solitaire.rules import apply
from companion.games.thunderbirds_solitaire.scenario import apply_position, parse_scenario, start
from companion.games.thunderbirds_solitaire.setup import initial_state, setup_mapping
from companion.games.thunderbirds_solitaire.state import GameState, evolve

from .play import definitions

HERE = Path(__file__).resolve().parent
SCENARIOS = HERE / "scenarios"
FIXTURE = HERE / "fixture-overlay"

#: The excerpt's rules, in its words (shared/rules/thunderbirds-solitaire-excerpt-en.txt), each with its proofs: a
#: scenario file's name, or a test of this module.
EXCERPT_RULES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "B. Shuffle the Pod deck ... Deal three cards face-up alongside it.",
        ("setup-pods-pilots-lady-penelope", "test_the_pod_deck_is_shuffled_and_three_pods_dealt_face_up"),
    ),
    (
        "C. John is assigned to Thunderbird 5 ... Place Brains alongside the Pod cards. Lay out the other four"
        " pilots near to the Thunderbirds cards, all face up.",
        ("setup-pods-pilots-lady-penelope",),
    ),
    ("D. Shuffle the Emergency deck.", ("test_the_emergency_deck_is_shuffled_at_set_up",)),
    (
        "E. Turn over four cards ... in a column, with space for three more cards to the right of each.",
        ("setup-replacement-table-deck", "setup-replacement-companion-deck", "chain-fills-to-four"),
    ),
    (
        "The leftmost card in each chain must always be a Disaster card.",
        ("chain-begins-with-a-disaster", "chain-disaster-stays-leftmost", "chain-empty-takes-a-disaster"),
    ),
    (
        "If you turn over any Civilian or Hood cards at this stage, immediately put them at the bottom of the deck"
        " and draw a replacement. Keep doing this until you have four Disaster cards.",
        (
            "setup-replacement-table-deck",
            "setup-replacement-companion-deck",
            "setup-companion-deck-one-card-at-a-time",
            "test_a_card_that_cannot_begin_a_chain_goes_to_the_bottom_of_the_deck",
        ),
    ),
    (
        "Then shuffle the Emergency deck.",
        ("setup-replacement-companion-deck", "test_after_the_fourth_disaster_the_deck_is_shuffled"),
    ),
    (
        "F. Lady Penelope starts the game at the first chain ... placed Road-side up.",
        ("setup-pods-pilots-lady-penelope", "setup-replacement-table-deck"),
    ),
    ("16 advanced cards used to raise the difficulty (the rulebook's opening).", ("setup-advanced-deck",)),
    (
        "A full chain: a Disaster and three more cards; no space for another.",
        ("chain-fills-to-four", "chain-full-takes-no-more", "lp-escort-unassign-not-at-a-full-chain"),
    ),
    (
        "A card joins a chain at its right end; a gap is filled by sliding the other cards to the left.",
        ("chain-card-joins-right-end", "chain-gap-slides-left", "lp-escort-fred-example"),
    ),
    (
        "The Lady Penelope phase, at the end of your turn: two stages, Move or Flip, then Escort.",
        ("lp-not-before-her-phase", "lp-phase-after-the-checklist", "lp-escort-after-moving", "lp-escort-once-a-phase"),
    ),
    (
        "You may either move the Lady Penelope card or flip it over (Road to Air, or Air to Road); not both.",
        ("lp-flip-road-to-air", "lp-flip-air-to-road", "lp-move-then-flip-refused", "lp-flip-then-move-refused"),
    ),
    (
        "Road: to the adjacent chain either above or below (at the top or bottom location, only one option).",
        (
            "lp-road-moves-up-one-chain",
            "lp-road-moves-down-one-chain",
            "lp-road-not-two-chains",
            "test_on_her_road_side_she_is_offered_the_adjacent_chains_only",
        ),
    ),
    ("Road: at Tracy Island she can't move by road at all.", ("lp-road-not-from-tracy-island",)),
    (
        "Air: from her present location to any other location, exactly like Thunderbird 1 or 3.",
        (
            "lp-air-moves-anywhere",
            "lp-air-not-where-she-is",
            "test_on_her_air_side_she_is_offered_every_other_location",
        ),
    ),
    (
        "Air: the only way she can ever move to or from Tracy Island.",
        ("lp-road-not-to-tracy-island", "lp-road-not-from-tracy-island", "lp-air-to-and-from-tracy-island"),
    ),
    (
        "When Lady Penelope moves or flips, any Civilian assigned to her stays with her.",
        ("lp-escort-fred-example", "lp-escort-stays-with-her-by-road"),
    ),
    (
        "Assign: if she has no Civilian assigned and her chain has an uninfluenced Civilian, assign one; it goes"
        " under her card and the chain slides left.",
        (
            "lp-escort-fred-example",
            "lp-escort-one-civilian-at-a-time",
            "lp-escort-influenced-refused",
            "lp-escort-only-civilians",
            "lp-escort-only-her-chain",
            "lp-escort-assign-not-at-tracy-island",
        ),
    ),
    (
        "Unassign at Tracy Island: the Civilian is instantly rescued.",
        ("lp-escort-fred-example",),
    ),
    (
        "Unassign at a chain which is not yet full: the Civilian goes to the right of the rightmost card.",
        ("lp-escort-unassign-joins-chain", "lp-escort-stays-with-her-by-road"),
    ),
    ("You can't unassign a Civilian at a full chain.", ("lp-escort-unassign-not-at-a-full-chain",)),
    (
        "An escorted Civilian is not rescued until it is unassigned at Tracy Island.",
        ("lp-escort-fred-example",),
    ),
    (
        "Road side up, Hood cards that would affect her present location during the Incoming Call phase are"
        " discarded without effect.",
        (
            "hood-neutralised-road-side",
            "hood-neutralised-companion-deck",
            "hood-neutralised-at-a-full-chain",
            "hood-only-hood-cards-neutralised",
            "hood-not-neutralised-elsewhere",
        ),
    ),
    ("Air side up, she loses her ability to neutralise the Hood.", ("hood-not-neutralised-air-side",)),
    ("You can only allocate each wild symbol once.", ("dice-wild-allocated-once",)),
    ("You can't store wild symbols.", ("dice-wild-cannot-be-stored",)),
    (
        "Dice whose symbols don't match any active symbols in the chain at all are ignored.",
        ("dice-useless-symbols-ignored",),
    ),
    (
        "The allocation of the dice against the chain's symbols, shown and checked.",
        ("dice-symbol-must-match", "dice-symbol-covered-once", "dice-entered-at-the-table"),
    ),
)


def test_every_rule_of_the_excerpt_has_its_proofs() -> None:
    scenarios = {path.stem for path in SCENARIOS.glob("*.toml")}
    for rule, proofs in EXCERPT_RULES:
        assert proofs, rule
        for proof in proofs:
            if proof.startswith("test_"):
                assert callable(globals().get(proof)), f"{rule}: no test {proof}"
            else:
                assert proof in scenarios, f"{rule}: no scenario file {proof}.toml"


def position(fixture: bool = False, **where: Any) -> GameState:
    setup: dict[str, Any] = {"dealing": "companion" if fixture else "table"}
    if fixture:
        setup["overlay"] = str(FIXTURE)
    scenario = parse_scenario({"format": 1, "setup": setup, "position": where})
    return apply_position(start(scenario), scenario.position, "test")


def then(state: GameState, action: object) -> GameState:
    chance = LiveChance(state.rng)
    after, _events = apply(state, action, chance)
    return evolve(after, rng=chance.rng_after)


def new_game(seed: int, deck: str = "basic") -> GameState:
    chance = LiveChance(seed_state(seed))
    state = initial_state(setup_mapping(definitions("fixture"), deck, "companion"), chance)
    return evolve(state, rng=chance.rng_after)


# --- set-up ------------------------------------------------------------------------------------------------------


def test_the_pod_deck_is_shuffled_and_three_pods_dealt_face_up() -> None:
    pods = [pod.id for pod in new_game(1).setup.facts.pods]
    dealt = {new_game(seed).pods_up for seed in range(6)}
    for seed in range(6):
        state = new_game(seed)
        assert len(state.pods_up) == 3
        assert sorted(state.pods_up + state.pod_deck) == sorted(pods)  # every pod once
    assert len(dealt) > 1  # shuffled: the seeds deal different pods


@pytest.mark.parametrize("deck", ["basic", "advanced"])
def test_the_emergency_deck_is_shuffled_at_set_up(deck: str) -> None:
    chosen = [card.id for card in new_game(1, deck).setup.facts.cards]
    orders = {new_game(seed, deck).deck for seed in range(6)}
    assert all(Counter(order) == Counter(chosen) for order in orders)  # the chosen deck, each card once
    assert len(orders) > 1 and tuple(chosen) not in orders


def test_a_card_that_cannot_begin_a_chain_goes_to_the_bottom_of_the_deck() -> None:
    state = position(fixture=True, deck_top=["basic-03", "basic-02", "basic-01"])  # a Hood, a Civilian, a Disaster
    rest = state.deck[3:]
    state = then(state, act.TurnCard())
    assert state.deck == ("basic-02", "basic-01", *rest, "basic-03")
    assert state.chains == ((), (), (), ())
    state = then(state, act.TurnCard())
    assert state.deck[-2:] == ("basic-03", "basic-02")  # in the order turned
    state = then(state, act.TurnCard())
    assert [card.id for card in state.chain(1)] == ["basic-01"]  # the replacement begins the chain


def test_after_the_fourth_disaster_the_deck_is_shuffled() -> None:
    state = position(fixture=True, deck_top=["basic-02", "basic-01", "basic-04", "basic-06", "basic-09"])
    for _card in range(4):
        state = then(state, act.TurnCard())
    assert state.phase == "setup" and state.deck[-1] == "basic-02"
    before = state.deck
    state = then(state, act.TurnCard())  # the fourth Disaster
    assert state.phase == "turn" and [chain[0].id for chain in state.chains] == [
        "basic-01",
        "basic-04",
        "basic-06",
        "basic-09",
    ]
    assert Counter(state.deck) == Counter(before[1:]) and state.deck != before[1:]


# --- Lady Penelope's moves -----------------------------------------------------------------------------------------


def moves_offered(state: GameState) -> set[str]:
    return {action.to for action in legal_actions(state) if isinstance(action, act.MoveLadyPenelope)}


CHAINS = [["disaster"], ["disaster"], ["disaster"], ["disaster"]]


@pytest.mark.parametrize(
    ("at", "offered"),
    [
        ("chain-1", {"chain-2"}),  # the top: one option
        ("chain-2", {"chain-1", "chain-3"}),
        ("chain-3", {"chain-2", "chain-4"}),
        ("chain-4", {"chain-3"}),  # the bottom: one option
        ("tracy-island", set()),  # flip to Air first
    ],
)
def test_on_her_road_side_she_is_offered_the_adjacent_chains_only(at: str, offered: set[str]) -> None:
    state = position(chains=CHAINS, lady_penelope={"at": at, "side": "road"}, phase="lp-move")
    assert moves_offered(state) == offered


@pytest.mark.parametrize("at", ["chain-1", "chain-3", "tracy-island"])
def test_on_her_air_side_she_is_offered_every_other_location(at: str) -> None:
    state = position(chains=CHAINS, lady_penelope={"at": at, "side": "air"}, phase="lp-move")
    everywhere = {"chain-1", "chain-2", "chain-3", "chain-4", "tracy-island"}
    assert moves_offered(state) == everywhere - {at}
