"""docs/packs.md says of its tutorial pack: "the drills and the conformance tests play it". Here they do: the
tutorial's Pig, written from the page and installed as a distribution, put through the project's own drill modules
in a process of their own."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from companion.paths import ROOT
from tests.test_packs_tutorial import write_tutorial


def test_the_drills_and_the_conformance_tests_play_the_installed_tutorial_pack(tmp_path: Path) -> None:
    """ "The drills and the conformance tests play it": the project's own, run as they are, find Pig installed
    and play it (the seeded conformance, the full disk in both languages, 200 power cuts)."""
    environment = dict(os.environ, PYTHONPATH=str(write_tutorial(tmp_path)))
    modules = ["tests/conformance/test_every_pack.py", "tests/drills/test_disk_full.py"]
    modules.append("tests/drills/test_power_cut_game.py")
    completed = subprocess.run(
        [sys.executable, "-m", "pytest", *modules, "-k", "pig", "-q", "-p", "no:cacheprovider"],
        capture_output=True,
        text=True,
        timeout=900,
        env=environment,
        cwd=ROOT,
    )
    assert completed.returncode == 0, completed.stdout[-4000:] + completed.stderr[-2000:]
    # Three conformance tests, the full disk twice (a size limit in each language) and once full, the power cut.
    assert completed.stdout.splitlines()[-1].startswith("7 passed"), completed.stdout[-3000:]
