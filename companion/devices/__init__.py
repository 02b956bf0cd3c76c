"""Lights and buttons on the physical board.

What to show is pure (`view` -> `frame`); back-ends only show frames, and only the changes: `gpio` (pins),
`shift595` (a 74HC595 chain), `serial_link` (a Pico driving WS2812 strips), `recording` (tests, the on-screen
mirror). `board.start_board` builds it all from the config file for the app; `buttons` turns presses into
commands. Nothing here is imported by the engine or the game rules.
"""
