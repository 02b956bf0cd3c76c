"""History labels follow the language of the moment: a game played in English reads in French after a switch,
through a save, a resume, an export and an import."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion import locale
from companion.engine import registry
from companion.engine.session import Session
from companion.engine.store import Store
from companion.games.thunderbirds import actions as a


@pytest.fixture
def english() -> Iterator[None]:
    locale.set_language("en")
    yield
    locale.set_language("en")


def test_labels_written_in_english_read_in_french_after_a_switch(tmp_path: Path, english: None) -> None:
    with Store.open(tmp_path / "games.db") as store:
        session = Session.new(store, registry.get("thunderbirds"), {"players": 2, "difficulty": "introduction"}, 34)
        session.dispatch(a.Plan())
        english_label = session.history()[-1].label
        locale.set_language("fr")
        french_label = session.history()[-1].label
        assert english_label != french_label
        with locale.speaking("en"):
            assert session.history()[-1].label == english_label
        # Saved and resumed, the labels are still in both languages.
        resumed = Session.resume(store, session.game_id)
        assert resumed.history()[-1].label == french_label
        # Exported: a readable English label and every language's; imported back: the same labels.
        exported = tmp_path / "game.json"
        store.export_game(session.game_id, exported)
        entry = json.loads(exported.read_text(encoding="utf-8"))["actions"][0]
        assert entry["label"] == english_label and entry["labels"] == {"en": english_label, "fr": french_label}
        imported = Session.resume(store, store.import_game(exported))
        assert imported.history()[-1].label == french_label


def test_speaking_a_language_touches_this_thread_only(english: None) -> None:
    seen: dict[str, str] = {}
    inside = threading.Event()
    leave = threading.Event()

    def other_thread() -> None:
        with locale.speaking("fr"):
            seen["other"] = locale._("Undo")
            inside.set()
            leave.wait(10)

    worker = threading.Thread(target=other_thread)
    worker.start()
    inside.wait(10)
    seen["main"] = locale._("Undo")
    leave.set()
    worker.join(10)
    assert seen == {"other": "Annuler", "main": "Undo"}
    assert locale.language() == "en"
