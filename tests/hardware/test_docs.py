"""The written documentation keeps up with the code it describes."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

from companion.config import KEYS, LIGHT_BACKENDS
from companion.devices import protocol as proto
from companion.devices.lightmap import builtin_maps
from companion.paths import ROOT

HARDWARE = ROOT / "hardware"


def test_every_config_key_is_documented() -> None:
    text = (ROOT / "docs" / "config.md").read_text()
    for section, keys in KEYS.items():
        assert f"## `[{section}]`" in text
        for key in keys:
            assert f"| `{key}` |" in text, f"[{section}] {key}"
    for backend in LIGHT_BACKENDS:
        assert f"`{backend}`" in text


def test_the_protocol_document_names_every_packet_type() -> None:
    text = (HARDWARE / "PROTOCOL.md").read_text()
    for name in ("HELLO", "FRAME", "CHANGES", "PING", "WELCOME", "ACK", "NAK"):
        assert f"| `0x{getattr(proto, name):02x}` | {name} |" in text, name
    assert f"The version is {proto.VERSION}." in text


def test_the_hardware_folder_has_what_builders_need() -> None:
    for name in (
        "README.md",
        "BOM.md",
        "WIRING.md",
        "POWER.md",
        "BOARD-LAYOUT.md",
        "PROTOCOL.md",
        "wiring.svg",
        "firmware/README.md",
    ):
        assert (HARDWARE / name).is_file(), name
    assert builtin_maps() == ["gpio-direct", "serial-ws2812", "shift595-chain"]
    root = ElementTree.parse(HARDWARE / "wiring.svg").getroot()
    assert root.tag.endswith("svg")
    labels = " ".join(t.text or "" for t in root.iter() if t.tag.endswith("text"))
    for build in builtin_maps():
        assert f"maps/{build}.toml" in labels, build
