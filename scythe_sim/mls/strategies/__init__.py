"""MLS strategies: njit choosers dispatched by id; they read the state, never write it."""
STRATEGIES = ("random", "greedy")
N_STRATEGIES = len(STRATEGIES)
