"""Invaders from Afar's own rules: the Albion and Togawa faction tokens."""
