"""One glossary of game terms per language (`data/thunderbirds/glossary.toml`), kept by the catalogues and the data.

The French catalogues the Thunderbirds screens read and every French text of the data use the glossary's terms,
never a variant it rejects: "piste de The Hood", not "piste du Hood"; "séquence" for a turn, not "tour". Texts
printed on the cards are quoted as printed (the glossary lists the printed phrases that use a rejected word).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.games.thunderbirds.definitions import Definitions, Names, Term
from companion.games.thunderbirds.errors import DataError
from companion.games.thunderbirds.loader import load_definitions
from companion.locale import DEFAULT_DOMAINS, LOCALE_DIR
from companion.locale.po import read_catalogue
from tests.data.conftest import SHIPPED, edit, entry


@pytest.fixture(scope="module")
def defs(tmp_path_factory: pytest.TempPathFactory) -> Definitions:
    return load_definitions(SHIPPED, tmp_path_factory.mktemp("no-overlay"))


def phrase(text: str) -> re.Pattern[str]:
    """A whole word or phrase, its first letter in either case."""
    first, rest = text[0], re.escape(text[1:])
    return re.compile(rf"(?<!\w)[{re.escape(first.lower() + first.upper())}]{rest}(?!\w)")


def offences(text: str, language: str, glossary: list[Term], printed: bool) -> list[str]:
    """The rejected variants `text` uses, once the glossary's own terms (e.g. "tour de table") are set aside, and,
    for text printed on a card, the printed phrases too."""
    # Placeholders and quoted words (a field's name in a data error) are not prose.
    text = re.sub(r"\{[^}]*\}|«[^»]*»", "\0", text)
    for term in glossary:
        own = term.names.fr if language == "fr" else term.names.en
        text = phrase(own).sub("\0", text)
        for printed_phrase in term.printed[language] if printed else ():
            text = phrase(printed_phrase).sub("\0", text)
    return [
        f"{variant!r} instead of {(term.names.fr if language == 'fr' else term.names.en)!r}"
        for term in glossary
        for variant in term.rejected[language]
        if phrase(variant).search(text)
    ]


def french_catalogue_texts() -> Iterator[tuple[str, str]]:
    """(where, French text) of every translation the Thunderbirds screens and commands read."""
    for name in DEFAULT_DOMAINS:
        po = LOCALE_DIR / "fr" / "LC_MESSAGES" / f"{name}.po"
        for message in read_catalogue(po):
            if not message.id:
                continue
            forms = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
            first_id = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
            for form in forms:
                yield f"{name}.po {first_id!r}", str(form or "")


def data_names(value: object, where: str) -> Iterator[tuple[str, Names]]:
    """Every two-language text of the definitions, with where it is."""
    if isinstance(value, Names):
        yield where, value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for item in dataclasses.fields(value):
            yield from data_names(getattr(value, item.name), f"{where}.{item.name}")
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from data_names(item, f"{where}[{key}]")
    elif isinstance(value, tuple):
        for index, item in enumerate(value):
            yield from data_names(item, f"{where}[{index}]")


def test_the_glossary_lists_the_box_terms(defs: Definitions) -> None:
    glossary = defs.glossary
    assert glossary["hood-track"].names.fr == "piste de The Hood"
    assert "piste du Hood" in glossary["hood-track"].rejected["fr"]
    assert glossary["turn"].names.fr == "séquence"
    assert "tour" in glossary["turn"].rejected["fr"]
    assert all(term.names.en and term.names.fr for term in glossary.values())


def test_french_catalogues_use_no_rejected_variant(defs: Definitions) -> None:
    glossary = list(defs.glossary.values())
    found = [
        f"{where}: {problem}"
        for where, text in french_catalogue_texts()
        for problem in offences(text, "fr", glossary, printed=False)
    ]
    assert found == []


def test_the_data_uses_no_rejected_variant_in_either_language(defs: Definitions) -> None:
    glossary = list(defs.glossary.values())
    found = []
    for where, names in data_names(defs, "defs"):
        if ".glossary[" in where:
            continue
        for language, text in (("en", names.en), ("fr", names.fr)):
            # Words printed on a card are quoted as printed; our own words follow the glossary.
            printed = names.confidence(language) is None
            found += [f"{where}.{language}: {problem}" for problem in offences(text, language, glossary, printed)]
    assert found == []


def test_a_rejected_variant_is_found_as_a_word_whatever_its_first_letter() -> None:
    turn = Term("turn", Names("turn", "séquence"), {"en": (), "fr": ("tour",)}, {"en": (), "fr": ()}, None)
    round_ = Term("round", Names("round", "tour de table"), {"en": (), "fr": ()}, {"en": (), "fr": ()}, None)
    assert offences("Tour 3", "fr", [turn, round_], printed=False) == ["'tour' instead of 'séquence'"]
    assert offences("dure un tour de table", "fr", [turn, round_], printed=False) == []
    assert offences("un détour", "fr", [turn, round_], printed=False) == []


def test_a_broken_glossary_names_the_file_the_term_and_the_field(data_dir: Path, overlay_dir: Path) -> None:
    def spoil(doc: dict) -> None:
        entry(doc, "term", "hood-track")["rejected"] = {"fr": ["piste de The Hood"], "de": ["Hood-Spur"]}
        entry(doc, "term", "turn")["printed"] = {"fr": ["une fois par jour"]}

    edit(data_dir, "glossary.toml", spoil)
    with pytest.raises(DataError) as raised:
        load_definitions(data_dir, overlay_dir)
    problems = {str(p) for p in raised.value.problems}
    assert (
        'glossary.toml: card "hood-track": field "rejected.fr[0]": "piste de The Hood" is part of the term itself'
        in problems
    )
    assert any(p.startswith('glossary.toml: card "hood-track": field "rejected.de": unknown field') for p in problems)
    assert (
        'glossary.toml: card "turn": field "printed.fr[0]": "une fois par jour" holds none of the rejected variants'
        in problems
    )
