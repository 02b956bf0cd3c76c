# The LED controller's side of the wire protocol (see hardware/PROTOCOL.md).
#
# Runs unchanged under MicroPython on the Pico and under CPython on a computer, where the tests exercise it
# against the app's own implementation. Keep it to the language both share: no dataclasses, no typing
# module, no f-strings.

VERSION = 1
MAX_BODY = 2048

HELLO = 0x01
FRAME = 0x02
CHANGES = 0x03
PING = 0x04
WELCOME = 0x81
ACK = 0x82
NAK = 0x83

NAK_CHECKSUM = 1
NAK_VERSION = 2
NAK_MALFORMED = 3
NAK_RANGE = 4

# What Decoder.feed reports for a packet it could not accept.
BAD_CHECKSUM = -1
GARBAGE = -2


def crc16(data, crc=0xFFFF):
    """CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF)."""
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            if crc & 0x8000:
                crc = ((crc << 1) ^ 0x1021) & 0xFFFF
            else:
                crc = (crc << 1) & 0xFFFF
    return crc


def cobs_encode(data):
    out = bytearray()
    block = bytearray()
    for byte in data:
        if byte == 0:
            out.append(len(block) + 1)
            out.extend(block)
            block = bytearray()
        else:
            block.append(byte)
            if len(block) == 254:
                out.append(255)
                out.extend(block)
                block = bytearray()
    out.append(len(block) + 1)
    out.extend(block)
    return bytes(out)


def cobs_decode(data):
    """Returns the decoded bytes, or None when the framing is broken."""
    out = bytearray()
    i = 0
    n = len(data)
    while i < n:
        code = data[i]
        if code == 0 or i + code > n:
            return None
        out.extend(data[i + 1 : i + code])
        i += code
        if code < 255 and i < n:
            out.append(0)
    return bytes(out)


def encode(kind, seq, payload=b""):
    body = bytes((kind, seq & 0xFF)) + bytes(payload)
    crc = crc16(body)
    return cobs_encode(body + bytes((crc >> 8, crc & 0xFF))) + b"\x00"


class Decoder:
    """Cuts the byte stream at zero bytes; feed() returns (kind, seq, payload) tuples, where kind is
    BAD_CHECKSUM or GARBAGE for packets that must be refused."""

    def __init__(self):
        self.buffer = bytearray()
        self.overflow = False

    def feed(self, data):
        packets = []
        for byte in data:
            if byte != 0:
                if len(self.buffer) < MAX_BODY + 8:
                    self.buffer.append(byte)
                else:
                    self.overflow = True
                continue
            raw = bytes(self.buffer)
            overflow = self.overflow
            self.buffer = bytearray()
            self.overflow = False
            if raw:
                packets.append(self.unpack(raw, overflow))
        return packets

    def unpack(self, raw, overflow):
        body = None if overflow else cobs_decode(raw)
        if body is None or len(body) < 4:
            return (GARBAGE, 0, b"")
        if crc16(body[:-2]) != (body[-2] << 8 | body[-1]):
            return (BAD_CHECKSUM, 0, b"")
        return (body[0], body[1], body[2:-2])
