"""The app's fonts: Kivy's own Roboto for words, DejaVu Sans Condensed for a text that carries a symbol.

DejaVu Sans (condensed or not) draws "rn" as "m" at the sizes the app uses on its screens (11 to 19 px: "End
turn" read "End tum", "Modern" "Modem"), whatever the hinting or kerning: its r's arm reaches the n's stem.
Roboto keeps them apart at every size and is narrower still, but has none of the symbols the app draws (check
marks, arrows, shapes, the skull), so a text with one of those is drawn in DejaVu Sans Condensed, when the
system has it. Every Label picks its font with `font_for` (kv/widgets/basics.kv), and so does drawn text.
"""

from __future__ import annotations

from pathlib import Path

DEJAVU_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/dejavu"))

#: Kivy's default font, registered by Kivy itself (it ships the files).
TEXT_FONT = "Roboto"
#: The font of texts with a symbol Roboto lacks: DejaVu Sans Condensed, else Roboto (registered under this name).
SYMBOL_FONT = "CompanionSymbols"
#: Roboto draws every character below the arrows block (Latin, accents, general punctuation, the euro sign...).
FIRST_SYMBOL = 0x2190


def find_dejavu() -> tuple[Path, Path] | None:
    for directory in DEJAVU_DIRS:
        regular = directory / "DejaVuSansCondensed.ttf"
        bold = directory / "DejaVuSansCondensed-Bold.ttf"
        if regular.exists() and bold.exists():
            return regular, bold
    return None


def has_symbol(text: str) -> bool:
    """Whether `text` has a character Roboto may not draw (an arrow, a shape, a check mark, the skull)."""
    return any(ord(character) >= FIRST_SYMBOL for character in text)


def font_for(text: object) -> str:
    """The font name to draw `text` in."""
    return SYMBOL_FONT if has_symbol(str(text)) else TEXT_FONT


def register_fonts() -> str:
    """Registers the symbol font (DejaVu Sans Condensed if present, else Roboto); returns the one in use."""
    from kivy.core.text import DEFAULT_FONT, LabelBase

    found = find_dejavu()
    if found is None:
        fonts = LabelBase._fonts.get(DEFAULT_FONT)  # Kivy's Roboto: regular, italic, bold, bold italic
        LabelBase.register(SYMBOL_FONT, fn_regular=fonts[0], fn_bold=fonts[2])
        return "Roboto"
    regular, bold = found
    LabelBase.register(SYMBOL_FONT, fn_regular=str(regular), fn_bold=str(bold))
    return "DejaVu Sans Condensed"
