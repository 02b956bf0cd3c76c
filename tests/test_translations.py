"""Every player-facing message in the code has a French translation in its domain, with the same placeholders.

One check for the whole project: it reads every `_("...")`, `ngettext("...", "...", n)` and
`pgettext("context", "...")` call under `companion/` and looks each message up in the French catalogues
(`companion/locale/fr/LC_MESSAGES/<domain>.po`) the module reads: the domain it binds with
`_, ngettext = domain("name")` and then the shell's, or the shell's and Thunderbirds' for the module-level `_()`.
"""

from __future__ import annotations

import ast
import io
import re
import string
import tokenize
import tomllib
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message

from companion.locale import DEFAULT_DOMAINS, LOCALE_DIR, domain
from companion.locale.po import read_catalogue
from companion.locale.typography import bind_counts, loose_counts
from companion.paths import ROOT

FRENCH = LOCALE_DIR / "fr" / "LC_MESSAGES"


@dataclass(frozen=True)
class Use:
    """One message as the code asks for it."""

    where: str
    domains: tuple[str, ...]
    singular: str
    plural: str | None = None
    context: str | None = None


def _domains_of(tree: ast.AST) -> tuple[str, ...]:
    """The catalogues a module's `_` reads: those of the `domain("name")` it binds, else the module-level ones."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "domain":
            (name,) = node.args
            assert isinstance(name, ast.Constant) and isinstance(name.value, str)
            return domain(name.value).domains
    return DEFAULT_DOMAINS


def _literal(arg: ast.expr, where: str) -> str:
    # A computed message could never be in a catalogue: the text must be written out.
    assert isinstance(arg, ast.Constant) and isinstance(arg.value, str), f"{where}: not a literal"
    return arg.value


def code_uses() -> list[Use]:
    found: list[Use] = []
    for path in sorted((ROOT / "companion").rglob("*.py")):
        if LOCALE_DIR in path.parents:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        domains = _domains_of(tree)
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            args = node.args
            if node.func.id == "_":
                found.append(Use(where, domains, _literal(args[0], where)))
            elif node.func.id == "ngettext":
                found.append(Use(where, domains, _literal(args[0], where), _literal(args[1], where)))
            elif node.func.id == "pgettext":
                found.append(Use(where, domains, _literal(args[1], where), context=_literal(args[0], where)))
    return found


def catalogues() -> dict[str, Catalog]:
    return {po.stem: read_catalogue(po) for po in sorted(FRENCH.glob("*.po"))}


def lookup(use: Use, french: dict[str, Catalog]) -> Message | None:
    """The entry gettext would find: the first domain of the module's chain that translates the message."""
    for name in use.domains:
        catalogue = french.get(name)
        entry = catalogue.get(use.singular, use.context) if catalogue is not None else None
        if entry is not None and entry.string and not entry.fuzzy:
            return entry
    return None


def forms(entry: Message) -> tuple[str, ...]:
    """The translation's forms: one, or one per plural form."""
    strings = entry.string if isinstance(entry.string, (tuple, list)) else (entry.string,)
    return tuple(str(text or "") for text in strings)


def ids(entry: Message) -> tuple[str, ...]:
    return tuple(str(i) for i in entry.id) if isinstance(entry.id, (tuple, list)) else (str(entry.id),)


def placeholders(text: str) -> set[str]:
    return {name for _literal, name, _spec, _conv in string.Formatter().parse(text) if name}


def test_every_message_has_a_french_translation_in_its_domain() -> None:
    uses = code_uses()
    assert len(uses) > 300
    french = catalogues()
    missing = sorted(
        f"{use.where}: {use.singular!r} (in {', '.join(use.domains)})" for use in uses if not lookup(use, french)
    )
    assert missing == []


def test_translations_keep_the_placeholders() -> None:
    french = catalogues()
    wrong = []
    for use in code_uses():
        entry = lookup(use, french)
        expected = placeholders(use.singular)
        if entry is not None and any(placeholders(form) != expected for form in forms(entry)):
            wrong.append(f"{use.where}: {use.singular!r}")
    assert wrong == []


def test_every_count_has_both_french_plural_forms() -> None:
    """`ngettext` calls find a plural entry (msgid_plural, msgstr[0] and msgstr[1]) whose two ids are the code's and
    whose two French forms keep the placeholders of both English forms."""
    french = catalogues()
    counts = [use for use in code_uses() if use.plural is not None]
    assert len(counts) >= 15
    wrong = []
    for use in counts:
        assert use.plural is not None
        if placeholders(use.plural) != placeholders(use.singular):
            wrong.append(f"{use.where}: the English forms differ in placeholders")
            continue
        entry = lookup(use, french)
        if entry is None:
            continue  # reported by the test above
        if not entry.pluralizable or entry.id != (use.singular, use.plural):
            wrong.append(f"{use.where}: {use.singular!r} is not a plural entry with msgid_plural {use.plural!r}")
        elif len(forms(entry)) != 2 or not all(forms(entry)):
            wrong.append(f"{use.where}: {use.singular!r} needs msgstr[0] and msgstr[1]")
        elif len(set(forms(entry))) != 2:
            wrong.append(f"{use.where}: {use.singular!r} has the same French text for one and for many")
    assert wrong == []


def test_no_count_is_written_with_a_bracketed_plural() -> None:
    """ "1 action", "3 actions": never "action(s)", in the code's messages or in any catalogue, English or French."""
    bracketed = re.compile(r"\w\((?:s|e|es|x)\)")
    found = [f"{use.where}: {use.singular!r}" for use in code_uses() if bracketed.search(use.singular)]
    for name, catalogue in catalogues().items():
        for entry in catalogue:
            if any(bracketed.search(text) for text in ids(entry) + forms(entry)):
                found.append(f"{name}.po: {ids(entry)[0]!r}")
    assert found == []


def test_french_catalogues_count_one_and_zero_in_the_singular() -> None:
    """French says "0 action", "1 action", "2 actions": the catalogues' Plural-Forms header says so to gettext."""
    for name, catalogue in catalogues().items():
        assert catalogue.num_plurals == 2, name
        assert catalogue.plural_expr.replace(" ", "") == "(n>1)", f"{name}.po: {catalogue.plural_expr}"
        header = Path(FRENCH / f"{name}.po").read_text(encoding="utf-8")
        assert '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"' in header, name


def test_french_high_punctuation_is_held_by_a_no_break_space() -> None:
    """French puts a space before ":", ";", "?", "!" and "%"; in every catalogue it is a no-break space, so a
    wrapped line never begins with the mark (and a terminal shows the same text)."""
    loose = []
    french = catalogues()
    for name, catalogue in french.items():
        for entry in catalogue:
            if entry.id and any(f" {mark}" in text for text in forms(entry) for mark in ":;?!%"):
                loose.append(f"{name}.po: {forms(entry)!r}")
    assert loose == []
    unknown_action = french["thunderbirds"].get("Unknown action {name}.")
    assert unknown_action is not None and "\u00a0:" in forms(unknown_action)[0]


#: A plain space before a high punctuation mark that ends a word: French written in the code (a pack's `Words`).
LOOSE_MARK = re.compile(r"(?<=\S) ([:;!?])(?=[\s\"'{]|$)")
SQL = re.compile(r"\b(?:SELECT|UPDATE|DELETE|INSERT|WHERE)\b")


def test_french_written_beside_the_code_holds_its_punctuation_too() -> None:
    """The same rule for the French that packs write in the code, beside the English (`Words(en, fr)`): every
    string literal of the app (docstrings and SQL aside, whose "?" are parameters) with a plain space before
    ":", ";", "?" or "!" is named. English puts no space there, so any is French's."""
    loose = []
    for path in sorted((ROOT / "companion").rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            text = token.string
            if token.type != tokenize.STRING or text.lstrip("rbfuRBFU").startswith(('"""', "'''")):
                continue
            if LOOSE_MARK.search(text) and not SQL.search(text):
                loose.append(f"{path.relative_to(ROOT)}:{token.start[0]}: {text}")
    assert loose == []


def french_texts(value: object) -> list[str]:
    """Every `fr` text of a data file's tables, however deep."""
    if isinstance(value, dict):
        own = [value["fr"]] if isinstance(value.get("fr"), str) else []
        return own + [text for item in value.values() for text in french_texts(item)]
    if isinstance(value, list):
        return [text for item in value for text in french_texts(item)]
    return []


def test_the_shipped_data_s_french_holds_its_punctuation() -> None:
    """The same rule for the French of the shipped data files (`{ en = ..., fr = ... }`) and kit examples."""
    loose = [
        f"{path.relative_to(ROOT)}: {text!r}"
        for path in sorted((ROOT / "data").rglob("*.toml"))
        for text in french_texts(tomllib.loads(path.read_text(encoding="utf-8")))
        if LOOSE_MARK.search(text.replace("!.", "! "))
    ]
    assert loose == []


#: The counts the table shows beside their word (actions left, a top speed, a board's size), by catalogue.
COUNTS = {
    "ui": (
        "{count} action left",
        "{vehicle} top speed {speed}",
        "{vehicle} cannot move now (top speed {speed}, or no action left).",
    ),
    "thunderbirds": ("Adjust: {count} action left", "Adjust: {vehicle} top speed {speed}"),
    "sim": ("{character} in {region}: {actions} action left, {teamwork} Teamwork, {intelligence} Intelligence.",),
    "warpspawn_thunderbirds": ("{size} × {size}", "{size} × {size} board"),
}


def test_a_count_never_breaks_from_its_word_in_french() -> None:
    """ "1 action restante", "vitesse max 1", "12 × 12": the space between a count and its word (or sign) is a
    no-break one, so a wrapped line never leaves "1" at the end of one line and "action restante" on the next."""
    count = r"\{(?:count|speed|size|actions|teamwork|intelligence)\}"
    loose = re.compile(count + r" (?=[^\W\d_]|×|\{)|(?:[^\W\d_]|×|\}) " + count)
    french = catalogues()
    for name, messages in COUNTS.items():
        for message in messages:
            entry = french[name].get(message)
            assert entry is not None, f"{name}.po: {message!r}"
            assert not any(loose.search(text) for text in forms(entry)), f"{name}.po: {forms(entry)!r}"
    assert forms(french["ui"].get("{count} action left"))[0] == "{count}\u00a0action restante"


def test_no_french_translation_leaves_a_count_apart_from_its_word() -> None:
    """Every translation of every catalogue joins each number (a digit or a count placeholder) to its word or sign
    with a no-break space: the rule of `companion.locale.typography`, which also writes it."""
    loose = [
        f"{name}.po: {text!r}"
        for name, catalogue in catalogues().items()
        for entry in catalogue
        if entry.id
        for text in forms(entry)
        if loose_counts(text)
    ]
    assert loose == []
    assert bind_counts("{count} actions left") == "{count}\u00a0actions left"
    assert bind_counts("Tour 4 : {n} × {n} plateau") == "Tour\u00a04 : {n}\u00a0×\u00a0{n}\u00a0plateau"
    assert bind_counts("un bonus de 0 ne change rien, de 1 à 6") == "un bonus de 0 ne change rien, de 1 à\u00a06"
