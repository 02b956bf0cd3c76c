"""`companion simulate --games N --players P --difficulty D --seed S [--json]`: bot-played games, summed up.

Prints the win rate with its Wilson 95% interval, the causes of defeat, the average score and length, and the
assumptions made for cards the app does not know. A progress bar goes to stderr when it is a terminal (never
into a pipe or a file); the same arguments always print the same results.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from companion.games.thunderbirds.simulate import SimulationReport, simulate
from companion.locale import LANGUAGES, domain, set_language
from companion.locale.numbers import percent

_, ngettext = domain("thunderbirds")

BAR_WIDTH = 30


def _parser(difficulties: Sequence[str]) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion simulate", description=_("Bot-played Thunderbirds games: win rate, causes of defeat, score.")
    )
    parser.add_argument("--games", type=int, default=100, help=_("how many games (default 100)"))
    parser.add_argument("--players", type=int, default=2, choices=(1, 2, 3, 4), help=_("1 to 4 (1 is solo)"))
    parser.add_argument("--difficulty", default="standard", choices=tuple(difficulties), help=_("the difficulty level"))
    parser.add_argument("--seed", type=int, default=0, help=_("the seed: the same seed gives the same results"))
    parser.add_argument("--json", action="store_true", help=_("print JSON instead of text"))
    parser.add_argument("--quiet", action="store_true", help=_("no progress bar (never drawn into a pipe or a file)"))
    parser.add_argument("--lang", choices=LANGUAGES, default=None, help=_("the language of the report"))
    return parser


def main(argv: Sequence[str]) -> int:
    from companion.games.thunderbirds.loader import default_definitions

    defs = default_definitions()
    args = _parser(tuple(defs.difficulties)).parse_args(list(argv))
    if args.lang is not None:
        set_language(args.lang)
    if args.games < 1:
        print(_("--games must be at least 1."), file=sys.stderr)
        return 2
    progress = None if args.quiet or not sys.stderr.isatty() else progress_bar(sys.stderr)
    report = simulate(args.games, args.players, args.difficulty, args.seed, defs, progress)
    if progress is not None:
        print(file=sys.stderr)
    if args.json:
        print(json.dumps(report.as_dict(), indent=2, ensure_ascii=False))
    else:
        print(render_text(report, defs.difficulties[args.difficulty].names.text()))
    return 0


def progress_bar(stream: TextIO) -> Callable[[int, int], None]:
    """A one-line bar redrawn in place, at most once per percent."""
    shown = [-1]

    def update(done: int, total: int) -> None:
        percent = done * 100 // total
        if percent == shown[0] and done != total:
            return
        shown[0] = percent
        filled = done * BAR_WIDTH // total
        stream.write(f"\r[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {done}/{total} ({percent}%)")
        stream.flush()

    return update


def _percent(value: float) -> str:
    return percent(value, places=1)


def defeat_label(reason: str) -> str:
    return {
        "skull": _("a disaster reached the skull"),
        "scheme-reached": _("The Hood reached a scheme not foiled"),
        "deck-exhausted": _("the disaster deck ran out"),
        "unfinished": _("unfinished (stopped after too many steps)"),
    }.get(reason, reason)


def render_text(report: SimulationReport, difficulty_name: str) -> str:
    if report.players == 1:
        who = _("solo (3 characters)")
    else:
        who = _("{count} players").format(count=report.players)
    low, high = report.interval
    lines = [
        _("Thunderbirds, {who}, {difficulty}: {games} games, seed {seed}.").format(
            who=who, difficulty=difficulty_name, games=report.games, seed=report.seed
        ),
        _("Win rate: {rate} ({wins} won), 95% interval {low} to {high}.").format(
            rate=_percent(report.win_rate), wins=report.wins, low=_percent(low), high=_percent(high)
        ),
    ]
    if report.defeats:
        lines.append(_("Causes of defeat:"))
        for reason, count in report.defeats:
            lines.append(f"  {defeat_label(reason)}: {count} ({_percent(count / report.games)})")
    lines.append(
        _("Average score {score:.1f}; average length {turns:.1f} turns ({steps:.0f} steps).").format(
            score=report.average_score, turns=report.average_turns, steps=report.average_steps
        )
    )
    if report.bot_errors:
        lines.append(
            ngettext(
                "The bot made {count} choice the rules refused.",
                "The bot made {count} choices the rules refused.",
                report.bot_errors,
            ).format(count=report.bot_errors)
        )
    lines.append(_("Assumptions for cards the app does not know:"))
    lines.extend(f"  - {text}" for text in report.assumptions)
    return "\n".join(lines)
