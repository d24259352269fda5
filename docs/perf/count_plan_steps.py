"""Count the engine steps the planner plays in plans, by plan kind (docs/journal/performance.md,
"Fewer engine steps per game"). Measurement only, never shipped: the counters are a
Workspace field the production code does not carry.

    git apply docs/perf/count_plan_steps.patch
    NUMBA_CACHE_DIR=/tmp/numba-count PYTHONPATH=. python docs/perf/count_plan_steps.py 100
    git apply -R docs/perf/count_plan_steps.patch

Per game (seeds 1..N, default mix, 4 players), for each kind of plan (section plans,
top-row options, follow-up plans of a benefit/encounter/Produce..., look-ahead next
turns): plans, steps (the first row included), forced steps (one legal row),
opponents' steps, Move bookkeeping steps (unit selection, steps, cargo, stop), plans
that drew on the chance stream and their steps, plans whose end (or start) position
equals an earlier candidate's of the same decision (chance stream aside), and for the
top-row options those whose position after the option equals the chosen section
plan's position after its top-row row with no draw after it (f9: plans, f10: steps
after the option that replay the section plan; f11: the same position but a draw
followed; f12: replays of unequal length, a check: 0). For the look-ahead f9 counts
next-turn calls, f10 those starting where an earlier call of the decision started.
"""
import sys

import numpy as np

import scythe_sim.games.scythe.play as play
import scythe_sim.games.scythe.strategies.workspace as ws
from scythe_sim.games.scythe.layout import PHASES
from scythe_sim.games.scythe.play import R_DECISIONS, run_games
from scythe_sim.games.scythe.strategies.mixes import mix_strategies
from scythe_sim.games.scythe.strategies.weights import load_params
from scythe_sim.games.scythe.tables import default_tables

games = int(sys.argv[1])
made = []
_new = ws.new_workspace


def _keep(tables):
    made.append(_new(tables))
    return made[-1]


play.new_workspace = _keep
seeds = np.arange(1, 1 + games, dtype=np.uint64)
g, _ = run_games(default_tables(), seeds, 4, strategies=mix_strategies("default", games, 4, 1, 0),
                 params=load_params())
stats = sum(w.stats for w in made)
print("decisions per game", g[:, R_DECISIONS].mean())
fields = ("plans", "steps", "forced", "opponent", "move", "chance_plans", "chance_steps",
          "same_end", "same_end_steps", "f9", "f10", "f11", "f12", "decisions",
          "same_start_steps", "same_start")
for k, kind in enumerate(("section", "top", "follow-up", "ahead")):
    row = stats[16 + 16 * k: 32 + 16 * k]
    print(kind, {f: round(int(v) / games, 1) for f, v in zip(fields, row)})
print("real decisions planned, by phase:",
      {PHASES[i]: round(stats[410 + i] / games, 1) for i in range(len(PHASES)) if stats[410 + i]})
