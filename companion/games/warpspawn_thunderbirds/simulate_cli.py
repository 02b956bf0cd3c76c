"""`companion simulate --game warpspawn_thunderbirds [--games N] [--seed S] [--players P] [--size 10|12|20] [--json]`

Bot-played games summed up by board size (every size of the data unless `--size` picks one): game length in
turns, rescues per player, how the emergencies left the board, what happened once the Emergency deck ran out.
A progress bar goes to stderr when it is a terminal (never into a pipe or a file); the same arguments always
print the same results.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from companion.games.warpspawn_thunderbirds.simulate import SimulationReport, simulate
from companion.locale import LANGUAGES, domain, set_language
from companion.locale.numbers import decimal, percent

_, ngettext = domain("warpspawn_thunderbirds")

BAR_WIDTH = 30


def main(argv: Sequence[str] | None = None) -> int:
    from companion.games.warpspawn_thunderbirds.loader import default_definitions

    defs = default_definitions()
    parser = argparse.ArgumentParser(
        prog="companion simulate --game warpspawn_thunderbirds",
        description=_("Bot-played Warpspawn Thunderbirds games, by board size."),
    )
    parser.add_argument("--games", type=int, default=100, help=_("how many games per board size (default 100)"))
    low, high = defs.players
    parser.add_argument("--players", type=int, default=low, choices=range(low, high + 1), help=_("how many players"))
    parser.add_argument("--size", type=int, choices=defs.sizes, help=_("one board size (default: every size)"))
    parser.add_argument("--seed", type=int, default=0, help=_("the seed: the same seed gives the same results"))
    parser.add_argument("--json", action="store_true", help=_("print JSON instead of text"))
    parser.add_argument("--quiet", action="store_true", help=_("no progress bar (never drawn into a pipe or a file)"))
    parser.add_argument("--lang", choices=LANGUAGES, default="en")
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    set_language(args.lang)
    if args.games < 1:
        print(_("--games must be at least 1."), file=sys.stderr)
        return 2
    sizes = (args.size,) if args.size else defs.sizes
    reports = []
    for size in sizes:
        progress = None if args.quiet or not sys.stderr.isatty() else progress_bar(sys.stderr, size)
        reports.append(simulate(args.games, args.players, size, args.seed, defs, progress))
        if progress is not None:
            print(file=sys.stderr)
    if args.json:
        print(json.dumps([r.as_dict() for r in reports], indent=2))
    else:
        print(render_text(reports))
    return 0


def progress_bar(stream: TextIO, size: int) -> Callable[[int, int], None]:
    """A one-line bar redrawn in place, at most once per percent."""
    shown = [-1]

    def update(done: int, total: int) -> None:
        percent = done * 100 // total
        if percent == shown[0] and done != total:
            return
        shown[0] = percent
        filled = done * BAR_WIDTH // total
        stream.write(f"\r{size}x{size} [{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {done}/{total} ({percent}%)")
        stream.flush()

    return update


def _percent(value: float) -> str:
    """A share as the current language writes it ("12.5%" / "12,5 %", the space a no-break one)."""
    return percent(value, places=1)


def render_text(reports: list[SimulationReport]) -> str:
    """One column per board size."""
    first = reports[0]
    lines = [
        ngettext(
            "Warpspawn Thunderbirds, {players} players: {games} game per board size, seed {seed}.",
            "Warpspawn Thunderbirds, {players} players: {games} games per board size, seed {seed}.",
            first.games,
        ).format(players=first.players, games=first.games, seed=first.seed),
    ]
    rows: list[tuple[str, Callable[[SimulationReport], str]]] = [
        (_("board"), lambda r: f"{r.size}x{r.size}"),
        (_("turns (mean)"), lambda r: decimal(r.average_turns)),
        (_("turns (fewest-most)"), lambda r: f"{r.shortest}-{r.longest}"),
        (_("rescues per player"), lambda r: decimal(r.rescues_per_player, 2)),
        (_("rescues by seat"), lambda r: " / ".join(decimal(v) for v in r.rescues_by_seat)),
        (_("emergencies rescued"), lambda r: _percent(r.rescued_share)),
        (_("rescues by the first mover"), lambda r: _percent(r.first_mover_share)),
        (_("ties"), lambda r: _percent(r.tie_rate)),
        (_("winning margin (mean)"), lambda r: decimal(r.average_margin)),
        (_("on the board when the deck ran out"), lambda r: decimal(r.left_when_deck_ran_out)),
        (_("turns after the deck ran out"), lambda r: decimal(r.tail_turns)),
        (_("turns with an empty board"), lambda r: decimal(r.quiet_turns)),
        (_("Delays played per game"), lambda r: decimal(r.delays)),
        (_("games where the Responder deck ran out"), lambda r: str(r.short_games)),
        (_("unfinished games"), lambda r: str(r.unfinished)),
    ]
    width = max(len(label) for label, _value in rows)
    columns = [max(len(value(r)) for _label, value in rows) for r in reports]
    for label, value in rows:
        lines.append(f"{label:<{width}}  " + "  ".join(f"{value(r):>{w}}" for r, w in zip(reports, columns)))
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
