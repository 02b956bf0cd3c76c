"""The game-agnostic core: pure Python, no UI or hardware imports."""
