"""The Wind Gambit's declarations (its rules: kernel/wind_gambit/, its players:
strategies/wind_gambit/).

HOOKS: its parts the shared modules call through variants/hooks.py, by module path."""

HOOKS = {"results": "scythe_sim.games.scythe.spec.wind_gambit.results",
         "rules": "scythe_sim.games.scythe.variants.wind_gambit.rules",
         "tables": "scythe_sim.games.scythe.variants.wind_gambit.airships",
         "position": "scythe_sim.games.scythe.text.wind_gambit.position",
         "picture": "scythe_sim.games.scythe.text.wind_gambit.picture",
         "board_text": "scythe_sim.games.scythe.text.wind_gambit.board_text",
         "narration": "scythe_sim.games.scythe.text.wind_gambit.narration",
         "action_text": "scythe_sim.games.scythe.text.wind_gambit.action_text",
         "evaluate": "scythe_sim.games.scythe.tools.wind_gambit.evaluate"}   # the wind-gambit study
