"""The Pi's side of the LED controller protocol (specified in `hardware/PROTOCOL.md`).

Packets are COBS-framed and end with a zero byte; each carries a type, a sequence number, a payload and a
CRC-16/CCITT-FALSE (the standard library's `binascii.crc_hqx`). The controller's firmware has its own
implementation (`hardware/firmware/lightproto.py`, MicroPython); tests check that the two agree byte for byte.
"""

from __future__ import annotations

import binascii
import logging
from collections.abc import Iterable
from dataclasses import dataclass

from companion.devices.light import Blink, Light

log = logging.getLogger(__name__)

VERSION = 1
BAUD = 115200
MAX_BODY = 2048
MAX_LEDS = 255
#: LEDs per CHANGES packet: keeps every packet short, so one lost packet costs little.
CHANGES_PER_PACKET = 64

# Pi -> controller
HELLO = 0x01
FRAME = 0x02
CHANGES = 0x03
PING = 0x04
# controller -> Pi
WELCOME = 0x81
ACK = 0x82
NAK = 0x83

# NAK codes
NAK_CHECKSUM = 1
NAK_VERSION = 2
NAK_MALFORMED = 3
NAK_RANGE = 4

BLINK_UNIT = 0.02  # seconds per unit of the period byte


def crc16(data: bytes, crc: int = 0xFFFF) -> int:
    """CRC-16/CCITT-FALSE: polynomial 0x1021, initial value 0xFFFF, no reflection, no final xor.

    The standard library's `binascii.crc_hqx` is this CRC, in C (a frame of 255 LEDs is checked in microseconds
    rather than a bit loop's milliseconds); the firmware keeps its own loop, as MicroPython has no `crc_hqx`.
    """
    return binascii.crc_hqx(data, crc)


def cobs_encode(data: bytes) -> bytes:
    out = bytearray()
    block = bytearray()
    for byte in data:
        if byte == 0:
            out.append(len(block) + 1)
            out += block
            block.clear()
        else:
            block.append(byte)
            if len(block) == 254:
                out.append(255)
                out += block
                block.clear()
    out.append(len(block) + 1)
    out += block
    return bytes(out)


def cobs_decode(data: bytes) -> bytes:
    out = bytearray()
    i, n = 0, len(data)
    while i < n:
        code = data[i]
        if code == 0:
            raise ValueError("zero byte inside a COBS block")
        end = i + code
        if end > n:
            raise ValueError("COBS block runs past the end")
        out += data[i + 1 : end]
        i = end
        if code < 255 and i < n:
            out.append(0)
    return bytes(out)


@dataclass(frozen=True, slots=True)
class Packet:
    kind: int
    seq: int
    payload: bytes


def encode(kind: int, seq: int, payload: bytes = b"") -> bytes:
    body = bytes((kind, seq & 0xFF)) + payload
    crc = crc16(body)
    return cobs_encode(body + bytes((crc >> 8, crc & 0xFF))) + b"\x00"


class Decoder:
    """Splits a byte stream into packets. Garbage (bad framing, bad checksum, overlong data) is counted,
    logged and skipped: the stream resynchronises at the next zero byte."""

    def __init__(self) -> None:
        self._buffer = bytearray()
        self._overflow = False
        self.garbage = 0  # packets dropped for bad framing or length
        self.bad_checksums = 0

    def feed(self, data: bytes) -> list[Packet]:
        packets: list[Packet] = []
        for byte in data:
            if byte != 0:
                if len(self._buffer) < MAX_BODY + 8:
                    self._buffer.append(byte)
                else:
                    self._overflow = True
                continue
            raw, overflow = bytes(self._buffer), self._overflow
            self._buffer.clear()
            self._overflow = False
            if not raw:
                continue
            packet = self._unpack(raw, overflow)
            if packet is not None:
                packets.append(packet)
        return packets

    def _unpack(self, raw: bytes, overflow: bool) -> Packet | None:
        try:
            if overflow:
                raise ValueError("overlong packet")
            body = cobs_decode(raw)
            if len(body) < 4:
                raise ValueError("short packet")
        except ValueError as exc:
            self.garbage += 1
            if _worth_logging(self.garbage):
                log.warning(
                    "ignored garbage from the LED controller (%s, %d so far): %s", exc, self.garbage, raw[:32].hex()
                )
            return None
        if crc16(body[:-2]) != (body[-2] << 8 | body[-1]):
            self.bad_checksums += 1
            if _worth_logging(self.bad_checksums):
                log.warning("ignored a packet with a bad checksum (%d so far): %s", self.bad_checksums, body[:32].hex())
            return None
        return Packet(body[0], body[1], bytes(body[2:-2]))


def _worth_logging(count: int) -> bool:
    """The first few, then one in a hundred: a noisy line must not flood the log."""
    return count <= 5 or count % 100 == 0


# --- payloads ----------------------------------------------------------------------------------------------


def blink_bytes(blink: Blink | None) -> tuple[int, int]:
    """(period in 20 ms units, duty << 4 | phase) with duty and phase in sixteenths; (0, 0) is steady."""
    if blink is None:
        return (0, 0)
    period = max(1, min(255, round(blink.period / BLINK_UNIT)))
    duty = max(1, min(15, round(blink.duty * 16)))
    phase = round(blink.phase * 16) % 16
    return (period, duty << 4 | phase)


def led_bytes(light: Light, brightness: float) -> bytes:
    r, g, b = light.rgb(brightness)
    period, shape = blink_bytes(light.blink) if not light.is_dark else (0, 0)
    return bytes((r, g, b, period, shape))


def frame_payload(looks: Iterable[bytes]) -> bytes:
    """A full frame: LEDs 0..n-1 in order (five bytes each); the controller switches off any LED beyond n."""
    items = list(looks)
    if len(items) > MAX_LEDS:
        raise ValueError(f"at most {MAX_LEDS} LEDs")
    return bytes((len(items),)) + b"".join(items)


def changes_payload(changes: Iterable[tuple[int, bytes]]) -> bytes:
    """Changed LEDs grouped by look: [groups] then, per group, [look (5 bytes)][n][n LED indexes].

    Updates often give many LEDs the same look (everything off, a whole track blinking), so grouping keeps
    them short; one changed LED costs 8 bytes of payload.
    """
    groups: dict[bytes, list[int]] = {}
    for index, look in changes:
        groups.setdefault(bytes(look), []).append(index)
    if len(groups) > 255 or any(len(indexes) > 255 for indexes in groups.values()):
        raise ValueError("at most 255 looks and 255 LEDs per look in one packet")
    out = bytearray((len(groups),))
    for look, indexes in groups.items():
        out += look + bytes((len(indexes),)) + bytes(indexes)
    return bytes(out)


@dataclass(frozen=True, slots=True)
class Welcome:
    version: int
    led_count: int
    name: str


def parse_welcome(payload: bytes) -> Welcome:
    if len(payload) < 3:
        raise ValueError("short WELCOME")
    return Welcome(payload[0], payload[1] << 8 | payload[2], payload[3:].decode("ascii", "replace"))
