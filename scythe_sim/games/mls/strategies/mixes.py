"""Who sits in each seat of a game of My Little Scythe: the pool a run plays when its
config names none, and the per-game draw from a pool (from (game index, root seed)
only). Pure Python: the spec's plans and `scythe-sim play` draw the same way."""
import numpy as np

# the pool a run plays when its config names none: the planner and its personas (docs/STRATEGIES.md,
# "My Little Scythe": each wins >= 95% against random players); `random` and `greedy` stay by name
DEFAULT_POOL = ("planner", "deliverer", "pie_fighter", "quester")


def pool_seats(pool_ids, i: int, root: int, n: int) -> list:
    """Strategy ids of the n seats of game i, drawn from pool_ids (from (i, root) only)."""
    rng = np.random.default_rng([i, root, 2])
    return [pool_ids[x] for x in rng.integers(0, len(pool_ids), n)]
