"""choose(strategy, s, t, seat, actions, n, params, ws) -> index of the chosen row.

ws is the Workspace (workspace.py): ws.rng holds one stream per seat (row = seat), seeded
from the game seed with ids 1 + seat, outside the state: a strategy that draws more never
changes the game's chance; and scratch states the planners overwrite (never s). params row
`strategy` holds the strategy's weights (weights.py); the planner's personas are the
planner with their own rows."""
from scythe_sim.compiled.jit import njit_entry

from .greedy import choose_greedy
from .planner import choose_planner
from .random_play import choose_random

STRAT_RANDOM, STRAT_GREEDY, STRAT_PLANNER = 0, 1, 2     # ids >= STRAT_PLANNER: the planner


@njit_entry
def choose(strategy, s, t, seat, actions, n, params, ws):
    if n <= 1:
        return 0
    if strategy >= STRAT_PLANNER:
        return choose_planner(s, t, seat, actions, n, params[strategy], ws.rng, ws)
    if strategy == STRAT_GREEDY:
        return choose_greedy(s, t, seat, actions, n, ws.rng, ws.cand)
    return choose_random(seat, n, ws.rng)
