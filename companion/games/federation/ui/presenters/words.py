"""Small pieces of text the Federation screens share: chances, faces, signs, and a system's record in words and
shapes (colour is never the only signal: every mark is a shape and a word)."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from companion.games.federation import names
from companion.games.federation.definitions import Definitions
from companion.games.federation.state import System
from companion.locale import domain
from companion.locale.numbers import percent

_, ngettext = domain("federation")

#: The shapes beside the words: explored or not, an Enigma waiting or solved, a building there.
EXPLORED, UNEXPLORED = "●", "○"
ENIGMA_WAITING, ENIGMA_SOLVED = "◆", "◇"
BUILT, NOT_BUILT = "■", "□"
HOME = "★"
DONE, CURRENT, TO_COME = "✓", "▶", "○"


def signed(value: int) -> str:
    """+1, -1, +0: a modifier as the module writes it."""
    return f"{value:+d}"


def chance(value: Fraction) -> str:
    """An exact chance and its rounded percentage: "1 in 3 (33%)"; "certain" and "never" at the ends."""
    if value >= 1:
        return _("certain")
    if value <= 0:
        return _("never")
    return _("{numerator} in {denominator} ({percent})").format(
        numerator=value.numerator, denominator=value.denominator, percent=percent(value)
    )


def faces(values: Iterable[int]) -> str:
    """Die faces as the tables write them: "1-3", "5", "1-2, 6"."""
    found = sorted(set(values))
    if not found:
        return "-"
    runs: list[tuple[int, int]] = []
    for value in found:
        if runs and value == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], value)
        else:
            runs.append((value, value))
    return ", ".join(str(low) if low == high else f"{low}-{high}" for low, high in runs)


def yes_no(value: bool) -> str:
    return _("yes") if value else _("no")


def building_marks(system: System, defs: Definitions, only_built: bool) -> str:
    """ "■ Colony · □ Shipyard": each building as a shape and a word (only those built, for a busy line)."""
    parts = []
    for kind in defs.buildings:
        if system.built(kind):
            parts.append(f"{BUILT} {names.building(defs, kind)}")
        elif not only_built:
            parts.append(f"{NOT_BUILT} {names.building(defs, kind)}")
    return " · ".join(parts)


def enigma_mark(system: System) -> str:
    """The Enigma in a shape and words, or "" where there is none."""
    if system.enigma == "present":
        return f"{ENIGMA_WAITING} " + _("Enigma unsolved")
    if system.enigma == "solved":
        return f"{ENIGMA_SOLVED} " + _("Enigma solved")
    return ""


def minor_race_text(system: System, defs: Definitions) -> str:
    """ "Modern race (+2)", "Primitive race, destroyed", "no minor race"."""
    if system.minor_race in (None, "none"):
        return _("no minor race")
    row = defs.minor_races.row(system.minor_race or "none")
    text = _("{minor} ({revenue})").format(minor=row.names.text(), revenue=signed(row.revenue))
    if system.minor_destroyed:
        text = _("{minor}, destroyed").format(minor=row.names.text())
    return text


def resources_text(system: System, defs: Definitions, short: bool = False) -> str:
    """ "Rich resources (3)", or "Rich (3)" where the line already says it is about resources."""
    if system.resources is None:
        return ""
    row = defs.resources.row(system.resources)
    if short:
        return _("{row} ({revenue})").format(row=row.names.text(), revenue=row.revenue)
    return _("{resources} resources ({revenue})").format(resources=row.names.text(), revenue=row.revenue)


def system_summary(system: System, defs: Definitions) -> str:
    """A system's record on one line: what exploring it found, its Enigma, what is built there."""
    if system.home_of is not None:
        parts = [_("Homesystem")]
    elif not system.explored:
        return _("not explored")
    else:
        parts = [resources_text(system, defs), minor_race_text(system, defs)]
    parts += [enigma_mark(system), building_marks(system, defs, only_built=True)]
    return " · ".join(part for part in parts if part)


def system_mark(system: System) -> str:
    """The shape at the head of a system's line: a star for a Homesystem, full for explored, hollow for not."""
    if system.home_of is not None:
        return HOME
    return EXPLORED if system.explored else UNEXPLORED


def lower_first(text: str) -> str:
    """A sentence's start inside another sentence: "It solves the Enigma" -> "it solves the Enigma"."""
    return text[:1].lower() + text[1:]


def either(words: list[str]) -> str:
    """ "a Command ship or a Science vessel": the last two joined by "or"."""
    if len(words) < 2:
        return "".join(words)
    return _("{first} or {last}").format(first=", ".join(words[:-1]), last=words[-1])
