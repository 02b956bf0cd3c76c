"""`companion odds SCENARIO_FILE [--disaster ID] [--json]`: exact rescue odds in a scenario's final position.

Lists every disaster the active character can attempt where they stand (or the one named by `--disaster`,
wherever it is on the track), with each bonus line, the odds without tokens and with the active player's
Teamwork and Intelligence used well, and the expected Hood advances.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion.engine.errors import CompanionError
from companion.games.thunderbirds import names
from companion.games.thunderbirds.bonuses import BonusLine, rescue_bonuses
from companion.games.thunderbirds.definitions import Definitions
from companion.games.thunderbirds.odds import RescueOdds, advice_for, odds_for
from companion.games.thunderbirds.rescue import is_unknown
from companion.games.thunderbirds.state import DIE, GameState, PendingRescue
from companion.locale import LANGUAGES, domain, set_language
from companion.locale.numbers import percent

_, ngettext = domain("thunderbirds")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion odds", description=_("Exact rescue odds for the final position of a scenario file.")
    )
    parser.add_argument("scenario", type=Path, help=_("the scenario file (TOML)"))
    parser.add_argument("--disaster", help=_("only this disaster card (its id), wherever it is on the track"))
    parser.add_argument("--json", action="store_true", help=_("print JSON instead of text"))
    parser.add_argument("--lang", choices=LANGUAGES, default=None, help=_("the language of the report"))
    return parser


def main(argv: Sequence[str]) -> int:
    args = _parser().parse_args(list(argv))
    if args.lang is not None:
        set_language(args.lang)
    from companion.games.thunderbirds.scenario import load_scenario, run_scenario

    try:
        result = run_scenario(load_scenario(args.scenario))
    except CompanionError as error:
        print(error.message, file=sys.stderr)
        return 2
    state, defs = result.state, result.defs
    if result.error is not None:
        print(
            _("The script stopped at action {number}: {reason}").format(
                number=(result.error_action or 0) + 1, reason=result.error
            ),
            file=sys.stderr,
        )
    if args.disaster is not None and args.disaster not in defs.disasters:
        print(_("There is no disaster card called {name}.").format(name=args.disaster), file=sys.stderr)
        return 2
    report = odds_report(state, defs, args.disaster)
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        print(render_text(report))
    return 0 if result.error is None else 1


def candidate_disasters(state: GameState, defs: Definitions, only: str | None = None) -> tuple[str, ...]:
    """The disasters on the track the active character could attempt now (all of them when `only` is given)."""
    here = state.character_region(state.active_character)
    chosen = []
    for _slot, card_id in state.track.occupied():
        if only is not None:
            if card_id == only:
                chosen.append(card_id)
            continue
        card = defs.disasters[card_id]
        if card.region == here or (is_unknown(card) and card.region is None):
            chosen.append(card_id)
    return tuple(chosen)


def odds_report(state: GameState, defs: Definitions, only: str | None = None) -> dict[str, Any]:
    """The figures as plain data (what `--json` prints; the text form is rendered from it)."""
    who = state.active_character
    hand = state.active_hand
    here = state.character_region(who)
    disasters = []
    for card_id in candidate_disasters(state, defs, only):
        card = defs.disasters[card_id]
        odds: RescueOdds | None = odds_for(state, defs, card_id)
        entry: dict[str, Any] = {
            "id": card_id,
            "name": names.card(defs, card_id),
            "slot": state.track.slot_of(card_id),
            "region": card.region,
            "in_region": card.region == here,
            "difficulty": card.difficulty,
            "known": odds is not None,
            "bonuses": [_line_data(defs, line) for line in _lines(state, defs, card_id)],
        }
        if odds is not None:
            entry["odds"] = odds.as_dict()
        disasters.append(entry)
    if only is not None and not disasters:
        disasters.append({"id": only, "name": names.card(defs, only), "slot": None, "on_track": False})
    return {
        "active": who,
        "active_name": names.character(defs, who),
        "region": here,
        "region_name": names.region(defs, here),
        "actions_left": state.actions_left,
        "teamwork": hand.count("teamwork"),
        "intelligence": hand.count("intelligence"),
        "hood": state.hood,
        "disasters": disasters,
        "rescue_under_way": _advice_data(state, defs),
    }


def _advice_data(state: GameState, defs: Definitions) -> dict[str, Any] | None:
    """The dice of the rescue under way and the best next token decision, if a dice rescue awaits decisions."""
    advice = advice_for(state, defs)
    pending = state.pending
    if advice is None or not isinstance(pending, PendingRescue):
        return None
    return {
        "disaster": pending.disaster,
        "name": names.card(defs, pending.disaster),
        "dice": [DIE.faces[f].value for f in pending.dice],
        "score": pending.score,
        "advice": advice.kind,
        "die": advice.die,
        "teamwork": advice.teamwork,
        "success": float(advice.success),
        "success_exact": f"{advice.success.numerator}/{advice.success.denominator}",
        "expected_hood": float(advice.expected_hood),
    }


def _lines(state: GameState, defs: Definitions, card_id: str) -> tuple[BonusLine, ...]:
    card = defs.disasters[card_id]
    if card.kind != "disaster" or card.difficulty is None:
        return ()
    return rescue_bonuses(state, defs, card_id)


def _line_data(defs: Definitions, line: BonusLine) -> dict[str, Any]:
    if line.piece is not None:
        label = names.piece(defs, line.piece)
    else:
        label = names.card(defs, line.card)
    return {"label": label, "value": line.value, "applies": line.applies, "why": line.why, "source": line.source}


def _render_advice(data: dict[str, Any]) -> str:
    dice = ", ".join(_("Hood") if value == 0 else str(value) for value in data["dice"])
    head = _("Rescue under way on {card}: dice {dice}, score {score}.").format(
        card=data["name"], dice=dice, score=data["score"]
    )
    if data["advice"] == "reroll":
        advice = _("Best: re-roll die {die} with an Intelligence token.").format(die=data["die"] + 1)
    elif data["advice"] == "teamwork":
        advice = ngettext(
            "Best: add {count} Teamwork token, then finish.",
            "Best: add {count} Teamwork tokens, then finish.",
            data["teamwork"],
        ).format(count=data["teamwork"])
    else:
        advice = _("Best: finish the rescue now.")
    chance = _("Success from here: {success}; The Hood advances {hood:.2f} spaces on average.").format(
        success=_percent(data["success"]), hood=data["expected_hood"]
    )
    return "\n".join((head, "  " + advice, "  " + chance))


def _percent(value: float) -> str:
    return percent(value, places=1)


def render_text(report: dict[str, Any]) -> str:
    lines = [
        ngettext(
            "{character} in {region}: {actions} action left, {teamwork} Teamwork, {intelligence} Intelligence.",
            "{character} in {region}: {actions} actions left, {teamwork} Teamwork, {intelligence} Intelligence.",
            report["actions_left"],
        ).format(
            character=report["active_name"],
            region=report["region_name"],
            actions=report["actions_left"],
            teamwork=report["teamwork"],
            intelligence=report["intelligence"],
        )
    ]
    under_way = report.get("rescue_under_way")
    if under_way is not None:
        lines.append(_render_advice(under_way))
    elif not report["disasters"]:
        lines.append(_("No disaster card here to rescue."))
    for entry in report["disasters"]:
        lines.append("")
        if entry.get("on_track") is False:
            lines.append(_("{card} is not on the disaster track.").format(card=entry["name"]))
            continue
        lines.append(_("{card} (slot {slot})").format(card=entry["name"], slot=entry["slot"]))
        if not entry["known"]:
            lines.append("  " + _("The app does not know this card: read it from your box."))
            continue
        odds = entry["odds"]
        if odds["no_dice"]:
            text = (
                _("No dice: certain, its pieces are in place.")
                if odds["success"]
                else _("No dice: its pieces are not all in place yet.")
            )
            lines.append("  " + text)
            continue
        if not entry["in_region"]:
            lines.append("  " + _("(not in this region: the odds are as if the rescue were attempted here)"))
        lines.append(
            "  "
            + _("Difficulty {difficulty}, bonus {bonus:+d}.").format(difficulty=odds["difficulty"], bonus=odds["bonus"])
        )
        for line in entry["bonuses"]:
            mark = "+" if line["applies"] else "-"
            lines.append(f"    {mark} {line['label']} {line['value']:+d}")
        lines.append(
            "  "
            + _("Without tokens: {success} success, The Hood advances {hood:.2f} spaces on average.").format(
                success=_percent(odds["success"]), hood=odds["expected_hood"]
            )
        )
        if odds["teamwork"] or odds["intelligence"]:
            lines.append(
                "  "
                + _(
                    "Tokens used well: {success} success, The Hood advances {hood:.2f} spaces on average, "
                    "{tokens:.2f} tokens spent on average."
                ).format(
                    success=_percent(odds["success_with_tokens"]),
                    hood=odds["expected_hood_with_tokens"],
                    tokens=odds["expected_tokens_spent"],
                )
            )
        if odds["john_ignores"]:
            lines.append("  " + _("John in Thunderbird 5 ignores one Hood face."))
    return "\n".join(lines)
