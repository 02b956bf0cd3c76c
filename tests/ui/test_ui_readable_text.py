"""The Table's key buttons read back with OCR from the drawn screen, in both languages: what a player reads is
what the button says ("End turn", never "End tum": DejaVu Sans drew "rn" as "m" at the app's sizes)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from tests.ui.ocr import read_text, tesseract, words

LANGUAGES = ("en", "fr")


@pytest.fixture(autouse=True)
def ocr_installed() -> None:
    """The OCR is part of the test set-up (`make test` installs it): without it the test fails, naming the fix."""
    if tesseract() is None:
        pytest.fail("tesseract is not installed (make test installs it: tools/system-deps.sh test)")


def test_the_table_s_key_buttons_read_as_they_are_written_in_both_languages(run_app: Any, tmp_path: Path) -> None:
    def run(lang: str) -> Any:
        return run_app("readable_buttons", lang=lang, env={"COMPANION_STATE_DIR": str(tmp_path / lang)})

    with ThreadPoolExecutor(max_workers=len(LANGUAGES)) as pool:
        reports = dict(zip(LANGUAGES, pool.map(run, LANGUAGES)))
    misread = []
    for lang, report in reports.items():
        assert report.ok, (lang, report.error)
        buttons = report.notes["buttons"]
        assert len(buttons) == 5
        for key, button in buttons.items():
            seen = read_text(Path(button["image"]), lang)
            if words(seen) != words(button["text"]):
                misread.append((lang, key, button["text"], seen))
    assert misread == [], "\n".join(map(str, misread))
