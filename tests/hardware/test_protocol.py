"""The wire protocol: the app's codec against the firmware's own, and the firmware's parser over loop://."""

from __future__ import annotations

import ast

import pytest
import serial
from hypothesis import given
from hypothesis import strategies as st

from companion.devices import protocol as proto
from companion.devices.light import Blink, Light
from companion.games.thunderbirds.lights.style import COLOUR_STYLE, MONO_STYLE

from .firmware import FIRMWARE_DIR, lightctl, lightproto
from .pty_device import flip_a_data_bit


@given(st.binary(max_size=700))
def test_both_sides_frame_bytes_identically(data: bytes) -> None:
    assert proto.cobs_encode(data) == lightproto.cobs_encode(data)
    assert lightproto.cobs_decode(proto.cobs_encode(data)) == data
    assert proto.cobs_decode(lightproto.cobs_encode(data)) == data
    assert proto.crc16(data) == lightproto.crc16(data)


def bitwise_crc16(data: bytes, crc: int = 0xFFFF) -> int:
    """CRC-16/CCITT-FALSE bit by bit, as the app computed it before it used the standard library's (and as the
    firmware still does): the reference `binascii.crc_hqx` must match."""
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
    return crc


def test_the_crc_gives_the_protocols_check_value() -> None:
    """hardware/PROTOCOL.md: CRC-16/CCITT-FALSE of "123456789" is 0x29B1."""
    assert proto.crc16(b"123456789") == bitwise_crc16(b"123456789") == 0x29B1


LOOKS = st.binary(min_size=5, max_size=5)


@given(
    looks=st.lists(LOOKS, max_size=proto.MAX_LEDS),
    seq=st.integers(0, 255),
    start=st.integers(0, 0xFFFF),
)
def test_the_standard_librarys_crc_is_the_bitwise_one_on_real_frames(looks: list[bytes], seq: int, start: int) -> None:
    body = bytes((proto.FRAME, seq)) + proto.frame_payload(looks)
    assert proto.crc16(body) == bitwise_crc16(body) == lightproto.crc16(body)
    assert proto.crc16(body, start) == bitwise_crc16(body, start)


@given(looks=st.lists(LOOKS, min_size=1, max_size=proto.MAX_LEDS), seq=st.integers(0, 255))
def test_the_firmware_accepts_every_frame_the_app_sends(looks: list[bytes], seq: int) -> None:
    controller = lightctl.LedController(len(looks))
    replies = proto.Decoder().feed(controller.feed(proto.encode(proto.FRAME, seq, proto.frame_payload(looks)), 0))
    assert [(p.kind, p.seq) for p in replies] == [(proto.ACK, seq)]
    assert [controller.look(i) for i in range(len(looks))] == [tuple(look) for look in looks]
    assert controller.counts["bad_checksum"] == 0


@given(kind=st.integers(0, 255), seq=st.integers(0, 255), payload=st.binary(max_size=300))
def test_packets_round_trip_between_pi_and_controller(kind: int, seq: int, payload: bytes) -> None:
    wire = proto.encode(kind, seq, payload)
    assert wire == lightproto.encode(kind, seq, payload)
    assert wire.count(0) == 1 and wire.endswith(b"\x00")
    assert lightproto.Decoder().feed(wire) == [(kind, seq, payload)]
    assert proto.Decoder().feed(wire) == [proto.Packet(kind, seq, payload)]


def test_a_one_led_change_takes_14_bytes() -> None:
    look = proto.led_bytes(Light((255, 0, 0), 1.0, Blink(0.3)), 1.0)
    assert len(proto.encode(proto.CHANGES, 7, proto.changes_payload([(12, look)]))) == 14


def test_leds_sharing_a_look_share_its_bytes() -> None:
    red = proto.led_bytes(Light((255, 0, 0), 1.0, Blink(0.5)), 1.0)
    payload = proto.changes_payload([(i, red) for i in range(30)] + [(30, bytes(5))])
    assert len(payload) == 1 + (5 + 1 + 30) + (5 + 1 + 1)
    controller = lightctl.LedController(31)
    controller.feed(proto.encode(proto.CHANGES, 1, payload), 0)
    assert [controller.look(i) for i in range(31)] == [tuple(red)] * 30 + [(0, 0, 0, 0, 0)]


@pytest.mark.parametrize(
    "payload", [b"", b"\x01", b"\x01\xff\x00\x00\x00\x00\x02\x01", b"\x02\x00\x00\x00\x00\x00\x01\x01"]
)
def test_malformed_changes_are_refused_whole(payload: bytes) -> None:
    controller = lightctl.LedController(4)
    (reply,) = proto.Decoder().feed(controller.feed(proto.encode(proto.CHANGES, 5, payload), 0))
    assert reply.kind == proto.NAK and reply.payload[0] == proto.NAK_MALFORMED
    assert all(controller.look(i) == (0, 0, 0, 0, 0) for i in range(4))


def test_the_firmware_is_micropython_friendly() -> None:
    """No f-strings, dataclasses or typing in the modules that run on the Pico."""
    for name in ("lightproto.py", "lightctl.py", "boardcfg.py", "main.py"):
        tree = ast.parse((FIRMWARE_DIR / name).read_text())
        for node in ast.walk(tree):
            assert not isinstance(node, ast.JoinedStr), f"{name}: f-string"
            if isinstance(node, ast.ImportFrom | ast.Import):
                names = [a.name for a in node.names] + [getattr(node, "module", None) or ""]
                assert not {"dataclasses", "typing", "__future__"} & set(names), f"{name}: {names}"


BLINKS = sorted(
    {
        light.blink
        for style in (COLOUR_STYLE, MONO_STYLE)
        for light in (*style.marks.values(), *style.disaster)
        if light.blink is not None
    }
    | {style.win_odd.blink for style in (COLOUR_STYLE,)}
    | {COLOUR_STYLE.loss.blink},
    key=repr,
)


@pytest.mark.parametrize("blink", BLINKS, ids=repr)
def test_the_controller_blinks_as_the_app_means(blink: Blink) -> None:
    """Every blink the app uses survives the wire's quantisation: the controller's on/off matches the app's."""
    controller = lightctl.LedController(1)
    look = proto.led_bytes(Light((9, 9, 9), 1.0, blink), 1.0)
    controller.feed(proto.encode(proto.FRAME, 0, proto.frame_payload([look])), 0)
    edges = [(k / 16) * blink.period * 1000 for k in range(17)]
    for ms in range(0, round(blink.period * 1000) * 3):
        if any(abs((ms % round(blink.period * 1000)) - e) < 1.5 for e in edges):
            continue  # integer and float arithmetic may disagree exactly on an edge
        controller.heard_at = ms
        assert (controller.pixel(0, ms) != (0, 0, 0)) == blink.is_on(ms / 1000), ms


def loop_port() -> serial.SerialBase:
    return serial.serial_for_url("loop://", timeout=0.2)


def test_frames_and_changes_over_loop() -> None:
    """The app's packets written to a real pyserial port and read back into the firmware's parser."""
    port = loop_port()
    controller = lightctl.LedController(8)
    red = proto.led_bytes(Light((255, 0, 0), 1.0), 1.0)
    fast = proto.led_bytes(Light((0, 0, 255), 0.5, Blink(0.3)), 1.0)
    port.write(proto.encode(proto.FRAME, 1, proto.frame_payload([red, bytes(5), fast])))
    port.write(proto.encode(proto.CHANGES, 2, proto.changes_payload([(5, red), (0, bytes(5))])))
    replies = proto.Decoder().feed(controller.feed(port.read(4096), now_ms=0))
    assert [(p.kind, p.payload) for p in replies] == [(proto.ACK, b"\x01"), (proto.ACK, b"\x02")]
    assert controller.look(0) == (0, 0, 0, 0, 0)
    assert controller.look(2) == (0, 0, 128, 15, 0x80)
    assert controller.look(5) == (255, 0, 0, 0, 0)
    assert controller.pixel(5, 100) == (255, 0, 0)
    assert controller.counts["frames"] == 1 and controller.counts["changes"] == 1


def test_a_full_frame_clears_what_it_does_not_cover() -> None:
    controller = lightctl.LedController(4)
    red = proto.led_bytes(Light((255, 0, 0), 1.0), 1.0)
    controller.feed(proto.encode(proto.FRAME, 1, proto.frame_payload([red] * 4)), 0)
    controller.feed(proto.encode(proto.FRAME, 2, proto.frame_payload([red])), 0)
    assert [controller.look(i)[0] for i in range(4)] == [255, 0, 0, 0]


def test_checksum_errors_are_refused_and_the_stream_recovers() -> None:
    port = loop_port()
    controller = lightctl.LedController(4)
    good = proto.encode(proto.CHANGES, 3, proto.changes_payload([(1, proto.led_bytes(Light((0, 255, 0), 1.0), 1.0))]))
    bad = flip_a_data_bit(good)  # line noise the framing cannot see
    port.write(bad + b"\x17\x42garbage\x00" + good)
    replies = proto.Decoder().feed(controller.feed(port.read(4096), now_ms=0))
    assert [(p.kind, p.payload[:1]) for p in replies] == [
        (proto.NAK, bytes((proto.NAK_CHECKSUM,))),
        (proto.NAK, bytes((proto.NAK_MALFORMED,))),
        (proto.ACK, b"\x03"),
    ]
    assert controller.look(1)[:3] == (0, 255, 0)
    assert controller.counts["bad_checksum"] == 1 and controller.counts["garbage"] == 1


def test_handshake_reports_version_and_size_and_refuses_other_versions() -> None:
    controller = lightctl.LedController(40, "pico test")
    (welcome,) = proto.Decoder().feed(controller.feed(proto.encode(proto.HELLO, 9, bytes((proto.VERSION,))), 0))
    assert welcome.kind == proto.WELCOME and welcome.seq == 9
    assert proto.parse_welcome(welcome.payload) == proto.Welcome(proto.VERSION, 40, "pico test")
    (refusal,) = proto.Decoder().feed(controller.feed(proto.encode(proto.HELLO, 10, b"\x07"), 0))
    assert refusal.kind == proto.NAK and refusal.payload[0] == proto.NAK_VERSION


def test_the_controller_shows_its_waiting_pattern_when_the_pi_goes_silent() -> None:
    controller = lightctl.LedController(16)
    white = proto.led_bytes(Light((255, 255, 255), 1.0), 1.0)
    assert controller.is_silent(0), "nothing heard since power-up"
    controller.feed(proto.encode(proto.FRAME, 1, proto.frame_payload([white] * 16)), now_ms=1000)
    assert controller.render(3999) == [(255, 255, 255)] * 16, "a busy Pi does not make the board flicker"
    waiting = controller.render(4000 + 500)
    assert all(p == (0, 0, 0) for i, p in enumerate(waiting) if i % 8)
    assert waiting[0][2] > 0 and waiting[0][:2] == (0, 0), "every 8th LED pulses dim blue"
    controller.feed(proto.encode(proto.PING, 2), now_ms=5000)
    assert controller.render(5001) == [(255, 255, 255)] * 16, "the frame comes back with the Pi"


def test_the_app_side_ignores_garbage_from_the_controller(caplog: pytest.LogCaptureFixture) -> None:
    decoder = proto.Decoder()
    ack = lightproto.encode(lightproto.ACK, 4, b"\x04")
    corrupted = bytearray(ack)
    corrupted[2] ^= 0xFF
    packets = decoder.feed(b"\xff\xfe\x00MicroPython v1.23\r\n\x00" + bytes(corrupted) + ack)
    assert packets == [proto.Packet(proto.ACK, 4, b"\x04")]
    assert decoder.garbage + decoder.bad_checksums == 3
    assert "ignored" in caplog.text
