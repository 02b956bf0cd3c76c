"""The kit's table screen, Kivy-free: any kit file's components in sections (the turn and its checklist, the
dice, the cards, the bags, the tracks, the counters), each a list of rows with their buttons, and the timer.

Everything shown is read from the pack's public view: a face-down card or a secret draw is only counted, and
the buttons that would name one (discarding a card from a hand, putting a secret token back) are left to the
hand-over step. Listed actions come from `legal_actions`; the variants a screen offers besides (a marker moved
to a space, a draw with or without putting back) are checked by the rules before they are offered.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.kit import actions as act
from companion.kit import components as comp
from companion.kit.definition import KitDefinition
from companion.kit.describe import clock, describe, face_label, seat_name
from companion.kit.odds import roll_odds
from companion.kit.pack import marker_name
from companion.kit.rules import check
from companion.kit.state import KitState
from companion.kit.ui.presenters.rows import Row, RowButton, Tab
from companion.locale import domain
from companion.ui.action_keys import act as key_of
from companion.ui.presenters.plain import secret_actions

_, ngettext = domain("kit")

SECTIONS: tuple[str, ...] = ("turn", "dice", "cards", "bags", "tracks", "counters")


@dataclass(frozen=True)
class TimerView:
    text: str
    style: str
    buttons: tuple[RowButton, ...]


@dataclass(frozen=True)
class TableView:
    title: str
    tabs: tuple[Tab, ...]
    section: str
    rows: tuple[Row, ...]
    timer: TimerView | None
    is_over: bool


def sections_of(kit: KitDefinition) -> tuple[str, ...]:
    """The sections this kit has: the turn always, each kind of component when the kit has one."""
    has = {
        "turn": True,
        "dice": bool(kit.dice_groups),
        "cards": bool(kit.decks),
        "bags": bool(kit.bags),
        "tracks": bool(kit.tracks),
        "counters": bool(kit.counters),
    }
    return tuple(name for name in SECTIONS if has[name])


def section_label(name: str) -> str:
    return {
        "turn": _("Turn"),
        "dice": _("Dice"),
        "cards": _("Cards"),
        "bags": _("Bags"),
        "tracks": _("Tracks"),
        "counters": _("Counters"),
    }[name]


class Offer:
    """Builds the buttons of one position: a listed action's (when listed and public), or a variant checked by
    the rules on the whole state (only whether it is allowed comes out of it, never what it would reveal)."""

    def __init__(self, pack: Any, state: KitState, legal: tuple[Any, ...]) -> None:
        self.state = state
        hidden = secret_actions(pack, state)
        self.listed = {key_of(action) for action in legal} - hidden

    def listed_button(self, action: Any, label: str, role: str = "normal") -> RowButton | None:
        key = key_of(action)
        return RowButton(key, label, role) if key in self.listed else None

    def kept_button(self, action: Any, label: str, role: str = "normal") -> RowButton:
        """A listed action's button, shown disabled when not listed now (a row's buttons keep their places)."""
        key = key_of(action)
        return RowButton(key, label, role, key in self.listed)

    def variant(self, action: Any, label: str, role: str = "normal") -> RowButton:
        allowed = not self.state.is_over and check(self.state, action) is None
        return RowButton(key_of(action), label, role, allowed, action)


def buttons(*found: RowButton | None) -> tuple[RowButton, ...]:
    return tuple(button for button in found if button is not None)


def title_of(view: KitState) -> str:
    kit = view.kit
    if view.is_over:
        return _("Game over after round {round}").format(round=view.round)
    player = seat_name(kit, view.current)
    if kit.phases:
        return _("Round {round} · {phase} · {player} to play").format(
            round=view.round, phase=kit.phases[view.phase].name.text(), player=player
        )
    return _("Round {round} · {player} to play").format(round=view.round, player=player)


def present_table(
    pack: Any,
    state: KitState,
    legal: tuple[Any, ...],
    section: str,
    chosen_markers: Mapping[str, str] | None = None,
    timer_shown_ms: int | None = None,
) -> TableView:
    """The table of `state` (the whole state: only its public view is read for what is shown) with the rows of
    `section`; `chosen_markers` (track id -> marker id) is the marker each track's spaces move; `timer_shown_ms`
    the time the screen measured (None: the time at the last pause)."""
    view: KitState = pack.public_view(state)
    kit = view.kit
    available = sections_of(kit)
    if section not in available:
        section = "turn"
    offer = Offer(pack, state, legal)
    makers = {
        "turn": _turn_rows,
        "dice": _dice_rows,
        "cards": _card_rows,
        "bags": _bag_rows,
        "tracks": lambda v, o: _track_rows(v, o, chosen_markers or {}),
        "counters": _counter_rows,
    }
    rows = makers[section](view, offer)
    return TableView(
        title=title_of(view),
        tabs=tuple(Tab(f"section:{name}", section_label(name), name == section) for name in available),
        section=section,
        rows=tuple(rows),
        timer=timer_view(view, offer, timer_shown_ms),
        is_over=view.is_over,
    )


# --- the turn ------------------------------------------------------------------------------------------------


def _turn_rows(view: KitState, offer: Offer) -> list[Row]:
    kit = view.kit
    rows: list[Row] = []
    if view.is_over:
        rows.append(Row(_("The game is over: undo to play on, or adjust the round from the menu."), "title"))
    current = seat_name(kit, view.current)
    first = seat_name(kit, view.first_player)
    rows.append(
        Row(
            _("{player} to play · first player: {first}").format(player=current, first=first),
            "title",
            buttons(offer.listed_button(act.NextPlayer(), _("Next player"), "primary")),
        )
    )
    if kit.phases:
        rows.extend(_phase_rows(view, offer))
    else:
        rows.append(
            Row(
                _("Round {round}").format(round=view.round),
                "title",
                buttons(offer.listed_button(act.NextPhase(), _("Next round"), "primary")),
            )
        )
    order = []
    seat = view.first_player
    for _step in range(view.players):
        name = seat_name(kit, seat)
        if seat in view.out:
            name = _("{player} (out)").format(player=name)
        elif seat == view.first_player:
            name = _("{player} (first)").format(player=name)
        order.append(name)
        seat = (seat + 1) % view.players
    rows.append(
        Row(
            _("Order: {players}").format(players=" › ".join(order)),
            buttons=buttons(offer.listed_button(act.PassFirstPlayer(), _("Pass the marker"))),
        )
    )
    if view.order_rolls and view.round == 1:
        dice = kit.group_dice(view.order_rolls[0].group)
        totals = ", ".join(
            _("{player} {total}").format(player=seat_name(kit, roll.seat), total=comp.total_of(dice, roll.faces))
            for roll in view.order_rolls
        )
        rows.append(Row(_("First-player roll: {totals}").format(totals=totals), "dim"))
    if not view.is_over:
        rows.append(Row(_("When the game is over"), "dim", (RowButton("end:ask", _("End the game"), "danger"),)))
    return rows


def _phase_rows(view: KitState, offer: Offer) -> list[Row]:
    kit = view.kit
    phase = kit.phases[view.phase]
    rows = [
        Row(
            _("Phase {number} of {count}: {phase}").format(
                number=view.phase + 1, count=len(kit.phases), phase=phase.name.text()
            ),
            "title",
            buttons(offer.listed_button(act.NextPhase(), _("Next phase"), "primary")),
        ),
    ]
    if phase.turns:
        playing = view.players - len(view.out)
        total = phase.turns * playing
        rows.append(
            Row(
                ngettext(
                    "{count} turn each: {taken} of {total} taken",
                    "{count} turns each: {taken} of {total} taken",
                    phase.turns,
                ).format(count=phase.turns, taken=view.turns_taken, total=total)
            )
        )
    if phase.reminder is not None:
        text = phase.reminder.text()
        rows.append(Row(text, "normal", (), _lines_for(text)))
    for step in phase.steps:
        done = step.id in view.checked
        mark = "✓" if done else "○"
        label = _("Not done") if done else _("Done")
        rows.append(
            Row(
                f"{mark} {step.text.text()}",
                "dim" if done else "normal",
                buttons(offer.listed_button(act.CheckStep(step.id, not done), label)),
                _lines_for(step.text.text(), 60),
            )
        )
    rows.append(Row(describe(act.NextPhase(), view), "dim"))  # what the Next phase button leads to
    return rows


def _lines_for(text: str, per_line: int = 90) -> int:
    """How many lines a row gives a long text (a phase's reminder): about `per_line` characters each, at most 4."""
    return max(1, min(4, -(-len(text) // per_line)))


# --- dice ------------------------------------------------------------------------------------------------------


def _dice_rows(view: KitState, offer: Offer) -> list[Row]:
    kit = view.kit
    rows: list[Row] = []
    for group in kit.dice_groups:
        dice = kit.group_dice(group.id)
        kinds = Counter(die.id for die in dice)
        made = ", ".join(
            _("{count} × {die}").format(count=count, die=kit.die(die_id).name.text()) for die_id, count in kinds.items()
        )
        known = all(die.is_known for die in dice)
        head = _("{head}: {detail}").format(head=group.name.text(), detail=made)
        if not known:
            rows.append(Row(head, "title"))
            rows.append(Row(_("Their faces are not known yet: complete them in the card editor, from Home."), "dim"))
            continue
        rows.append(
            Row(head, "title", buttons(offer.listed_button(act.Roll(group.id, view.current), _("Roll"), "primary")))
        )
        for die_id in kinds:
            die = kit.die(die_id)
            faces = ", ".join(face_label(kit, face) for face in die.faces)
            rows.append(Row(_("{head}: {detail}").format(head=die.name.text(), detail=faces), "dim"))
            if die.confidence == "low":
                rows.append(Row(_("These faces are an inference: check them against your dice."), "dim"))
        roll = view.roll_of(group.id)
        if roll is not None:
            shown = " · ".join(face_label(kit, die.faces[index]) for die, index in zip(dice, roll.faces))
            rows.append(Row(_("{player} rolled {faces}").format(player=seat_name(kit, roll.seat), faces=shown)))
            rows.extend(Row(line, "dim") for line in roll_odds(kit, dice, roll.faces))
    return rows


# --- cards -----------------------------------------------------------------------------------------------------


def _card_rows(view: KitState, offer: Offer) -> list[Row]:
    kit = view.kit
    rows: list[Row] = []
    for spec, deck in zip(kit.decks, view.decks):
        kind = _("face up") if spec.face_up else _("face down")
        rows.append(Row(_("{deck} ({kind})").format(deck=spec.name.text(), kind=kind), "title"))
        counts = [
            ngettext("{count} card to draw", "{count} cards to draw", len(deck.draw_pile)).format(
                count=len(deck.draw_pile)
            ),
            ngettext("{count} discarded", "{count} discarded", len(deck.discard_pile)).format(
                count=len(deck.discard_pile)
            ),
        ]
        if deck.unseen:
            counts.append(
                ngettext("{count} set aside unseen", "{count} set aside unseen", len(deck.unseen)).format(
                    count=len(deck.unseen)
                )
            )
        rows.append(
            Row(
                " · ".join(counts),
                buttons=buttons(
                    offer.listed_button(act.Draw(spec.id, view.current), _("Draw"), "primary"),
                    offer.listed_button(act.Reshuffle(spec.id), _("Reshuffle")),
                ),
            )
        )
        if not comp.can_draw(spec, deck):
            rows.append(Row(_("Nothing left to draw."), "dim"))
        for card_id in deck.table:
            rows.append(
                Row(
                    _card_text(spec, card_id),
                    buttons=buttons(offer.listed_button(act.Discard(spec.id, card_id, None), _("Discard"))),
                    lines=_lines_for(_card_text(spec, card_id), 70),
                )
            )
        for seat, hand in enumerate(deck.hands):
            if not hand:
                continue
            who = seat_name(kit, seat)
            if spec.face_up:
                for card_id in hand:
                    rows.append(Row(_("{player} holds {card}").format(player=who, card=spec.card(card_id).name.text())))
                continue
            rows.append(
                Row(
                    ngettext("{player} holds {count} card", "{player} holds {count} cards", len(hand)).format(
                        player=who, count=len(hand)
                    ),
                    buttons=(RowButton(f"open:handover:{seat}", _("Look")),),
                )
            )
        if deck.discard_pile:
            last = spec.card(deck.discard_pile[-1]).name.text()
            rows.append(Row(_("Last discarded: {card}").format(card=last), "dim"))
        if deck.aside:
            aside = ", ".join(spec.card(card_id).name.text() for card_id in deck.aside)
            rows.append(Row(_("Set aside: {cards}").format(cards=aside), "dim"))
    return rows


def _card_text(spec: comp.DeckSpec, card_id: str) -> str:
    card = spec.card(card_id)
    if card.confidence == "unknown":
        return _("{card}: not described yet, read it from your box").format(card=card.name.text())
    text = (
        card.name.text()
        if card.text is None
        else _("{head}: {detail}").format(head=card.name.text(), detail=card.text.text())
    )
    return (
        _("{card} (an inference: check it against your card)").format(card=text) if card.confidence == "low" else text
    )


# --- bags ------------------------------------------------------------------------------------------------------


def _bag_rows(view: KitState, offer: Offer) -> list[Row]:
    kit = view.kit
    rows: list[Row] = []
    for spec, bag in zip(kit.bags, view.bags):
        if spec.secret:
            kind = _("secret draws")
        elif spec.put_back:
            kind = _("put back after each draw")
        else:
            kind = _("drawn tokens are kept")
        rows.append(Row(_("{bag} ({kind})").format(bag=spec.name.text(), kind=kind), "title"))
        inside = ngettext("{count} token inside", "{count} tokens inside", len(bag.contents)).format(
            count=len(bag.contents)
        )
        other = act.DrawFromBag(spec.id, view.current, not spec.put_back)
        other_label = _("Draw and keep") if spec.put_back else _("Draw and put back")
        rows.append(
            Row(
                inside,
                buttons=buttons(
                    offer.listed_button(act.DrawFromBag(spec.id, view.current), _("Draw"), "primary"),
                    offer.variant(other, other_label) if bag.contents else None,
                ),
            )
        )
        last = bag.last
        if last is not None and last.seat is not None:
            who = seat_name(kit, last.seat)
            if spec.secret:
                rows.append(Row(_("{player} drew last: only they know what.").format(player=who), "dim"))
            else:
                drawn = spec.token(last.token)
                token = drawn.name.text()
                if drawn.confidence == "unknown":
                    token = _("{token} (not described yet: look at the token)").format(token=token)
                rows.append(Row(_("{player} drew {token}").format(player=who, token=token), "dim", lines=2))
        held_by: dict[int | None, list[str]] = {}
        for held in bag.out:
            held_by.setdefault(held.seat, []).append(held.token)
        for seat, tokens in held_by.items():
            if spec.secret and seat is not None:
                rows.append(
                    Row(
                        ngettext("{player} holds {count} token", "{player} holds {count} tokens", len(tokens)).format(
                            player=seat_name(kit, seat), count=len(tokens)
                        ),
                        buttons=(RowButton(f"open:handover:{seat}", _("Look")),),
                    )
                )
                continue
            for token_id in dict.fromkeys(tokens):
                name = spec.token(token_id).name.text()
                count = tokens.count(token_id)
                if seat is None:
                    text = _("On the board: {count} × {token}").format(count=count, token=name)
                else:
                    text = _("{player} holds {count} × {token}").format(
                        player=seat_name(kit, seat), count=count, token=name
                    )
                rows.append(
                    Row(
                        text,
                        buttons=buttons(offer.listed_button(act.ReturnToBag(spec.id, token_id, seat), _("Put back"))),
                        lines=_lines_for(text, 70),
                    )
                )
    return rows


# --- tracks ----------------------------------------------------------------------------------------------------


def chosen_marker(view: KitState, track: comp.TrackSpec, chosen: Mapping[str, str]) -> str | None:
    """The marker the spaces of `track` move: the one chosen on the screen, else the current player's (a
    per-player track), else the first."""
    positions = view.tracks[view.kit.track(track.id)[0]].positions
    ids = [marker for marker, _at in positions]
    if chosen.get(track.id) in ids:
        return chosen[track.id]
    if track.per_player:
        return comp.player_marker(view.current)
    return ids[0] if ids else None


def _track_rows(view: KitState, offer: Offer, chosen: Mapping[str, str]) -> list[Row]:
    kit = view.kit
    rows: list[Row] = []
    for spec, track in zip(kit.tracks, view.tracks):
        rows.append(
            Row(
                _("{track}: spaces {first} to {last}").format(track=spec.name.text(), first=spec.first, last=spec.last),
                "title",
            )
        )
        picked = chosen_marker(view, spec, chosen)
        here: dict[int, list[str]] = {}
        for marker, at in track.positions:
            name = marker_name(kit, spec, marker)
            here.setdefault(at, []).append(name)
            space = spec.space(at)
            where = str(at) if space is None else _("{number} · {space}").format(number=at, space=space.name.text())
            selected = marker == picked
            rows.append(
                Row(
                    _("{marker}: space {space}").format(marker=name, space=where),
                    "normal",
                    buttons(
                        offer.kept_button(act.MoveMarker(spec.id, marker, by=-1), "−1"),
                        offer.kept_button(act.MoveMarker(spec.id, marker, by=1), "+1"),
                        RowButton(
                            f"marker:{spec.id}:{marker}",
                            ("✓ " if selected else "") + _("Pick"),
                            "primary" if selected else "normal",
                        ),
                    ),
                )
            )
        if picked is None:
            continue
        name = marker_name(kit, spec, picked)
        rows.append(Row(_("Tap a space to move {marker} there:").format(marker=name), "dim"))
        position = track.position(picked)
        for at in range(spec.first, spec.last + 1):
            space = spec.space(at)
            parts = [str(at)]
            if space is not None:
                parts = [_("{number} · {space}").format(number=at, space=space.name.text())]
                if space.text is not None:
                    parts = [_("{head}: {detail}").format(head=parts[0], detail=space.text.text())]
            if at in here:
                parts.append(_("here: {markers}").format(markers=", ".join(here[at])))
            text = " · ".join(parts)
            if at == position:
                button = RowButton(f"space:{spec.id}:{at}", _("Here"), "normal", False)
            else:
                button = offer.variant(act.MoveMarker(spec.id, picked, to=at), _("Move here"))
            rows.append(Row(text, "normal", (button,), _lines_for(text, 70)))
    return rows


# --- counters --------------------------------------------------------------------------------------------------


def _counter_rows(view: KitState, offer: Offer) -> list[Row]:
    kit = view.kit
    rows: list[Row] = []
    for spec, counter in zip(kit.counters, view.counters):
        rows.append(Row(_limits(spec), "title"))
        players: tuple[int | None, ...] = tuple(range(view.players)) if spec.per_player else (None,)
        for player in players:
            value = comp.counter_value(spec, counter, player)
            who = spec.name.text() if player is None else seat_name(kit, player)
            rows.append(
                Row(
                    _("{head}: {detail}").format(head=who, detail=value),
                    buttons=buttons(
                        offer.kept_button(act.ChangeCounter(spec.id, player, -1), "−1"),
                        offer.kept_button(act.ChangeCounter(spec.id, player, 1), "+1"),
                    ),
                )
            )
    return rows


def _limits(spec: comp.CounterSpec) -> str:
    name = spec.name.text()
    if spec.minimum is not None and spec.maximum is not None:
        return _("{counter} ({low} to {high})").format(counter=name, low=spec.minimum, high=spec.maximum)
    if spec.minimum is not None:
        return _("{counter} (at least {low})").format(counter=name, low=spec.minimum)
    if spec.maximum is not None:
        return _("{counter} (at most {high})").format(counter=name, high=spec.maximum)
    return name


# --- the timer -------------------------------------------------------------------------------------------------


def timer_view(view: KitState, offer: Offer, shown_ms: int | None) -> TimerView | None:
    timer = view.kit.timer
    if timer is None:
        return None
    ms = view.timer_ms if shown_ms is None else shown_ms
    name = timer.name.text()
    style = "normal"
    if timer.limit:
        text = _("{timer} {time} of {limit}").format(timer=name, time=clock(ms), limit=clock(timer.limit * 1000))
        if ms >= timer.limit * 1000:
            text = _("{head}: {detail}").format(head=text, detail=_("time is up"))
            style = "bad"
    else:
        text = _("{timer} {time}").format(timer=name, time=clock(ms))
    if not view.timer_running and not view.is_over:
        text = _("{timer} (paused)").format(timer=text)
    if view.timer_running:
        run = RowButton("timer:pause", _("Pause"), "primary", not view.is_over)
    else:
        run = offer.listed_button(act.StartTimer(), _("Start"), "primary") or RowButton(
            "timer:start", _("Start"), "primary", False
        )
    reset = offer.listed_button(act.ResetTimer(), _("Reset")) or RowButton("timer:reset", _("Reset"), "normal", False)
    return TimerView(text, style, (run, reset))


class TimerClock:
    """The time the timer shows, measured by the screen: the time it ran up to its last pause (in the state),
    plus, while it runs, the time since this screen saw it start (or restart for a new turn or round). The
    screen sends that measure in `PauseTimer(ran_ms)`; the rules never read a clock. `now` is in seconds
    (a monotonic clock); a timer left running when the app stopped counts again from its resume."""

    def __init__(self) -> None:
        self._run: tuple[Any, ...] | None = None
        self._since = 0.0

    def observe(self, game_id: int, state: KitState, now: float) -> None:
        """Called with each new position: a timer that starts, or restarts at a new turn or round, counts from
        `now`."""
        if not state.timer_running:
            self._run = None
            return
        run = (game_id, state.timer_runs)
        if run != self._run:
            self._run, self._since = run, now

    def ran_ms(self, now: float) -> int:
        """Milliseconds since the timer (re)started; 0 when it is not running."""
        return max(0, round((now - self._since) * 1000)) if self._run is not None else 0

    def shown_ms(self, state: KitState, now: float) -> int:
        return state.timer_ms + (self.ran_ms(now) if state.timer_running else 0)
