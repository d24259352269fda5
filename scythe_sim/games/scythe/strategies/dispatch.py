"""Integer dispatch from a strategy id to its njit chooser."""
from scythe_sim.compiled.jit import njit_entry, njit_inline

from . import N_SLOTS, SEARCH_TUNING_SLOT, STRATEGY_AUTOMA, STRATEGY_RANDOM, STRATEGY_SEARCH
from .automa import choose_automa
from .greedy import choose_greedy
from .random_play import choose_random
from .search import choose_search
from .variants import choose_variant, takes_over
from .view import seat_faction


@njit_inline
def choose(strategy_id, s, t, seat, actions, n, params, work):
    """Index of the row seat's strategy picks among actions[:n]; never writes s.
    The greedy planner serves greedy, every persona and the tuner's candidate slot, each
    with its own weights; the search serves `search` and its candidate slot. Inlined into its
    compiled callers: a call pushes every array of the Workspace tuple field by field
    (~100 words), a cost of random play's every decision, whose choice is one draw.
    (Inline it only into functions compiled without the runtime: with it, the inlined
    code counts references to every array of the Workspace at every call.)"""
    if strategy_id == STRATEGY_RANDOM:
        return choose_random(seat, n, work.rng)
    row = param_row(params, strategy_id, s, seat)
    if takes_over(s):   # a variant's own policy (All Out War's war policy, war/policy.py)
        return choose_variant(s, t, seat, actions, n, params[row], work)
    if strategy_id == STRATEGY_AUTOMA:
        return choose_automa(s, t, seat, actions, n, params[row], work)
    if strategy_id == STRATEGY_SEARCH or strategy_id == SEARCH_TUNING_SLOT:   # rollouts at each turn start
        return choose_search(s, t, seat, actions, n, params[row], work)
    return choose_greedy(s, t, seat, actions, n, params[row], work)


@njit_entry
def param_row(params, strategy_id, s, seat):
    """The row of params seat plays with (weights.py has the layout): the strategy's own
    row, or, when params carries per-faction rows, its row for the seat's faction."""
    if params.shape[0] <= N_SLOTS:
        return strategy_id
    return strategy_id + N_SLOTS * (1 + seat_faction(s, seat))
