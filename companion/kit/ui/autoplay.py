"""Plays a kit game through the real screens, by touch: the demo (`companion demo --game <kit>`) and the UI tests.

Every move is a touch on a button the table screen shows, found by its key; a row further down a section is
scrolled into view first, as a finger would. `play_rounds` plays any kit the way a table would use it: each
phase's checklist ticked, and in each turn a roll, a draw, a draw from a bag, a marker moved and a counter
changed (whichever the kit has and the screen offers), a face-down card looked at behind the hand-over step.
"""

from __future__ import annotations

from typing import Any

from companion.kit import actions as a
from companion.kit.ui.presenters.table import sections_of
from companion.ui.action_keys import act
from companion.ui.touch_player import Script, TouchPlayer, TouchReport, popup_kind

#: What happened, for the demo's summary and the tests' assertions.
KitReport = TouchReport


class KitPlayer(TouchPlayer):
    """Runs inside a pilot script: `yield from player.start(...)`, `yield from player.press(key)`..."""

    @property
    def state(self) -> Any:
        return self.app.controller.snapshot.state

    # --- touching ------------------------------------------------------------------------------------------

    def before_tap(self, key: str) -> None:
        """A row further down the list is scrolled into view first, as a finger would."""
        from companion.kit.ui.screens.rows import scroll_to_key

        screen = self.app.screen_manager.current_screen if self.app.screen_manager else None
        rows = getattr(getattr(screen, "ids", None), "rows", None) if screen is not None else None
        if rows is not None and not self.pilot.has(key):
            scroll_to_key(rows, key)

    def offered(self, key: str) -> bool:
        """Whether the current section offers `key` (in view or further down its list)."""
        screen = self.app.screen_manager.current_screen
        rows = getattr(screen.ids, "rows", None) if hasattr(screen, "ids") else None
        if self.pilot.has(key):
            return True
        if rows is None:
            return False
        return any(b.key == key and b.enabled for item in rows.data for b in item["row"].buttons)

    def press(self, key: str) -> Script:
        """Touches a button that makes an action, and waits until the game has taken it (and its pop-up)."""
        before = self.version()
        yield from self.tap(key)
        yield from self.taken(before, key)
        yield from self.after_reveal()

    def after_reveal(self) -> Script:
        """The pop-up after an action: a secret draw is looked at behind the hand-over step, then hidden."""
        yield self.pilot.settle()
        if self.pilot.has("reveal:handover"):
            yield from self.visit()
            yield from self.tap("reveal:handover")
            yield self.pilot.until(lambda: self.pilot.screen_name() == "handover", "the hand-over step")
            yield from self.look_and_hide()
        elif self.pilot.has("reveal:ok"):
            yield from self.visit()
            yield from self.tap("reveal:ok")

    def look_and_hide(self) -> Script:
        """The hand-over step from its cover: show, hide (asked first), back to the table."""
        yield from self.tap("secret:show")
        yield from self.tap("secret:hide")
        yield from self.tap("secret:hide:confirm")
        yield from self.tap("secret:done")
        yield self.pilot.until(lambda: self.pilot.screen_name() == "table", "the table again")

    def section(self, name: str) -> Script:
        key = f"section:{name}"
        screen = self.app.screen_manager.current_screen
        if getattr(screen, "section", None) != name:
            yield from self.tap(key)

    # --- a game --------------------------------------------------------------------------------------------

    def start(self, game: str, players: int, seed: int) -> Script:
        """From Home: the game picked, New game, the players, started; on the table."""
        self.app.next_seed = seed
        yield from self.pick_game(game)
        yield from self.tap("new_game")
        yield from self.tap(f"players:{players}")
        yield from self.tap("start_game")
        yield self.pilot.until(lambda: self.pilot.screen_name() == "table", "the table screen")
        yield from self.visit()
        self.report.game_id = self.app.controller.snapshot.game_id

    def play_rounds(self, rounds: int) -> Script:
        """Plays `rounds` rounds (or until the game ends): every phase's checklist, every turn's upkeep."""
        start = self.state.round
        while not self.state.is_over and self.state.round < start + rounds:
            kit = self.state.kit
            phase = kit.phases[self.state.phase] if kit.phases else None
            yield from self.tick_steps()
            turns = phase.turns * (self.state.players - len(self.state.out)) if phase is not None else 0
            for _turn in range(max(1, turns)):
                yield from self.one_turn()
                if turns:
                    yield from self.section("turn")
                    if self.offered("act:NextPlayer") and self.state.turns_taken + 1 < turns:
                        yield from self.press("act:NextPlayer")
            yield from self.section("turn")
            yield from self.press("act:NextPhase")

    def tick_steps(self) -> Script:
        yield from self.section("turn")
        kit = self.state.kit
        if not kit.phases:
            return
        for step in kit.phases[self.state.phase].steps:
            key = act(a.CheckStep(step.id))
            if self.offered(key):
                yield from self.press(key)

    def one_turn(self) -> Script:
        """A turn's upkeep with each kind of component the kit has (what the screen offers)."""
        available = sections_of(self.state.kit)
        if "dice" in available:
            yield from self.section("dice")
            for group in self.state.kit.dice_groups:
                key = act(a.Roll(group.id, self.state.current))
                if self.offered(key):
                    yield from self.press(key)
                    break
        if "cards" in available:
            yield from self.section("cards")
            for deck in self.state.kit.decks:
                key = act(a.Draw(deck.id, self.state.current))
                if self.offered(key):
                    yield from self.press(key)
                    break
        if "bags" in available:
            yield from self.section("bags")
            for bag in self.state.kit.bags:
                key = act(a.DrawFromBag(bag.id, self.state.current))
                if self.offered(key):
                    yield from self.press(key)
                    break
        if "tracks" in available:
            yield from self.section("tracks")
            for track, positions in zip(self.state.kit.tracks, self.state.tracks):
                marker = f"p{self.state.current + 1}" if track.per_player else positions.positions[0][0]
                for by in (1, -1):
                    key = act(a.MoveMarker(track.id, marker, by=by))
                    if self.offered(key):
                        yield from self.press(key)
                        break
                break
        if "counters" in available:
            yield from self.section("counters")
            counter = self.state.kit.counters[0]
            player = self.state.current if counter.per_player else None
            for delta in (1, -1):
                key = act(a.ChangeCounter(counter.id, player, delta))
                if self.offered(key):
                    yield from self.press(key)
                    break

    def to_table(self) -> Script:
        for _attempt in range(4):
            if self.pilot.screen_name() == "table" and not popup_kind():
                return
            if popup_kind():
                yield from self.close_popup(())
            elif self.pilot.has("back"):
                yield from self.tap("back")
            else:
                self.app.go("table")
                yield self.pilot.settle()
