"""`companion demo --game federation --out DIR`: a seeded Federation game played by touch in the real app on a
virtual screen, each screen it passes saved as a numbered screenshot in DIR with `summary.md` (the game, the
actions made, any layout problem found).

Three races explore the map turn after turn: a fleet enters the first system it may, faces the Enigma found
there, tries diplomacy or takes control, builds where it can, and the turn ends with its revenue; then the
revenue, the victory watch, our readings, the turn's checklist and the history. Without a display the demo
starts its own virtual screen (Xvfb). The game is kept in a scratch directory (the saved games are untouched),
and the demo writes only its own files in DIR (it deletes nothing).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import traceback
from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.ui.launch import has_screen, parse_size
from companion.ui.xvfb import XvfbError, start_xvfb, stop_xvfb

RACES = ("federation", "klingon", "romulan")


def build_parser() -> argparse.ArgumentParser:
    # The docstring's first paragraph, whole: its first line alone stops mid-sentence.
    summary = " ".join((__doc__ or "").split("\n\n")[0].split())
    parser = argparse.ArgumentParser(prog="companion demo --game federation", description=summary)
    parser.add_argument("--out", type=Path, default=Path("artifacts/demo-federation"), help="where the screenshots go")
    parser.add_argument("--seed", type=int, default=15, help="the game's seed (its dice)")
    parser.add_argument("--turns", type=int, default=3, help="how many turns to play")
    parser.add_argument("--size", type=parse_size, default=(800, 480), help="window size, e.g. 720x1280")
    parser.add_argument("--lang", choices=("en", "fr"), default="en")
    return parser


@dataclass
class DemoReport:
    screenshots: list[str] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    layout: dict[str, list[str]] = field(default_factory=dict)
    error: str | None = None
    turn: int = 0
    winner: str | None = None


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(list(argv or ()))
    out: Path = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    xvfb = None
    if not has_screen():
        try:
            xvfb, display = start_xvfb()
        except XvfbError as error:
            raise SystemExit(f"companion demo: no display, and {error}") from None
        os.environ["DISPLAY"] = display
    scratch = tempfile.mkdtemp(prefix="companion-demo-")
    os.environ["COMPANION_STATE_DIR"] = str(Path(scratch) / "state")
    os.environ.setdefault("KIVY_HOME", str(Path(scratch) / "kivy"))
    os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
    try:
        return _run(args, out)
    finally:
        if xvfb is not None:
            stop_xvfb(xvfb)
        shutil.rmtree(scratch, ignore_errors=True)


def _run(args: argparse.Namespace, out: Path) -> int:
    from companion.ui.launch import prepare_kivy

    prepare_kivy(args.size, False, None)
    from companion.ui.app import CompanionApp
    from companion.ui.pilot import Pilot

    report = DemoReport()

    class DemoApp(CompanionApp):
        def on_start(self) -> None:
            self.pilot = Pilot(self)

            def done(error: BaseException | None) -> None:
                if error is not None:
                    report.error = "".join(traceback.format_exception(error))
                snapshot = self.controller.snapshot if self.controller else None
                if snapshot is not None:
                    report.labels = [entry.label for entry in snapshot.history if not entry.is_undone]
                    report.turn = snapshot.state.turn
                    report.winner = self.pack.rules.outcome(snapshot.state)
                report.layout = {k: [str(p) for p in v] for k, v in self.pilot.layout_problems.items()}
                self.stop()

            self.pilot.run(Demo(self.pilot, out, report).script(args.seed, args.turns), done)

    DemoApp(language=args.lang).run()
    summary = _summary(args, report)
    (out / "summary.md").write_text(summary, encoding="utf-8")
    print(summary)
    return 0 if report.error is None else 1


class Demo:
    """The demo's touches: each one waits for the app to settle; each new screen or pop-up is photographed."""

    def __init__(self, pilot: Any, out: Path, report: DemoReport) -> None:
        self.pilot = pilot
        self.out = out
        self.report = report

    def tap(self, key: str) -> Iterator[Any]:
        yield self.pilot.button(key)
        self.pilot.tap(key)
        yield self.pilot.settle()

    def shoot(self, label: str) -> Iterator[Any]:
        yield self.pilot.drawn()
        name = f"{len(self.report.screenshots) + 1:04d}-{label}.png"
        self.report.screenshots.append(name)
        yield self.pilot.screenshot(self.out / name)
        self.pilot.check_layout(label)

    def act(self, key: str, then: str | None = None) -> Iterator[Any]:
        """A touch that sends one action (through a pop-up's `then` button): waits for the game to have it, and
        photographs the pop-up it brings."""
        app = self.pilot.app
        before = app.controller.snapshot.version
        yield from self.tap(key)
        if then is not None:
            yield from self.shoot(key.replace(":", "-"))
            yield from self.tap(then)
        yield self.pilot.until(lambda: app.controller.snapshot.version > before, f"the action of {key}")
        if self.pilot.has("reveal:ok"):
            yield from self.shoot("reveal")
            yield from self.tap("reveal:ok")

    def script(self, seed: int, turns: int) -> Generator[Any, None, None]:
        pilot = self.pilot
        app = pilot.app
        yield pilot.until(lambda: pilot.has("game:federation"), "Federation on Home's picker")
        yield from self.tap("game:federation")
        yield from self.shoot("home")
        app.next_seed = seed
        yield from self.tap("new_game")
        for race in ("federation", "klingon"):  # the form's two races taken away, then tapped in seat order
            yield from self.tap(f"race:{race}")
        for race in RACES:
            yield from self.tap(f"race:{race}")
        yield from self.tap("systems:6")
        yield from self.shoot("new-game")
        yield from self.tap("start_game")
        yield pilot.until(lambda: pilot.screen_name() == "table" and app.controller.snapshot is not None, "the list")
        for turn in range(turns):
            yield from self.shoot(f"turn-{turn + 1}")
            for race in RACES:
                if app.pack.rules.outcome(app.controller.snapshot.state) is not None:
                    break
                yield from self.fleet(race, with_science=turn == 0)
            if app.pack.rules.outcome(app.controller.snapshot.state) is not None:
                break
            yield from self.act("act:EndTurn")
        for screen in ("revenue", "victory", "readings", "turn"):
            yield from self.tap(f"open:{screen}")
            yield from self.shoot(screen)
            yield from self.tap("back")
        yield from self.tap("open:history")
        yield from self.shoot("history")

    def fleet(self, race: str, with_science: bool) -> Iterator[Any]:
        """A fleet of `race` enters the first system it may; what can be done there is done, then back."""
        pilot = self.pilot
        yield from self.tap("open:enter")
        systems = pilot.keys("enter:system:")
        if not systems:
            yield from self.tap("back")
            return
        yield from self.tap(systems[0])
        if not pilot.has(f"enter:race:{race}"):  # a stack of this race already waits there
            yield from self.tap("back")
            return
        yield from self.tap(f"enter:race:{race}")
        if with_science:
            yield from self.tap("enter:ship:science-vessel")
        yield from self.shoot(f"enter-{race}")
        yield from self.act("enter:go")
        yield pilot.until(lambda: pilot.screen_name() == "system", "the system's record")
        yield from self.shoot(f"system-{race}")
        if pilot.has(f"roll:enigma:{race}"):
            yield from self.act(f"roll:enigma:{race}", "roll:confirm")
        if pilot.has(f"roll:diplomacy:{race}"):
            yield from self.act(f"roll:diplomacy:{race}", "roll:confirm")
        else:
            control = [key for key in pilot.keys("act:SetOwner:") if key.endswith(f":{race}")]
            if control:
                yield from self.act(control[0])
        for kind in ("colony", "shipyard", "terraform"):
            if pilot.has(f"build:{kind}"):
                yield from self.act(f"build:{kind}", "roll:confirm")
                break
        yield from self.tap("back")


def _summary(args: argparse.Namespace, report: DemoReport) -> str:
    problems = [f"{label}: {problem}" for label, found in report.layout.items() for problem in found]
    lines = [
        "# Companion demo: Federation (Warp Empires)",
        "",
        f"- Game: {', '.join(RACES)}, 6 systems besides the Homesystems, seed {args.seed}",
        f"- Screen: {args.size[0]}x{args.size[1]}, language {args.lang}",
        f"- Turn reached: {report.turn}; winner: {report.winner or 'none yet'}",
        f"- Actions made by touch: {len(report.labels)}",
        f"- Screenshots: {len(report.screenshots)}",
        f"- Layout problems: {len(problems)}",
    ]
    lines += [f"  - {p}" for p in problems[:50]]
    if report.error:
        lines += ["", "## Stopped by an error", "", "```", report.error.rstrip(), "```"]
    lines += ["", "## Screenshots", ""]
    lines += [f"{i}. {name}" for i, name in enumerate(report.screenshots, start=1)]
    lines += ["", "## Actions", ""]
    lines += [f"{i}. {label}" for i, label in enumerate(report.labels, start=1)]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
