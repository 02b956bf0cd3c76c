"""A new game: the players' choices checked against the data, the decks shuffled, the pawns on their squares.

Set-up mapping (JSON-able, what New game and the scenario files give): `players` (2 to 4; default 2), `size`
(a board size of the data; default 12), `colours` (seat order; default the data's first colours), `bases`
(`{colour: [column, row]}`, overriding the data's defaults for this size), `starts`
(`{colour: {pawn: [column, row]}}`; default: the data's `starts`, else every pawn on its owner's base), `data_dir`
(tests).
The game starts at turn 1's Alert phase: there is nothing to count down yet.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from companion.engine.chance import Chance
from companion.engine.deck import Deck, Reshuffle
from companion.engine.errors import IllegalAction
from companion.games.warpspawn_thunderbirds import loader
from companion.games.warpspawn_thunderbirds.definitions import PAWNS, Definitions, Square
from companion.games.warpspawn_thunderbirds.state import GameState, Seat, Setup
from companion.locale import domain

_, ngettext = domain("warpspawn_thunderbirds")

SETUP_KEYS = frozenset({"players", "size", "colours", "bases", "starts", "data_dir"})
_DEFS_BY_DIR: dict[str, Definitions] = {}


def definitions_for(setup: Setup) -> Definitions:
    """The shipped data and overlay, or the set-up's data directory (without any overlay: a test's data is exactly
    what it says)."""
    if setup.data_dir is None:
        return loader.default_definitions()
    defs = _DEFS_BY_DIR.get(setup.data_dir)
    if defs is None:
        data_dir = Path(setup.data_dir)
        defs = _DEFS_BY_DIR[setup.data_dir] = loader.load_definitions(data_dir, data_dir / "no-overlay")
    return defs


def _square(value: Any, size: int, where: str) -> Square:
    if (
        isinstance(value, (list, tuple))
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= size for v in value)
    ):
        return (value[0], value[1])
    raise IllegalAction(_("{where}: a square is [column, row], each from 1 to {size}.").format(where=where, size=size))


def parse_setup(data: Mapping[str, Any], defs: Definitions | None = None) -> Setup:
    """The players' choices, checked; every refusal says what to change."""
    unknown = sorted(set(data) - SETUP_KEYS)
    if unknown:
        raise IllegalAction(
            _("Unknown set-up choice {name}; expected one of {choices}.").format(
                name=unknown[0], choices=", ".join(sorted(SETUP_KEYS))
            )
        )
    data_dir = data.get("data_dir")
    probe = Setup(2, 12, (), (), (), None if data_dir is None else str(data_dir))
    defs = defs or definitions_for(probe)
    low, high = defs.players
    players = data.get("players", low)
    if not isinstance(players, int) or isinstance(players, bool) or not low <= players <= high:
        raise IllegalAction(
            _("Warpspawn Thunderbirds is played by {low} to {high} players, not {players}.").format(
                low=low, high=high, players=players
            )
        )
    size = data.get("size", defs.default_size)
    if size not in defs.sizes:
        raise IllegalAction(
            _("The board is {sizes} squares on a side, not {size}.").format(
                sizes=", ".join(str(s) for s in defs.sizes), size=size
            )
        )
    colours = tuple(data.get("colours") or tuple(defs.colours)[:players])
    if len(colours) != players or len(set(colours)) != players or not all(c in defs.colours for c in colours):
        raise IllegalAction(
            _("Choose {count} different colours among {choices}.").format(
                count=players, choices=", ".join(defs.colours)
            )
        )
    layout = defs.layouts[size]
    chosen_bases = data.get("bases") or {}
    if not isinstance(chosen_bases, Mapping) or not set(chosen_bases) <= set(colours):
        raise IllegalAction(_("Bases are given by colour, for the colours in play."))
    bases = tuple(_square(chosen_bases[c], size, c) if c in chosen_bases else layout.bases[c] for c in colours)
    if len(set(bases)) != len(bases):
        raise IllegalAction(_("Two bases cannot share a square."))
    chosen_starts = data.get("starts") or {}
    if not isinstance(chosen_starts, Mapping) or not set(chosen_starts) <= set(colours):
        raise IllegalAction(_("Starting squares are given by colour, for the colours in play."))
    starts = []
    for colour, base in zip(colours, bases):
        mine = chosen_starts[colour] if colour in chosen_starts else layout.starts.get(colour, {})
        if not isinstance(mine, Mapping) or not set(mine) <= set(PAWNS):
            raise IllegalAction(_("Starting squares are given by pawn: {pawns}.").format(pawns=", ".join(PAWNS)))
        starts.append(tuple(_square(mine[p], size, f"{colour} {p}") if p in mine else base for p in PAWNS))
    return Setup(players, size, colours, bases, tuple(starts), probe.data_dir)


def initial_state(data: Mapping[str, Any], chance: Chance, defs: Definitions | None = None) -> GameState:
    """Shuffles the Emergency deck, then the Responder deck; hands are first filled in turn 1's Organization."""
    setup = parse_setup(data, defs)
    defs = defs or definitions_for(setup)
    emergencies = Deck.shuffled(tuple(defs.emergencies), chance)
    responder = Deck.shuffled(defs.responder_deck, chance, Reshuffle.DISCARD)
    seats = tuple(Seat(colour, start, (), ()) for colour, start in zip(setup.colours, setup.starts))
    return GameState(
        setup=setup,
        seats=seats,
        turn=1,
        phase="alert",
        order=(),
        mover=0,
        emergencies=emergencies,
        board=(),
        responder=responder,
        quick=None,
        rolls=(),
        pending=None,
        delay_seen=False,
        outcome=None,
    )
