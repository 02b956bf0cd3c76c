"""One language per screen: every name and text of the data in English and in French, our translations marked.

Where the box's name in one language is unknown, the data carries our translation marked
`translated = { <language> = <confidence> }`, never the other language's words; `companion check-data` reports a
text missing in French as it reports one missing in English.
"""

from __future__ import annotations

import collections
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.games.thunderbirds import names
from companion.games.thunderbirds.check_data import main as check_data
from companion.games.thunderbirds.definitions import Definitions
from companion.games.thunderbirds.errors import DataError
from companion.games.thunderbirds.loader import load_definitions, load_report
from companion.locale import speaking
from tests.data.conftest import SHIPPED, edit, entry


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> tuple[Definitions, Any]:
    return load_report(SHIPPED, tmp_path_factory.mktemp("no-overlay"))


def test_every_name_and_text_is_in_both_languages(shipped: tuple[Definitions, Any]) -> None:
    _defs, report = shipped
    gaps = [
        f"{e.table} {e.id}: {field}" for e in report.entries for field in e.missing if field.endswith((".en", ".fr"))
    ]
    assert gaps == []


def test_our_translations_are_marked_with_their_confidence(shipped: tuple[Definitions, Any]) -> None:
    _defs, report = shipped
    counts = collections.Counter(
        (e.table, where.rsplit(".", 1)[0].split(".")[-1], where.rsplit(".", 1)[1], confidence)
        for e in report.entries
        for where, confidence in e.translated
    )
    assert counts == {
        ("disaster", "names", "fr", "low"): 25,  # the dice cards the rulebook does not print
        ("disaster", "names", "en", "low"): 2,  # the two no-dice cards printed in French only
        ("disaster", "story", "en", "medium"): 2,
        ("scheme", "names", "en", "low"): 6,
        ("scheme", "story", "en", "medium"): 1,
        ("event", "names", "fr", "low"): 10,
        ("event", "text", "en", "medium"): 2,
        ("event", "until", "en", "medium"): 1,
        ("fab", "names", "fr", "low"): 16,
        ("fab", "text", "en", "medium"): 2,
        ("character", "text", "en", "medium"): 5,
        ("difficulty", "names", "en", "high"): 4,
    }


def test_each_screen_shows_its_own_language(shipped: tuple[Definitions, Any]) -> None:
    defs, _report = shipped
    with speaking("en"):
        assert names.card(defs, "voile-de-peur") == "Veil of Fear"
        assert names.card(defs, "lit-de-sel-pour-atterrissage") == "Salt Bed Landing"
        assert defs.schemes["espionnage-satellite"].story.text().startswith("Foil The Hood's plan")
        assert names.card(defs, "desperate-intruder") == "Desperate Intruder"
    with speaking("fr"):
        assert names.card(defs, "voile-de-peur") == "Voile de peur"
        assert names.card(defs, "desperate-intruder") == "L'intrus désespéré"
        assert names.card(defs, "the-hood-interferes") == "The Hood s'en mêle"
        assert names.card(defs, "jeffs-orders") == "Les ordres de Jeff"
        assert defs.schemes["espionnage-satellite"].story.text().startswith("Faites échouer le plan")


def test_the_box_names_are_not_marked(shipped: tuple[Definitions, Any]) -> None:
    defs, _report = shipped
    probe = defs.disasters["sun-probe"].names
    assert (probe.en, probe.fr, probe.translated) == ("Sun Probe", "Vers le soleil", ())
    assert defs.disasters["desperate-intruder"].names.confidence("fr") == "low"
    assert defs.disasters["desperate-intruder"].names.confidence("en") is None


def change_names(table: str, card: str, value: dict[str, Any]) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        entry(doc, table, card)["names"] = value

    return change


@pytest.mark.parametrize(
    ("value", "field", "message"),
    [
        (
            {"en": "Desperate Intruder", "fr": "L'intrus", "translated": {"fr": "sure"}},
            "names.translated.fr",
            'expected one of high, medium, low, got "sure"',
        ),
        (
            {"en": "Desperate Intruder", "fr": "L'intrus", "translated": {"de": "low"}},
            "names.translated.de",
            "unknown field; expected one of en, fr",
        ),
        (
            {"en": "Desperate Intruder", "fr": "L'intrus", "translated": {"en": "low", "fr": "low"}},
            "names.translated",
            "only one language can be a translation: the other is the text printed on the card",
        ),
        (
            {"fr": "L'intrus", "translated": {"en": "low"}},
            "names.translated.en",
            "marks a translation, but there is no text in this language",
        ),
        (
            {"en": "Desperate Intruder", "fr": ""},
            "names.fr",
            "leave the French name out when it is unknown, rather than empty",
        ),
    ],
)
def test_a_wrong_translation_mark_names_the_file_the_card_and_the_field(
    data_dir: Path, overlay_dir: Path, value: dict[str, Any], field: str, message: str
) -> None:
    edit(data_dir, "disasters.toml", change_names("disaster", "desperate-intruder", value))
    with pytest.raises(DataError) as raised:
        load_definitions(data_dir, overlay_dir)
    assert f'disasters.toml: card "desperate-intruder": field "{field}": {message}' in {
        str(p) for p in raised.value.problems
    }


@pytest.mark.parametrize(
    ("value", "missing"),
    [({"en": "Desperate Intruder"}, "names.fr"), ({"fr": "L'intrus désespéré"}, "names.en")],
)
def test_check_data_reports_a_missing_french_name_as_a_missing_english_one(
    data_dir: Path, overlay_dir: Path, capsys: pytest.CaptureFixture[str], value: dict[str, str], missing: str
) -> None:
    edit(data_dir, "disasters.toml", change_names("disaster", "desperate-intruder", value))
    assert check_data(["--data", str(data_dir), "--overlay", str(overlay_dir), "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert f"disasters desperate-intruder: partial; missing {missing}; 1 unverified" in lines


def test_a_name_corrected_in_the_overlay_is_the_players_own(data_dir: Path, overlay_dir: Path) -> None:
    """The overlay replaces the whole `names` table, mark included: a café that read the name from its box wrote the
    box's words."""
    (overlay_dir / "disasters.toml").write_text(
        '[[disaster]]\nid = "desperate-intruder"\nnames = { en = "Desperate Intruder", fr = "Intrus aux abois" }\n',
        encoding="utf-8",
    )
    card = load_definitions(data_dir, overlay_dir).disasters["desperate-intruder"]
    assert card.names.fr == "Intrus aux abois" and card.names.confidence("fr") is None


def test_correcting_one_language_in_the_overlay_keeps_the_other_marked(data_dir: Path, overlay_dir: Path) -> None:
    """The card editor writes both names; the English one corrected, our French translation is still ours."""
    (overlay_dir / "disasters.toml").write_text(
        '[[disaster]]\nid = "desperate-intruder"\n'
        'names = { en = "The Desperate Intruder", fr = "L\'intrus désespéré" }\n',
        encoding="utf-8",
    )
    card = load_definitions(data_dir, overlay_dir).disasters["desperate-intruder"]
    assert card.names.en == "The Desperate Intruder" and card.names.confidence("en") is None
    assert card.names.confidence("fr") == "low"
