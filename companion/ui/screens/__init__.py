"""Thin Kivy screens: each reads its presenter's view model and turns touches into calls on the App."""
