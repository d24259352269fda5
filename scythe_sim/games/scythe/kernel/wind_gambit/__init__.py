"""The Wind Gambit's rules: airships, their tiles and fights, the Resolution Module."""
