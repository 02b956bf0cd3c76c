"""Lights on a serial LED controller (a Raspberry Pi Pico driving WS2812 strips), over pyserial.

One worker thread owns the port: it connects (version handshake), sends the full frame, then only the LEDs
that change, and a heartbeat when idle. When the controller disappears (unplugged, reset, silent) it closes
the port and tries again with growing pauses; on reconnecting it shakes hands again and resends the full
frame. The app's thread only ever merges changes into a dictionary: it never waits on the wire.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

import serial
from serial.tools.list_ports import comports
from serial.tools.list_ports_common import ListPortInfo

from companion.devices import protocol as proto
from companion.devices.backend import LightBackend
from companion.devices.errors import LinkError
from companion.devices.light import Light
from companion.locale import _

log = logging.getLogger(__name__)

#: Where udev gives each USB serial device a stable name (`usb-MicroPython_Board_in_FS_mode_<serial>-if00` for a
#: Pico): what `[lights] port` names when `auto` will not do.
BY_ID = "/dev/serial/by-id"
#: The USB vendor ids `port = "auto"` takes for the LED controller. 0x2E8A is Raspberry Pi Ltd: a Pico, Pico W
#: or Pico 2 running MicroPython (which the controller's firmware needs) shows as 2E8A:0005. A board of another
#: make is named in `[lights] port` instead.
CONTROLLER_USB_VENDORS: tuple[int, ...] = (0x2E8A,)

OpenPort = Callable[[str, int], serial.SerialBase]
ListPorts = Callable[[], Iterable[ListPortInfo]]


@dataclass(frozen=True)
class LinkTiming:
    """Seconds. The controller shows its waiting pattern after 3 s without a packet, so heartbeats come faster."""

    heartbeat: float = 1.0
    silence: float = 3.0  # no answer for this long: the link is dead, reconnect
    handshake: float = 1.0
    backoff_first: float = 0.1
    backoff_max: float = 5.0
    poll: float = 0.02  # how often the worker looks for bytes from the controller
    write_timeout: float = 0.5


@dataclass(frozen=True)
class LinkStatus:
    port: str
    connected: bool
    controller: str | None
    led_count: int | None
    connects: int
    drops: int
    naks: int
    garbage: int
    bytes_sent: int
    last_error: str | None

    def describe(self) -> str:
        if self.connected:
            return _("serial {port}: connected to {controller} ({count} LEDs)").format(
                port=self.port, controller=self.controller, count=self.led_count
            )
        return _("serial {port}: not connected ({reason})").format(
            port=self.port, reason=self.last_error or _("connecting")
        )


def _incompatible(theirs: object) -> str:
    return _("the controller speaks protocol v{theirs}, the app v{ours}: update its firmware").format(
        theirs=theirs, ours=proto.VERSION
    )


def find_controller(ports: Iterable[ListPortInfo]) -> str | None:
    """The device (`/dev/ttyACM0`) of the first serial port whose USB vendor is a controller's, in pyserial's
    order (ttyACM2 before ttyACM10); None when there is none. `ports` is pyserial's `comports()`, which reads
    the vendor from sysfs, rather than a guess from the names under /dev/serial/by-id."""
    found = sorted(port for port in ports if port.vid in CONTROLLER_USB_VENDORS)
    return found[0].device if found else None


def no_controller_message() -> str:
    """What the link says when `auto` finds nothing: which vendor it looked for, and how to name another board."""
    return _(
        "no LED controller found: no USB serial device has vendor id {vendors} (a Pico running MicroPython); "
        "plug it in, or set [lights] port to its name under {folder}"
    ).format(vendors=", ".join(f"{vid:04X}" for vid in CONTROLLER_USB_VENDORS), folder=BY_ID)


def open_serial(port: str, baud: int) -> serial.SerialBase:
    """Opens a device path or a pyserial URL (`loop://`, `socket://...`) without blocking reads."""
    return serial.serial_for_url(port, baudrate=baud, timeout=0, write_timeout=LinkTiming.write_timeout)


class SerialBackend(LightBackend):
    kind = "serial"
    renders_blink = True

    def __init__(
        self,
        indexes: Mapping[str, int],
        port: str = "auto",
        baud: int = proto.BAUD,
        brightness: float = 1.0,
        timing: LinkTiming = LinkTiming(),
        open_port: OpenPort = open_serial,
        clock: Callable[[], float] = time.monotonic,
        list_ports: ListPorts = comports,
    ) -> None:
        if not indexes:
            raise ValueError("a serial build needs at least one LED")
        if max(indexes.values()) >= proto.MAX_LEDS or min(indexes.values()) < 0:
            raise ValueError(f"LED positions must be 0-{proto.MAX_LEDS - 1}")
        self._indexes = dict(indexes)
        self._size = max(indexes.values()) + 1
        self._port_name = port
        self._baud = baud
        self._brightness = brightness
        self._timing = timing
        self._open_port = open_port
        self._clock = clock
        self._list_ports = list_ports

        self._looks: dict[int, bytes] = {}
        self._dirty: set[int] = set()
        self._need_full = True
        self._busy = False
        self._closed = False
        self._cond = threading.Condition()
        self._wake = threading.Event()

        self._port: serial.SerialBase | None = None
        self._decoder = proto.Decoder()
        self._seq = 0
        self._in_flight: deque[int] = deque(maxlen=256)
        self._last_rx = 0.0
        self._last_tx = 0.0
        self._welcome: proto.Welcome | None = None
        self._connects = 0
        self._drops = 0
        self._naks = 0
        self._bytes_sent = 0
        self._last_error: str | None = None
        self._range_warned = False

        self._thread = threading.Thread(target=self._run, name="lights-serial", daemon=True)
        self._thread.start()

    # --- the app's side ------------------------------------------------------------------------------

    def apply(self, changes: Mapping[str, Light]) -> None:
        with self._cond:
            for name, light in changes.items():
                index = self._indexes.get(name)
                if index is None:
                    continue
                look = proto.led_bytes(light, self._brightness)
                if self._looks.get(index) != look:
                    self._looks[index] = look
                    self._dirty.add(index)
            if self._dirty:
                self._cond.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """True once the controller is connected and has been sent every change so far."""
        with self._cond:
            return self._cond.wait_for(
                lambda: self._port is not None and not self._dirty and not self._need_full and not self._busy,
                timeout,
            )

    def wait_connected(self, timeout: float | None = None) -> bool:
        return self.wait_for_status(lambda status: status.connected, timeout)

    def wait_for_status(self, predicate: Callable[[LinkStatus], bool], timeout: float | None = None) -> bool:
        """Waits until the link's status satisfies `predicate` (hw-test and tests use it)."""
        with self._cond:
            return self._cond.wait_for(lambda: predicate(self._status()), timeout)

    def status(self) -> LinkStatus:
        with self._cond:
            return self._status()

    def _status(self) -> LinkStatus:
        welcome = self._welcome if self._port is not None else None
        return LinkStatus(
            port=self._port_name,
            connected=self._port is not None,
            controller=welcome.name if welcome else None,
            led_count=welcome.led_count if welcome else None,
            connects=self._connects,
            drops=self._drops,
            naks=self._naks,
            garbage=self._decoder.garbage + self._decoder.bad_checksums,
            bytes_sent=self._bytes_sent,
            last_error=self._last_error,
        )

    def describe(self) -> str:
        return self.status().describe()

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._wake.set()
        self._thread.join(timeout=5)

    # --- the worker ----------------------------------------------------------------------------------

    def _run(self) -> None:
        delay = self._timing.backoff_first
        while not self._closed:
            if self._port is None:
                try:
                    self._connect()
                    delay = self._timing.backoff_first
                except (serial.SerialException, OSError, LinkError, ValueError) as exc:
                    self._note_error(exc)
                    self._wake.wait(delay)
                    delay = min(delay * 2, self._timing.backoff_max)
                continue
            try:
                self._service()
            except (serial.SerialException, OSError, LinkError) as exc:
                self._drop(exc)
        self._disconnect()

    def _connect(self) -> None:
        name = self._port_name
        if name == "auto":
            found = find_controller(self._list_ports())
            if found is None:
                raise LinkError(no_controller_message())
            name = found
        port = self._open_port(name, self._baud)
        try:
            welcome = self._handshake(port)
        except BaseException:
            port.close()
            raise
        if welcome.led_count < self._size:
            log.warning("the light map uses %d LED positions; the controller drives %d", self._size, welcome.led_count)
        with self._cond:
            self._port = port
            self._welcome = welcome
            self._need_full = True
            self._connects += 1
            self._last_error = None
            self._cond.notify_all()
        self._last_rx = self._clock()
        log.info("LED controller %r connected on %s", welcome.name, name)

    def _handshake(self, port: serial.SerialBase) -> proto.Welcome:
        port.reset_input_buffer()
        self._decoder = proto.Decoder()
        self._in_flight.clear()
        seq = self._send(port, proto.HELLO, bytes((proto.VERSION,)), track=False)
        deadline = self._clock() + self._timing.handshake
        while self._clock() < deadline and not self._closed:
            data = port.read(4096)
            if not data:
                self._wake.wait(self._timing.poll)
                continue
            for packet in self._decoder.feed(data):
                if packet.kind == proto.WELCOME and packet.seq == seq:
                    welcome = proto.parse_welcome(packet.payload)
                    if welcome.version != proto.VERSION:
                        raise LinkError(_incompatible(welcome.version))
                    return welcome
                if packet.kind == proto.NAK and packet.payload[:1] == bytes((proto.NAK_VERSION,)):
                    raise LinkError(_incompatible(packet.payload[2] if len(packet.payload) > 2 else "?"))
        raise LinkError(_("no answer to the handshake"))

    def _service(self) -> None:
        with self._cond:
            self._cond.wait_for(lambda: self._dirty or self._need_full or self._closed, self._timing.poll)
            if self._closed:
                return
            self._busy = True
        try:
            port = self._port
            assert port is not None
            self._receive(port)
            with self._cond:
                full, dirty = self._need_full, sorted(self._dirty)
                looks = dict(self._looks)
                self._need_full = False
                self._dirty.clear()
            if full:
                blank = bytes(5)
                self._send(port, proto.FRAME, proto.frame_payload(looks.get(i, blank) for i in range(self._size)))
            else:
                for start in range(0, len(dirty), proto.CHANGES_PER_PACKET):
                    chunk = dirty[start : start + proto.CHANGES_PER_PACKET]
                    self._send(port, proto.CHANGES, proto.changes_payload((i, looks[i]) for i in chunk))
            now = self._clock()
            if now - self._last_tx >= self._timing.heartbeat:
                self._send(port, proto.PING)
            if now - self._last_rx >= self._timing.silence:
                raise LinkError(_("the LED controller stopped answering"))
        finally:
            with self._cond:
                self._busy = False
                self._cond.notify_all()

    def _receive(self, port: serial.SerialBase) -> None:
        data = port.read(4096)
        if not data:
            return
        for packet in self._decoder.feed(data):
            self._last_rx = self._clock()
            if packet.kind == proto.ACK and packet.payload:
                self._acknowledge(packet.payload[0])
            elif packet.kind == proto.NAK:
                self._refused(packet.payload)
            elif packet.kind == proto.WELCOME:
                with self._cond:  # the controller restarted behind our back: it lost the frame
                    self._need_full = True
            else:
                log.warning("ignored an unexpected packet type 0x%02x from the LED controller", packet.kind)

    def _acknowledge(self, seq: int) -> None:
        """Acks arrive in order; one that skips packets means they were lost: resend everything."""
        if seq not in self._in_flight:
            return
        skipped = False
        while self._in_flight:
            head = self._in_flight.popleft()
            if head == seq:
                break
            skipped = True
        if skipped:
            with self._cond:
                self._need_full = True

    def _refused(self, payload: bytes) -> None:
        with self._cond:
            self._naks += 1
        code = payload[0] if payload else 0
        if code == proto.NAK_RANGE:
            if not self._range_warned:
                self._range_warned = True
                log.warning("the LED controller has fewer LEDs than the light map uses")
            return
        log.warning("the LED controller refused a packet (code %d): resending the full frame", code)
        with self._cond:
            self._need_full = True

    def _send(self, port: serial.SerialBase, kind: int, payload: bytes = b"", track: bool = True) -> int:
        seq = self._seq
        self._seq = (self._seq + 1) & 0xFF
        data = proto.encode(kind, seq, payload)
        port.write(data)
        self._last_tx = self._clock()
        self._bytes_sent += len(data)
        if track:
            self._in_flight.append(seq)
        return seq

    def _drop(self, exc: BaseException) -> None:
        self._note_error(exc)
        log.warning("LED controller lost (%s); reconnecting", exc)
        with self._cond:
            self._drops += 1
        self._disconnect()

    def _disconnect(self) -> None:
        with self._cond:
            port, self._port = self._port, None
            self._need_full = True
            self._cond.notify_all()
        if port is not None:
            try:
                port.close()
            except (serial.SerialException, OSError):
                pass

    def _note_error(self, exc: BaseException) -> None:
        with self._cond:
            self._last_error = str(exc) or type(exc).__name__
            self._cond.notify_all()
