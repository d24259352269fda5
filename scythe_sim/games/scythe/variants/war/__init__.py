"""All Out War's declarations (its rules: kernel/war/, its players: strategies/war/)."""
