"""A small .po -> .mo compiler, so no gettext tools are needed on the Pi or in CI."""

from __future__ import annotations

import ast
import struct
from pathlib import Path


def parse_po(text: str) -> dict[str, str]:
    """Reads msgid/msgstr pairs (with continued lines); skips fuzzy entries and empty translations."""
    messages: dict[str, str] = {}
    msgid: list[str] = []
    msgstr: list[str] = []
    section = None
    fuzzy = False

    def flush() -> None:
        nonlocal msgid, msgstr, fuzzy
        if section is not None:
            key, value = "".join(msgid), "".join(msgstr)
            if value and not fuzzy:
                messages[key] = value
        msgid, msgstr, fuzzy = [], [], False

    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("#,") and "fuzzy" in line:
            fuzzy = True
            continue
        if not line or line.startswith("#"):
            continue
        if line.startswith("msgid "):
            flush()
            section = "id"
            msgid.append(ast.literal_eval(line[6:]))
        elif line.startswith("msgstr "):
            section = "str"
            msgstr.append(ast.literal_eval(line[7:]))
        elif line.startswith('"'):
            (msgid if section == "id" else msgstr).append(ast.literal_eval(line))
    flush()
    return messages


def compile_catalogue(po_path: Path) -> bytes:
    """The .mo file of a .po file."""
    messages = parse_po(po_path.read_text(encoding="utf-8"))
    keys = sorted(messages)
    ids = b""
    strs = b""
    offsets = []
    for key in keys:
        k, v = key.encode(), messages[key].encode()
        offsets.append((len(ids), len(k), len(strs), len(v)))
        ids += k + b"\0"
        strs += v + b"\0"
    n = len(keys)
    keystart = 7 * 4 + 16 * n
    valuestart = keystart + len(ids)
    koffsets: list[int] = []
    voffsets: list[int] = []
    for o1, l1, o2, l2 in offsets:
        koffsets += [l1, o1 + keystart]
        voffsets += [l2, o2 + valuestart]
    output = struct.pack("Iiiiiii", 0x950412DE, 0, n, 7 * 4, 7 * 4 + n * 8, 0, 0)
    output += struct.pack(f"{len(koffsets)}i", *koffsets) if koffsets else b""
    output += struct.pack(f"{len(voffsets)}i", *voffsets) if voffsets else b""
    output += ids + strs
    return output
