"""Plain-Python presenters: game state in, view models (text, flags, choices) out. No Kivy import here."""
