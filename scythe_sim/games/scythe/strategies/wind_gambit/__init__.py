"""The strategies' play of The Wind Gambit: airship flights, cargo and fights."""
