"""The Wind Gambit in words: the airships' part of the position JSON (airship_position.py),
the resolution tile's line (resolution_text.py)."""
