"""Choosers for actions with several variants: which pod to build, which tokens to exchange, which character
comes in (solo). Each choice is one legal action, keyed so a touch dispatches exactly it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.thunderbirds import actions as a
from companion.games.thunderbirds import names
from companion.locale import _
from companion.ui.action_keys import act
from companion.ui.presenters.lines import ButtonView, TextLine


@dataclass(frozen=True)
class ChooserView:
    title: str
    lines: tuple[TextLine, ...]
    choices: tuple[ButtonView, ...]


def present_chooser(
    what: str, state: Any, defs: Any, legal: Sequence[Any], character_name: Callable[[str], str]
) -> ChooserView:
    if what == "build":
        choices = tuple(
            ButtonView(act(x), _("Build {pod}").format(pod=names.pod(defs, x.pod)))
            for x in legal
            if isinstance(x, a.UseTechnology)
        )
        return ChooserView(
            _("Build a pod"),
            (TextLine(_("Spend a Technology token: the pod goes from Brains' notebook to Tracy Island, built.")),),
            choices,
        )
    if what == "exchange":
        choices = tuple(
            ButtonView(
                act(x),
                _("Give {give}, take {take}").format(give=names.token(defs, x.give), take=names.token(defs, x.take)),
            )
            for x in legal
            if isinstance(x, a.ExchangeToken)
        )
        return ChooserView(_("Exchange a token"), (TextLine(_("Once per turn, with the supply.")),), choices)
    if what == "change":
        choices = tuple(
            ButtonView(
                act(x),
                _("{out} hands over to {incoming}").format(
                    out=character_name(x.out), incoming=character_name(x.incoming)
                ),
            )
            for x in legal
            if isinstance(x, a.ChangeCharacter)
        )
        return ChooserView(
            _("Change character"),
            (
                TextLine(
                    _(
                        "This takes the whole turn: no disaster card is drawn. The tokens and F.A.B. cards of the "
                        "character who leaves go back."
                    )
                ),
            ),
            choices,
        )
    return ChooserView(what, (), ())
