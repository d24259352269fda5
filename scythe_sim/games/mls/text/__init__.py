"""My Little Scythe in words: position JSON and playthroughs."""
