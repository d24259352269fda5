"""The strategies' play of All Out War: the war policy, its map and its fights."""
