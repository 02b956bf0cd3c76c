"""Numbers as each language writes them, one function per kind, so every game and command writes a chance
the same way: "33%" in English, "33 %" in French (a no-break space, which never begins a line, and a
decimal comma)."""

from __future__ import annotations

from fractions import Fraction

from companion.locale import _


def decimal(value: float, places: int = 1) -> str:
    """A number with the current language's decimal mark ("0.3" / "0,3")."""
    return f"{value:.{places}f}".replace(".", _("."))


def percent(chance: float | Fraction, places: int = 0) -> str:
    """A chance (0 to 1) as a percentage with `places` decimals. A chance that is neither impossible nor certain
    never reads 0 % or 100 %: it reads "<1%" or ">99%" (at the precision shown)."""
    value = float(chance) * 100
    step = 10.0**-places
    if 0 < value < step:
        return _("<{value}%").format(value=decimal(step, places))
    if 100 - step < value < 100:
        return _(">{value}%").format(value=decimal(100 - step, places))
    return _("{value}%").format(value=decimal(value, places))
