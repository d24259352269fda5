"""Sequential halving's ranking, shared by the rollout searches (search.py, war/search.py):
their candidates (work.search_cand rows) carry their rank in column C_RANK, their rollout
sums and counts in work.search_stats' S_SUM and S_COUNT columns."""
from scythe_sim.compiled.jit import njit

C_RANK = 9                # work.search_cand: a candidate's rank among those still in
S_SUM, S_COUNT = 1, 2     # work.search_stats: its rollout values' sum and count


@njit
def rank_alive(cand, stats, alive):
    """Order cand[:alive, C_RANK] by mean rollout value, best first (ties: the first ranking's order)."""
    for a in range(1, alive):
        c = cand[a, C_RANK]
        mean = stats[c, S_SUM] / stats[c, S_COUNT]
        b = a
        while b > 0:
            d = cand[b - 1, C_RANK]
            other = stats[d, S_SUM] / stats[d, S_COUNT]
            if other > mean or (other == mean and d < c):
                break
            cand[b, C_RANK] = d
            b -= 1
        cand[b, C_RANK] = c
