"""Small packs written for the tests: a card game with private hands (the hand-over step, public views)."""
