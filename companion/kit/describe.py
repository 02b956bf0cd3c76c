"""Public words for a kit game: history labels, names of seats, faces and places, and the saved-games summary.

A label is written from the action and the state *before* it, so it can never name what a draw or a roll is
about to reveal; and it never names a card of a face-down deck or a token of a secret bag.
"""

from __future__ import annotations

from typing import Any

from companion.kit import actions as act
from companion.kit.components import FaceSpec
from companion.kit.definition import KitDefinition
from companion.kit.state import KitState, next_in_game
from companion.locale import domain

_, ngettext = domain("kit")


def seat_name(kit: KitDefinition, seat: int) -> str:
    if seat < len(kit.seat_names):
        return kit.seat_names[seat].text()
    return _("Player {number}").format(number=seat + 1)


def face_label(kit: KitDefinition, face: FaceSpec) -> str:
    """What a face shows: "4", "Star", "2 Star", "Wild", "Blank"."""
    parts = []
    if face.shows_value:
        parts.append(str(face.value))
    if face.symbol is not None:
        symbol = kit.symbol(face.symbol)
        parts.append(symbol.name.text() if symbol else face.symbol)
    if face.wild:
        parts.append(_("Wild"))
    return " ".join(parts) if parts else _("Blank")


def place_name(place: str) -> str:
    names = {
        "top": _("the top of the deck"),
        "bottom": _("the bottom of the deck"),
        "discard": _("the discard pile"),
        "table": _("the table"),
        "hand": _("a hand"),
        "aside": _("aside"),
    }
    return names.get(place, place)


def clock(ms: int) -> str:
    """Minutes and seconds, e.g. 2:05."""
    seconds = ms // 1000
    return f"{seconds // 60}:{seconds % 60:02d}"


def describe(action: object, state: KitState) -> str:
    """The public history label of `action` in the language of the moment (`state`: before it)."""
    kit = state.kit

    def who(seat: int | None) -> str:
        return seat_name(kit, state.current if seat is None else seat)

    if isinstance(action, act.Draw):
        deck = kit.deck(action.deck)[1]
        return _("{player} draws a card from {deck}").format(player=who(action.seat), deck=deck.name.text())
    if isinstance(action, act.Discard):
        deck = kit.deck(action.deck)[1]
        card = deck.card(action.card).name.text()
        if action.seat is None:
            return _("{card} is discarded ({deck})").format(card=card, deck=deck.name.text())
        return _("{player} discards {card} ({deck})").format(player=who(action.seat), card=card, deck=deck.name.text())
    if isinstance(action, act.Reshuffle):
        deck = kit.deck(action.deck)[1]
        return _("The {deck} discard pile is shuffled back into the deck").format(deck=deck.name.text())
    if isinstance(action, act.MoveCard):
        deck = kit.deck(action.deck)[1]
        place = place_name(action.to) if action.to != "hand" else who(action.seat)
        if not deck.face_up:
            return _("Adjust: a card of {deck} goes to {place}").format(deck=deck.name.text(), place=place)
        card = deck.card(action.card).name.text()
        return _("Adjust: {card} goes to {place} ({deck})").format(card=card, place=place, deck=deck.name.text())
    if isinstance(action, act.Roll):
        group = kit.group(action.group)[1]
        return _("{player} rolls {dice}").format(player=who(action.seat), dice=group.name.text())
    if isinstance(action, act.DrawFromBag):
        bag = kit.bag(action.bag)[1]
        put_back = bag.put_back if action.put_back is None else action.put_back
        if put_back:
            return _("{player} draws from {bag} and puts it back").format(player=who(action.seat), bag=bag.name.text())
        return _("{player} draws from {bag}").format(player=who(action.seat), bag=bag.name.text())
    if isinstance(action, act.ReturnToBag):
        bag = kit.bag(action.bag)[1]
        if bag.secret:
            if action.seat is None:
                return _("A token goes back into {bag}").format(bag=bag.name.text())
            return _("{player} puts a token back into {bag}").format(player=who(action.seat), bag=bag.name.text())
        token = bag.token(action.token).name.text()
        return _("{token} goes back into {bag}").format(token=token, bag=bag.name.text())
    if isinstance(action, act.MoveMarker):
        track = kit.track(action.track)[1]
        marker = _marker_name(state, track.id, action.marker)
        if action.to is not None:
            return _("{marker} moves to space {space} of {track}").format(
                marker=marker, space=action.to, track=track.name.text()
            )
        by = action.by or 0
        if by < 0:
            return ngettext(
                "{marker} moves {count} space back on {track}", "{marker} moves {count} spaces back on {track}", -by
            ).format(marker=marker, count=-by, track=track.name.text())
        return ngettext(
            "{marker} moves {count} space forward on {track}", "{marker} moves {count} spaces forward on {track}", by
        ).format(marker=marker, count=by, track=track.name.text())
    if isinstance(action, act.SetCounter):
        counter = kit.counter(action.counter)[1]
        if action.player is None:
            return _("Adjust: {counter} set to {value}").format(counter=counter.name.text(), value=action.value)
        return _("Adjust: {player}'s {counter} set to {value}").format(
            player=who(action.player), counter=counter.name.text(), value=action.value
        )
    if isinstance(action, act.ChangeCounter):
        counter = kit.counter(action.counter)[1]
        change = f"{action.delta:+d}"
        if action.player is None:
            return _("{counter} {change}").format(counter=counter.name.text(), change=change)
        return _("{player}: {counter} {change}").format(
            player=who(action.player), counter=counter.name.text(), change=change
        )
    if isinstance(action, act.NextPlayer):
        return _("{player}'s turn").format(player=seat_name(kit, next_in_game(state, state.current)))
    if isinstance(action, act.PassFirstPlayer):
        return _("The first-player marker passes to {player}").format(
            player=seat_name(kit, next_in_game(state, state.first_player))
        )
    if isinstance(action, act.SetFirstPlayer):
        return _("Adjust: {player} takes the first-player marker").format(player=who(action.seat))
    if isinstance(action, act.SetCurrentPlayer):
        return _("Adjust: {player}'s turn").format(player=who(action.seat))
    if isinstance(action, act.CheckStep):
        step = _step_text(state, action.step)
        return (_("Done: {step}") if action.done else _("Not done: {step}")).format(step=step)
    if isinstance(action, act.NextPhase):
        if state.phase + 1 < len(kit.phases):
            return _("Next phase: {phase}").format(phase=kit.phases[state.phase + 1].name.text())
        if kit.rounds and state.round >= kit.rounds:
            return _("The last round is over")
        return _("Round {round} begins").format(round=state.round + 1)
    if isinstance(action, act.GoToPhase):
        if action.phase is None:
            return _("Adjust: round {round}").format(round=action.round)
        phase = next((p.name.text() for p in kit.phases if p.id == action.phase), action.phase)
        return _("Adjust: round {round}, {phase}").format(round=action.round, phase=phase)
    if isinstance(action, act.StartTimer):
        return _("{timer} starts").format(timer=_timer_name(kit))
    if isinstance(action, act.PauseTimer):
        return _("{timer} paused at {time}").format(
            timer=_timer_name(kit), time=clock(state.timer_ms + max(action.ran_ms, 0))
        )
    if isinstance(action, act.ResetTimer):
        return _("{timer} is reset").format(timer=_timer_name(kit))
    if isinstance(action, act.SetPlayerOut):
        if action.out:
            return _("{player} is out of the game").format(player=who(action.seat))
        return _("{player} is back in the game").format(player=who(action.seat))
    if isinstance(action, act.EndGame):
        return _("The game ends")
    return _("Unknown action {name}.").format(name=type(action).__name__)


def _marker_name(state: KitState, track_id: str, marker: str) -> str:
    track = state.kit.track(track_id)[1]
    if track.per_player and marker.startswith("p") and marker[1:].isdigit():
        return seat_name(state.kit, int(marker[1:]) - 1)
    for spec in track.markers:
        if spec.id == marker:
            return spec.name.text()
    return marker


def _step_text(state: KitState, step_id: str) -> str:
    if state.kit.phases:
        for step in state.kit.phases[state.phase].steps:
            if step.id == step_id:
                return step.text.text()
    return step_id


def _timer_name(kit: KitDefinition) -> str:
    return kit.timer.name.text() if kit.timer else _("The timer")


def summary(state: KitState) -> dict[str, Any]:
    """Small facts for the saved-games list (no secrets: whose turn, which round and phase)."""
    phase = state.kit.phases[state.phase].id if state.kit.phases else None
    return {
        "kit": state.kit.name,
        "players": state.players,
        "round": state.round,
        "phase": phase,
        "player": state.current,
        "over": state.is_over,
    }
