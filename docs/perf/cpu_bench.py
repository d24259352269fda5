"""Games per CPU-second of this process on the bench's seeds, in either tree's layout.

python cpu_bench.py MODE GAMES REPEATS   (MODE: random, or a strategy mix such as default, greedy1)
Prints the median rate and a hash of the result tables (the same games give the same hash)."""
import hashlib, statistics, sys, time
import numpy as np
try:    # the layout of issue 28
    from scythe_sim.games.scythe.tools.bench import warm
    from scythe_sim.games.scythe.layout import MAX_PLAYERS
    from scythe_sim.games.scythe.play import run_games
    from scythe_sim.games.scythe.strategies.mixes import mix_strategies
    from scythe_sim.games.scythe.strategies.weights import load_params
    from scythe_sim.games.scythe.tables import default_tables
except ImportError:   # the flat layout before it (4f2549b)
    from scythe_sim.bench import warm
    from scythe_sim.layout import MAX_PLAYERS
    from scythe_sim.play import run_games
    from scythe_sim.strategies.mixes import mix_strategies
    from scythe_sim.strategies.weights import load_params
    from scythe_sim.tables import default_tables
mode, games, repeats = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
tables, params = default_tables(), load_params(); warm()
rates, digest = [], hashlib.sha256()
for r in range(repeats):
    seeds = np.arange(1 + r * games, 1 + (r + 1) * games, dtype=np.uint64)
    strat = (np.zeros((games, MAX_PLAYERS), np.int64) if mode == "random"
             else mix_strategies(mode, games, 4, 1, r * games))
    a = time.process_time(); g, seats = run_games(tables, seeds, 4, strategies=strat, params=params)
    rates.append(games / (time.process_time() - a))
    digest.update(np.ascontiguousarray(g).tobytes()); digest.update(np.ascontiguousarray(seats).tobytes())
print(f"{statistics.median(rates):.1f} games per CPU-second ({' '.join(f'{x:.1f}' for x in rates)}) hash {digest.hexdigest()[:12]}")
