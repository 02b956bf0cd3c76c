"""Work put off to the next frame, and whether anything is still moving on screen (a die rolling, a screen
refilled later): the pilot waits for both before it touches or takes a screenshot."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.clock import Clock


class Frames:
    def __init__(self) -> None:
        self._moving = 0

    def animation_started(self) -> None:
        self._moving += 1

    def animation_finished(self) -> None:
        self._moving = max(0, self._moving - 1)

    def is_animating(self) -> bool:
        return self._moving > 0

    def defer(self, work: Callable[[], Any]) -> None:
        """Runs `work` on the next frame. Touches are answered in the frame right after them instead (screens
        are built once and refilled, so that frame is quick): a frame put off shows the player nothing new."""
        self.animation_started()

        def run(_dt: float) -> None:
            try:
                work()
            finally:
                self.animation_finished()

        Clock.schedule_once(run, 0)
