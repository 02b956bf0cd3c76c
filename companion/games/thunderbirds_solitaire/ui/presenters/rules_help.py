"""What the companion checks: the three lists of `help.py` (the rules excerpt's rules it checks, our readings where
the excerpt is silent, and what is the player's with the rulebook), as one page."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.thunderbirds_solitaire.help import checked_rules, our_readings, players_rules
from companion.locale import domain
from companion.ui.presenters.lines import TextLine

_, ngettext = domain("thunderbirds_solitaire")


@dataclass(frozen=True)
class RulesHelpView:
    title: str
    lines: tuple[TextLine, ...]


def present_rules_help() -> RulesHelpView:
    lines: list[TextLine] = [
        TextLine(
            _(
                "Only an excerpt of the rules is known to the companion. It checks exactly what the excerpt states,"
                " applies a few readings of its own (said here), and leaves the rest to you."
            ),
            "dim",
        ),
        TextLine(_("Checked by the companion (the rules excerpt)"), "title"),
    ]
    lines += [TextLine(_("✓ {rule}").format(rule=rule), "good") for rule in checked_rules()]
    lines.append(TextLine(_("Our readings where the excerpt is silent (applied, and said to be ours)"), "title"))
    lines += [TextLine(_("≈ {rule}").format(rule=rule)) for rule in our_readings()]
    lines.append(TextLine(_("Yours, with the rulebook (a checklist step or a move you make)"), "title"))
    lines += [TextLine(_("• {rule}").format(rule=rule)) for rule in players_rules()]
    return RulesHelpView(_("What the companion checks"), tuple(lines))
