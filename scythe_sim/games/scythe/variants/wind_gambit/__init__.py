"""The Wind Gambit's declarations (its rules: kernel/wind_gambit/, its players:
strategies/wind_gambit/)."""
