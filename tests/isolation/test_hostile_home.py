"""The suite under a hostile home (tools/hostile_home.py): a sample that reads config files, lists kits, applies
overlays and loads definitions at import passes, and leaves every file of the player's directories as it was.
The whole suite is checked the same way by hand: `.venv/bin/python tools/hostile_home.py -m "not ui"`."""

from __future__ import annotations

import re
import subprocess
import sys

from companion.paths import ROOT

HOSTILE_HOME = ROOT / "tools" / "hostile_home.py"
#: Modules that read what the hostile home spoils: the game list and kits, each pack's overlay, the config file
#: and its dry run, definitions read when the module is imported.
SAMPLE = (
    "tests/engine/test_packs.py",
    "tests/kit/test_catalogue_and_pack.py",
    "tests/packs/test_overlays_apart.py",
    "tests/hardware/test_config.py",
    "tests/hardware/test_thunderbirds_view.py",
    "tests/system/test_config_cli.py",
)


def test_a_sample_of_the_suite_passes_under_a_hostile_home_and_changes_none_of_its_files() -> None:
    result = subprocess.run(
        [sys.executable, str(HOSTILE_HOME), "-q", "-m", "not ui and not slow and not tools", *SAMPLE],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
        check=False,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert re.search(r"^hostile-home: \d+ files under ", output, re.MULTILINE), output
    assert "hostile-home: pytest exited 0; 0 files of the home changed" in output
    assert re.search(r"\b\d{2,} passed\b", output) and " failed" not in output, output
