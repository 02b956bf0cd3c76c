"""The Thing – Norwegian Outpost in the real app, by touch under Xvfb: a 5-player game from Home's picker, the
secret deal through the hand-over step seat by seat, two rounds with phase 8, a bag draw looked at by Green alone;
a third round's draw left on the screen when the app is killed with SIGKILL, and the game resumed from Home with
the same position and the same token, still seen by its player only; then Red escapes by the base helicopter, its
driver picked in the play screen's chooser. No token is ever on the shared screen, the
cover, a pop-up or the history."""

from __future__ import annotations

import json
import os
import signal
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conftest import artefact_dir
from runs import killed_run, scenario_notes

pytestmark = pytest.mark.slow

TOKENS = ("Human NPC", "Alien NPC", "PNJ Humain", "PNJ Alien")

SCENARIO = r"""
def thing_step(pilot, key, record):
    opener = pilot.opener(key)
    if opener is not None:  # the action is one of a kind: its group's chooser first, as a finger goes
        pilot.tap(opener)
        yield pilot.settle()
        record.append(pilot.texts())
    pilot.tap(key)
    yield pilot.settle()
    record.append(pilot.texts())
    while pilot.has("reveal:ok"):
        pilot.tap("reveal:ok")
        yield pilot.settle()
        record.append(pilot.texts())


def thing_secret(pilot, seat, choice, notes):
    pilot.tap(f"open:handover:{seat}")
    yield pilot.until(lambda: pilot.screen_name() == "handover", "the hand-over step")
    yield pilot.settle()
    notes["covers"].append(pilot.texts())
    pilot.tap("secret:show")
    yield pilot.settle()
    shown = pilot.texts()
    pilot.tap(choice)
    yield pilot.settle()
    notes["covers"].append(pilot.texts())
    while pilot.has("reveal:ok"):  # a public pop-up (the deal's end) over the cover
        pilot.tap("reveal:ok")
        yield pilot.settle()
    pilot.tap("secret:done")
    yield pilot.until(lambda: pilot.screen_name() == "play", "the play screen")
    yield pilot.settle()
    notes["shared"].append(pilot.texts())
    return shown


def thing_round(pilot, notes, holder, draw=None):
    for key in ["act:RollWeather"] + ["act:EndPhase"] * 3:
        yield from thing_step(pilot, key, notes["shared"])
    if draw is not None:
        yield from thing_step(pilot, f"act:DrawFromBag:{draw}", notes["shared"])
        shown = yield from thing_secret(pilot, draw, f"act:ReturnToken:{draw}", notes)
        notes["draws"].append(shown)
    for key in ["act:EndPhase"] * 4 + [f"act:MoveNpcs:{holder}"]:
        yield from thing_step(pilot, key, notes["shared"])


def thing_play(pilot, out, args, notes):
    import json, os, signal
    from pathlib import Path

    app = pilot.app
    notes.update(covers=[], shared=[], deal=[], draws=[])
    yield from pilot.open_from_home("the_thing", "new_game", "new_game")
    notes["layout"] = [str(p) for p in pilot.check_layout("new_game")]
    pilot.tap("players:5")
    yield pilot.settle()
    pilot.tap("start_game")
    yield pilot.until(lambda: pilot.screen_name() == "play", "the game")
    yield pilot.settle()
    notes["shared"].append(pilot.texts())
    notes["layout"] += [str(p) for p in pilot.check_layout("play")]
    for seat in range(5):
        shown = yield from thing_secret(pilot, seat, f"act:LookAtToken:{seat}", notes)
        notes["deal"].append(shown)
    yield from thing_round(pilot, notes, holder=2, draw=1)
    yield from thing_round(pilot, notes, holder=-1)
    for key in ["act:RollWeather"] + ["act:EndPhase"] * 3 + ["act:DrawFromBag:3"]:
        yield from thing_step(pilot, key, notes["shared"])
    notes["layout"] += [str(p) for p in pilot.check_layout("play-phase-4")]
    yield pilot.screenshot(out / "phase-4.png")
    snapshot = app.controller.snapshot
    notes["history"] = [entry.label for entry in snapshot.history]
    notes["state"] = app.pack.rules.encode_state(snapshot.state)
    notes["token"] = snapshot.state.draw_token
    notes["game_id"] = snapshot.game_id
    Path(os.environ["THING_NOTES"]).write_text(json.dumps(notes), encoding="utf-8")
    os.kill(os.getpid(), signal.SIGKILL)


def thing_resume(pilot, out, args, notes):
    app = pilot.app
    notes.update(covers=[], shared=[])
    yield pilot.until(lambda: bool(pilot.keys("resume:")), "the saved game on Home")
    yield pilot.settle()
    notes["home"] = pilot.texts()
    pilot.tap(pilot.keys("resume:")[0])
    yield pilot.until(lambda: app.controller.snapshot is not None and pilot.screen_name() == "play", "the game")
    yield pilot.settle()
    notes["shared"].append(pilot.texts())
    notes["state"] = app.pack.rules.encode_state(app.controller.snapshot.state)
    notes["secret_keys"] = pilot.keys("open:handover")
    shown = yield from thing_secret(pilot, 3, "act:ReturnToken:3", notes)
    notes["shown"] = shown
    # Red escapes by the base helicopter: the driver chosen in the escape's chooser, then the departure.
    for key in ["act:Board:base-helicopter:0:human", "act:Depart"]:
        yield from thing_step(pilot, key, notes["shared"])
    notes["escape_layout"] = [str(p) for p in pilot.check_layout("play-escaped")]
    notes["history"] = [entry.label for entry in app.controller.snapshot.history]
    def lit():
        mirror = app.lights.mirror
        return sorted(n for n, light in mirror.latest.items() if not light.is_dark) if mirror is not None else []

    yield pilot.until(lambda: bool(lit()), "the lights")
    notes["lights"] = lit()

    # The Box screen completes the dog track's length from the box, into the player's overlay.
    pilot.tap("open:menu")
    yield pilot.settle()
    pilot.tap("open:home")
    yield pilot.until(lambda: pilot.screen_name() == "home", "Home")
    yield from pilot.open_from_home("the_thing", "card_editor", "box")
    notes["box_layout"] = [str(p) for p in pilot.check_layout("box")]
    for _ in range(7):
        pilot.tap("box:dog:up")
        yield pilot.settle()
    notes["box_texts"] = pilot.texts()
    pilot.tap("box:save")
    yield pilot.until(lambda: app.pack.rules.definitions.dog_spaces == 8, "the data read again")
    notes["notice"] = app.notice
"""


def leaks(texts: list[list[str]]) -> list[str]:
    return [text for screen in texts for text in screen if any(token in text for token in TOKENS)]


def test_a_five_player_game_by_touch_keeps_every_token_secret_through_a_power_cut(
    xvfb_display: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    notes_file = tmp_path / "before.json"
    played, resumed = artefact_dir(request, "play"), artefact_dir(request, "resumed")
    code = killed_run(xvfb_display, played, "thing_play", SCENARIO, {"THING_NOTES": str(notes_file)})
    assert code == -signal.SIGKILL, "the play run did not reach its power cut: see its driver.log"
    before: dict[str, Any] = json.loads(notes_file.read_text(encoding="utf-8"))
    assert before["layout"] == []

    # The deal: each seat saw one token, exactly one of them alien; nothing shared ever named one.
    dealt = [next(token for token in TOKENS[:2] if any(token in text for text in shown)) for shown in before["deal"]]
    assert len(dealt) == 5 and dealt.count("Alien NPC") == 1
    assert leaks(before["covers"]) == [] and leaks(before["shared"]) == []
    assert len(before["draws"]) == 1 and any(t in " ".join(before["draws"][0]) for t in TOKENS[:2])
    assert "Green drew from the bag" in before["history"] and leaks([before["history"]]) == []
    assert before["state"]["turns"]["round"] == 3 and before["state"]["turns"]["first"] == 2

    after = scenario_notes(xvfb_display, resumed, "thing_resume", SCENARIO)
    assert after["state"] == before["state"]  # exactly where the screen was, the pending draw included
    assert after["secret_keys"] == ["open:handover:3"]
    expected = "Human NPC" if before["token"] == "human" else "Alien NPC"
    assert expected in after["shown"]
    assert leaks(after["covers"]) == [] and leaks(after["shared"]) == [] and leaks([after["home"]]) == []
    assert after["history"][-3:] == [
        "Yellow put the token back into the bag",
        "Red boards the base helicopter (Human)",
        "The base helicopter leaves",
    ]
    chooser = next(texts for texts in after["shared"] if "Escape with the base helicopter: the driver boards" in texts)
    assert "Red boards the base helicopter (Human)" in chooser and "Back to the game" in chooser
    assert "Escaped: Red" in after["shared"][-1] and after["escape_layout"] == []
    assert after["lights"] == ["dog.3", "leader.3", "phase.4"]  # Blue leads, phase 4, the dog on space 3
    assert after["box_layout"] == [] and "Dog-escape track: spaces" in after["box_texts"]
    saved = Path(os.environ["COMPANION_DATA_DIR"]) / "overlay" / "the_thing" / "box.toml"
    assert "spaces = 8" in saved.read_text(encoding="utf-8") and "box.toml" in after["notice"]
    # The app's log lines of both runs name no token either.
    logs = [(folder / "app.log").read_text(encoding="utf-8") for folder in (played, resumed)]
    assert all(log for log in logs) and leaks([logs]) == [] and not any("draw_token" in log for log in logs)
