"""The victory watch: each race's systems against the threshold (over 60 % of the systems on the list)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from companion.games.federation import names
from companion.games.federation.definitions import Definitions
from companion.games.federation.empire import controlled, needed_to_win, winner
from companion.games.federation.state import FederationState
from companion.games.federation.ui.presenters.words import percent
from companion.locale import domain

_, ngettext = domain("federation")


@dataclass(frozen=True)
class RaceWatch:
    race: str
    text: str  # "Klingons: 4 systems, 6 more to win"
    share: float  # 0..1 of the systems on the list, for the bar
    threshold: float  # where the bar's mark stands (the share needed)
    has_won: bool


@dataclass(frozen=True)
class VictoryView:
    title: str
    rule: str
    status: str
    races: tuple[RaceWatch, ...]
    unowned: str


def present_victory(state: FederationState, defs: Definitions) -> VictoryView:
    total = len(state.systems)
    needed = needed_to_win(state, defs)
    won = winner(state, defs)
    watches = []
    for race in state.races:
        count = controlled(state, race)
        share = Fraction(count, total) if total else Fraction(0)
        held = ngettext("{count} system", "{count} systems", count).format(count=count)
        if race == won:
            text = _("{race}: {held} ({percent}): victory").format(
                race=names.race(defs, race), held=held, percent=percent(share)
            )
        else:
            more = needed - count
            text = _("{race}: {held} ({percent}), {more} more to win").format(
                race=names.race(defs, race), held=held, percent=percent(share), more=more
            )
        watches.append(
            RaceWatch(race, text, float(share), float(Fraction(needed, total)) if total else 1.0, race == won)
        )
    unowned = sum(1 for system in state.systems if system.owner is None)
    unexplored = sum(1 for system in state.systems if not system.explored)
    return VictoryView(
        title=_("Victory watch"),
        rule=_("A race controlling over {percent} of the {total} systems on the list wins: {needed} systems.").format(
            percent=_("{percent}%").format(percent=defs.victory.over_percent), total=total, needed=needed
        ),
        status=_("Victory: {race}. Undo, or correct the systems, to play on.").format(race=names.race(defs, won))
        if won is not None
        else _("Nobody has won yet."),
        races=tuple(watches),
        unowned=_("Controlled by nobody: {unowned}; not explored: {unexplored}.").format(
            unowned=unowned, unexplored=unexplored
        ),
    )
