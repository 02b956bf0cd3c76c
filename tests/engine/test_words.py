"""`Words`, a text in every language the companion speaks, kept by language: read back in the language asked for,
equal and hashable by value (states and definitions hold it), frozen, written by the engine's codec exactly as
saved games always held it, read back strictly, and a language added to `LANGUAGES` needs no change to it."""

from __future__ import annotations

import dataclasses
import pickle
import subprocess
import sys
import textwrap
from dataclasses import dataclass

import pytest

from companion.engine.codec import decode_dataclass, encode
from companion.engine.pack import Words
from companion.locale import speaking
from companion.paths import ROOT


@dataclass(frozen=True)
class Card:
    id: str
    name: Words
    text: Words | None = None
    seats: tuple[Words, ...] = ()


def test_words_read_in_the_language_asked_for_or_spoken_and_english_for_one_not_spoken() -> None:
    rescue = Words("Rescue", "Sauvetage")
    assert (rescue.text("en"), rescue.text("fr"), rescue.text("de")) == ("Rescue", "Sauvetage", "Rescue")
    with speaking("fr"):
        assert rescue.text() == "Sauvetage"
    with speaking("en"):
        assert rescue.text() == "Rescue"
    assert rescue.as_dict() == {"en": "Rescue", "fr": "Sauvetage"}


def test_the_languages_translated_are_given_in_place_or_by_name_and_kept_as_a_set() -> None:
    in_place = Words("Hood", "Hood", frozenset({"fr"}))
    assert in_place == Words("Hood", "Hood", translated={"fr"}) == Words.of({"fr": "Hood", "en": "Hood"}, ["fr"])
    assert in_place.translated == frozenset({"fr"}) and in_place != Words("Hood", "Hood")
    assert Words("Hood", "Hood", translated=["fr", "fr"]).translated == frozenset({"fr"})


def test_words_are_equal_and_hashable_by_value_frozen_and_survive_a_pickle() -> None:
    first, again = Words("Rescue", "Sauvetage", frozenset({"fr"})), Words("Rescue", "Sauvetage", frozenset({"fr"}))
    assert first == again and hash(first) == hash(again) and {first: 1}[again] == 1
    assert first != Words("Rescue", "Secours", frozenset({"fr"})) and first != "Rescue"
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.translated = frozenset()  # type: ignore[misc]
    with pytest.raises(AttributeError):
        first.en = "Save"  # type: ignore[attr-defined]
    assert pickle.loads(pickle.dumps(first)) == first
    assert repr(first) == "Words('Rescue', 'Sauvetage', translated=frozenset({'fr'}))"


@pytest.mark.parametrize(
    ("texts", "message"),
    [
        (("Hood", ""), "a player-facing text needs every language (en, fr): fr is missing in {'en': 'Hood', 'fr': ''}"),
        (("", ""), "en, fr is missing"),
    ],
)
def test_a_text_missing_in_a_language_is_refused_naming_it(texts: tuple[str, str], message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Words(*texts)


@pytest.mark.parametrize("texts", [("Rescue",), ("Rescue", "Sauvetage", "Rettung"), ("Rescue", frozenset({"fr"}))])
def test_one_text_per_language_is_asked_for(texts: tuple[str, ...]) -> None:
    with pytest.raises(TypeError, match=r"one text per language \(en, fr\)"):
        Words(*texts)


def test_the_codec_writes_words_as_saved_games_always_held_them_and_reads_them_back() -> None:
    card = Card("storm", Words("Storm", "Tempête", frozenset({"fr"})), None, (Words("Red", "Rouge"),))
    data = encode(card)
    assert data == {
        "id": "storm",
        "name": {"en": "Storm", "fr": "Tempête", "translated": ["fr"]},
        "text": None,
        "seats": [{"en": "Red", "fr": "Rouge", "translated": []}],
    }
    assert decode_dataclass(Card, data, "card") == card
    older = {"id": "storm", "name": {"en": "Storm", "fr": "Tempête"}}  # `translated` left out: none
    assert decode_dataclass(Card, older, "card").name == Words("Storm", "Tempête")


@pytest.mark.parametrize(
    ("name", "error"),
    [
        ({"en": "Storm"}, "card: field 'name': missing field 'fr'"),
        ({"en": "Storm", "fr": "Tempête", "de": "Sturm"}, "card: field 'name': unknown field(s) de"),
        ({"en": "Storm", "fr": 3}, "card: field 'name': field 'fr': expected text, got 3"),
        (
            {"en": "Storm", "fr": "Tempête", "translated": "fr"},
            "card: field 'name': field 'translated': expected a list",
        ),
        ({"en": "Storm", "fr": "Tempête", "translated": [1]}, "card: field 'name': field 'translated': expected text"),
        ("Storm", "card: field 'name': expected a table, got 'Storm'"),
        ({"en": "Storm", "fr": ""}, "card: field 'name': a player-facing text needs every language (en, fr): fr is"),
    ],
)
def test_damaged_words_in_a_save_are_refused_naming_the_field(name: object, error: str) -> None:
    with pytest.raises(ValueError) as refused:
        decode_dataclass(Card, {"id": "storm", "name": name}, "card")
    assert str(refused.value).startswith(error), str(refused.value)


def test_a_third_language_needs_no_change_to_words() -> None:
    script = textwrap.dedent(
        """
        import companion.locale
        companion.locale.LANGUAGES = ("en", "fr", "de")
        from companion.engine.codec import decode, encode
        from companion.engine.pack import Words
        rescue = Words("Rescue", "Sauvetage", "Rettung", frozenset({"de"}))
        assert rescue.text("de") == "Rettung" and rescue.text("fr") == "Sauvetage"
        data = encode(rescue)
        assert data == {"en": "Rescue", "fr": "Sauvetage", "de": "Rettung", "translated": ["de"]}, data
        assert decode(Words, data, "words") == rescue
        try:
            Words("Rescue", "Sauvetage")
        except TypeError as error:
            print(error)
        """
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.startswith("Words takes one text per language (en, fr, de)"), result.stdout
