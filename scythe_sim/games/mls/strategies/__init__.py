"""MLS strategies: njit choosers dispatched by id; they read the state, never write it.
`planner` and its personas (same code, other weights: scythe_sim/games/mls/data/strategies/) plan each
own decision by playing the rest of the turn on a copy of the state."""
STRATEGIES = ("random", "greedy", "planner", "deliverer", "pie_fighter", "quester")
N_STRATEGIES = len(STRATEGIES)
PERSONAS = ("deliverer", "pie_fighter", "quester")
