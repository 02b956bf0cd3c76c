"""Our readings: what the module leaves open, the answer we ship (confidence low), and the players' choice for
this game (logged and undoable)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.federation import actions as act
from companion.games.federation.definitions import Definitions
from companion.games.federation.state import FederationState
from companion.locale import domain
from companion.ui.presenters.lines import ButtonView, TextLine

_, ngettext = domain("federation")


@dataclass(frozen=True)
class ReadingBlock:
    title: TextLine
    question: TextLine
    choices: tuple[ButtonView, ...]


@dataclass(frozen=True)
class ReadingsView:
    title: str
    note: str
    blocks: tuple[ReadingBlock, ...]
    #: Each choice button's action (the players' correction `SetReading`), by key.
    actions: dict[str, act.SetReading]


def present_readings(state: FederationState, defs: Definitions) -> ReadingsView:
    blocks = []
    actions: dict[str, act.SetReading] = {}
    for reading in defs.readings.values():
        current = state.reading(reading.id)
        choices = []
        for choice in reading.choices:
            key = f"reading:{reading.id}:{choice.id}"
            text = choice.names.text()
            if choice.id == reading.default:
                text = _("{choice} (ours)").format(choice=text)
            chosen = choice.id == current
            if not chosen:
                actions[key] = act.SetReading(reading.id, choice.id)
            choices.append(ButtonView(key, ("✓ " if chosen else "") + text, "primary" if chosen else "normal"))
        blocks.append(
            ReadingBlock(
                TextLine(reading.names.text(), "title"),
                TextLine(reading.question.text(), "dim"),
                tuple(choices),
            )
        )
    return ReadingsView(
        title=_("Our readings"),
        note=_(
            "Where the module's text leaves a question open, the companion follows our reading (low confidence). "
            "Choose yours for this game: the change is logged and can be undone."
        ),
        blocks=tuple(blocks),
        actions=actions,
    )
