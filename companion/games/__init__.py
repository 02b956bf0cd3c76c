"""Game packs: the rules of each game system, on the engine core."""
