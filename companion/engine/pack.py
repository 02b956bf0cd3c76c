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

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import FrozenInstanceError, dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal, Protocol

from companion.locale import DEFAULT_LANGUAGE, LANGUAGES, _, language

if TYPE_CHECKING:
    from companion.engine.data.files import OverlaidData
    from companion.engine.game import GameRules

#: What the companion does for a game, as Home's game picker says it: "full rules" (every rule checked),
#: "upkeep" (decks, dice and tracks run, the rules are the players'), "kit" (a game declared in one TOML file).
Support = Literal["rules", "upkeep", "kit"]
SUPPORTS: tuple[Support, ...] = ("rules", "upkeep", "kit")
_NAME = re.compile(r"^[a-z][a-z0-9_]*$")

#: Who is looking: a seat number (0-based) for one player, or None for the shared screen (everyone).
Seat = int | None


#: Each language's place in a `Words`' texts (the order of `LANGUAGES`); a language not spoken reads the default's.
_PLACE: dict[str, int] = {code: place for place, code in enumerate(LANGUAGES)}
_DEFAULT_PLACE = _PLACE[DEFAULT_LANGUAGE]
_TRANSLATED = "translated"


class Words:
    """A text a player reads, in every language the companion speaks (`companion.locale.LANGUAGES`), looked up by
    language (`text`, `of`, `as_dict`): screens and data never branch on a language.

    Written `Words("Rescue", "Sauvetage")`: one text per language, in the order of `LANGUAGES`, then optionally
    the languages translated (or `translated=` by name); or `Words.of({"en": ..., "fr": ...})`. The texts are
    kept by language, so a language added to `LANGUAGES` needs no change here. `translated` names the languages
    whose text is our own translation rather than the publisher's (the data marks it; a player may correct it in
    the data editor). Never another language's words as a stand-in. Saved games and listings hold words as
    `{"en": ..., "fr": ..., "translated": [...]}` (`to_data`, `from_data`: the engine's codec calls them).

    >>> rescue = Words("Rescue", "Sauvetage")
    >>> rescue.text("fr"), rescue.text("en")
    ('Sauvetage', 'Rescue')
    >>> Words.of({"en": "Hood", "fr": "Hood"}, translated={"fr"}).as_dict()
    {'en': 'Hood', 'fr': 'Hood'}
    >>> Words("Hood", "Hood", frozenset({"fr"})) == Words("Hood", "Hood", translated={"fr"})
    True
    >>> rescue.to_data(), Words.from_data(rescue.to_data()) == rescue
    ({'en': 'Rescue', 'fr': 'Sauvetage', 'translated': []}, True)
    >>> Words("Hood", "")
    Traceback (most recent call last):
    ...
    ValueError: a player-facing text needs every language (en, fr): fr is missing in {'en': 'Hood', 'fr': ''}
    """

    __slots__ = ("_texts", "translated")
    _texts: tuple[str, ...]
    translated: frozenset[str]

    def __init__(self, *texts: str | AbstractSet[str], translated: Iterable[str] = frozenset()) -> None:
        if len(texts) == len(LANGUAGES) + 1 and not isinstance(texts[-1], str):
            texts, translated = texts[:-1], texts[-1]  # the languages translated, given in place
        if len(texts) != len(LANGUAGES) or not all(isinstance(text, str) for text in texts):
            raise TypeError(
                f"Words takes one text per language ({', '.join(LANGUAGES)}), then what is translated: got {texts!r}"
            )
        if not all(texts):
            shown = dict(zip(LANGUAGES, texts, strict=True))
            missing = ", ".join(code for code, text in shown.items() if not text)
            raise ValueError(
                f"a player-facing text needs every language ({', '.join(LANGUAGES)}): {missing} is missing in {shown!r}"
            )
        object.__setattr__(self, "_texts", texts)
        object.__setattr__(self, "translated", frozenset(translated))

    @classmethod
    def of(cls, texts: Mapping[str, str], translated: Iterable[str] = frozenset()) -> Words:
        """The words from a mapping of language to text (a data file's `{en = "...", fr = "..."}`)."""
        return cls(*[texts.get(code, "") for code in LANGUAGES], translated=translated)

    def text(self, in_language: str | None = None) -> str:
        """The text in `in_language`, else in the language of the moment (this thread's, see
        `companion.locale.speaking`). Every language the companion speaks is there; one it does not gets English."""
        return self._texts[_PLACE.get(in_language or language(), _DEFAULT_PLACE)]

    def as_dict(self) -> dict[str, str]:
        return dict(zip(LANGUAGES, self._texts, strict=True))

    def to_data(self) -> dict[str, Any]:
        """The words as saved games and listings hold them: each language's text, then `translated`, sorted."""
        return {**self.as_dict(), _TRANSLATED: sorted(self.translated)}

    @classmethod
    def from_data(cls, data: Any) -> Words:
        """`to_data`'s output read back; anything else raises `ValueError` naming the field, as the codec does."""
        if not isinstance(data, Mapping):
            raise ValueError(f"expected a table, got {data!r}")
        unknown = data.keys() - _PLACE.keys() - {_TRANSLATED}
        if unknown:
            raise ValueError(f"unknown field(s) {', '.join(sorted(unknown))}")
        for code in LANGUAGES:
            if code not in data:
                raise ValueError(f"missing field '{code}'")
        for code in LANGUAGES:
            if not isinstance(data[code], str):
                raise ValueError(f"field '{code}': expected text, got {data[code]!r}")
        translated = data.get(_TRANSLATED, ())
        if not isinstance(translated, (list, tuple)):
            raise ValueError(f"field '{_TRANSLATED}': expected a list, got {translated!r}")
        for code in translated:
            if not isinstance(code, str):
                raise ValueError(f"field '{_TRANSLATED}': expected text, got {code!r}")
        return cls.of(data, translated)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Words):
            return NotImplemented
        return self._texts == other._texts and self.translated == other.translated

    def __hash__(self) -> int:
        return hash((self._texts, self.translated))

    def __repr__(self) -> str:
        texts = ", ".join(map(repr, self._texts))
        return f"Words({texts}, translated={self.translated!r})" if self.translated else f"Words({texts})"

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (_unpickled, (self._texts, self.translated))


def _unpickled(texts: tuple[str, ...], translated: frozenset[str]) -> Words:
    """A pickled `Words` read back (its slots are frozen: pickle's own way would set them)."""
    return Words(*texts, translated=translated)


@dataclass(frozen=True, slots=True)
class Choice:
    value: str
    label: Words


@dataclass(frozen=True, slots=True)
class SetupOption:
    """One choice New game offers before the game starts (a difficulty, a board size, a deck).

    >>> easy, hard = Choice("easy", Words("Easy", "Facile")), Choice("hard", Words("Hard", "Difficile"))
    >>> SetupOption("level", Words("Level", "Niveau"), (easy, hard), default="hard").default
    'hard'
    >>> SetupOption("level", Words("Level", "Niveau"), (easy, hard), default="medium")
    Traceback (most recent call last):
    ...
    ValueError: option level: default 'medium' is not one of ['easy', 'hard']
    """

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
    #: "module:attribute" of the factory `make_pack(info) -> Pack`, imported and called on first use.
    load: str
    #: Where a kit game's file lives (None for packs written in Python).
    source: str | None = None

    def __post_init__(self) -> None:
        if not _NAME.fullmatch(self.name):
            raise ValueError(f"pack name {self.name!r}: lower-case letters, digits and '_', starting with a letter")
        low, high = self.players
        if not 1 <= low <= high:
            raise ValueError(f"pack {self.name}: player range {self.players} is not a range")
        if self.support not in SUPPORTS:
            raise ValueError(f"pack {self.name}: support {self.support!r} is not one of {SUPPORTS}")
        if ":" not in self.load:
            raise ValueError(f"pack {self.name}: load {self.load!r} is not 'module:factory'")

    def option(self, key: str) -> SetupOption:
        for option in self.options:
            if option.key == key:
                return option
        raise KeyError(key)

    def support_label(self) -> str:
        """What the companion does for this game, as Home's picker says it."""
        return {"rules": _("full rules"), "upkeep": _("upkeep"), "kit": _("kit")}[self.support]

    def players_label(self) -> str:
        low, high = self.players
        if low == high:
            return _("Solo") if low == 1 else _("{n} players").format(n=low)
        return _("{low} to {high} players").format(low=low, high=high)


@dataclass(frozen=True, slots=True)
class ScreenSpec:
    """A screen a pack brings: its Kivy class by dotted name and its kv file, both loaded when first shown."""

    screen_class: str  # "companion.games.thunderbirds.ui.screens.table:TableScreen"
    kv: str | None = None  # a path relative to the project root, e.g. "kv/thunderbirds/table.kv"


@dataclass(frozen=True, slots=True)
class DataStatus:
    """How complete a pack's data is: `companion games` and `check-data` print it."""

    known: int  # entries (cards, tables) complete
    total: int
    missing: tuple[str, ...] = ()  # one line per entry the players complete from their box

    @property
    def is_complete(self) -> bool:
        return self.known == self.total

    def label(self) -> str:
        if self.total == 0:
            return _("no data to complete")
        return _("{known} of {total} entries complete").format(known=self.known, total=self.total)


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
    #: Actions the owner may take while the secret is shown (play a card...): (label, action) pairs; the shell
    #: dispatches the action chosen. Their history labels are `describe`'s, public by contract. A choice may also
    #: be an `open:<what>[:<argument>]` key (a str) for the pack's hooks (`PackUi.perform`), for a choice finished
    #: on the shared screen once the secret is covered again (a card chosen here, its target tapped there).
    choices: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True, slots=True)
class SavedGameLine:
    """How Home lists one saved game of this pack (the shell adds the game's title and the date)."""

    players: str  # "2 players: Scott, Virgil"
    detail: str  # "Standard", "7 cards each"
    status: str  # "In progress, turn 4", "Won"
    is_over: bool = False


@dataclass(frozen=True, slots=True)
class LightsSpec:
    """What a pack shows on the board's LEDs.

    `scene` is "module:attribute" of a factory `make_scene(sizes) -> companion.devices.scene.LightScene` (pure: a
    public view in, LEDs out; `sizes` fixes lengths read from the data, None reads them), imported only when the
    lights start for this game."""

    scene: str


#: The shell's sounds (`companion.ui.sounds`): the dice, a disaster, a success or failure, and a race's engine, crash,
#: shot and explosion.
Sound = Literal["dice", "disaster", "success", "failure", "engine", "crash", "shot", "explosion"]


class PackIdentity(Protocol):
    """Which game this is: its static facts (`PackInfo`) and its registry name."""

    info: PackInfo
    name: str  # `info.name`: the registry key, the saved games' `game`


class PackRules(Protocol):
    """The game's rules and what New game, the history and the drills ask of them. `rules` is the engine's
    `GameRules`, its codec included (`encode_state`/`decode_state`, `encode_action`/`decode_action`)."""

    rules: GameRules[Any, Any]

    def setup_for(self, players: int, options: Mapping[str, str]) -> dict[str, Any]:
        """The setup mapping `rules.initial_state` takes, from New game's choices (JSON-able)."""
        ...

    def legal_actions(self, state: Any) -> tuple[Any, ...]: ...

    def describe(self, action: Any, state: Any) -> str:
        """The public label of an action (the history, exports): never a secret."""
        ...

    def saved_game_line(self, summary: Mapping[str, Any]) -> SavedGameLine:
        """Home's line for a saved game, from the `rules.summary` stored with it."""
        ...

    def random_action(self, state: Any, pick: Callable[[Sequence[Any]], Any]) -> Any | None:
        """A legal action chosen with `pick` (a bot's, or any legal one), None when the game is over: the
        drills (power cut, replay, undo) play every pack with it."""
        ...


class PackData(Protocol):
    """The game's data (cards, tables) and how complete it is. `load` and `warm` run on the session worker."""

    #: What is wrong in the user's data overlay for this pack, one player-facing line each; () when all is well.
    problems: tuple[str, ...]
    #: The same in one short line for the notice bar ("" when all is well).
    problems_notice: str

    @property
    def is_loaded(self) -> bool:
        """True once `load` has run (screens show "loading" before)."""
        ...

    def load(self) -> Any:
        """Reads the data and the user's overlay (again after the editor saved). On the worker."""
        ...

    def warm(self) -> None:
        """Builds caches a first screen would otherwise wait for (odds tables). On the worker; may do nothing."""
        ...

    def data_status(self) -> DataStatus: ...


class PackScreens(Protocol):
    """Optional (`BasicPack`'s defaults: the shell's plain play screen): the pack's own screens and what the shell
    shows around them (its reveals, sounds and help)."""

    #: Screens by name, local to the pack: the shell keeps only the open game's pack's screens.
    screens: Mapping[str, ScreenSpec]
    #: Screens kept built once visited, and built ahead in idle frames when a game starts.
    kept_screens: frozenset[str]
    built_ahead: tuple[str, ...]
    #: The screen play goes on from: players roam from it to the pack's other screens and come back.
    table_screen: str
    #: The screen of a finished game, left for `table_screen` when an undo takes the end back (None: the table
    #: screen shows the end itself).
    game_over_screen: str | None
    #: The pack's own New game screen (in `screens`), or None for the shell's, drawn from `info.options`.
    new_game_screen: str | None
    #: The pack's data editor screen (in `screens`), or None when it has no data to complete.
    editor_screen: str | None
    #: "module:attribute" of the pack's Kivy-side hooks (`companion.ui.pack_ui.PackUi`: pop-ups after an
    #: action, `open:` keys of its screens), or None for the shell's plain ones.
    ui: str | None

    def table_lines(self, view: Any) -> tuple[str, ...]:
        """The public position in a few lines, for the shell's plain play screen (packs without screens)."""
        ...

    def action_group(self, action: Any, state: Any) -> str | None:
        """The plain play screen's button `action` shares with the others of its kind ("Escape with the
        snowmobile"), which opens a chooser of them; None: a button of its own."""
        ...

    def screen_for(self, state: Any) -> str:
        """The screen a state belongs on (the table, a rescue under way, game over...)."""
        ...

    def first_screen(self) -> str:
        """The screen a new game opens on (a set-up guide, the table)."""
        ...

    def sounds(self, events: tuple[Any, ...]) -> tuple[Sound, ...]:
        """Which of the shell's sounds these events make."""
        ...

    def reveal(self, events: tuple[Any, ...], state: Any) -> Reveal | None:
        """A pop-up for what just happened, or None. Public: shown on the shared screen."""
        ...

    def help(self) -> tuple[str, ...]:
        """The Help screen's paragraphs about this game (how to play it with the companion)."""
        ...


class PackLights(Protocol):
    """Optional (`BasicPack`: none): what the board's LEDs show, and the table's physical buttons."""

    lights: LightsSpec | None
    #: A physical button's command ("end_turn", "roll", "confirm", "undo") -> the on-screen button keys it
    #: presses, first shown and enabled wins.
    buttons: Mapping[str, tuple[str, ...]]


class PackCommands(Protocol):
    """Optional (`BasicPack`: none): the CLI sub-commands this pack answers (`scenario`, `odds`, `simulate`,
    `check-data`, `demo`): name -> "module:main", called with the arguments left once `--game` is taken out."""

    commands: Mapping[str, str]


class PackSecrets(Protocol):
    """Optional (`BasicPack`: nothing hidden): what a seat may see (boardgame.io's `playerView`). The shell passes
    `public_view(state)` to everything shared (the lights, the history, exports); only `secret_view` reads what a
    seat hides, and only the hand-over step shows it."""

    def public_view(self, state: Any) -> Any:
        """The state with every secret hidden: what the shared screen, the lights and the logs may read."""
        ...

    def seats(self, state: Any) -> tuple[str, ...]:
        """The players' names by seat ("Red", "Player 2"), for the hand-over step."""
        ...

    def secret_view(self, state: Any, seat: int) -> SecretView | None:
        """What `seat` alone may see now, or None when it has nothing hidden."""
        ...


class Pack(PackIdentity, PackRules, PackData, PackScreens, PackLights, PackCommands, PackSecrets, Protocol):
    """One game, as the shell sees it: every capability above. Made on first use by the factory `PackInfo.load`
    names. A pack author writes the identity, the rules and the data; `BasicPack` gives the optional ones their
    defaults (no screens of its own, no lights, no commands, no secrets), to override one by one.

    Methods that read files or compute for long (`load`, `warm`) run on the session worker; the rest are quick
    and pure."""


class ReadsScenarios(Protocol):
    """Optional capability: a pack whose game reads scenario files (`companion scenario`, docs/scenarios.md).

    The format and the runner are the engine's (`companion.engine.scenario`); the pack names only its part, a
    `ScenarioGame` (its `[setup]` and `[position]` keys, how a position is applied, its state view)."""

    #: "module:attribute" of the pack's `ScenarioGame`, imported when a file of the game is run.
    scenario: str


#: The plain play screen the shell gives a pack without screens of its own.
PLAIN_PLAY_SCREEN = "play"


class PlainScreens:
    """`PackScreens`' defaults: no screens of its own (the shell's plain play screen shows the game and its end),
    no sounds, reveals or help of its own."""

    screens: Mapping[str, ScreenSpec] = MappingProxyType({})
    kept_screens: frozenset[str] = frozenset()
    built_ahead: tuple[str, ...] = ()
    table_screen: str = PLAIN_PLAY_SCREEN
    game_over_screen: str | None = None
    new_game_screen: str | None = None
    editor_screen: str | None = None
    ui: str | None = None

    def table_lines(self, view: Any) -> tuple[str, ...]:
        return ()

    def action_group(self, action: Any, state: Any) -> str | None:
        return None

    def screen_for(self, state: Any) -> str:
        return PLAIN_PLAY_SCREEN  # the plain play screen also shows the end of the game

    def first_screen(self) -> str:
        return PLAIN_PLAY_SCREEN

    def sounds(self, events: tuple[Any, ...]) -> tuple[Sound, ...]:
        return ()

    def reveal(self, events: tuple[Any, ...], state: Any) -> Reveal | None:
        return None

    def help(self) -> tuple[str, ...]:
        return ()


class NoLights:
    """`PackLights`' defaults: no board lights; the physical Undo and Confirm buttons press the screen's own."""

    lights: LightsSpec | None = None
    buttons: Mapping[str, tuple[str, ...]] = MappingProxyType({"undo": ("undo",), "confirm": ("reveal:ok",)})


class NoCommands:
    """`PackCommands`' default: no CLI sub-command of its own."""

    commands: Mapping[str, str] = MappingProxyType({})
    scenario: str | None = None  # `ReadsScenarios`: None, the game reads no scenario files


class NoSecrets:
    """`PackSecrets`' defaults: nothing hidden (the public view is the state), seats named "Player 1"..."""

    def public_view(self, state: Any) -> Any:
        return state

    def seats(self, state: Any) -> tuple[str, ...]:
        players = int(getattr(state, "players", 0) or 0)
        return tuple(_("Player {n}").format(n=n + 1) for n in range(players))

    def secret_view(self, state: Any, seat: int) -> SecretView | None:
        return None


class BasicPack(PlainScreens, NoLights, NoCommands, NoSecrets):
    """A `Pack` with the shell's defaults for every optional capability, and rules and data of the simplest kind
    (no data to complete). A small pack subclasses it and overrides what its game has.

    >>> from companion.engine.game import GameRules
    >>> info = PackInfo("pig", Words("Pig", "Cochon"), Words("Dice", "Dés"), (2, 4), "rules", False, True, (), "m:f")
    >>> class Pig(BasicPack):
    ...     pass
    >>> pig = Pig(info, rules=None)  # what is shown here never asks the rules
    >>> pig.name, pig.first_screen(), pig.setup_for(3, {}), pig.public_view("state")
    ('pig', 'play', {'players': 3}, 'state')
    """

    problems: tuple[str, ...] = ()
    problems_notice: str = ""
    #: The pack's data as the toolkit reads them (`companion.engine.data.files.OverlaidData`), or None (no data).
    data: OverlaidData[Any] | None = None

    def __init__(self, info: PackInfo, rules: GameRules[Any, Any]) -> None:
        self.info = info
        self.rules = rules

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def is_loaded(self) -> bool:
        return True

    def load(self) -> Any:
        """`data` read again (an editor may have saved), with the overlay files it left out named in `problems`
        and the first on the notice bar; its definitions. Nothing without `data`."""
        if self.data is None:
            return None
        self.data.clear()
        self.problems = tuple(str(problem) for problem in self.data.problems())
        self.problems_notice = self.problems[0] if self.problems else ""
        return self.data.definitions()

    def warm(self) -> None:
        return None

    def data_status(self) -> DataStatus:
        return DataStatus(known=0, total=0)

    def setup_for(self, players: int, options: Mapping[str, str]) -> dict[str, Any]:
        return {"players": players, **options}

    def legal_actions(self, state: Any) -> tuple[Any, ...]:
        return tuple(self.rules.legal_actions(state))

    def describe(self, action: Any, state: Any) -> str:
        return str(self.rules.describe(action, state))

    def saved_game_line(self, summary: Mapping[str, Any]) -> SavedGameLine:
        return default_saved_game_line(summary, str, str)

    def random_action(self, state: Any, pick: Callable[[Sequence[Any]], Any]) -> Any | None:
        if self.rules.is_terminal(state):
            return None
        legal = self.legal_actions(state)
        return pick(legal) if legal else None


def default_saved_game_line(
    summary: Mapping[str, Any], seat_name: Callable[[str], str], setting_name: Callable[[str], str]
) -> SavedGameLine:
    """Home's line from the summary keys most games store: `players`, `characters` (seat ids), `difficulty`
    (a set-up option's value), `turn`, and `outcome` or `status` ("won", "lost")."""
    seats = [seat_name(str(c)) for c in summary.get("characters") or ()]
    count = int(summary.get("players") or len(seats) or 0)
    label = _("Solo") if count == 1 else _("{n} players").format(n=count)
    players = _("{head}: {detail}").format(head=label, detail=", ".join(seats)) if seats else label
    outcome = summary.get("outcome") or summary.get("status")
    if outcome == "won":
        status = _("Won")
    elif outcome == "lost":
        status = _("Lost")
    else:
        turn = summary.get("turn")
        status = _("In progress, turn {turn}").format(turn=turn) if turn else _("In progress")
    return SavedGameLine(
        players=players,
        detail=setting_name(str(summary.get("difficulty", ""))),
        status=status,
        is_over=outcome in ("won", "lost"),
    )


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
