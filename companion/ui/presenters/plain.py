"""The shell's screens for any game: New game drawn from the game's declaration (players within its range, each
set-up option), the plain play screen (the public position, the legal actions), and the hand-over step that
shows one player a secret. Kivy-free: the screens fill themselves from these views."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.engine.pack import PackInfo
from companion.locale import _
from companion.ui.action_keys import act
from companion.ui.presenters.lines import ButtonView, TextLine


@dataclass(frozen=True)
class Choice:
    key: str
    label: str
    selected: bool


@dataclass(frozen=True)
class OptionRow:
    key: str
    label: str
    choices: tuple[Choice, ...]


@dataclass(frozen=True)
class NewGameView:
    title: str
    game_title: str
    players_label: str
    players: tuple[Choice, ...]
    options: tuple[OptionRow, ...]
    language_label: str
    start_label: str


def default_choices(info: PackInfo) -> dict[str, str]:
    return {option.key: option.default for option in info.options}


def present_new_game(info: PackInfo, players: int, chosen: Mapping[str, str]) -> NewGameView:
    low, high = info.players
    return NewGameView(
        title=_("New game"),
        game_title=info.title.text(),
        players_label=_("Players"),
        players=tuple(Choice(str(n), _("Solo") if n == 1 else str(n), n == players) for n in range(low, high + 1)),
        options=tuple(
            OptionRow(
                option.key,
                option.label.text(),
                tuple(Choice(c.value, c.label.text(), chosen.get(option.key) == c.value) for c in option.choices),
            )
            for option in info.options
        ),
        language_label=_("Language"),
        start_label=_("Start the game"),
    )


@dataclass(frozen=True)
class ActionGroup:
    """Actions the pack groups under one button (`Pack.action_group`): the button opens a chooser of them."""

    key: str  # "open:choose:<n>", the button's key
    title: str
    choices: tuple[ButtonView, ...]


@dataclass(frozen=True)
class PlayView:
    title: str
    lines: tuple[TextLine, ...]
    actions: tuple[ButtonView, ...]
    secrets: tuple[ButtonView, ...]
    is_over: bool
    groups: tuple[ActionGroup, ...] = ()

    def group(self, key: str) -> ActionGroup | None:
        """The group a button opens, by the button's key."""
        return next((group for group in self.groups if group.key == key), None)

    def opener(self, key: str) -> str | None:
        """The key of the button whose chooser holds the action `key` (None: it is a button of its own)."""
        return next((group.key for group in self.groups if key in {c.key for c in group.choices}), None)


def secret_actions(pack: Any, state: Any) -> set[str]:
    """The keys of the actions only a seat's hand-over step offers (they would tell a secret on the table)."""
    keys: set[str] = set()
    if not pack.info.hides_information:
        return keys
    for seat in range(len(pack.seats(state))):
        secret = pack.secret_view(state, seat)
        if secret is not None:
            keys.update(choice_key(action) for _label, action in secret.choices)
    return keys


def choice_key(action: Any) -> str:
    """The key of a secret's choice: `act:<action>` for an action, or the pack's own `open:` key as it is (a
    choice finished on the shared screen, such as a card whose target is then tapped there)."""
    return action if isinstance(action, str) else act(action)


def present_play(pack: Any, state: Any, legal: tuple[Any, ...]) -> PlayView:
    """The public position and the public actions; a seat with a secret gets a hand-over button instead."""
    view = pack.public_view(state)
    over = bool(pack.rules.is_terminal(state))
    lines = [TextLine(text) for text in pack.table_lines(view)]
    if over:
        status = pack.saved_game_line(pack.rules.summary(state)).status
        lines.insert(0, TextLine(_("Game over: {result}").format(result=status), "title"))
    hidden = secret_actions(pack, state)
    # A button per action, in the rules' order; actions of one group share a button at the group's first place.
    rows: list[ButtonView | str] = []
    grouped: dict[str, list[ButtonView]] = {}
    for action in legal:
        key = act(action)
        if key in hidden:
            continue
        button = ButtonView(key, pack.describe(action, state))
        title = pack.action_group(action, state)
        if title is None:
            rows.append(button)
            continue
        if title not in grouped:
            grouped[title] = []
            rows.append(title)
        grouped[title].append(button)
    actions: list[ButtonView] = []
    groups: list[ActionGroup] = []
    for row in rows:
        if isinstance(row, ButtonView):
            actions.append(row)
        elif len(grouped[row]) == 1:
            actions.append(grouped[row][0])  # a group of one is its action: no chooser for a single choice
        else:
            group = ActionGroup(f"open:choose:{len(groups)}", row, tuple(grouped[row]))
            groups.append(group)
            actions.append(ButtonView(group.key, f"{row}…"))  # the ellipsis: more to choose
    secrets: list[ButtonView] = []
    if pack.info.hides_information and not over:
        for seat, name in enumerate(pack.seats(state)):
            if pack.secret_view(state, seat) is not None:
                secrets.append(ButtonView(f"open:handover:{seat}", _("Private: {seat}").format(seat=name)))
    return PlayView(pack.info.title.text(), tuple(lines), tuple(actions), tuple(secrets), over, tuple(groups))


@dataclass(frozen=True)
class HandoverView:
    """One step of showing a secret: the cover (whose turn to look), the secret itself, or the cover again."""

    title: str
    lines: tuple[TextLine, ...]
    buttons: tuple[ButtonView, ...]
    covered: bool


def present_handover(pack: Any, state: Any, seat: int, stage: str) -> HandoverView:
    """`stage`: "cover" (give the screen to the seat's owner), "shown" (the secret), "hidden" (covered again)."""
    names = pack.seats(state)
    name = names[seat] if 0 <= seat < len(names) else _("Player {n}").format(n=seat + 1)
    if stage == "shown":
        secret = pack.secret_view(state, seat)
        if secret is not None:
            lines = (TextLine(secret.title, "title"), *(TextLine(text) for text in secret.lines))
            buttons = tuple(ButtonView(choice_key(action), label, "primary") for label, action in secret.choices)
            return HandoverView(secret.seat_name, lines, (*buttons, ButtonView("secret:hide", _("Hide"))), False)
        return HandoverView(
            name,
            (TextLine(_("Nothing is hidden from the others now.")),),
            (ButtonView("secret:hide", _("Hide")),),
            False,
        )
    if stage == "hidden":
        return HandoverView(
            _("Hidden"),
            (TextLine(_("Give the screen back to the table.")),),
            (ButtonView("secret:done", _("Back to the game"), "primary"),),
            True,
        )
    return HandoverView(
        _("Give the screen to {seat}").format(seat=name),
        (TextLine(_("Only {seat} looks: the others look away.").format(seat=name)),),
        (
            ButtonView("secret:show", _("Show"), "primary"),
            ButtonView("secret:done", _("Back to the game")),
        ),
        True,
    )
