"""All Out War's declarations (its rules: kernel/war/, its players: strategies/war/).

HOOKS: its parts the shared modules call through variants/hooks.py, by module path."""

HOOKS = {"layout": "scythe_sim.games.scythe.variants.war.layout",
         "results": "scythe_sim.games.scythe.spec.war.results",
         "rules": "scythe_sim.games.scythe.variants.war.rules",
         "position": "scythe_sim.games.scythe.text.war.position",
         "picture": "scythe_sim.games.scythe.text.war.picture",
         "board_text": "scythe_sim.games.scythe.text.war.board_text",
         "narration": "scythe_sim.games.scythe.text.war.narration",
         "action_text": "scythe_sim.games.scythe.text.war.action_text"}
