"""`companion demo --game NAME --out DIR`, for every game: a seeded game played by touch in the real app on a
virtual screen, each screen it passes saved as a numbered screenshot in DIR with a summary.

The harness does what every game's demo does alike: its arguments (`--out`, `--size`, `--lang` and the game's
own), a private virtual screen (Xvfb) when there is no display, a scratch directory for the saved games (the
player's are never touched), the app started, the summary (the game's facts, the layout and config problems, an
error that stopped it, the screenshots, the actions as the history words them in the chosen language) and the
files it wrote noted so that the next demo removes only those (`companion.ui.demo_output`). A game gives a `Demo`:
its own arguments, its script of touches and the facts its summary tells.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.ui.demo_output import Output, OutputClash
from companion.ui.launch import has_screen, parse_size
from companion.ui.touch_player import Script, TouchReport
from companion.ui.xvfb import XvfbError, start_xvfb, stop_xvfb


@dataclass
class Outcome:
    """How the app stood when the script ended."""

    error: str | None = None
    layout: dict[str, list[str]] = field(default_factory=dict)
    config: tuple[str, ...] = ()
    state: Any = None  # the game's final state (None when no game was started)
    pack: Any = None
    history: tuple[str, ...] = ()  # the labels of the history's steps not undone


class Demo:
    """One game's demo; a game subclasses it (or makes one) and its `demo` command calls `run`."""

    #: The summary's first line.
    title = "# Companion demo"
    #: `--help`'s description: the demo's module docstring (its first paragraph, whole).
    description = ""
    game = ""
    default_out = Path("artifacts/demo")
    output = Output()

    def __init__(self) -> None:
        self.report = TouchReport()

    @property
    def prog(self) -> str:
        return f"companion demo --game {self.game}" if self.game else "companion demo"

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        """The game's own options (`--seed`, `--players`...)."""

    def problem(self, args: argparse.Namespace) -> str | None:
        """Why these arguments cannot be played (said in one line, exit 2), or None."""
        return None

    #: Whether the demo plays with the shipped data and every default (its own data folder and an empty config
    #: file in the scratch directory), so the player's corrections and lights never change what it shows.
    own_data = False

    def environment(self, args: argparse.Namespace, scratch: Path) -> dict[str, str]:
        """The variables the app is started with: the saved games in the scratch directory (and, with `own_data`,
        its data folder and config file: a config file named by COMPANION_CONFIG must exist)."""
        variables = {"COMPANION_STATE_DIR": str(scratch / "state")}
        if self.own_data:
            config = scratch / "config.toml"
            config.write_text("# The demo plays with every default.\n", encoding="utf-8")
            variables.update(COMPANION_DATA_DIR=str(scratch / "data"), COMPANION_CONFIG=str(config))
        return variables

    def script(self, app: Any, args: argparse.Namespace, out: Path) -> Script:
        """The touches, inside the pilot: made by a `TouchPlayer` that keeps `self.report`."""
        raise NotImplementedError

    def facts(self, args: argparse.Namespace, outcome: Outcome) -> list[str]:
        """The summary's lines about the game: the first says what was played ("- Game: ..."), the others how
        it went."""
        return []

    def actions(self, outcome: Outcome) -> list[str]:
        """The actions the summary lists: those made by touch."""
        return list(self.report.labels)


def first_paragraph(doc: str | None) -> str:
    return " ".join((doc or "").split("\n\n")[0].split())


def build_parser(demo: Demo) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=demo.prog, description=demo.description)
    parser.add_argument("--out", type=Path, default=demo.default_out, help="where the screenshots go")
    demo.add_arguments(parser)
    parser.add_argument("--size", type=parse_size, default=(800, 480), help="window size, e.g. 720x1280")
    parser.add_argument("--lang", choices=("en", "fr"), default="en")
    return parser


def run(demo: Demo, argv: Sequence[str] | None = None) -> int:
    """The demo as typed: 0 when the script ran to its end, 1 when an error stopped it, 2 when it could not start."""
    args = build_parser(demo).parse_args(list(argv or ()))
    problem = demo.problem(args)
    out = args.out.resolve()
    if problem is None:
        try:
            out = demo.output.prepare(out)
        except OutputClash as clash:
            problem = str(clash)
    if problem is not None:
        print(f"companion demo: {problem}", file=sys.stderr)
        return 2
    xvfb = None
    if not has_screen():
        try:
            xvfb, display = start_xvfb()
        except XvfbError as error:
            raise SystemExit(f"companion demo: no display, and {error}") from None
        os.environ["DISPLAY"] = display
    scratch = Path(tempfile.mkdtemp(prefix="companion-demo-"))
    os.environ.update(demo.environment(args, scratch))
    os.environ.setdefault("KIVY_HOME", str(scratch / "kivy"))
    os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
    try:
        return _play(demo, args, out)
    finally:
        if xvfb is not None:
            stop_xvfb(xvfb)
        shutil.rmtree(scratch, ignore_errors=True)


def _play(demo: Demo, args: argparse.Namespace, out: Path) -> int:
    from companion.ui.launch import prepare_kivy

    prepare_kivy(args.size, False, None)
    from companion.ui.app import CompanionApp
    from companion.ui.pilot import Pilot

    outcome = Outcome()

    class DemoApp(CompanionApp):
        def on_start(self) -> None:
            self.pilot = Pilot(self)

            def done(error: BaseException | None) -> None:
                if error is not None:
                    outcome.error = "".join(traceback.format_exception(error))
                snapshot = self.controller.snapshot if self.controller else None
                if snapshot is not None:
                    outcome.state = snapshot.state
                    outcome.history = tuple(entry.label for entry in snapshot.history if not entry.is_undone)
                outcome.pack = self.pack
                outcome.layout = {k: [str(p) for p in v] for k, v in self.pilot.layout_problems.items()}
                outcome.config = tuple(str(p) for p in self.config_problems)
                self.stop()

            self.pilot.run(demo.script(self, args, out), done)

    try:
        DemoApp(language=args.lang).run()
    finally:
        summary = summarise(demo, args, outcome)
        (out / demo.output.summary).write_text(summary, encoding="utf-8")
        demo.output.record(out, [*demo.report.screenshots, demo.output.summary])
    print(summary)
    print(f"Screenshots and summary in {out}")
    return 0 if outcome.error is None else 1


def summarise(demo: Demo, args: argparse.Namespace, outcome: Outcome) -> str:
    report = demo.report
    game, *facts = demo.facts(args, outcome) or [f"- Game: {demo.game}"]
    problems = [f"{label}: {p}" for label, found in outcome.layout.items() for p in found]
    lines = [
        demo.title,
        "",
        game,
        f"- Screen: {args.size[0]}x{args.size[1]}, language {args.lang}",
        *facts,
        f"- Screens passed: {len(report.screens)}, screenshots: {len(report.screenshots)}",
        f"- Layout problems: {len(problems)}",
        *[f"  - {p}" for p in problems[:50]],
        f"- Config problems: {len(outcome.config)}",
        *[f"  - {p}" for p in outcome.config],
    ]
    if outcome.error:
        lines += ["", "## Stopped by an error", "", "```", outcome.error.rstrip(), "```"]
    lines += ["", "## Screenshots", ""]
    lines += [f"{i}. {name}" for i, name in enumerate(report.screenshots, start=1)]
    lines += ["", "## Actions", ""]
    lines += [f"{i}. {label}" for i, label in enumerate(demo.actions(outcome), start=1)]
    return "\n".join(lines) + "\n"
