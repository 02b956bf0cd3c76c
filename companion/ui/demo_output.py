"""Where `companion demo` writes its screenshots and summary, without ever removing a file it did not write.

A folder the demo wrote into keeps a small manifest (`.companion-demo.json`) naming each file it wrote with a
digest of its bytes. The next demo into that folder removes those files first, each only if it still holds the
demo's bytes (a file replaced or edited since is somebody's), so old screenshots do not mix with new ones. When a
file of the demo's own names is there and is not the demo's (a photo called `0001-home.png`), the demo writes into
a fresh subfolder instead of over it.

A game's demo declares which of these rules it keeps (`Output`): the manifest and a `demo-<UTC time>` subfolder
(the default), the manifest and a `run-N` subfolder, files named after the game with their own list that a clash
stops before anything is written (the kits, several of which share a folder), or files written beside what is
there, removing nothing.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from companion.files import write_atomically

MANIFEST = ".companion-demo.json"
#: The names the demo writes: numbered screenshots and the summary.
DEMO_NAME = re.compile(r"^(\d{4}-.+\.png|summary\.md)$")


class OutputClash(Exception):
    """A file of the demo's names that no demo wrote: nothing is written (its message names the file)."""


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


def _stamped(out: Path, now: datetime | None) -> Path:
    stamp = (now or datetime.now(UTC)).astimezone(UTC).strftime("%Y%m%d-%H%M%S")
    fresh = out / f"demo-{stamp}"
    counter = 2
    while fresh.exists():
        fresh = out / f"demo-{stamp}-{counter}"
        counter += 1
    return fresh


def _numbered(out: Path) -> Path:
    number = 2
    while (out / f"run-{number}").exists():
        number += 1
    return out / f"run-{number}"


def prepare_output(out: Path, now: datetime | None = None, subfolder: Literal["stamp", "run"] = "stamp") -> Path:
    """The folder to write into: `out` once an earlier demo's own files are gone from it, or a fresh subfolder
    of it (`demo-<UTC time>`, or `run-N`) when a file there has one of the demo's names without being the
    demo's."""
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
    fresh = _stamped(out, now) if subfolder == "stamp" else _numbered(out)
    fresh.mkdir()
    return fresh


def record_output(folder: Path, names: Iterable[str]) -> None:
    """Notes the files the demo wrote into `folder` (with their bytes' digest), for the next demo to remove."""
    files = {name: digest(folder / name) for name in names if (folder / name).is_file()}
    write_atomically(folder / MANIFEST, json.dumps({"files": files}, indent=1, sort_keys=True))


@dataclass(frozen=True)
class Output:
    """How one game's demo writes into its folder.

    `rule`: "manifest" (the default above), "beside" (its files next to what is there, nothing removed), or
    "named" (every file named `<prefix>...`, listed in `<prefix>demo-files.txt`; a later demo of the same prefix
    replaces only those, and a file of its names that no demo wrote stops it with `OutputClash`)."""

    rule: Literal["manifest", "beside", "named"] = "manifest"
    subfolder: Literal["stamp", "run"] = "stamp"
    prefix: str = ""

    @property
    def summary(self) -> str:
        return f"{self.prefix}summary.md"

    def listing(self, out: Path) -> Path:
        return out / f"{self.prefix}demo-files.txt"

    def prepare(self, out: Path) -> Path:
        """The folder the screenshots and the summary go into (created)."""
        if self.rule == "manifest":
            return prepare_output(out, subfolder=self.subfolder)
        out.mkdir(parents=True, exist_ok=True)
        if self.rule == "named":
            listed = self.listing(out)
            ours = set(listed.read_text(encoding="utf-8").split()) if listed.exists() else set()
            theirs = sorted(
                p.name for p in out.glob(f"{self.prefix}*") if p.name not in ours and p != listed and p.is_file()
            )
            if theirs:
                raise OutputClash(f"{out / theirs[0]} was not written by a demo; choose another folder (--out)")
            for name in ours:
                (out / name).unlink(missing_ok=True)
        return out

    def record(self, folder: Path, names: list[str]) -> None:
        """Notes what the demo wrote, for the next demo into `folder` to remove."""
        if self.rule == "manifest":
            record_output(folder, names)
        elif self.rule == "named":
            self.listing(folder).write_text("\n".join(names) + "\n", encoding="utf-8")
