"""Plays the LED controller on a computer: the firmware's own logic behind a pseudo-terminal.

    python hardware/firmware/hostrun.py [--leds 40]

prints the pty's path; point the app at it (`COMPANION_LIGHTS=serial`, `[lights] port = "<path>"`) and watch
the LEDs as text. The tests run `serve()` on a pty pair to act as the controller.
"""

import argparse
import os
import select
import sys
import threading
import time
import tty

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import lightctl


def now_ms():
    return int(time.monotonic() * 1000)


def serve(fd, controller, stop, on_packet=None, tamper=None):
    """Answers the Pi on file descriptor `fd` until `stop` is set or the other side goes away.

    `tamper` (tests only) may alter the bytes received, as line noise would; `on_packet` is called after each
    read with the controller."""
    while not stop.is_set():
        ready, _, _ = select.select([fd], [], [], 0.02)
        if not ready:
            continue
        try:
            data = os.read(fd, 4096)
        except OSError:
            return
        if not data:
            return
        if tamper is not None:
            data = tamper(data)
        reply = controller.feed(data, now_ms())
        if reply:
            try:
                os.write(fd, reply)
            except OSError:
                return
        if on_packet is not None:
            on_packet(controller)


def open_pty():
    """A pty pair in raw mode; returns (controller-side fd, path the app opens)."""
    master, slave = os.openpty()
    tty.setraw(slave)
    return master, slave, os.ttyname(slave)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--leds", type=int, default=40)
    args = parser.parse_args()
    master, slave, path = open_pty()
    print("LED controller listening on", path, flush=True)
    controller = lightctl.LedController(args.leds, "companion-leds host")
    stop = threading.Event()
    threading.Thread(target=serve, args=(master, controller, stop), daemon=True).start()
    try:
        while True:
            time.sleep(0.5)
            pixels = controller.render(now_ms())
            line = " ".join("{:02x}{:02x}{:02x}".format(*p) if any(p) else "......" for p in pixels)
            print("\r" + line[:200], end="", flush=True)
    except KeyboardInterrupt:
        stop.set()
        os.close(slave)
        os.close(master)


if __name__ == "__main__":
    main()
