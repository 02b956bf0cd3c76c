"""The catalogues as the app reads them: compiled by Babel, one domain per pack, switched live.

The catalogues here are real .po files written to a temporary locale directory, compiled by
`companion.locale.build` and read back by the app's own lookups (stdlib gettext).
"""

from __future__ import annotations

import gettext
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

import companion.locale as locale
from companion.locale import build, domain, set_language, speaking
from companion.locale.po import CatalogueError

HEADER = """msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Language: fr\\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\\n"
"""

PACK_A = (
    HEADER
    + """
msgid "Move"
msgstr "Déplacer"

msgid "{count} action left"
msgid_plural "{count} actions left"
msgstr[0] "{count} action restante"
msgstr[1] "{count} actions restantes"

msgctxt "verb"
msgid "Scan"
msgstr "Scanner"

msgctxt "noun"
msgid "Scan"
msgstr "Balayage"

#, fuzzy
msgid "Undo"
msgstr "Défaire (à revoir)"
"""
)
PACK_B = HEADER + '\nmsgid "Move"\nmsgstr "Avancer"\n'
SHELL_UI = HEADER + '\nmsgid "Undo"\nmsgstr "Annuler"\n\nmsgid "Move"\nmsgstr "Bouger"\n'


def write_catalogues(root: Path, catalogues: dict[str, str]) -> Path:
    folder = root / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    for name, text in catalogues.items():
        (folder / f"{name}.po").write_text(text, encoding="utf-8")
    return folder


@pytest.fixture
def locale_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The app reading its catalogues from a temporary locale directory; French then back to English."""
    folder = write_catalogues(tmp_path, {"pack_a": PACK_A, "pack_b": PACK_B, "ui": SHELL_UI})
    for po in folder.glob("*.po"):
        build.compile_catalogue(po, po.with_suffix(".mo"))
    monkeypatch.setattr(locale, "LOCALE_DIR", tmp_path)
    set_language("fr")
    yield tmp_path
    monkeypatch.undo()
    set_language("fr")  # forgets the temporary catalogues
    set_language("en")


def test_plural_and_context_entries_survive_compilation(tmp_path: Path) -> None:
    folder = write_catalogues(tmp_path, {"pack_a": PACK_A})
    po = folder / "pack_a.po"
    build.compile_catalogue(po, po.with_suffix(".mo"))
    with po.with_suffix(".mo").open("rb") as handle:
        french = gettext.GNUTranslations(handle)
    assert [french.ngettext("{count} action left", "{count} actions left", n) for n in (0, 1, 2, 7)] == [
        "{count} action restante",
        "{count} action restante",
        "{count} actions restantes",
        "{count} actions restantes",
    ]
    assert french.pgettext("verb", "Scan") == "Scanner"
    assert french.pgettext("noun", "Scan") == "Balayage"
    assert french.gettext("Scan") == "Scan"  # only with a context
    assert french.gettext("Undo") == "Undo"  # fuzzy entries are not shipped
    assert french.gettext("Move") == "Déplacer"


def test_an_unchanged_catalogue_compiles_to_the_same_bytes(tmp_path: Path) -> None:
    po = write_catalogues(tmp_path, {"pack_a": PACK_A}) / "pack_a.po"
    assert build.compiled(po) == build.compiled(po)


def test_a_malformed_catalogue_is_named_with_its_line(tmp_path: Path) -> None:
    """`python -m companion.locale.build` as `make run` calls it, on a locale directory with a broken catalogue."""
    folder = write_catalogues(tmp_path, {"broken": HEADER + '\nmsgid "Move"\nmsgstr "Déplacer\n'})
    script = (
        "import sys, pathlib, companion.locale.build as b; b.LOCALE_DIR = pathlib.Path(sys.argv[1]); sys.exit(b.main())"
    )
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert f"{folder / 'broken.po'}:" in done.stderr
    assert "Traceback" not in done.stderr
    assert not (folder / "broken.mo").exists()


def test_two_packs_translate_one_word_each_their_own_way(locale_dir: Path) -> None:
    a_, a_ngettext = domain("pack_a")
    b_, _b_ngettext = domain("pack_b")
    assert a_("Move") == "Déplacer"
    assert b_("Move") == "Avancer"
    # What a pack does not translate, the shell does.
    assert b_("Undo") == "Annuler"
    assert a_("Undo") == "Annuler"  # pack_a's own entry is fuzzy
    assert a_ngettext("{count} action left", "{count} actions left", 1) == "{count} action restante"
    assert domain("pack_a").pgettext("noun", "Scan") == "Balayage"
    # The module-level `_()` reads the shell, never another pack's catalogue.
    assert locale._("Move") == "Bouger"


def test_every_domain_switches_language_live(locale_dir: Path) -> None:
    b_, _ngettext = domain("pack_b")
    assert b_("Move") == "Avancer"
    set_language("en")
    assert b_("Move") == "Move"
    with speaking("fr"):
        assert b_("Move") == "Avancer"
        assert domain("pack_a").ngettext("{count} action left", "{count} actions left", 0) == "{count} action restante"
    assert b_("Move") == "Move"


def test_speaking_changes_one_thread_only(locale_dir: Path) -> None:
    b_, _ngettext = domain("pack_b")
    set_language("en")
    other: list[str] = []
    inside = threading.Event()
    done = threading.Event()

    def elsewhere() -> None:
        inside.wait()
        other.append(b_("Move"))
        done.set()

    thread = threading.Thread(target=elsewhere)
    thread.start()
    with speaking("fr"):
        inside.set()
        done.wait(10)
        assert b_("Move") == "Avancer"
    thread.join()
    assert other == ["Move"]


def test_english_counts_use_the_english_plural() -> None:
    set_language("en")
    assert locale.ngettext("{count} action so far.", "{count} actions so far.", 0) == "{count} actions so far."
    assert locale.ngettext("{count} action so far.", "{count} actions so far.", 1) == "{count} action so far."


@pytest.mark.parametrize(
    ("body", "line", "says"),
    [
        ('msgid "Move"\nmsgstr "Déplacer\n', 8, "expected a keyword and a quoted string"),
        ('msgid "Move"\nmsgstr "Déplacer"\n\nmsgid "Move"\nmsgstr "Bouger"\n', 10, "already translated on line 7"),
        ('msgid "Move"\n', 7, "missing msgstr"),
    ],
)
def test_slips_in_a_catalogue_are_named_with_their_line(tmp_path: Path, body: str, line: int, says: str) -> None:
    po = write_catalogues(tmp_path, {"broken": HEADER + "\n" + body}) / "broken.po"
    with pytest.raises(CatalogueError) as raised:
        build.compile_catalogue(po, po.with_suffix(".mo"))
    assert str(raised.value).startswith(f"{po}:{line}: ")
    assert says in str(raised.value)
