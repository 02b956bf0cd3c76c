"""The square grid: squares are (column, row) from 1; moves are straight lines, knight jumps and adjacency.

A "move N" card moves a pawn exactly N squares in a straight line, orthogonally or diagonally (our reading of
"a distance indicated by the card ... orthogonal or diagonal": confidence low, see docs/warpspawn-thunderbirds.md);
it may pass over pawns and emergencies (paper pawns block nothing) but never ends on an emergency or off the grid.
The tables are built once per board size and shared by the rules, `legal_actions` and the bot.
"""

from __future__ import annotations

from functools import cache

from companion.games.warpspawn_thunderbirds.definitions import Square

DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
KNIGHT: tuple[tuple[int, int], ...] = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


@cache
def squares(size: int) -> tuple[Square, ...]:
    """Every square, row by row (the same tuple objects are reused, so tables compare by identity cheaply)."""
    return tuple((col, row) for row in range(1, size + 1) for col in range(1, size + 1))


@cache
def _canonical(size: int) -> dict[Square, Square]:
    return {square: square for square in squares(size)}


def on_grid(square: Square, size: int) -> bool:
    col, row = square
    return 1 <= col <= size and 1 <= row <= size


@cache
def rays(size: int) -> dict[Square, tuple[tuple[Square, ...], ...]]:
    """For each square, the squares along each of the 8 directions, nearest first, up to the edge."""
    canonical = _canonical(size)
    table = {}
    for square in squares(size):
        col, row = square
        lines = []
        for dc, dr in DIRECTIONS:
            line = []
            c, r = col + dc, row + dr
            while 1 <= c <= size and 1 <= r <= size:
                line.append(canonical[(c, r)])
                c, r = c + dc, r + dr
            lines.append(tuple(line))
        table[square] = tuple(lines)
    return table


@cache
def straight(size: int, distance: int) -> dict[Square, tuple[Square, ...]]:
    """For each square, the squares exactly `distance` away in a straight line (up to 8)."""
    return {
        square: tuple(line[distance - 1] for line in lines if len(line) >= distance)
        for square, lines in rays(size).items()
    }


@cache
def knight(size: int) -> dict[Square, tuple[Square, ...]]:
    """For each square, the squares a chess knight's jump away."""
    canonical = _canonical(size)
    table = {}
    for square in squares(size):
        col, row = square
        table[square] = tuple(
            canonical[(col + dc, row + dr)] for dc, dr in KNIGHT if 1 <= col + dc <= size and 1 <= row + dr <= size
        )
    return table


@cache
def neighbours(size: int) -> dict[Square, tuple[Square, ...]]:
    """For each square, the up-to-8 squares adjacent to it (orthogonally or diagonally)."""
    return {square: tuple(line[0] for line in lines if line) for square, lines in rays(size).items()}


def is_adjacent(a: Square, b: Square) -> bool:
    """Orthogonally or diagonally next to each other (a square is not adjacent to itself)."""
    dc, dr = a[0] - b[0], a[1] - b[1]
    return a != b and -1 <= dc <= 1 and -1 <= dr <= 1


def distance(a: Square, b: Square) -> int:
    """King's-move distance: the number of one-square steps (orthogonal or diagonal) between two squares."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def straight_distance(a: Square, b: Square) -> int | None:
    """How many squares apart two squares are along a straight line (orthogonal or diagonal), or None."""
    dc, dr = abs(a[0] - b[0]), abs(a[1] - b[1])
    if dc == 0 or dr == 0 or dc == dr:
        return max(dc, dr) or None
    return None


def is_knight_jump(a: Square, b: Square) -> bool:
    dc, dr = abs(a[0] - b[0]), abs(a[1] - b[1])
    return (dc, dr) in ((1, 2), (2, 1))
