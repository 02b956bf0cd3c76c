"""The Thing – Norwegian Outpost as the shell sees it: the shell's plain play screen shows the public position
(`table_lines` of the public view) and offers the public actions; the deal and the bag draws go through the
shell's hand-over step (`secret_view`), never anywhere else."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from companion.engine.pack import (
    BasicPack,
    DataStatus,
    LightsSpec,
    PackInfo,
    Reveal,
    SavedGameLine,
    ScreenSpec,
    SecretView,
    Words,
)
from companion.games.the_thing import actions as a
from companion.games.the_thing import names as nm
from companion.games.the_thing.describe import action_group, event_lines, table_lines
from companion.games.the_thing.loader import clear_definitions_cache, overlay_problems
from companion.games.the_thing.rules import RULES, ThingRules
from companion.games.the_thing.state import ThingState
from companion.games.the_thing.views import public_view, secret_view

OURS = frozenset({"en"})
#: What the bot does most: the public chores and the secret steps; the rest (escapes, reports) now and then.
CHORES = (
    a.LookAtToken,
    a.ReturnToken,
    a.RollWeather,
    a.EndPhase,
    a.MoveNpcs,
    a.DrawFromBag,
    a.UnveilAliens,
    a.UfoEncounter,
    a.ActivateSequence,
    a.EndUfoRound,
)


class ThingPack(BasicPack):
    rules: ThingRules
    commands = MappingProxyType(
        {
            "check-data": "companion.games.the_thing.check_data:main",
            "demo": "companion.games.the_thing.ui.demo:main",
        }
    )
    scenario = "companion.games.the_thing.scenario:SCENARIOS"
    lights = LightsSpec(scene="companion.games.the_thing.lights:make_scene")
    screens = MappingProxyType(
        {"box": ScreenSpec("companion.games.the_thing.ui.screens.box:ThingBoxScreen", "kv/the_thing/box.kv")}
    )
    editor_screen = "box"

    def load(self) -> Any:
        """The shipped data and the user's overlay, read again (after the Box screen saved)."""
        clear_definitions_cache()
        self.problems = tuple(str(problem) for problem in overlay_problems())
        self.problems_notice = self.problems[0] if self.problems else ""
        return self.rules.definitions

    def data_status(self) -> DataStatus:
        missing = self.rules.definitions.missing()
        return DataStatus(known=4 - len(missing), total=4, missing=tuple(line.text() for line in missing))

    def setup_for(self, players: int, options: Mapping[str, str]) -> dict[str, Any]:
        return {"players": players, "bag": options.get("bag", "screen")}

    def public_view(self, state: ThingState) -> ThingState:
        return public_view(state)

    def seats(self, state: ThingState) -> tuple[str, ...]:
        return tuple(nm.seat(seat) for seat in range(state.players))

    def secret_view(self, state: ThingState, seat: int) -> SecretView | None:
        return secret_view(state, seat)

    def table_lines(self, view: ThingState) -> tuple[str, ...]:
        return table_lines(view, self.rules.definitions)

    def action_group(self, action: Any, state: ThingState) -> str | None:
        return action_group(action, state)

    def reveal_lines(self, events: tuple[Any, ...]) -> tuple[str, ...]:
        return event_lines(events, self.rules.definitions)

    def reveal(self, events: tuple[Any, ...], state: ThingState) -> Reveal | None:
        """What phase 8, the weather die, the deal's end, the UFO and the end did: public lines only."""
        lines = event_lines(events, self.rules.definitions)
        if not lines:
            return None
        return Reveal(Words("What happened", "Ce qui s'est passé", OURS).text(), lines)

    def saved_game_line(self, summary: Mapping[str, Any]) -> SavedGameLine:
        players = Words("{n} players", "{n} joueurs", OURS).text().format(n=summary.get("players", "?"))
        status = str(summary.get("status") or "playing")
        over = status in nm.OUTCOME_NAMES
        text = (
            nm.OUTCOME_NAMES[status].text()
            if over
            else Words("In progress, round {n}", "En cours, manche {n}", OURS).text().format(n=summary.get("turn", 1))
        )
        return SavedGameLine(players, "", text, over)

    def random_action(self, state: ThingState, pick: Callable[[Sequence[Any]], Any]) -> Any | None:
        legal = self.legal_actions(state)
        if not legal:
            return None
        chores = [action for action in legal if isinstance(action, CHORES)]
        others = [action for action in legal if not isinstance(action, CHORES)]
        if chores and (not others or pick(("chore",) * 24 + ("other",)) == "chore"):
            return pick(chores)
        return pick(others)

    def help(self) -> tuple[str, ...]:
        return tuple(
            words.text()
            for words in (
                Words(
                    (
                        "The companion runs the base's public chores: the set-up by player count, the round's eight "
                        "phases, the weather die, phase 8 (the NPCs, the Leader, the dog) and the "
                        "UFO's take-off. Roles, "
                        "teeth and the tokens you see stay yours."
                    ),
                    (
                        "Le compagnon tient les corvées publiques de la base\u00a0: la "
                        "mise en place selon le nombre de "
                        "joueurs, les huit Phases de la Manche, le dé Météo, la Phase 8 (les PNJ, le "
                        "Leader, le Chien) et "
                        "le décollage de l'OVNI. Rôles, dents et jetons vus restent les vôtres."
                    ),
                    OURS,
                ),
                Words(
                    (
                        "The infection bag: at set-up and after a lone encounter with an NPC, tap "
                        "your colour's Private "
                        "button and take the screen; the token shows only after Show, and Hide covers it again. The "
                        "history says who drew, never what."
                    ),
                    (
                        "Le sac Infection\u00a0: à la mise en place et après une Rencontre seul avec un "
                        "PNJ, touchez le bouton "
                        "Privé de votre couleur et prenez l'écran\u00a0; le jeton "
                        "n'apparaît qu'après Montrer, et Cacher le "
                        "recouvre. L'historique dit qui a pioché, jamais quoi."
                    ),
                    OURS,
                ),
            )
        )


def make_pack(info: PackInfo) -> ThingPack:
    return ThingPack(info, RULES)
