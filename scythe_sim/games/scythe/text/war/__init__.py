"""All Out War in words: its part of the position JSON (position.py)."""
