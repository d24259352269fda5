"""All Out War's declarations (its rules: kernel/war/, its players: strategies/war/).

HOOKS: its parts the shared modules call through variants/hooks.py, by module path."""

HOOKS = {"results": "scythe_sim.games.scythe.spec.war.results"}
