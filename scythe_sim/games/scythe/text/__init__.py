"""Scythe in words: action text, position JSON, playthroughs, card and tile text."""
