"""The New game screen: how many players (1 = solo as Jeff Tracy), characters dealt or chosen, difficulty with
its Hood track, language. The form is a frozen value; each touch makes a new one."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from companion.games.thunderbirds.ui.presenters.table import ROMAN, HoodSpace
from companion.locale import _

SOLO_HANDS = 3


@dataclass(frozen=True)
class NewGameForm:
    players: int = 2
    choose: bool = False  # False: characters dealt at random by the rules
    characters: tuple[str, ...] = ()
    difficulty: str = "introduction"

    @property
    def hands(self) -> int:
        return SOLO_HANDS if self.players == 1 else self.players

    def with_players(self, players: int) -> NewGameForm:
        return replace(self, players=players, characters=self.characters[: SOLO_HANDS if players == 1 else players])

    def toggle(self, character: str) -> NewGameForm:
        if character in self.characters:
            return replace(self, characters=tuple(c for c in self.characters if c != character))
        if len(self.characters) >= self.hands:
            return self
        return replace(self, characters=self.characters + (character,))

    def setup(self) -> dict[str, Any]:
        data: dict[str, Any] = {"players": self.players, "difficulty": self.difficulty}
        if self.choose:
            data["characters"] = list(self.characters)
        return data


@dataclass(frozen=True)
class Option:
    key: str
    label: str
    selected: bool
    enabled: bool = True


@dataclass(frozen=True)
class NewGameView:
    title: str
    players_label: str
    players: tuple[Option, ...]
    solo_note: str
    characters_label: str
    deal_modes: tuple[Option, ...]
    characters: tuple[Option, ...]
    difficulty_label: str
    difficulties: tuple[Option, ...]
    track_text: str
    track: tuple[HoodSpace, ...]
    language_label: str
    start_label: str
    can_start: bool
    problem: str


def difficulty_track(defs: Any, difficulty_id: str) -> tuple[str, tuple[HoodSpace, ...]]:
    level = defs.difficulties[difficulty_id]
    layout = defs.hood_track
    numerals = ", ".join(ROMAN.get(n, str(n)) for n in sorted(level.scheme_levels))
    text = _("Hood track: {events} events, schemes {numerals}; {points} points for a win").format(
        events=level.events, numerals=numerals, points=level.win_points
    )
    marks: dict[int, tuple[str, str]] = {}
    for space in layout.event_spaces[: level.events]:
        marks[space] = ("event", "E")
    for space, scheme_level in zip(layout.scheme_spaces, sorted(level.scheme_levels)):
        marks[space] = ("scheme", ROMAN.get(scheme_level, "S"))
    spaces = tuple(
        HoodSpace(i, marks.get(i, ("plain", ""))[0], marks.get(i, ("plain", ""))[1], i == 0)
        for i in range(layout.length)
    )
    return text, spaces


def present_new_game(form: NewGameForm, defs: Any) -> NewGameView:
    problem = ""
    if form.choose and len(form.characters) != form.hands:
        problem = _("Choose {count} characters ({chosen} chosen).").format(
            count=form.hands, chosen=len(form.characters)
        )
    track_text, track = difficulty_track(defs, form.difficulty)
    return NewGameView(
        title=_("New game"),
        players_label=_("Players"),
        players=tuple(Option(str(n), _("Solo") if n == 1 else str(n), form.players == n) for n in (1, 2, 3, 4)),
        solo_note=_("Solo: you are Jeff Tracy and lead three characters.") if form.players == 1 else "",
        characters_label=_("Characters"),
        deal_modes=(
            Option("deal", _("Dealt at random"), not form.choose),
            Option("choose", _("Chosen"), form.choose),
        ),
        characters=tuple(
            Option(
                c.id,
                c.names.text(),
                c.id in form.characters,
                enabled=c.id in form.characters or len(form.characters) < form.hands,
            )
            for c in defs.characters.values()
        )
        if form.choose
        else (),
        difficulty_label=_("Difficulty"),
        difficulties=tuple(Option(d.id, d.names.text(), d.id == form.difficulty) for d in defs.difficulties.values()),
        track_text=track_text,
        track=track,
        language_label=_("Language"),
        start_label=_("Deal and set up"),
        can_start=not problem,
        problem=problem,
    )
