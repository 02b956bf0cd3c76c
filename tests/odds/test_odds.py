"""Rescue odds against the rulebook example and an independent brute-force search over every policy."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product

import pytest

from companion.games.thunderbirds.odds import (
    FACES,
    best_token_use,
    no_dice_odds,
    rescue_odds,
)

SIXTH = Fraction(1, 6)


def _plain_success(need: int) -> Fraction:
    return Fraction(sum(1 for a, b in product(FACES, FACES) if a + b >= need), 36)


@cache
def _search(
    dice: tuple[int, int], need: int, intel: int, team: int, used: int, john: bool
) -> tuple[Fraction, Fraction, Fraction]:
    """Best (success, -hood, -tokens) from here, trying every order of every token (Teamwork at any time too).

    Written without the module's shortcuts: dice are ordered, Teamwork may be added between re-rolls, and every
    branch is explored, so it checks both the values and the claim that Teamwork is only worth adding last.
    """
    hoods = dice.count(0)
    hood = Fraction(max(0, hoods - 1) if john else hoods)
    success = Fraction(1 if sum(dice) + 2 * used >= need else 0)
    # Stopping spends the Teamwork added so far; policies that add useless Teamwork lose on the token count.
    best = (success, -hood, -Fraction(used))
    options = [best]
    if team > 0:
        options.append(_search(dice, need, intel, team - 1, used + 1, john))
    if intel > 0:
        for index in range(2):
            total = [Fraction(0)] * 3
            for new in FACES:
                rolled = list(dice)
                rolled[index] = new
                s, h, k = _search((rolled[0], rolled[1]), need, intel - 1, team, used, john)
                total[0] += s * SIXTH
                total[1] += h * SIXTH
                total[2] += (k - 1) * SIXTH  # one Intelligence token spent
            options.append((total[0], total[1], total[2]))
    return max(options)


def _brute(need: int, team: int, intel: int, john: bool) -> tuple[Fraction, Fraction, Fraction]:
    totals = [Fraction(0)] * 3
    for a, b in product(FACES, FACES):
        s, h, k = _search((a, b), need, intel, team, 0, john)
        totals[0] += s / 36
        totals[1] += -h / 36
        totals[2] += -k / 36
    return totals[0], totals[1], totals[2]


def test_rulebook_example_roll_two_and_hood_fails_and_one_teamwork_saves_it() -> None:
    # "Vers le soleil", difficulty 11, John adds +7 and rolls 2 + Hood: score 9, the rescue fails.
    alone = best_token_use((2, 0), difficulty=11, bonus=7)
    assert alone.kind == "stop"
    assert alone.success == 0
    assert alone.expected_hood == 1
    # With one Teamwork token: +2 gives 11, a success (the Hood still advances).
    teamwork = best_token_use((2, 0), difficulty=11, bonus=7, teamwork=1)
    assert teamwork.kind == "teamwork"
    assert teamwork.teamwork == 1
    assert teamwork.success == 1
    assert teamwork.expected_hood == 1
    # With one Intelligence as well, re-rolling the Hood die is better: still certain, and the Hood only
    # advances if the new die shows the Hood again (then Teamwork is used).
    both = best_token_use((2, 0), difficulty=11, bonus=7, teamwork=1, intelligence=1)
    assert both.kind == "reroll"
    assert both.die == 1
    assert both.success == 1
    assert both.expected_hood == SIXTH
    assert both.expected_tokens_spent == 1 + Fraction(2, 6)  # the re-roll, plus Teamwork after a new 0 or 1


def test_no_tokens_odds_are_the_plain_two_dice_sums() -> None:
    for difficulty in range(0, 16):
        odds = rescue_odds(difficulty, 0)
        assert odds.success == _plain_success(difficulty)
        assert odds.success_with_tokens == odds.success
        assert odds.expected_hood == Fraction(1, 3)
        assert odds.expected_tokens_spent == 0


def test_john_ignores_one_hood_face_per_rescue() -> None:
    odds = rescue_odds(8, 2, john_ignores=True)
    assert odds.expected_hood == Fraction(1, 36)  # only a double Hood still advances, and by one space
    assert odds.success == rescue_odds(8, 2).success


def test_bonus_is_difficulty_minus_need() -> None:
    assert rescue_odds(11, 7) == rescue_odds(11, 7)
    assert rescue_odds(11, 7).success == rescue_odds(9, 5).success
    assert rescue_odds(11, 7).need == 4


def test_certain_and_impossible_rescues() -> None:
    easy = rescue_odds(5, 6)
    assert easy.success == 1
    hopeless = rescue_odds(20, 0, teamwork=2, intelligence=3)
    assert hopeless.success_with_tokens == 0
    # Nothing can make it succeed; Intelligence is still worth spending to keep the Hood back.
    assert hopeless.expected_hood_with_tokens < hopeless.expected_hood
    assert hopeless.expected_teamwork_spent == 0


@pytest.mark.parametrize("john", [False, True])
@pytest.mark.parametrize("team", [0, 1, 2])
@pytest.mark.parametrize("intel", [0, 1, 2])
def test_tables_match_brute_force_search(team: int, intel: int, john: bool) -> None:
    for need in range(0, 16):
        odds = rescue_odds(need, 0, teamwork=team, intelligence=intel, john_ignores=john)
        success, hood, tokens = _brute(need, team, intel, john)
        assert odds.success_with_tokens == success, need
        assert odds.expected_hood_with_tokens == hood, need
        assert odds.expected_tokens_spent == tokens, need


def test_tokens_never_make_things_worse() -> None:
    for need in range(0, 16):
        for team, intel in product(range(4), range(4)):
            odds = rescue_odds(need, 0, team, intel)
            assert odds.success_with_tokens >= odds.success
            if odds.success_with_tokens == odds.success:
                assert odds.expected_hood_with_tokens <= odds.expected_hood
            assert odds.expected_tokens_spent <= team + intel
            assert odds.expected_intelligence_spent <= intel
            assert odds.expected_teamwork_spent <= team


def test_more_tokens_never_lower_the_odds() -> None:
    for need in range(0, 16):
        for team, intel in product(range(3), range(3)):
            base = rescue_odds(need, 0, team, intel).success_with_tokens
            assert rescue_odds(need, 0, team + 1, intel).success_with_tokens >= base
            assert rescue_odds(need, 0, team, intel + 1).success_with_tokens >= base


def test_advice_agrees_with_the_search_after_every_roll() -> None:
    for need, team, intel, john in product(range(0, 14), range(3), range(3), (False, True)):
        for dice in product(FACES, FACES):
            advice = best_token_use(dice, need, 0, team, intel, john)
            s, h, k = _search(dice, need, intel, team, 0, john)
            assert (advice.success, -advice.expected_hood, -advice.expected_tokens_spent) == (s, h, k)
            if advice.kind == "reroll":
                assert advice.die in (0, 1)
                assert intel > 0
            if advice.kind == "teamwork":
                assert 0 < advice.teamwork <= team
                assert sum(dice) + 2 * advice.teamwork >= need
                assert sum(dice) + 2 * (advice.teamwork - 1) < need


def test_advice_spends_nothing_when_the_roll_already_succeeds_without_a_hood() -> None:
    advice = best_token_use((5, 4), 9, 0, teamwork=3, intelligence=3)
    assert advice.kind == "stop"
    assert advice.expected_tokens_spent == 0


def test_advice_rejects_impossible_dice() -> None:
    with pytest.raises(ValueError):
        best_token_use((6, 1), 8, 0)
    with pytest.raises(ValueError):
        best_token_use((1,), 8, 0)


def test_no_dice_disasters_are_certain_or_impossible() -> None:
    assert no_dice_odds(True).success == 1
    assert no_dice_odds(True).success_with_tokens == 1
    assert no_dice_odds(False).success_with_tokens == 0
    assert no_dice_odds(True).expected_hood == 0


def test_as_dict_keeps_exact_fractions() -> None:
    data = rescue_odds(11, 7, 1, 1).as_dict()
    assert data["success_exact"] == "13/18"
    assert data["success"] == pytest.approx(13 / 18)
