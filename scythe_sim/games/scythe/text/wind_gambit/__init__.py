"""The Wind Gambit in words: the airships' part of the position JSON (airship_position.py),
the resolution tile's (resolution_position.py) and its line (resolution_text.py)."""
