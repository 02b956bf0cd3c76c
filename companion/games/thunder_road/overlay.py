"""What the players complete from their box, written to their overlay (`overlay/thunder_road/completed.toml`): a
die's faces, a damage kind's count. One file the editor owns, replaced atomically and only once the data still
loads with it (the engine's overlay toolkit); a file a person wrote is kept, only its entry changing."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from companion.engine.data import overlay
from companion.engine.data.files import default_data_dir, default_overlay_dir, shipped_files
from companion.engine.pack import Words
from companion.games.thunder_road.loader import PACK, load

FILE = "completed.toml"
HEADER = "# Thunder Road: dice faces and token counts completed from the box with the companion's editor.\n"
T = frozenset({"en", "fr"})
_FACE_ID = re.compile(r"[^a-z0-9]+")


def folder() -> Path:
    return default_overlay_dir(PACK)


def die_faces(text: str) -> dict[str, Any]:
    """The fields of a die whose faces are typed "1, 2, 3, 3, 4, 5" (one label a face, commas between); nothing
    typed clears them. A face that is a number is worth it (the road die's spaces)."""
    labels = [part.strip() for part in text.split(",") if part.strip()]
    if not labels:
        return {}
    faces = []
    for index, label in enumerate(labels, start=1):
        slug = _FACE_ID.sub("-", label.lower()).strip("-") or "face"
        face: dict[str, Any] = {"id": f"{index}-{slug}", "label": {"en": label, "fr": label}}
        if label.isdigit():
            face["value"] = int(label)
        faces.append(face)
    return {"faces": faces, "confidence": "players"}


def kind_count(text: str) -> dict[str, Any]:
    text = text.strip()
    if not text:
        return {}
    if not text.isdigit():
        raise ValueError(Words("Type a whole number.", "Tapez un nombre entier.", T).text())
    return {"count": int(text), "confidence": "players"}


def complete(table: str, entry_id: str, fields: dict[str, Any], where: Path | None = None) -> dict[str, Any]:
    """Writes the entry's fields (none: the entry's slot is empty again); returns what it replaced. Raises
    `DataError` (nothing written) when the data would not load with it."""
    where = where or folder()
    target = where / FILE
    doc = overlay.read(target)
    previous = overlay.find(doc, table, entry_id)
    overlay.store(doc, table, entry_id, fields, sort=True)
    text = overlay.text_of(target, doc, HEADER, table, entry_id)
    overlay.write_checked(target, text, lambda chosen: load(shipped_files(default_data_dir(PACK), PACK), chosen))
    return previous
