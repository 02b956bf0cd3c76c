# This build's strips: (GPIO pin of the Pico, number of LEDs), in the order the app numbers the LEDs.
# The default map (hardware/maps/serial-ws2812.toml): 18 LEDs on GP0 (disaster track, status), 22 on GP1 (Hood track).
STRIPS = [(0, 18), (1, 22)]
NAME = "companion-leds pico"
# WS2812s at full white draw about 60 mA each: cap the brightness the app may ask for (0-255).
MAX_LEVEL = 160
