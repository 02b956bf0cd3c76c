"""Reusable widgets: text that always fits its box, 9 mm touch targets, rescue-type icons, dice, the LED strip."""
