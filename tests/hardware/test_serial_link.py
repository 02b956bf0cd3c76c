"""The serial back-end against the host-run firmware on a pty pair: handshake, frames, errors, unplugging."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from serial.tools.list_ports_common import ListPortInfo

from companion.devices import protocol as proto
from companion.devices.controller import LightsController
from companion.devices.light import Frame
from companion.devices.serial_link import LinkTiming, SerialBackend, find_controller
from companion.games.thunderbirds.lights.layout import Layout, all_leds
from companion.games.thunderbirds.lights.view import BoardView, HoodMark

from .pty_device import PtyController

LENGTH = 15
INDEXES = {name: i for i, name in enumerate(all_leds(LENGTH))}  # 34 LEDs along one strip
FAST = LinkTiming(heartbeat=0.2, silence=1.0, handshake=0.5, backoff_first=0.02, backoff_max=0.2, poll=0.01)
QUIET = LinkTiming(heartbeat=30.0, silence=90.0, handshake=0.5, backoff_first=0.02, backoff_max=0.2, poll=0.01)


def expected(frame: Frame, leds: int) -> list[tuple[int, ...]]:
    looks = [(0, 0, 0, 0, 0)] * leds
    for name, light in frame.items():
        looks[INDEXES[name]] = tuple(proto.led_bytes(light, 1.0))
    return looks


@pytest.fixture
def device(tmp_path: Path) -> Iterator[PtyController]:
    controller = PtyController(tmp_path / "usb-MicroPython_Board_in_FS_mode_e6614c311b7e6f35-if00")
    controller.plug()
    yield controller
    controller.unplug()


def connect(device: PtyController, timing: LinkTiming = FAST) -> tuple[LightsController, SerialBackend]:
    backend = SerialBackend(INDEXES, port=str(device.link), timing=timing)
    return LightsController(Layout.complete(LENGTH), backend), backend


def shows(device: PtyController, lights: LightsController) -> bool:
    assert lights.last_frame is not None
    want = expected(lights.last_frame, device.leds)
    return device.wait_for(lambda c: [c.look(i) for i in range(device.leds)] == want)


def test_handshake_then_the_full_frame(device: PtyController) -> None:
    lights, backend = connect(device)
    try:
        lights.update(BoardView.build(LENGTH, hood_space=2, occupied=(1, 2, 3), character="alan", actions_left=3))
        assert shows(device, lights)
        status = backend.status()
        assert status.connected and status.controller == "pico on a pty" and status.led_count == 40
        kinds = [kind for kind, _ in device.received if kind != proto.PING]
        assert kinds[:2] == [proto.HELLO, proto.FRAME]
    finally:
        lights.close()


def test_one_changed_led_is_one_small_packet(device: PtyController) -> None:
    lights, backend = connect(device, QUIET)
    try:
        lights.update(BoardView.build(LENGTH, hood_space=2))
        assert shows(device, lights)
        before = len(device.received)
        lights.update(BoardView.build(LENGTH, hood_space=2, occupied=(1,)))
        assert shows(device, lights)
        assert backend.flush(5)
        assert device.received[before:] == [(proto.CHANGES, 14)]
    finally:
        lights.close()


def test_a_corrupted_packet_is_refused_and_the_full_frame_resent(device: PtyController) -> None:
    lights, backend = connect(device, QUIET)
    try:
        lights.update(BoardView.build(LENGTH, hood_space=2))
        assert shows(device, lights)
        device.corrupt_next = True
        lights.update(BoardView.build(LENGTH, hood_space=2, marks={9: HoodMark.SCHEME_CURRENT}))
        assert shows(device, lights)
        assert device.controller is not None and device.controller.counts["bad_checksum"] == 1
        assert backend.wait_for_status(lambda s: s.naks == 1, 5)
        assert [kind for kind, _ in device.received].count(proto.FRAME) == 2
    finally:
        lights.close()


def test_garbage_from_the_controller_is_ignored_and_logged(
    device: PtyController, caplog: pytest.LogCaptureFixture
) -> None:
    lights, backend = connect(device)
    try:
        lights.update(BoardView.build(LENGTH))
        assert shows(device, lights)
        device.say(b"\x03\x03MicroPython v1.23.0 on 2024-06-02; Raspberry Pi Pico\r\n>>> \x00\xff\x00")
        assert backend.wait_for_status(lambda s: s.garbage >= 2, 5)
        lights.update(BoardView.build(LENGTH, occupied=(4,)))
        assert shows(device, lights)
        assert backend.status().connected and backend.status().drops == 0
        assert "garbage" in caplog.text
    finally:
        lights.close()


def test_unplug_and_replug_reconnects_and_resends_the_latest_frame(device: PtyController) -> None:
    lights, backend = connect(device)
    try:
        lights.update(BoardView.build(LENGTH, hood_space=1))
        assert shows(device, lights)
        device.unplug()
        assert backend.wait_for_status(lambda s: not s.connected, 5)
        for space in range(2, 8):  # the game goes on while the cable is out: nothing blocks
            lights.update(BoardView.build(LENGTH, hood_space=space, occupied=(space - 1,)))
        assert not backend.flush(0.05)
        plugged = time.monotonic()
        device.plug()
        assert shows(device, lights)
        reconnect_ms = (time.monotonic() - plugged) * 1000
        print(f"reconnected and resent the frame {reconnect_ms:.0f} ms after replugging")
        status = backend.status()
        assert status.connected and status.connects == 2 and status.drops == 1
        kinds = [kind for kind, _ in device.received if kind != proto.PING]
        assert kinds[-2:] == [proto.HELLO, proto.FRAME], "a new handshake, then the whole frame"
    finally:
        lights.close()


def test_a_silent_controller_is_dropped_and_found_again(device: PtyController) -> None:
    lights, backend = connect(device)
    try:
        lights.update(BoardView.build(LENGTH))
        assert shows(device, lights)
        device.mute = True
        assert backend.wait_for_status(lambda s: s.drops == 1, 10)
        device.mute = False
        assert backend.wait_for_status(lambda s: s.connected and s.connects >= 2, 10)
        lights.update(BoardView.build(LENGTH, occupied=(2,)))
        assert shows(device, lights)
    finally:
        lights.close()


def test_a_controller_speaking_another_version_is_refused(tmp_path: Path) -> None:
    device = PtyController(tmp_path / "usb-pico", version=2)
    device.plug()
    backend = SerialBackend(INDEXES, port=str(device.link), timing=FAST)
    try:
        assert backend.wait_for_status(lambda s: s.last_error is not None and "firmware" in s.last_error, 5)
        assert not backend.status().connected
    finally:
        backend.close()
        device.unplug()


def test_no_controller_plugged_in_never_blocks(tmp_path: Path) -> None:
    backend = SerialBackend(INDEXES, port=str(tmp_path / "nothing-here"), timing=FAST)
    lights = LightsController(Layout.complete(LENGTH), backend)
    try:
        for space in range(LENGTH):
            lights.update(BoardView.build(LENGTH, hood_space=space))
        assert backend.wait_for_status(lambda s: s.last_error is not None, 5)
        assert not backend.status().connected
    finally:
        lights.close()


def usb_port(device: str, vid: int, pid: int, product: str, serial_number: str) -> ListPortInfo:
    """A port as pyserial's `comports()` describes a USB serial device (its own class, filled as sysfs would)."""
    port = ListPortInfo(device, skip_link_detection=True)
    port.vid, port.pid, port.serial_number, port.product = vid, pid, serial_number, product
    port.apply_usb_info()
    return port


PICO = 0x2E8A, 0x0005, "Board in FS mode"
FTDI = 0x0403, 0x6001, "FT232R USB UART"


def test_auto_takes_the_raspberry_pi_vendors_port_and_nothing_else() -> None:
    uart = ListPortInfo("/dev/ttyAMA0", skip_link_detection=True)  # the Pi's own UART: no USB vendor
    ftdi = usb_port("/dev/ttyUSB0", *FTDI, "A50285BI")
    picos = [usb_port(f"/dev/ttyACM{n}", *PICO, f"e6614c311b7e6f{n:02}") for n in (10, 2)]
    assert find_controller([uart, ftdi, *picos]) == "/dev/ttyACM2"
    assert find_controller([uart, ftdi]) is None
    assert find_controller([]) is None


def test_auto_connects_to_the_controller_pyserial_lists(device: PtyController) -> None:
    pico = usb_port(str(device.link), *PICO, "e6614c311b7e6f35")
    ftdi = usb_port(str(device.link.with_name("usb-FTDI")), *FTDI, "A50285BI")
    backend = SerialBackend(INDEXES, port="auto", timing=FAST, list_ports=lambda: [ftdi, pico])
    try:
        assert backend.wait_for_status(lambda s: s.connected, 5)
        assert backend.status().controller == "pico on a pty"
    finally:
        backend.close()


def test_auto_without_a_controller_says_which_vendor_it_looked_for_and_where_to_name_one() -> None:
    ftdi = usb_port("/dev/ttyUSB0", *FTDI, "A50285BI")
    backend = SerialBackend(INDEXES, port="auto", timing=FAST, list_ports=lambda: [ftdi])
    try:
        assert backend.wait_for_status(lambda s: s.last_error is not None, 5)
        status = backend.status()
        assert not status.connected
        assert "2E8A" in (status.last_error or "") and "/dev/serial/by-id" in (status.last_error or "")
        assert "2E8A" in status.describe()
    finally:
        backend.close()
