"""My Little Scythe's studies (scythe_sim/study.py): `scythe-sim evaluate quality --game
my_little_scythe`, its planner and personas vs random and in mirror matches."""
from __future__ import annotations

from scythe_sim.study import Study


def _quality(s):
    from .evaluate import evaluate

    return evaluate(games=s.games, players=s.players, seed=s.seed, workers=s.workers)


def studies() -> dict:
    """{name: Study}."""
    return {"quality": Study("quality", "its planner and personas vs random and in mirror matches, the "
                             "games' length and ends (docs/STRATEGIES.md, \"My Little Scythe\")", _quality)}
