"""Tests of the game-agnostic engine (a package, so its module names never clash with other test folders)."""
