"""The pack contract: what one game declares and provides so the shell can host it without knowing it.

A pack has two halves:

- `PackInfo`, its static facts (name, titles, player range, what the companion does for it, hidden information,
  set-up options). Cheap to import: Home lists every installed game from these without loading any rules.
- `Pack`, the game itself, imported on first use (`PackInfo.load`): its rules (the engine's `GameRules`), its
  data and how complete it is, its screens, its lights, its sounds and reveals, its CLI commands.

Everything here is pure Python: the shell imports screens by the dotted names a pack gives, so neither a pack's
rules nor this module ever import Kivy, gpiozero or pyserial. `docs/packs.md` explains each part.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from companion.engine.game import GameRules
from companion.locale import language

#: What the companion does for a game, as Home's game picker says it: "full rules" (every rule checked),
#: "upkeep" (decks, dice and tracks run, the rules are the players'), "kit" (a game declared in one TOML file).
Support = Literal["rules", "upkeep", "kit"]
SUPPORTS: tuple[Support, ...] = ("rules", "upkeep", "kit")

#: Who is looking: a seat number (0-based) for one player, or None for the shared screen (everyone).
Seat = int | None


@dataclass(frozen=True, slots=True)
class Words:
    """A text a player reads, in every language the companion speaks.

    `translated` names the languages whose text is our own translation rather than the publisher's (the data
    marks it; a player may correct it in the data editor). Never the other language's words as a stand-in."""

    en: str
    fr: str
    translated: frozenset[str] = frozenset()

    def text(self) -> str:
        """The text in the language of the moment (this thread's, see `companion.locale.speaking`)."""
        return self.fr if language() == "fr" else self.en

    def __post_init__(self) -> None:
        if not self.en or not self.fr:
            raise ValueError(f"a player-facing text needs both languages: en={self.en!r} fr={self.fr!r}")


@dataclass(frozen=True, slots=True)
class Choice:
    value: str
    label: Words


@dataclass(frozen=True, slots=True)
class SetupOption:
    """One choice New game offers before the game starts (a difficulty, a board size, a deck)."""

    key: str
    label: Words
    choices: tuple[Choice, ...]
    default: str
    help: Words | None = None

    def __post_init__(self) -> None:
        values = [choice.value for choice in self.choices]
        if self.default not in values:
            raise ValueError(f"option {self.key}: default {self.default!r} is not one of {values}")
        if len(set(values)) != len(values):
            raise ValueError(f"option {self.key}: a value is offered twice")


@dataclass(frozen=True, slots=True)
class PackInfo:
    """The static facts of a game: enough for Home and New game, without loading the game."""

    name: str  # the registry key and the saved games' `game` column, e.g. "thunderbirds"
    title: Words
    blurb: Words  # one line under the title on Home's game picker
    players: tuple[int, int]  # smallest and largest number of players
    support: Support
    hides_information: bool  # hands, roles or secret draws: the shell shows them only behind the hand-over step
    has_chance: bool
    options: tuple[SetupOption, ...]
    #: "module:attribute" of the `Pack` object, imported on first use.
    load: str
    #: Where a kit game's file lives (None for packs written in Python).
    source: str | None = None

    def __post_init__(self) -> None:
        low, high = self.players
        if not 1 <= low <= high:
            raise ValueError(f"pack {self.name}: player range {self.players} is not a range")
        if self.support not in SUPPORTS:
            raise ValueError(f"pack {self.name}: support {self.support!r} is not one of {SUPPORTS}")

    def option(self, key: str) -> SetupOption:
        for option in self.options:
            if option.key == key:
                return option
        raise KeyError(key)


@dataclass(frozen=True, slots=True)
class ScreenSpec:
    """A screen a pack brings: its Kivy class by dotted name and its kv file, imported when first shown."""

    screen_class: str  # "companion.games.thunderbirds.ui.screens.table:TableScreen"
    kv: str  # a path relative to the project root, e.g. "kv/table.kv"


@dataclass(frozen=True, slots=True)
class DataStatus:
    """How complete a pack's data is: `companion games` and `check-data` print it, Home shows it."""

    known: int
    total: int
    missing: tuple[str, ...] = ()  # one line per empty slot the players complete from their box

    @property
    def is_complete(self) -> bool:
        return self.known == self.total


@dataclass(frozen=True, slots=True)
class Reveal:
    """What a pop-up shows after an action (a card drawn, a roll): read by the shell, public by contract."""

    title: str
    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SecretView:
    """What one seat may see and the others must not (a hand, a role), shown by the shell's hand-over step."""

    seat: int
    seat_name: str  # "Red", "Player 2": the hand-over step says "Give the screen to {seat_name}"
    title: str
    lines: tuple[str, ...]
    #: Buttons the owner may press while the secret is shown (play a card...): action keys the pack's screens
    #: understand, with their labels. Empty: the view is read-only.
    choices: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class SavedGameLine:
    """How Home lists one saved game of this pack (the shell adds the game's title and the date)."""

    text: str
    is_over: bool = False


@dataclass(frozen=True, slots=True)
class LightsSpec:
    """What a pack shows on the board's LEDs: names for the light map, and the frame for a state.

    `scene` is "module:attribute" of a `companion.devices.scene.LightScene` (pure: state in, LEDs out),
    imported only when lights are in use."""

    scene: str


class Pack(Protocol):
    """One game, as the shell sees it. Made on first use from `PackInfo.load`; methods that read files or
    compute for long (`load`, `warm`) run on the session worker, the rest are quick and pure."""

    info: PackInfo
    rules: GameRules[Any, Any]
    #: Screens by name, local to the pack: the shell keeps only the running game's pack's screens.
    screens: Mapping[str, ScreenSpec]
    #: Screens kept built once visited, and built ahead in idle frames when a game starts.
    kept_screens: frozenset[str]
    built_ahead: tuple[str, ...]
    lights: LightsSpec | None
    #: A physical button's command ("end_turn", "roll", "confirm", "undo") -> the on-screen button keys it
    #: presses, first shown and enabled wins.
    buttons: Mapping[str, tuple[str, ...]]
    #: CLI sub-commands this pack answers (`scenario`, `odds`, `simulate`, `check-data`): name -> "module:main".
    commands: Mapping[str, str]
    #: The pack's data editor screen (in `screens`), or None when it has no data to complete.
    editor_screen: str | None
    #: What is wrong in the user's overlay for this pack, one player-facing line each; () when all is well.
    problems: tuple[str, ...]

    def load(self) -> None:
        """Reads the data and the user's overlay (again after the editor saved). On the worker."""
        ...

    def warm(self) -> None:
        """Builds caches a first screen would otherwise wait for (odds tables). On the worker; may do nothing."""
        ...

    def data_status(self) -> DataStatus: ...

    def setup_for(self, players: int, options: Mapping[str, str]) -> dict[str, Any]:
        """The setup mapping `rules.initial_state` takes, from New game's choices (JSON-able)."""
        ...

    def legal_actions(self, state: Any) -> tuple[Any, ...]: ...

    def describe(self, action: Any, state: Any) -> str:
        """The public label of an action (the history, exports): never a secret."""
        ...

    def public_view(self, state: Any) -> Any:
        """The state with every secret hidden: what the shared screen, the lights and the logs may read."""
        ...

    def secret_view(self, state: Any, seat: int) -> SecretView | None:
        """What `seat` alone may see now, or None when it has nothing hidden."""
        ...

    def screen_for(self, state: Any) -> str:
        """The screen a state belongs on (the table, a rescue under way, game over...)."""
        ...

    def first_screen(self) -> str:
        """The screen a new game opens on (a set-up guide, the table)."""
        ...

    def saved_game_line(self, summary: Mapping[str, Any]) -> SavedGameLine:
        """Home's line for a saved game, from the `rules.summary` stored with it."""
        ...

    def sounds(self, events: tuple[Any, ...]) -> tuple[str, ...]:
        """Which of the shell's sounds ("dice", "disaster", "success", "failure") these events make."""
        ...

    def reveal(self, events: tuple[Any, ...], state: Any) -> Reveal | None:
        """A pop-up for what just happened, or None."""
        ...


@dataclass(frozen=True)
class PackProblem:
    """A pack or kit that could not be listed: Home and `companion games` name the file, the line and the field."""

    name: str
    file: str
    message: str
    line: int | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line is not None else self.file
        return f"{where}: {self.message}"
