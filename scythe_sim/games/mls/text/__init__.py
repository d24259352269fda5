"""My Little Scythe in words: position JSON (playthrough.py, at the game's root, steps the façade)."""
