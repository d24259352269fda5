"""The Wind Gambit's declarations (its rules: kernel/wind_gambit/, its players:
strategies/wind_gambit/).

HOOKS: its parts the shared modules call through variants/hooks.py, by module path."""

HOOKS = {"results": "scythe_sim.games.scythe.spec.wind_gambit.results"}
