"""Warpspawn Thunderbirds' `LightScene`: the LEDs along the printed grid's top and left edges and the players'
status LEDs, as the generic lights (`companion.devices`) know them.

The scene names an LED for every column and row of the largest board of the data, so one scene serves every game
whatever the board chosen in New game; a build has the LEDs of the board it was made for (a 12 × 12 grid's strips
light columns and rows 1 to 12; a larger game's emergency beyond them lights only what the build has, and the screen
shows it all). The groups a light map may write:

- `col` and `row`: the columns and rows of `sizes["board"]` (the data's default board, 12, unless given);
- `col-10`, `row-10`, `col-12`... for each board of the data, so a map says which board its strips are for;
- `status.player`: one status LED per colour, in seat order.

Every build must light at least the smallest board's columns and rows: a map without them is refused, naming them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.devices.light import Light
from companion.devices.lit_layout import LitLayout
from companion.devices.scene import LightScene
from companion.games.warpspawn_thunderbirds import lights as lit
from companion.locale import domain

_, ngettext = domain("warpspawn_thunderbirds")

GAME = "warpspawn_thunderbirds"


def _lights(view: Any) -> Mapping[str, Light]:
    """Every LED of the build for a public view; pure (the turns of new emergencies are blinks)."""
    from companion.games.warpspawn_thunderbirds.loader import default_definitions

    return lit.lights(view, default_definitions())


def make_scene(sizes: Mapping[str, int] | None = None) -> LightScene:
    """The scene; `sizes["board"]` is the board the `col` and `row` groups stand for (None: the data's default)."""
    from companion.games.warpspawn_thunderbirds.loader import default_definitions

    defs = default_definitions()
    board = int(sizes["board"]) if sizes and "board" in sizes else defs.default_size
    largest, smallest = max(defs.sizes), min(defs.sizes)
    colours = tuple(defs.colours)
    status = tuple(lit.status_led(c) for c in colours)
    groups: dict[str, tuple[str, ...]] = {
        "col": lit.columns(board),
        "row": lit.rows(board),
        "status.player": status,
    }
    for size in defs.sizes:
        groups[f"col-{size}"] = lit.columns(size)
        groups[f"row-{size}"] = lit.rows(size)
    required = lit.columns(smallest) + lit.rows(smallest)

    def required_reason(name: str) -> str:
        return _(
            "{name} has no LED: every build lights the columns and rows of the smallest board "
            "(col.1-col.{size}, row.1-row.{size})"
        ).format(name=name, size=smallest)

    return LightScene(
        game=GAME,
        names=lit.names(largest, colours),
        required=required,
        groups=groups,
        names_help=f"col.1-col.{largest}, row.1-row.{largest}, status.player.<colour> ({', '.join(colours)})",
        sizes={"board": board},
        make_layout=lambda names, rgb: LitLayout(names, rgb, _lights),
        view=lambda view: view,
        moments=lambda events: (),
        mirror_rows=(status, lit.columns(largest), lit.rows(largest)),
        required_reason=required_reason,
    )
