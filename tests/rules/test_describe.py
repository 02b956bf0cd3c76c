"""Every action has a history label that names what happened, in the current language."""

from __future__ import annotations

from companion.games.thunderbirds import actions as act
from companion.games.thunderbirds.actions import ACTION_TYPES
from companion.games.thunderbirds.describe import summary
from companion.games.thunderbirds.rules import RULES

from .positions import game

EXAMPLES: dict[str, tuple[object, str]] = {
    "Move": (act.Move("tb2", "north-america"), "Virgil moves Thunderbird 2 to North America"),
    "Rescue": (act.Rescue("sun-probe"), "Virgil attempts Sun Probe"),
    "ConfirmRescue": (
        act.ConfirmRescue("unknown-disaster-1"),
        "Virgil averts Unknown disaster 1 (confirmed by the players)",
    ),
    "Plan": (act.Plan(), "Virgil plans: draws a F.A.B. card, the Hood advances"),
    "Scan": (act.Scan("ricochet"), "Virgil scans Ricochet one slot back"),
    "DrawAbilityToken": (act.DrawAbilityToken(), "Virgil draws a token with their ability"),
    "UseIntelligence": (act.UseIntelligence(0), "Virgil re-rolls die 1 (Intelligence)"),
    "UseTeamwork": (act.UseTeamwork(), "Virgil adds +2 (Teamwork)"),
    "IgnoreHood": (act.IgnoreHood(1), "John ignores the Hood on die 2"),
    "FinishRescue": (act.FinishRescue(), "Virgil settles the rescue"),
    "ChooseReward": (act.ChooseReward(("logistics",)), "Virgil takes Logistics"),
    "Transfer": (act.Transfer("alan", "tb2"), "Alan boards Thunderbird 2"),
    "Load": (act.Load("mole"), "Virgil loads Mole into Thunderbird 2"),
    "Unload": (act.Unload("tb4"), "Virgil unloads Thunderbird 4 from Thunderbird 2"),
    "FoilScheme": (act.FoilScheme((), True), "Virgil foils"),
    "UseDetermination": (act.UseDetermination(), "Virgil takes an extra action (Determination)"),
    "UseLogistics": (act.UseLogistics(), "Virgil draws a F.A.B. card (Logistics)"),
    "UseTechnology": (act.UseTechnology("domo"), "Virgil builds DOMO (Technology)"),
    "ExchangeToken": (act.ExchangeToken("teamwork", "technology"), "Virgil exchanges Teamwork for Technology"),
    "AnnounceAbility": (
        act.AnnounceAbility("virgil-second-ability"),
        "Virgil uses an ability (applied by the players)",
    ),
    "PlayFab": (act.PlayFab("experimental-fuel", "scott", "mars"), "Scott plays Experimental Fuel: to Mars"),
    "EndTurn": (act.EndTurn(), "Virgil ends the turn: disaster phase"),
    "ChangeCharacter": (act.ChangeCharacter("gordon", "virgil"), "Jeff Tracy swaps Gordon for Virgil"),
    "AdjustHood": (act.AdjustHood(4), "Adjust: the Hood to space 4"),
    "AdjustDisaster": (act.AdjustDisaster("ricochet", "discard"), "Adjust: Ricochet to the discard pile"),
    "AdjustTokens": (act.AdjustTokens("scott", "teamwork", -1), "Adjust: Scott -1 Teamwork"),
    "AdjustFab": (act.AdjustFab("scott", "jeffs-orders", "give"), "Adjust: Scott receives Jeff's Orders"),
    "AdjustPiece": (act.AdjustPiece("domo", "notebook"), "Adjust: DOMO to Brains' notebook"),
    "AdjustSeat": (act.AdjustSeat("gordon", "tb2"), "Adjust: Gordon into Thunderbird 2"),
    "AdjustSpeed": (act.AdjustSpeed("tb3", 1), "Adjust: Thunderbird 3 top speed 1"),
    "EndEffect": (act.EndEffect("rocket-malfunction"), "Adjust: Rocket Malfunction is over"),
    "AdjustActions": (act.AdjustActions(2), "Adjust: 2 actions left"),
    "AdjustRescue": (act.AdjustRescue(3), "Adjust: rescue score +3"),
}


def test_every_action_type_has_a_label() -> None:
    assert set(EXAMPLES) == set(ACTION_TYPES)
    state = game()
    for name, (action, label) in EXAMPLES.items():
        assert RULES.describe(action, state).startswith(label), name


def test_summary_for_the_saved_games_list() -> None:
    facts = summary(game(), RULES.definitions())
    assert facts["status"] == "playing" and facts["characters"] == ["virgil", "scott"]
    assert facts["difficulty"] == "introduction" and facts["disasters_left"] == 44
