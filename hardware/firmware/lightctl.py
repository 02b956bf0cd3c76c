# The LED controller's logic, free of hardware: what to answer to each packet and what every LED shows.
#
# main.py feeds it the bytes from USB and pushes its pixels to the WS2812 strips; hostrun.py does the same on
# a computer with a pseudo-terminal, which is how the tests play the controller. Time is passed in (ms).

import lightproto as proto

SILENCE_MS = 3000  # no valid packet for this long: the Pi is gone, show the waiting pattern
WAIT_EVERY = 8  # the waiting pattern lights every 8th LED...
WAIT_PERIOD_MS = 2000  # ...pulsing slowly...
WAIT_LEVEL = 40  # ...in dim blue (of 255)
BLINK_UNIT_MS = 20


def _elapsed(now, then):
    return now - then


class LedController:
    def __init__(self, led_count, name="companion-leds", now_ms=0, elapsed=_elapsed, version=proto.VERSION):
        self.led_count = led_count
        self.version = version
        self.name = name
        self.looks = bytearray(5 * led_count)  # r, g, b, period, duty << 4 | phase per LED
        self.decoder = proto.Decoder()
        self.elapsed = elapsed
        self.heard_at = None  # when the last valid packet arrived (None: never since power-up)
        self.counts = {"packets": 0, "bad_checksum": 0, "garbage": 0, "frames": 0, "changes": 0}

    # --- the wire --------------------------------------------------------------------------------------

    def feed(self, data, now_ms):
        """Takes bytes from the Pi; returns the bytes to send back."""
        out = bytearray()
        for kind, seq, payload in self.decoder.feed(data):
            if kind == proto.BAD_CHECKSUM:
                self.counts["bad_checksum"] += 1
                out.extend(proto.encode(proto.NAK, 0, bytes((proto.NAK_CHECKSUM, 0))))
            elif kind == proto.GARBAGE:
                self.counts["garbage"] += 1
                out.extend(proto.encode(proto.NAK, 0, bytes((proto.NAK_MALFORMED, 0))))
            else:
                self.counts["packets"] += 1
                self.heard_at = now_ms
                out.extend(self.handle(kind, seq, payload))
        return bytes(out)

    def handle(self, kind, seq, payload):
        if kind == proto.HELLO:
            if len(payload) < 1 or payload[0] != self.version:
                return proto.encode(proto.NAK, 0, bytes((proto.NAK_VERSION, seq, self.version)))
            name = self.name.encode()
            count = bytes((self.led_count >> 8, self.led_count & 0xFF))
            return proto.encode(proto.WELCOME, seq, bytes((self.version,)) + count + name)
        if kind == proto.FRAME:
            return self.full_frame(seq, payload)
        if kind == proto.CHANGES:
            return self.changes(seq, payload)
        if kind == proto.PING:
            return proto.encode(proto.ACK, seq, bytes((seq,)))
        return proto.encode(proto.NAK, seq, bytes((proto.NAK_MALFORMED, seq)))

    def full_frame(self, seq, payload):
        if len(payload) < 1 or len(payload) != 1 + 5 * payload[0]:
            return proto.encode(proto.NAK, seq, bytes((proto.NAK_MALFORMED, seq)))
        count = min(payload[0], self.led_count)
        self.looks[:] = bytearray(5 * self.led_count)
        self.looks[0 : 5 * count] = payload[1 : 1 + 5 * count]
        self.counts["frames"] += 1
        if payload[0] > self.led_count:
            return proto.encode(proto.NAK, seq, bytes((proto.NAK_RANGE, seq)))
        return proto.encode(proto.ACK, seq, bytes((seq,)))

    def changes(self, seq, payload):
        """[groups] then per group [r, g, b, period, duty << 4 | phase][n][n LED indexes]."""
        groups = []
        at = 1
        for _ in range(payload[0] if payload else 0):
            if at + 6 > len(payload) or at + 6 + payload[at + 5] > len(payload):
                break
            count = payload[at + 5]
            groups.append((payload[at : at + 5], payload[at + 6 : at + 6 + count]))
            at += 6 + count
        if not payload or len(groups) != payload[0] or at != len(payload):
            return proto.encode(proto.NAK, seq, bytes((proto.NAK_MALFORMED, seq)))
        outside = False
        for look, indexes in groups:
            for index in indexes:
                if index >= self.led_count:
                    outside = True
                    continue
                self.looks[5 * index : 5 * index + 5] = look
        self.counts["changes"] += 1
        if outside:
            return proto.encode(proto.NAK, seq, bytes((proto.NAK_RANGE, seq)))
        return proto.encode(proto.ACK, seq, bytes((seq,)))

    # --- the LEDs --------------------------------------------------------------------------------------

    def is_silent(self, now_ms):
        return self.heard_at is None or self.elapsed(now_ms, self.heard_at) >= SILENCE_MS

    def look(self, index):
        """The LED's colour and blink as last set by the Pi: (r, g, b, period, duty << 4 | phase)."""
        at = 5 * index
        return tuple(self.looks[at : at + 5])

    def pixel(self, index, now_ms):
        """What LED `index` shows now, as (r, g, b)."""
        if self.is_silent(now_ms):
            if index % WAIT_EVERY:
                return (0, 0, 0)
            t = now_ms % WAIT_PERIOD_MS
            half = WAIT_PERIOD_MS // 2
            ramp = t if t < half else WAIT_PERIOD_MS - t
            return (0, 0, WAIT_LEVEL * ramp // half)
        r, g, b, period, shape = self.look(index)
        if period:
            span = period * BLINK_UNIT_MS
            t = (now_ms + (shape & 0x0F) * span // 16) % span
            if t * 16 >= (shape >> 4) * span:
                return (0, 0, 0)
        return (r, g, b)

    def render(self, now_ms):
        return [self.pixel(i, now_ms) for i in range(self.led_count)]
