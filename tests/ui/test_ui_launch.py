"""`companion run` without a screen says so in one line and exits 3 (the Makefile's "said so"); `make run`
compiles the catalogues first."""

from __future__ import annotations

import os
import subprocess
import sys

from companion.paths import ROOT
from companion.ui.launch import NO_SCREEN_EXIT, has_screen, main, parse_size


def test_run_without_a_screen_says_so_in_one_line_and_points_to_the_demo() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    completed = subprocess.run(
        [sys.executable, "-m", "companion", "run"], env=env, capture_output=True, text=True, timeout=60, cwd=ROOT
    )
    assert completed.returncode == NO_SCREEN_EXIT == 3
    lines = (completed.stdout + completed.stderr).strip().splitlines()
    assert len(lines) == 1, lines
    assert "no screen" in lines[0] and "companion demo" in lines[0]
    assert "Traceback" not in completed.stderr


def test_make_run_without_a_screen_exits_cleanly_and_compiles_the_catalogues() -> None:
    # A fresh checkout has no compiled catalogues (.mo files are not kept in git): `make run` makes them, or the
    # app would speak only English. One is moved aside to stand for a fresh checkout, and put back if not remade.
    catalogue = ROOT / "companion" / "locale" / "fr" / "LC_MESSAGES" / "ui.mo"
    kept = catalogue.with_name(".ui.mo.kept")
    os.replace(catalogue, kept)
    try:
        env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
        completed = subprocess.run(
            ["make", "-s", "run"], env=env, capture_output=True, text=True, timeout=300, cwd=ROOT
        )
        assert completed.returncode == 0, completed.stderr
        assert "Traceback" not in completed.stderr
        assert "companion demo" in completed.stderr
        assert catalogue.read_bytes() == kept.read_bytes()
    finally:
        if catalogue.exists():
            kept.unlink()
        else:
            os.replace(kept, catalogue)


def test_any_of_the_display_variables_counts_as_a_screen() -> None:
    assert not has_screen({})
    assert has_screen({"DISPLAY": ":1"})
    assert has_screen({"WAYLAND_DISPLAY": "wayland-0"})
    assert has_screen({"SDL_VIDEODRIVER": "kmsdrm"})


def test_size_flag_is_checked() -> None:
    assert parse_size("720x1280") == (720, 1280)
    import argparse

    import pytest

    with pytest.raises(argparse.ArgumentTypeError):
        parse_size("big")
    with pytest.raises(argparse.ArgumentTypeError):
        parse_size("100x100")


def test_no_screen_check_happens_before_kivy_is_imported(monkeypatch) -> None:
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)
    already = "kivy" in sys.modules
    assert main([]) == NO_SCREEN_EXIT
    assert already or "kivy" not in sys.modules


def _mouse_provider_after_prepare(fullscreen: bool, tmp_path) -> dict[str, object]:
    """Runs `prepare_kivy` in a fresh interpreter (Kivy's config is process-wide) and builds the mouse provider
    from the resulting config line the way Kivy's event loop does."""
    code = (
        "import json, sys\n"
        "from companion.ui.launch import prepare_kivy\n"
        f"prepare_kivy((800, 480), {fullscreen!r}, None)\n"
        "from kivy.config import Config\n"
        "from kivy.input.factory import MotionEventFactory\n"
        "import kivy.input.providers  # registers the providers\n"
        "line = Config.get('input', 'mouse')\n"
        "provider_id, args = (line.split(',', 1) + [''])[:2]\n"
        "provider = MotionEventFactory.get(provider_id)('mouse', args)\n"
        "print(json.dumps({'line': line, 'on_activity': provider.disable_on_activity,\n"
        "                  'multitouch': provider.disable_multitouch}))\n"
    )
    env = dict(os.environ, KIVY_HOME=str(tmp_path), KIVY_NO_CONSOLELOG="1")
    completed = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    assert completed.returncode == 0, completed.stderr
    import json

    return json.loads(completed.stdout.strip().splitlines()[-1])


def test_fullscreen_mouse_stands_aside_while_the_touchscreen_is_touched(tmp_path) -> None:
    provider = _mouse_provider_after_prepare(True, tmp_path)
    assert provider["on_activity"] is True, provider
    assert provider["multitouch"] is True, provider


def test_windowed_mouse_is_the_only_pointer_and_always_counts(tmp_path) -> None:
    provider = _mouse_provider_after_prepare(False, tmp_path)
    assert provider["on_activity"] is False, provider
    assert provider["multitouch"] is True, provider


def test_a_desktop_start_prints_no_traceback_and_no_mtdev_error(xvfb_display: str, tmp_path) -> None:
    """The app started as typed on a desktop (here without libmtdev, as most desktops are), with Kivy's console log
    shown as a user sees it: it reaches its main loop without an ERROR line or a traceback."""
    import select
    import time

    env = {k: v for k, v in os.environ.items() if k not in ("KIVY_NO_CONSOLELOG", "WAYLAND_DISPLAY")}
    env.update(DISPLAY=xvfb_display, KIVY_HOME=str(tmp_path / "kivy"))
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "run"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        cwd=ROOT,
    )
    printed: list[str] = []
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and not any("Start application main loop" in line for line in printed):
            ready, _, _ = select.select([process.stdout], [], [], 1.0)
            if ready:
                line = process.stdout.readline()
                if not line:
                    break
                printed.append(line)
    finally:
        process.kill()
        process.wait(10)
    text = "".join(printed)
    assert "Start application main loop" in text, text
    assert "Traceback" not in text and "ERROR" not in text, text
    assert "MTDev is not supported" not in text, text


def test_a_text_field_without_xclip_or_xsel_logs_no_critical_record(xvfb_display: str, tmp_path) -> None:
    """The card editor's first text field loads Kivy's clipboard; without xclip or xsel (a Pi kiosk, most minimal
    desktops) Kivy logged a CRITICAL record with a traceback per missing tool. Here neither is on PATH."""
    script = (
        "from companion.ui.launch import prepare_kivy\n"
        "prepare_kivy((800, 480), False, None)\n"
        "import kivy.core.clipboard\n"
        "print('clipboard:', type(kivy.core.clipboard.Clipboard).__name__)\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("KIVY_NO_CONSOLELOG", "WAYLAND_DISPLAY")}
    env.update(DISPLAY=xvfb_display, KIVY_HOME=str(tmp_path / "kivy"), PATH=str(tmp_path))  # no xclip, no xsel
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    text = done.stdout + done.stderr
    assert done.returncode == 0, text
    assert "clipboard: Clipboard" in text, text
    assert "CRITICAL" not in text and "Traceback" not in text and "FileNotFoundError" not in text, text
    assert "no xclip or xsel here" in text, text
