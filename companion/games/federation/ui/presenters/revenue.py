"""Revenue per race per turn, term by term, as `empire.race_revenue` computes it: what End turn will credit."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.federation import names
from companion.games.federation.definitions import Definitions
from companion.games.federation.empire import SystemRevenue, race_revenue
from companion.games.federation.state import FederationState
from companion.games.federation.ui.presenters.words import signed
from companion.locale import domain
from companion.ui.presenters.lines import TextLine

_, ngettext = domain("federation")


@dataclass(frozen=True)
class RevenueView:
    title: str
    note: str
    lines: tuple[TextLine, ...]


def revenue_terms(part: SystemRevenue, race: str, defs: Definitions) -> str:
    """One system's yield as a sum: "resources 3 + minor race 2 + Cardassians +1 + terraformed 1 = 7"."""
    if part.needs_colony:
        return _("0: no minor race and no colony yet")
    terms = []
    if part.homesystem:
        terms.append(_("Homesystem {value}").format(value=part.homesystem))
    if part.resources:
        terms.append(_("resources {value}").format(value=part.resources))
    if part.minor_race:
        terms.append(_("minor race {value}").format(value=part.minor_race))
    if part.race_modifier:
        terms.append(_("{race} {modifier}").format(race=names.race(defs, race), modifier=signed(part.race_modifier)))
    if part.terraformed:
        terms.append(_("terraformed {value}").format(value=part.terraformed))
    if not terms:
        return "0"
    if len(terms) == 1 and not part.race_modifier:
        return terms[0]
    return _("{terms} = {total}").format(terms=" + ".join(terms), total=part.total)


def per_turn(amount: int) -> str:
    return _("{amount} a turn").format(amount=amount)


def present_revenue(state: FederationState, defs: Definitions) -> RevenueView:
    lines: list[TextLine] = []
    credited = dict(state.last_revenue)
    for race in state.races:
        revenue = race_revenue(state, defs, race)
        lines.append(
            TextLine(_("{race}: {amount}").format(race=names.race(defs, race), amount=per_turn(revenue.total)), "title")
        )
        if not revenue.systems:
            lines.append(TextLine(_("No system controlled: no revenue."), "dim"))
        for part in revenue.systems:
            lines.append(
                TextLine(
                    _("{system}: {terms}").format(
                        system=names.system(state, defs, part.system), terms=revenue_terms(part, race, defs)
                    )
                )
            )
        if race in credited:
            lines.append(
                TextLine(
                    _("Credited at the end of turn {turn}: {amount}").format(
                        turn=state.turn - 1, amount=credited[race]
                    ),
                    "dim",
                )
            )
    return RevenueView(
        title=_("Revenue, turn {turn}").format(turn=state.turn),
        note=_(
            "What each race earns a turn from the systems it controls now; End turn credits it. A system without "
            "a minor race yields nothing until a colony is built there."
        ),
        lines=tuple(lines),
    )
