"""Settings' section for phones and a TV, by touch in the real app: turned on for the run, the address shown, a
seat's code with its QR code, a new code, turned off again; and the presenter's words without a window."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.paths import ROOT
from companion.ui.presenters.web import present_seat_code, present_web

from .test_web_app import free_port

HERE = Path(__file__).resolve().parent
_LAUNCH = r"""
import sys
sys.path[:0] = [{ui!r}, {here!r}]
import scenarios, web_scenarios
vars(scenarios).update(vars(web_scenarios))
import driver
sys.argv = ["driver.py", "--scenario", "web_settings", "--out", {out!r}, "--lang", {lang!r}, "--size", {size!r}]
sys.exit(driver.main())
"""


def test_off_is_said_with_what_it_means() -> None:
    view = present_web(None)
    assert view.label.startswith("Phones and TV\nOff") and view.toggle == "Turn on" and not view.codes_enabled
    assert present_seat_code(None, 0) is None


@pytest.mark.parametrize(("lang", "size"), [("en", "800x480"), ("fr", "800x480"), ("fr", "720x1280")])
def test_settings_turns_the_pages_on_shows_a_seat_code_and_turns_them_off(
    xvfb_display: str, tmp_path: Path, lang: str, size: str
) -> None:
    out = tmp_path / "run"
    out.mkdir()
    port = free_port()
    Path(os.environ["COMPANION_CONFIG"]).write_text(f'[web]\nhost = "127.0.0.1"\nport = {port}\n', encoding="utf-8")
    code = _LAUNCH.format(ui=str(ROOT / "tests" / "ui"), here=str(HERE), out=str(out), lang=lang, size=size)
    environment = {**os.environ, "DISPLAY": xvfb_display, "KIVY_HOME": str(tmp_path / "kivy")}
    done = subprocess.run([sys.executable, "-c", code], env=environment, capture_output=True, text=True, timeout=240)
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert report["ok"], (report["error"] or "") + done.stdout[-2000:] + done.stderr[-2000:]
    notes = report["notes"]
    off, on = ("Éteint", "Sur le réseau") if lang == "fr" else ("Off", "On the network")
    assert off in notes["before"] and not notes["codes_enabled_off"]
    assert notes["url"] == f"http://127.0.0.1:{port}/" and on in notes["after"] and notes["url"] in notes["after"]
    assert notes["layout"] == [] and notes["popup_layout"] == []
    assert ("1\u00a0page ouverte" if lang == "fr" else "1 page watching") in notes["watching"]
    assert notes["popup_title"].endswith("votre propre vue" if lang == "fr" else ": your own view")
    assert any(notes["short"][:4] in text for text in notes["popup_text"])
    assert notes["qr"] and notes["qr"][0][0] >= 150
    assert notes["renewed"] is True
    assert off in notes["off_again"]
