"""Reads `data/thunder_road/*.toml` and the user's overlay (`overlay/thunder_road/`) into `Definitions`.

Built on the engine's data toolkit: every problem is collected and raised together as one `DataError`, each naming
the file, the entry and the field. An overlay completes a shipped entry by its id (a die's faces, a kind's count).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from companion.engine.data.fields import MISSING, Fields
from companion.engine.data.files import Files, OverlaidData, RawEntry, Tables, overlay_files, shipped_files
from companion.engine.data.problems import DataError, Problem, shown
from companion.engine.pack import Words
from companion.games.thunder_road.definitions import (
    CONFIDENCES,
    EXPANSION_IDS,
    SIZES,
    CommandDef,
    Confidence,
    Definitions,
    DieDef,
    FaceDef,
    HazardsDef,
    KindDef,
    PileDef,
    TileDef,
)

PACK = "thunder_road"
TABLES = Tables(lists=("die", "pile", "kind", "command", "tile", "hazards"), singles={}, problem=Problem)
COMMON = ("id", "name", "translated", "confidence", "note")
ALLOWED: Mapping[str, tuple[str, ...]] = {
    "die": (*COMMON, "expansion", "faces"),
    "pile": (*COMMON, "expansion", "total"),
    "kind": (*COMMON, "pile", "effect", "count", "rolls", "per_direction"),
    "command": (*COMMON, "text", "values"),
    "tile": (*COMMON, "expansion", "tail"),
    "hazards": (*COMMON, "expansion", "count"),
}


def _say(en: str, fr: str, **values: object) -> str:
    """A problem's message in the players' language (both ours)."""
    return Words(en, fr, frozenset({"en", "fr"})).text().format(**values)


class _Fields(Fields[Problem]):
    def words(self, key: str, translated: frozenset[str]) -> Words:
        value = self.raw(key)
        if value is MISSING:
            return Words("?", "?")
        if not isinstance(value, dict) or not all(isinstance(value.get(c), str) and value.get(c) for c in ("en", "fr")):
            self.problem(
                key,
                _say(
                    'expected {{ en = "...", fr = "..." }}, got {got}',
                    'attendu {{ en = "...", fr = "..." }}, reçu {got}',
                    got=shown(value),
                ),
            )
            return Words("?", "?")
        return Words.of(value, translated)

    def languages(self) -> frozenset[str]:
        value = self.raw("translated", required=False)
        if value is MISSING:
            return frozenset()
        if not isinstance(value, list) or not set(value) <= {"en", "fr"}:
            self.problem(
                "translated",
                _say(
                    'expected a list of "en" and "fr", got {got}',
                    'attendu une liste de "en" et "fr", reçu {got}',
                    got=shown(value),
                ),
            )
            return frozenset()
        return frozenset(value)

    def confidence(self) -> Confidence:
        value = self.choice("confidence", CONFIDENCES)
        return value if value in CONFIDENCES else "unknown"

    def names(self, key: str, allowed: tuple[str, ...] | None = None) -> tuple[str, ...]:
        value = self.raw(key, required=False)
        if value is MISSING:
            return ()
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.problem(
                key,
                _say("expected a list of names, got {got}", "attendu une liste de noms, reçu {got}", got=shown(value)),
            )
            return ()
        if allowed is not None and not set(value) <= set(allowed):
            self.problem(
                key,
                _say(
                    "expected names among {names}, got {got}",
                    "attendu des noms parmi {names}, reçu {got}",
                    names=", ".join(allowed),
                    got=shown(value),
                ),
            )
            return ()
        return tuple(value)


def _faces(fields: _Fields) -> tuple[FaceDef, ...]:
    raw = fields.raw("faces")
    if raw is MISSING:
        return ()
    if not isinstance(raw, list):
        fields.problem(
            "faces",
            _say("expected a list of faces, got {got}", "attendu une liste de faces, reçu {got}", got=shown(raw)),
        )
        return ()
    faces = []
    for index, item in enumerate(raw):
        face = _Fields(
            fields.entry, fields.problems, Problem, item, f"faces[{index}].", ("id", "label", "value", "hits")
        )
        if not face.ok:
            continue
        face_id = face.text("id") or "?"
        label = face.words("label", fields.languages())
        value = face.integer("value", 0, 99, required=False, default=0) or 0
        faces.append(FaceDef(face_id, label, value, face.names("hits", SIZES)))
    ids = [face.id for face in faces]
    if len(set(ids)) != len(ids):
        fields.problem("faces", _say("two faces have the same id", "deux faces ont le même id"))
    return tuple(faces)


def _read(entry: RawEntry, problems: list[Problem]) -> Any:
    f = _Fields(entry, problems, Problem, entry.data, allowed=ALLOWED[entry.table])
    lang = f.languages()
    name = f.words("name", lang)
    confidence = f.confidence()
    if entry.table == "die":
        return DieDef(entry.id, name, f.choice("expansion", EXPANSION_IDS) or "base", confidence, _faces(f))
    if entry.table == "pile":
        total = f.integer("total", 0, 200) or 0
        return PileDef(entry.id, name, f.choice("expansion", EXPANSION_IDS) or "base", total)
    if entry.table == "kind":
        count = f.integer("count", 0, 200, required=False)
        if count is None and confidence != "unknown":
            f.problem(
                "count",
                _say(
                    'missing; an entry without a count has confidence = "unknown"',
                    'manquant\u00a0; une entrée sans nombre a confidence = "unknown"',
                ),
            )
        return KindDef(
            entry.id,
            f.text("pile") or "",
            name,
            f.words("effect", lang),
            count,
            f.names("rolls"),
            f.flag("per_direction", required=False),
            confidence,
        )
    if entry.table == "command":
        raw = f.raw("values")
        values = tuple(raw) if isinstance(raw, list) and all(v in range(1, 7) for v in raw) else ()
        if not values:
            f.problem(
                "values",
                _say(
                    "expected a list of die values 1 to 6, got {got}",
                    "attendu une liste de valeurs de dé de 1 à 6, reçu {got}",
                    got=shown(raw),
                ),
            )
        return CommandDef(entry.id, name, f.words("text", lang), values)
    if entry.table == "tile":
        return TileDef(entry.id, name, f.choice("expansion", EXPANSION_IDS) or "base", f.flag("tail", required=False))
    return HazardsDef(entry.id, name, f.choice("expansion", EXPANSION_IDS) or "base", f.integer("count", 0, 200) or 0)


def load(shipped: Files, overlay: Files) -> Definitions:
    """The definitions from these files; `DataError` with every problem."""
    problems: list[Problem] = []
    tables = TABLES.collect(TABLES.read(shipped, problems), problems)
    TABLES.lay_over(tables, TABLES.read(overlay, problems), problems)
    read = {name: {i: _read(e, problems) for i, e in entries.items()} for name, entries in tables.items()}
    for kind in read["kind"].values():
        if kind.pile not in read["pile"]:
            problems.append(
                Problem(
                    tables["kind"][kind.id].file,
                    kind.id,
                    "pile",
                    _say("no pile {id}", "pas de pile {id}", id=shown(kind.pile)),
                )
            )
        for die in kind.rolls:
            if die not in read["die"]:
                problems.append(
                    Problem(
                        tables["kind"][kind.id].file,
                        kind.id,
                        "rolls",
                        _say("no die {id}", "pas de dé {id}", id=shown(die)),
                    )
                )
    for pile in read["pile"].values():
        counted = sum(k.count or 0 for k in read["kind"].values() if k.pile == pile.id)
        if counted > pile.total:
            message = _say(
                "the kinds count {n} tokens, more than the pile's total {total}",
                "les types comptent {n} pions, plus que le total de la pile, {total}",
                n=counted,
                total=pile.total,
            )
            problems.append(Problem(tables["pile"][pile.id].file, pile.id, "total", message))
    for needed in ("movement", "direction", "shooting", "road", "slam", "stunt"):
        if needed not in read["die"]:
            problems.append(Problem(f"data/{PACK}", needed, "id", _say("missing die", "dé manquant")))
    if "base" not in read["pile"]:
        problems.append(Problem(f"data/{PACK}", "base", "id", _say("missing damage pile", "pile de dégâts manquante")))
    if problems:
        raise DataError(problems)
    entries = [e for t in tables.values() for e in t.values()]
    known = sum(1 for e in entries if e.data.get("confidence") != "unknown")
    return Definitions(
        dice=read["die"],
        piles=read["pile"],
        kinds=read["kind"],
        commands=read["command"],
        tiles=read["tile"],
        hazards=read["hazards"],
        completeness=(known, len(entries)),
    )


DATA: OverlaidData[Definitions] = OverlaidData(load, PACK)


def default_definitions() -> Definitions:
    """The shipped data with the user's overlay, read once."""
    return DATA.definitions()


def load_definitions(data_dir: Path, overlay_dir: Path | None = None) -> Definitions:
    """The data of a given folder (a scenario's), with no overlay unless given; `DataError` when broken."""
    return load(shipped_files(data_dir), overlay_files(overlay_dir) if overlay_dir else [])
