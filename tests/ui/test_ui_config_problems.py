"""Mistakes in the config file, as a café makes them, in the real app: each named on Home and said once in the
notice bar (as a broken card overlay is), listed in Settings; the bad key alone is left out, the rest applies."""

from __future__ import annotations

import os
from pathlib import Path


def test_a_typo_loses_only_its_key_and_is_shown_on_home(run_app) -> None:
    config = Path(os.environ["COMPANION_CONFIG"])
    config.write_text(
        '[general]\nlanguage = "fr"\nvolume = 11\n\n[lights]\nbackend = "shift595"\n\n[buttons]\nroll = 99\n',
        encoding="utf-8",
    )
    # No --lang: the language is the config file's, as on a kiosk.
    report = run_app("config_problems_on_home", lang="", env={"GPIOZERO_PIN_FACTORY": "mock"})
    assert report.ok, report.error
    notes = report.notes
    assert notes["language"] == "fr" and notes["backend"] == "shift595", "the rest of the file applies"
    assert notes["notice"] == "Le fichier de configuration a 2\u00a0problèmes\u00a0: voyez l'accueil."
    home = notes["home"].splitlines()
    assert home[0].startswith(f"{config}\u00a0: [general] volume\u00a0: clé inconnue")
    assert home[1].startswith(f"{config}\u00a0: [buttons] roll\u00a0: ")
    assert notes["home_height"] > 0
    assert notes["settings_problems"] == notes["home"]
    assert report.layout_problems() == []


def test_companion_config_naming_a_missing_file_is_an_error_on_home(run_app, tmp_path: Path) -> None:
    missing = tmp_path / "missing.toml"
    report = run_app("config_problems_on_home", env={"COMPANION_CONFIG": str(missing)})
    assert report.ok, report.error
    assert report.notes["home"] == f"COMPANION_CONFIG={missing}: there is no such file"
    assert report.notes["notice"] == "The config file has 1 problem: see Home."
