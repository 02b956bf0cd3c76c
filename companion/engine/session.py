"""One game being played: the single path by which actions change the state.

dispatch: rules.apply -> store.append (durable) -> observers. Undo and redo move a cursor in the stored log, so
they survive a restart; a redo replays the logged outcomes, so a redone draw reveals the same card. A session is
used from one thread (the UI's).

A game's data can change under it (the players complete or correct a card): the steps already played were played
with the data as it was, and a replay with the new data could give another game. So before the data changes, every
saved game keeps its position as a snapshot (`Session.pin`, `pin_saved_games`); resume, redo and undo start from
stored states, and a state replayed from further back is trusted only when replaying on reaches the next stored
state unchanged (else undo stops there, saying why).
"""

from __future__ import annotations

import dataclasses
import json
import logging
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from companion.engine import registry
from companion.engine.chance import LiveChance, ReplayChance
from companion.engine.errors import CompanionError, IllegalAction, ReplayMismatch, StoreError
from companion.engine.game import GameRules
from companion.engine.labels import label_in_every_language, readable
from companion.engine.rng import seed_state
from companion.engine.store import ActionRecord, GameRecord, Store
from companion.locale import _

log = logging.getLogger(__name__)

#: A snapshot of the state is stored with every action whose number is a multiple of this.
SNAPSHOT_EVERY = 200
#: How many recent positions keep their state in memory, for instant undo.
CACHE_SIZE = 256


@dataclass(frozen=True)
class HistoryEntry:
    seq: int
    #: As stored: every language's label (see `labels`), read through `label`.
    stored_label: str
    is_undone: bool

    @property
    def label(self) -> str:
        """The label in the language of the moment."""
        return readable(self.stored_label)


@dataclass(frozen=True)
class Update:
    """What observers hear after a change is durable; `entry` is the history line concerned."""

    kind: Literal["action", "undo", "redo", "load"]
    state: Any
    events: tuple[Any, ...]
    entry: HistoryEntry | None


Observer = Callable[[Update], None]


class Session:
    """A game in play. Create with `Session.new` or `Session.resume`."""

    def __init__(
        self,
        store: Store,
        rules: GameRules[Any, Any],
        game_id: int,
        setup_state: Any,
        entries: Sequence[ActionRecord],
    ) -> None:
        self.store = store
        self.rules = rules
        self.game_id = game_id
        self._setup_state = setup_state
        self._log: list[ActionRecord] = list(entries)
        self._cursor = 0
        self._state = setup_state
        self._cache: OrderedDict[int, Any] = OrderedDict()
        self._observers: list[Observer] = []

    # ------------------------------------------------------------------------------------------ construction

    @classmethod
    def new(
        cls,
        store: Store,
        rules: GameRules[Any, Any],
        setup: Mapping[str, Any],
        seed: int,
        forced_rolls: Sequence[int] = (),
    ) -> Session:
        """Sets a new game up and saves it (game number in `game_id`)."""
        # The setup goes through JSON first so the game sees exactly what a replay from the store will see.
        setup = json.loads(json.dumps(dict(setup)))
        chance = LiveChance(seed_state(seed), forced_rolls)
        state = dataclasses.replace(rules.initial_state(setup, chance), rng=chance.rng_after)
        game_id = store.create_game(
            rules.name,
            setup,
            seed,
            chance.outcomes,
            chance.rng_after,
            rules.summary(state),
            state_format=rules.state_format,
        )
        return cls(store, rules, game_id, state, ())

    @classmethod
    def resume(cls, store: Store, game_id: int) -> Session:
        """The game exactly as it was after its last acknowledged action (or undo/redo)."""
        record = store.load(game_id)
        rules = registry.get(record.game)
        entries = _entries(record)
        session = cls(store, rules, game_id, _setup_state(rules, record), entries)
        start, state = 0, session._setup_state
        if record.state_format == rules.state_format:
            snapshot = session._snapshot_at_or_before(record.cursor)
            if snapshot is not None:
                start, state = snapshot
        else:
            try:
                store.reset_snapshots(game_id, rules.state_format)
            except StoreError:
                log.warning("could not drop the old-format snapshots of game %s", game_id, exc_info=True)
        cursor = record.cursor
        stored = session._stored_after(cursor)
        try:
            state = session._replay(state, start, cursor)
        except ReplayMismatch:
            if stored is None:
                raise
            state = None
        if stored is not None and start < cursor and (state is None or not session._replays_to(state, cursor, stored)):
            # Played with other data (see `pin`), the steps before the stored state no longer replay to it: the
            # game resumes at the stored state, exact; nothing of the log is lost (a redo never needed).
            log.warning(
                "game %s: its step %s no longer replays with today's data; resumed at step %s",
                game_id,
                cursor,
                stored[0],
            )
            cursor, state = stored
            store.set_cursor(game_id, cursor, rules.summary(state))
        session._cursor = cursor
        session._state = state
        if cursor - start >= SNAPSHOT_EVERY:
            try:
                store.put_snapshot(game_id, cursor, rules.encode_state(state))
            except StoreError:
                log.warning("could not store a snapshot of game %s", game_id, exc_info=True)
        return session

    @classmethod
    def rebuild_from_log(cls, store: Store, game_id: int) -> Any:
        """The state at the cursor, replayed from the setup through every logged action, ignoring snapshots."""
        record = store.load(game_id)
        rules = registry.get(record.game)
        session = cls(store, rules, game_id, _setup_state(rules, record), _entries(record))
        return session._replay(session._setup_state, 0, record.cursor)

    # ---------------------------------------------------------------------------------------------- reading

    @property
    def state(self) -> Any:
        return self._state

    @property
    def cursor(self) -> int:
        """How many actions of the log are in effect (0: just set up)."""
        return self._cursor

    @property
    def can_undo(self) -> bool:
        return self._cursor > 0

    @property
    def can_redo(self) -> bool:
        return self._cursor < len(self._log)

    def as_update(self) -> Update:
        """The current position as a "load" update, for screens and lights that join after the game was opened."""
        entry = None if self._cursor == 0 else HistoryEntry(self._cursor, self._log[self._cursor - 1].label, False)
        return Update("load", self._state, (), entry)

    def history(self) -> tuple[HistoryEntry, ...]:
        """Every logged action, oldest first, including the undone ones still available to redo."""
        cursor = self._cursor
        return tuple(HistoryEntry(e.seq, e.label, e.seq > cursor) for e in self._log)

    def state_at(self, seq: int) -> Any:
        """The state after action `seq` (0: the setup), from memory, a snapshot, or a replay of the log."""
        if not 0 <= seq <= len(self._log):
            raise IllegalAction(_("There is no step {seq} in this game's history.").format(seq=seq))
        if seq == self._cursor:
            return self._state
        if seq in self._cache:
            self._cache.move_to_end(seq)
            return self._cache[seq]
        start, state = 0, self._setup_state
        cached = [s for s in self._cache if s <= seq]
        if cached:
            start = max(cached)
            state = self._cache[start]
        snapshot = self._snapshot_at_or_before(seq)
        if snapshot is not None and snapshot[0] > start:
            start, state = snapshot
        if start == seq and seq > 0:  # a stored state, exact (the setup is rebuilt with today's data: checked)
            return state
        state = self._replay(state, start, seq)
        stored = self._stored_after(seq)
        if stored is not None and not self._replays_to(state, seq, stored):
            raise IllegalAction(
                _(
                    "Undo stops at step {step}: the cards were changed there, and the steps before it were played "
                    "with the cards as they were."
                ).format(step=stored[0])
            )
        return state

    # ---------------------------------------------------------------------------------------------- changing

    def dispatch(self, action: Any, forced_rolls: Sequence[int] = ()) -> Update:
        """Applies `action`, makes it durable, then tells the observers. An illegal action changes nothing."""
        before = self._state
        chance = LiveChance(before.rng, forced_rolls)
        after, events = self.rules.apply(before, action, chance)
        after = dataclasses.replace(after, rng=chance.rng_after)
        seq = self._cursor + 1
        label = label_in_every_language(lambda: self.rules.describe(action, before))
        encoded = self.rules.encode_action(action)
        snapshot = self.rules.encode_state(after) if seq % SNAPSHOT_EVERY == 0 else None
        if self._cursor < len(self._log) and self.store.snapshot_after(self.game_id, self._cursor) is not None:
            # The redo tail about to be cut holds a stored state, perhaps the one a data change pinned: the state
            # the new step starts from is kept instead, so no replay ever crosses the change.
            self.store.put_snapshot(self.game_id, self._cursor, self.rules.encode_state(before))
        self.store.append(
            self.game_id, seq, encoded, chance.outcomes, chance.rng_after, label, self.rules.summary(after), snapshot
        )
        del self._log[seq - 1 :]
        for stale in [s for s in self._cache if s >= seq]:
            del self._cache[stale]
        self._log.append(ActionRecord.of(seq, encoded, chance.outcomes, chance.rng_after, label))
        self._remember(self._cursor, before)
        self._cursor = seq
        self._state = after
        update = Update("action", after, tuple(events), HistoryEntry(seq, label, False))
        self._notify(update)
        return update

    def undo(self) -> Update:
        if not self.can_undo:
            raise IllegalAction(_("Nothing to undo."))
        return self._move_to(self._cursor - 1)

    def redo(self) -> Update:
        if not self.can_redo:
            raise IllegalAction(_("Nothing to redo."))
        return self._move_to(self._cursor + 1)

    def undo_to(self, seq: int) -> Update:
        """Moves to the state after action `seq` (0: the setup), backwards or forwards in the history."""
        if not 0 <= seq <= len(self._log):
            raise IllegalAction(_("There is no step {seq} in this game's history.").format(seq=seq))
        if seq == self._cursor:
            return self.as_update()
        return self._move_to(seq)

    def pin(self) -> None:
        """Stores the state at the cursor, and at each step of the redo tail, as the data gives them now.

        Call just before the game's data changes (a card completed, corrected or set aside): from then on a
        resume, a redo or an undo starts from these states instead of replaying steps played with the old data
        with the new one, which could give another game than the one played."""
        states: dict[int, Any] = {}
        if self._cursor > 0:
            states[self._cursor] = self.rules.encode_state(self._state)
        state = self._state
        for seq in range(self._cursor + 1, len(self._log) + 1):
            state, _events = self._apply_logged(state, self._log[seq - 1])
            states[seq] = self.rules.encode_state(state)
        if states:
            self.store.put_snapshots(self.game_id, states)

    def subscribe(self, observer: Observer) -> Callable[[], None]:
        """Calls `observer` after every durable change; returns the function that stops it."""
        self._observers.append(observer)

        def unsubscribe() -> None:
            if observer in self._observers:
                self._observers.remove(observer)

        return unsubscribe

    # -------------------------------------------------------------------------------------------- internals

    def _move_to(self, target: int) -> Update:
        events: list[Any] = []
        if target < self._cursor:
            state = self.state_at(target)
            kind: Literal["undo", "redo"] = "undo"
            entry = HistoryEntry(target + 1, self._log[target].label, True)
        else:
            state = self._state
            for seq in range(self._cursor + 1, target + 1):
                state, step_events = self._apply_logged(state, self._log[seq - 1])
                events.extend(step_events)
                stored = self._snapshot_at_or_before(seq)
                if stored is not None and stored[0] == seq:
                    state = stored[1]  # the step as it was played, whatever today's data makes of it
            kind = "redo"
            entry = HistoryEntry(target, self._log[target - 1].label, False)
        self.store.set_cursor(self.game_id, target, self.rules.summary(state))
        self._remember(self._cursor, self._state)
        self._cursor = target
        self._state = state
        self._remember(target, state)
        update = Update(kind, state, tuple(events), entry)
        self._notify(update)
        return update

    def _apply_logged(self, state: Any, entry: ActionRecord) -> tuple[Any, tuple[Any, ...]]:
        """Re-applies a logged action with its logged outcomes (never the PRNG)."""
        try:
            chance = ReplayChance(entry.outcomes, entry.rng_after)
            action = self.rules.decode_action(entry.action)
            after, events = self.rules.apply(state, action, chance)
            chance.finish()
        except IllegalAction as error:
            raise ReplayMismatch(
                _("Step {seq} ({label}) no longer fits the rules: {reason}").format(
                    seq=entry.seq, label=readable(entry.label), reason=error.reason
                )
            ) from error
        except (ValueError, KeyError, TypeError) as error:  # a damaged log row: JSON, a field, a number
            raise ReplayMismatch(
                _("Step {seq} of this saved game is damaged and cannot be replayed.").format(seq=entry.seq)
            ) from error
        return dataclasses.replace(after, rng=entry.rng_after), tuple(events)

    def _replay(self, state: Any, start: int, end: int) -> Any:
        """The state after action `end`, from `state` (the one after action `start`); keeps the last ones cached."""
        keep_from = end - CACHE_SIZE // 2
        for seq in range(start + 1, end + 1):
            state, _events = self._apply_logged(state, self._log[seq - 1])
            if seq > keep_from:
                self._remember(seq, state)
        return state

    def _remember(self, seq: int, state: Any) -> None:
        self._cache[seq] = state
        self._cache.move_to_end(seq)
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)

    def _stored_after(self, seq: int) -> tuple[int, Any] | None:
        """The first stored state after action `seq` (decoded), if the log reaches it."""
        found = self.store.snapshot_after(self.game_id, seq)
        if found is None or found[0] > len(self._log):
            return None
        try:
            return found[0], self.rules.decode_state(found[1])
        except Exception:  # a damaged snapshot: nothing to check against
            log.warning("snapshot %s of game %s cannot be decoded", found[0], self.game_id, exc_info=True)
            return None

    def _replays_to(self, state: Any, seq: int, stored: tuple[int, Any]) -> bool:
        """Whether replaying on from `state` (after action `seq`) reaches the stored state unchanged."""
        target, expected = stored
        try:
            for step in range(seq + 1, target + 1):
                state, _events = self._apply_logged(state, self._log[step - 1])
        except ReplayMismatch:
            return False
        return bool(state == expected)

    def _snapshot_at_or_before(self, seq: int) -> tuple[int, Any] | None:
        found = self.store.snapshot_at_or_before(self.game_id, seq)
        if found is None:
            return None
        try:
            return found[0], self.rules.decode_state(found[1])
        except Exception:  # a damaged snapshot only costs time: the log rebuilds the state
            log.warning(
                "snapshot %s of game %s cannot be decoded; replaying the log", found[0], self.game_id, exc_info=True
            )
            return None

    def _notify(self, update: Update) -> None:
        for observer in list(self._observers):
            try:
                observer(update)
            except Exception:
                log.exception("an observer failed on %s", update.kind)


def pin_saved_games(store: Store, game: str, live: Session | None = None) -> int:
    """Pins (`Session.pin`) every saved game of `game` before its data changes; `live` is the session open
    in the app, pinned as it stands. A game already pinned and not played since is skipped; one that cannot be
    resumed is left as it is. Returns how many were pinned."""
    pinned = 0
    for saved in store.list_games():
        if saved.game != game:
            continue
        wanted = set(range(max(saved.cursor, 1), saved.action_count + 1))
        if wanted <= set(store.snapshot_seqs(saved.id)):
            continue  # pinned by an earlier change, and not played since
        try:
            if live is not None and live.game_id == saved.id and live.rules.name == game:
                live.pin()
            else:
                Session.resume(store, saved.id).pin()
        except (CompanionError, StoreError):
            log.warning("saved game %s could not be pinned before its data changed", saved.id, exc_info=True)
            continue
        pinned += 1
    return pinned


def _entries(record: GameRecord) -> list[ActionRecord]:
    return list(record.actions)


def _setup_state(rules: GameRules[Any, Any], record: GameRecord) -> Any:
    chance = ReplayChance(record.setup_outcomes, record.setup_rng_after)
    try:
        state = rules.initial_state(record.setup, chance)
        chance.finish()
    except IllegalAction as error:
        raise ReplayMismatch(
            _("The saved setup no longer fits the rules: {reason}").format(reason=error.reason)
        ) from error
    except (ValueError, KeyError, TypeError) as error:  # a damaged setup row
        raise ReplayMismatch(_("The setup of this saved game is damaged and cannot be replayed.")) from error
    return dataclasses.replace(state, rng=record.setup_rng_after)
