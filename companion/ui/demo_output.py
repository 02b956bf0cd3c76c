"""Where `companion demo` writes its screenshots and summary, without ever removing a file it did not write.

A folder the demo wrote into keeps a small manifest (`.companion-demo.json`) naming each file it wrote with a
digest of its bytes. The next demo into that folder removes those files first, each only if it still holds the
demo's bytes (a file replaced or edited since is somebody's), so old screenshots do not mix with new ones. When a
file of the demo's own names is there and is not the demo's (a photo called `0001-home.png`), the demo writes into
a fresh subfolder instead of over it.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

from companion.files import write_atomically

MANIFEST = ".companion-demo.json"
#: The names the demo writes: numbered screenshots and the summary.
DEMO_NAME = re.compile(r"^(\d{4}-.+\.png|summary\.md)$")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _written_before(folder: Path) -> dict[str, str]:
    try:
        data = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    files = data.get("files") if isinstance(data, dict) else None
    if not isinstance(files, dict):
        return {}
    return {name: value for name, value in files.items() if isinstance(name, str) and isinstance(value, str)}


def prepare_output(out: Path, now: datetime | None = None) -> Path:
    """The folder to write into: `out` once an earlier demo's own files are gone from it, or a fresh subfolder
    of it when a file there has one of the demo's names without being the demo's."""
    out.mkdir(parents=True, exist_ok=True)
    for name, expected in _written_before(out).items():
        path = out / name
        if "/" in name or not DEMO_NAME.match(name) or not path.is_file():
            continue
        if digest(path) == expected:
            path.unlink()
    (out / MANIFEST).unlink(missing_ok=True)
    if not any(DEMO_NAME.match(entry.name) for entry in out.iterdir()):
        return out
    stamp = (now or datetime.now(UTC)).astimezone(UTC).strftime("%Y%m%d-%H%M%S")
    fresh = out / f"demo-{stamp}"
    counter = 2
    while fresh.exists():
        fresh = out / f"demo-{stamp}-{counter}"
        counter += 1
    fresh.mkdir()
    return fresh


def record_output(folder: Path, names: Iterable[str]) -> None:
    """Notes the files the demo wrote into `folder` (with their bytes' digest), for the next demo to remove."""
    files = {name: digest(folder / name) for name in names if (folder / name).is_file()}
    write_atomically(folder / MANIFEST, json.dumps({"files": files}, indent=1, sort_keys=True))
