"""The app starts in a real window and answers a touch."""

from __future__ import annotations


def test_home_then_settings_by_touch(run_app) -> None:
    report = run_app("smoke")
    assert report.ok, report.error
    assert report.notes["screen"] == "home"
    assert report.notes["after_tap"] == "settings"
    assert (report.out / "02-settings.png").stat().st_size > 1000
