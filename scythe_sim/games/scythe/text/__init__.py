"""Scythe in words: action text, position JSON, card and tile text (playthrough.py, at the
game's root, steps the façade through them)."""
