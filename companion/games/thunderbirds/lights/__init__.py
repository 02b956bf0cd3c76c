"""Thunderbirds on the board's LEDs: the names of its lights, the picture of a position, the animations."""
