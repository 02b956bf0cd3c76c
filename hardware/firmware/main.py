# MicroPython entry point for the Raspberry Pi Pico (RP2040): the app's LED controller.
#
# Reads the protocol from USB serial (stdin), answers on stdout, drives WS2812 strips with `neopixel`.
# Copy lightproto.py, lightctl.py, boardcfg.py and this file to the Pico (see hardware/firmware/README.md).

import select
import sys
import time

import boardcfg
import lightctl
import machine
import micropython
import neopixel
import rp2

FRAME_MS = 20  # redraw the strips at 50 Hz
MAINTENANCE_MS = 1500  # press BOOTSEL this long after power-up to get the REPL instead


def wants_maintenance():
    """BOOTSEL pressed during the first moments after power-up: stay at the REPL (for mpremote)."""
    start = time.ticks_ms()
    while time.ticks_diff(time.ticks_ms(), start) < MAINTENANCE_MS:
        if rp2.bootsel_button():
            return True
        time.sleep_ms(20)
    return False


def main():
    if wants_maintenance():
        print("companion LED controller: maintenance, REPL left running")
        return
    micropython.kbd_intr(-1)  # byte 0x03 is data here, not Ctrl-C
    strips = [neopixel.NeoPixel(machine.Pin(pin), count) for pin, count in boardcfg.STRIPS]
    total = sum(count for _, count in boardcfg.STRIPS)
    controller = lightctl.LedController(total, boardcfg.NAME, time.ticks_ms(), time.ticks_diff)
    cap = boardcfg.MAX_LEVEL
    usb_in = sys.stdin.buffer
    usb_out = sys.stdout.buffer
    poll = select.poll()
    poll.register(sys.stdin, select.POLLIN)
    last_draw = time.ticks_ms()
    shown = None
    while True:
        data = bytearray()
        while poll.poll(0) and len(data) < 512:
            data.extend(usb_in.read(1))
        now = time.ticks_ms()
        if data:
            reply = controller.feed(bytes(data), now)
            if reply:
                usb_out.write(reply)
        if time.ticks_diff(now, last_draw) >= FRAME_MS:
            last_draw = now
            pixels = controller.render(now)
            if pixels != shown:
                shown = pixels
                start = 0
                for strip, (_, count) in zip(strips, boardcfg.STRIPS):
                    for i in range(count):
                        r, g, b = pixels[start + i]
                        strip[i] = (r * cap // 255, g * cap // 255, b * cap // 255)
                    strip.write()
                    start += count
        elif not data:
            poll.poll(2)  # sleep until USB data or 2 ms


main()
