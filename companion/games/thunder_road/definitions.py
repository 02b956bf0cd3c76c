"""The game's facts as the rules read them, loaded once from `data/thunder_road/` (see `loader`).

Each fact carries its confidence: `rulebook`, `inferred`, `reconstruction` (the shooting die) or `unknown` (an
empty slot the players complete). A die without faces is rolled on the table, and the companion says so.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from companion.engine.dice import Die, Face
from companion.engine.pack import Words

Confidence = Literal["rulebook", "inferred", "reconstruction", "unknown", "players"]
#: `players`: completed by the players from their box, in the editor (their overlay).
CONFIDENCES: tuple[Confidence, ...] = ("rulebook", "inferred", "reconstruction", "unknown", "players")
#: Road vehicles by size, smallest first (a wreck counts as a small inoperable car).
SIZES: tuple[str, ...] = ("small", "medium", "large")
EXPANSION_IDS: tuple[str, ...] = ("base", "big-rig", "carnage", "fast-furious", "extra-ammo", "deutsche-qualitat")


@dataclass(frozen=True)
class FaceDef:
    id: str
    label: Words
    value: int = 0
    hits: tuple[str, ...] = ()  # the shooting die: the target sizes this face hits


@dataclass(frozen=True)
class DieDef:
    id: str
    name: Words
    expansion: str
    confidence: Confidence
    faces: tuple[FaceDef, ...]

    @property
    def known(self) -> bool:
        """Whether the companion can roll it (the faces are in the data)."""
        return bool(self.faces)

    def die(self) -> Die:
        return Die(self.id, tuple(Face(face.id, face.value) for face in self.faces))

    def face(self, face_id: str) -> FaceDef:
        return next(face for face in self.faces if face.id == face_id)


@dataclass(frozen=True)
class PileDef:
    id: str
    name: Words
    expansion: str
    total: int


@dataclass(frozen=True)
class KindDef:
    id: str
    pile: str
    name: Words
    effect: Words
    count: int | None  # None: not in the sources
    rolls: tuple[str, ...] = ()
    per_direction: bool = False
    confidence: Confidence = "rulebook"


@dataclass(frozen=True)
class CommandDef:
    id: str
    name: Words
    text: Words
    values: tuple[int, ...]


@dataclass(frozen=True)
class TileDef:
    id: str
    name: Words
    expansion: str
    tail: bool = False


@dataclass(frozen=True)
class HazardsDef:
    id: str
    name: Words
    expansion: str
    count: int


@dataclass(frozen=True)
class Definitions:
    dice: Mapping[str, DieDef]
    piles: Mapping[str, PileDef]
    kinds: Mapping[str, KindDef]
    commands: Mapping[str, CommandDef]
    tiles: Mapping[str, TileDef]
    hazards: Mapping[str, HazardsDef]
    #: (known, total) entries: how complete the data is.
    completeness: tuple[int, int] = (0, 0)

    def tokens(self, pile: str) -> tuple[str, ...]:
        """The pile's token ids in a fixed order: `<kind>-<n>` (a skid: `skid-<direction>`), and
        `<pile>-unread-<n>` for the tokens whose kind the sources do not give."""
        ids: list[str] = []
        for kind in self.kinds.values():
            if kind.pile != pile or kind.count is None:
                continue
            directions = self.dice["direction"].faces if "direction" in self.dice else ()
            if kind.per_direction and len(directions) == kind.count:
                ids += [f"{kind.id}-{face.id}" for face in directions]
            else:
                ids += [f"{kind.id}-{n}" for n in range(1, kind.count + 1)]
        unread = self.piles[pile].total - len(ids)
        ids += [f"{pile}-unread-{n}" for n in range(1, unread + 1)]
        return tuple(ids)

    def kind_of(self, token: str) -> KindDef | None:
        """The token's kind; None for a token whose kind is not in the data (read the physical token)."""
        if "-unread-" in token:
            return None
        for kind in self.kinds.values():
            if token.startswith(kind.id + "-"):
                return kind
        return None

    def unread_kinds(self, token: str) -> tuple[KindDef, ...]:
        """What an unread token may be: the pile's kinds without a count."""
        pile = token.split("-unread-")[0]
        return tuple(k for k in self.kinds.values() if k.pile == pile and k.count is None)

    def direction_of(self, token: str) -> FaceDef | None:
        """A skid token's direction (its id ends with a direction face's id)."""
        kind = self.kind_of(token)
        if kind is None or not kind.per_direction or "direction" not in self.dice:
            return None
        rest = token[len(kind.id) + 1 :]
        return next((face for face in self.dice["direction"].faces if face.id == rest), None)
