"""The Rescue screen: the disaster with every bonus itemised, the odds before rolling (with and without tokens),
the dice, the token decisions after the roll, the result and the joker reward choice.

Three moments, read from the state: before the roll (phase "actions", a disaster chosen on the Table), the roll
under way (a `PendingRescue`), the reward to choose (a `PendingReward`); after that, the result of the last
rescue (from the events of the update that settled it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.thunderbirds import actions as a
from companion.games.thunderbirds import events as ev
from companion.games.thunderbirds import names
from companion.games.thunderbirds.bonuses import bonus_total, rescue_bonuses
from companion.games.thunderbirds.definitions import TOKEN_KINDS
from companion.games.thunderbirds.odds import best_token_use, rescue_odds
from companion.games.thunderbirds.rescue import hood_ignorer
from companion.games.thunderbirds.state import DIE, HOOD_FACE, PendingRescue, PendingReward
from companion.games.thunderbirds.ui.presenters.words import (
    bonus_line_text,
    decimal,
    percent,
    rescue_type_label,
    to_complete_text,
    token_label,
)
from companion.locale import _, ngettext
from companion.ui.action_keys import act
from companion.ui.presenters.lines import ButtonView, TextLine


@dataclass(frozen=True)
class RescueView:
    stage: str  # "before", "rolled", "reward", "result", "none"
    title: str
    card: str | None
    card_line: str  # "North America · Land · difficulty 8"
    rescue_type: str | None
    bonus_lines: tuple[TextLine, ...]
    bonus_total: str
    odds_lines: tuple[TextLine, ...]
    dice: tuple[int, ...]  # face values, 0 = the Hood
    ignored_die: int | None
    score_line: str
    advice: str
    fab_toggles: tuple[ButtonView, ...]
    buttons: tuple[ButtonView, ...]
    result_lines: tuple[TextLine, ...]
    reward_choices: tuple[ButtonView, ...]
    reward_picked: str


def _card_line(defs: Any, card: Any) -> str:
    region = names.region(defs, card.region) if card.region else _("Region to enter")
    if card.is_no_dice:
        difficulty = _("no dice")
    elif card.difficulty is None:
        difficulty = _("difficulty unknown")
    else:
        difficulty = _("difficulty {value}").format(value=card.difficulty)
    return f"{region} · {rescue_type_label(card.rescue_type)} · {difficulty}"


def _odds_lines(state: Any, defs: Any, card: Any, bonus: int) -> tuple[TextLine, ...]:
    hand = state.active_hand
    john = hood_ignorer(state, defs) is not None
    if card.is_no_dice:
        return (TextLine(_("No dice: this card is prevented for one action while its pieces are in place.")),)
    if card.difficulty is None:
        return (TextLine(to_complete_text(defs, card), "title"),)
    teamwork, intelligence = hand.count("teamwork"), hand.count("intelligence")
    odds = rescue_odds(card.difficulty, bonus, teamwork, intelligence, john)
    need = max(0, card.difficulty - bonus)
    lines = [
        TextLine(_("You need {need} or more on two dice.").format(need=need), "title"),
        TextLine(_("Chance without tokens: {chance}").format(chance=percent(odds.success))),
    ]
    if teamwork or intelligence:
        lines.append(
            TextLine(
                _("With your tokens used well ({intelligence} Intelligence, {teamwork} Teamwork): {chance}").format(
                    intelligence=intelligence, teamwork=teamwork, chance=percent(odds.success_with_tokens)
                ),
                "good",
            )
        )
    else:
        lines.append(TextLine(_("You hold no Intelligence or Teamwork token."), "dim"))
    lines.append(
        TextLine(
            _("Expected Hood advances from this roll: {value}").format(value=decimal(float(odds.expected_hood))), "dim"
        )
    )
    if john:
        lines.append(TextLine(_("John in Thunderbird 5 may ignore one Hood face."), "dim"))
    return tuple(lines)


def present_rescue(
    state: Any,
    defs: Any,
    legal: Sequence[Any],
    disaster: str | None,
    chosen_fabs: Sequence[str],
    last_events: Sequence[Any],
    character_name: Callable[[str], str],
    reward_picked: Sequence[str] = (),
) -> RescueView:
    pending = state.pending
    if isinstance(pending, PendingRescue):
        return _rolled(state, defs, legal, pending, character_name)
    if isinstance(pending, PendingReward):
        return _reward(state, defs, legal, pending, last_events, character_name, reward_picked)
    result = _result_lines(defs, last_events, character_name)
    if result:
        return _empty(_("Rescue"), "result", result, (ButtonView("rescue:done", _("Back to the table"), "primary"),))
    if disaster is None or disaster not in defs.disasters:
        return _empty(
            _("Rescue"),
            "none",
            (TextLine(_("Choose a disaster on the Table.")),),
            (ButtonView("rescue:done", _("Back to the table")),),
        )
    return _before(state, defs, legal, disaster, chosen_fabs)


def _empty(title: str, stage: str, lines: tuple[TextLine, ...], buttons: tuple[ButtonView, ...]) -> RescueView:
    return RescueView(stage, title, None, "", None, (), "", (), (), None, "", "", (), buttons, lines, (), "")


def _before(state: Any, defs: Any, legal: Sequence[Any], disaster: str, chosen: Sequence[str]) -> RescueView:
    card = defs.disasters[disaster]
    rescues = [x for x in legal if isinstance(x, a.Rescue) and x.disaster == disaster]
    confirms = [x for x in legal if isinstance(x, a.ConfirmRescue) and x.disaster == disaster]
    playable = sorted({f for x in rescues for f in x.fab_cards})
    chosen_tuple = tuple(f for f in playable if f in chosen)
    lines = rescue_bonuses(state, defs, disaster, chosen_tuple) if card.kind == "disaster" else ()
    total = bonus_total(lines)
    bonus_rows = tuple(
        TextLine(("✓ " if line.applies else "✗ ") + bonus_line_text(defs, line), "good" if line.applies else "dim")
        for line in lines
    )
    match = next((x for x in rescues if tuple(sorted(x.fab_cards)) == tuple(sorted(chosen_tuple))), None)
    buttons: list[ButtonView] = []
    if card.completeness != "complete":
        # Entered once from the box, the card is then rolled for and checked like any other.
        role = "primary" if card.difficulty is None and not card.is_no_dice else "normal"
        buttons.append(ButtonView(f"open:complete:{card.id}", _("Enter this card"), role))
    if match is not None:
        label = _("Prevent it (one action)") if card.is_no_dice else _("Roll the dice (one action)")
        buttons.append(ButtonView(act(match), label, "primary"))
    for confirm in confirms:
        buttons.append(ButtonView(act(confirm), _("We averted it, as the card says (one action)")))
    if not buttons:
        buttons.append(ButtonView("rescue:impossible", _("Not possible now"), "normal", enabled=False))
    buttons.append(ButtonView("rescue:done", _("Back to the table")))
    toggles = tuple(
        ButtonView(
            f"fab:{fab}",
            ("✓ " if fab in chosen_tuple else "") + _("Play {card}").format(card=names.card(defs, fab)),
            "primary" if fab in chosen_tuple else "normal",
        )
        for fab in playable
    )
    return RescueView(
        stage="before",
        title=_("Rescue: {card}").format(card=names.card(defs, disaster)),
        card=disaster,
        card_line=_card_line(defs, card),
        rescue_type=card.rescue_type,
        bonus_lines=bonus_rows,
        bonus_total=_("Bonus now: {total:+d}").format(total=total),
        odds_lines=_odds_lines(state, defs, card, total),
        dice=(),
        ignored_die=None,
        score_line="",
        advice="",
        fab_toggles=toggles,
        buttons=tuple(buttons),
        result_lines=(),
        reward_choices=(),
        reward_picked="",
    )


def _rolled(
    state: Any, defs: Any, legal: Sequence[Any], pending: PendingRescue, character_name: Callable[[str], str]
) -> RescueView:
    card = defs.disasters[pending.disaster]
    values = tuple(DIE.faces[f].value for f in pending.dice)
    difficulty = card.difficulty or 0
    score = pending.score
    hand = state.players[pending.player]
    buttons: list[ButtonView] = []
    for action in legal:
        if isinstance(action, a.UseIntelligence):
            face = values[action.die]
            shown = _("Hood") if pending.dice[action.die] == HOOD_FACE else str(face)
            buttons.append(
                ButtonView(
                    act(action), _("Re-roll die {n} ({face}) with Intelligence").format(n=action.die + 1, face=shown)
                )
            )
        elif isinstance(action, a.UseTeamwork):
            buttons.append(ButtonView(act(action), _("+2 with Teamwork")))
        elif isinstance(action, a.IgnoreHood):
            buttons.append(ButtonView(act(action), _("John ignores the Hood on die {n}").format(n=action.die + 1)))
    for action in legal:
        if isinstance(action, a.FinishRescue):
            success = score >= difficulty
            label = _("Finish: rescue succeeds") if success else _("Finish: rescue fails, the card stays")
            buttons.append(ButtonView(act(action), label, "success" if success else "danger"))
    hoods = pending.hood_faces
    score_line = score_text(score, difficulty)
    if hoods:
        score_line += " · " + ngettext(
            "the Hood will advance {count} space", "the Hood will advance {count} spaces", hoods
        ).format(count=hoods)
    john = hood_ignorer(state, defs) is not None and pending.ignored_die is None
    advice_text = ""
    if card.difficulty is not None:
        advice = best_token_use(
            values,
            card.difficulty,
            pending.bonus + pending.adjust_bonus + 2 * pending.teamwork,
            hand.count("teamwork"),
            hand.count("intelligence"),
            john,
        )
        if advice.kind == "reroll" and advice.die is not None:
            advice_text = _("Best: re-roll die {n} ({chance} to succeed).").format(
                n=advice.die + 1, chance=percent(advice.success)
            )
        elif advice.kind == "teamwork":
            advice_text = _("Best: add {count} Teamwork.").format(count=advice.teamwork)
        else:
            advice_text = _("Chance to succeed from here: {chance}.").format(chance=percent(advice.success))
    bonus_parts = [
        _("dice {dice}").format(
            dice=" + ".join(_("Hood") if v == 0 and f == HOOD_FACE else str(v) for v, f in zip(values, pending.dice))
        )
    ]
    bonus_parts.append(_("bonuses {bonus:+d}").format(bonus=pending.bonus))
    if pending.teamwork:
        bonus_parts.append(_("Teamwork {value:+d}").format(value=2 * pending.teamwork))
    if pending.adjust_bonus:
        bonus_parts.append(_("adjusted {value:+d}").format(value=pending.adjust_bonus))
    return RescueView(
        stage="rolled",
        title=_("Rescue: {card}").format(card=names.card(defs, pending.disaster)),
        card=pending.disaster,
        card_line=_card_line(defs, card),
        rescue_type=card.rescue_type,
        bonus_lines=(TextLine(" · ".join(bonus_parts)),),
        bonus_total=_("{who} rolls").format(who=character_name(hand.character)),
        odds_lines=(),
        dice=values,
        ignored_die=pending.ignored_die,
        score_line=score_line,
        advice=advice_text,
        fab_toggles=(),
        buttons=tuple(buttons),
        result_lines=(),
        reward_choices=(),
        reward_picked="",
    )


def score_text(score: int, difficulty: int) -> str:
    """The roll against the card: "Score 9, 7 needed: it succeeds" (never "9 of 7"), or how far short it is."""
    if score >= difficulty:
        return _("Score {score}, {difficulty} needed: it succeeds").format(score=score, difficulty=difficulty)
    return ngettext(
        "Score {score}, {difficulty} needed: {short} point short",
        "Score {score}, {difficulty} needed: {short} points short",
        difficulty - score,
    ).format(score=score, difficulty=difficulty, short=difficulty - score)


def _reward(
    state: Any,
    defs: Any,
    legal: Sequence[Any],
    pending: PendingReward,
    last_events: Sequence[Any],
    character_name: Callable[[str], str],
    picked: Sequence[str],
) -> RescueView:
    choices = [x.kinds for x in legal if isinstance(x, a.ChooseReward)]
    picked_tuple = tuple(picked)
    buttons = []
    for kind in TOKEN_KINDS:
        prefix = picked_tuple + (kind,)
        possible = any(_multiset_contains(c, prefix) for c in choices)
        buttons.append(ButtonView(f"reward:{kind}", token_label(defs, kind), "primary", possible))
    lines = _result_lines(defs, last_events, character_name)
    lines += (
        TextLine(
            ngettext(
                "Choose {count} token for the joker reward.",
                "Choose {count} tokens for the joker reward.",
                pending.jokers,
            ).format(count=pending.jokers),
            "title",
        ),
    )
    return RescueView(
        stage="reward",
        title=_("Reward: {card}").format(card=names.card(defs, pending.disaster)),
        card=pending.disaster,
        card_line="",
        rescue_type=None,
        bonus_lines=(),
        bonus_total="",
        odds_lines=(),
        dice=(),
        ignored_die=None,
        score_line="",
        advice="",
        fab_toggles=(),
        buttons=(),
        result_lines=lines,
        reward_choices=tuple(buttons),
        reward_picked=", ".join(token_label(defs, k) for k in picked_tuple),
    )


def _multiset_contains(choice: Sequence[str], prefix: Sequence[str]) -> bool:
    remaining = list(choice)
    for kind in prefix:
        if kind not in remaining:
            return False
        remaining.remove(kind)
    return True


def reward_action(legal: Sequence[Any], picked: Sequence[str]) -> Any | None:
    """The ChooseReward action matching the tokens picked so far, once enough are picked."""
    for action in legal:
        if isinstance(action, a.ChooseReward) and sorted(action.kinds) == sorted(picked):
            return action
    return None


def _result_lines(defs: Any, events: Sequence[Any], character_name: Callable[[str], str]) -> tuple[TextLine, ...]:
    lines: list[TextLine] = []
    for event in events:
        if isinstance(event, ev.RescueSucceeded):
            if event.score is None:
                lines.append(TextLine(_("{card} is averted.").format(card=names.card(defs, event.disaster)), "good"))
            else:
                lines.append(
                    TextLine(
                        _("Success: {score} against {difficulty}. {card} is averted.").format(
                            score=event.score, difficulty=event.difficulty, card=names.card(defs, event.disaster)
                        ),
                        "good",
                    )
                )
        elif isinstance(event, ev.RescueFailed):
            lines.append(
                TextLine(
                    _("Failed: {score} against {difficulty}. The card stays; you may try again.").format(
                        score=event.score, difficulty=event.difficulty
                    ),
                    "bad",
                )
            )
        elif isinstance(event, ev.TokenGained) and event.reason == "reward":
            lines.append(
                TextLine(
                    _("{who} takes a {kind} token.").format(
                        who=character_name(event.player), kind=token_label(defs, event.kind)
                    )
                )
            )
        elif isinstance(event, ev.RewardMissing):
            lines.append(
                TextLine(
                    _("No {kind} token left in the supply: nothing instead.").format(
                        kind=token_label(defs, event.kind)
                    ),
                    "dim",
                )
            )
        elif isinstance(event, ev.HoodAdvanced):
            lines.append(TextLine(_("The Hood moves to space {space}.").format(space=event.to + 1), "bad"))
        elif isinstance(event, ev.HoodIgnored):
            lines.append(TextLine(_("John ignores a Hood face."), "dim"))
    return tuple(lines)
