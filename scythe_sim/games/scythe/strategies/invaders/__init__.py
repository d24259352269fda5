"""The strategies' use of the Invaders from Afar abilities."""
