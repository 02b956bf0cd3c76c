# This build's strips: (GPIO pin of the Pico, number of LEDs), in the order the app numbers the LEDs.
# The default map (hardware/maps/serial-ws2812.toml) uses one strip of 40 LEDs on GP0.
STRIPS = [(0, 40)]
NAME = "companion-leds pico"
# WS2812s at full white draw about 60 mA each: cap the brightness the app may ask for (0-255).
MAX_LEVEL = 160
