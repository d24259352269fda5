"""Scythe's studies (scythe_sim/study.py): what `scythe-sim evaluate STUDY` plays.

Each is a named record over the module that plays its blocks and builds its report;
a variant adds its own through its "evaluate" hook (a module with STUDY). The tools'
modules are imported only when a study runs, so listing the studies stays quick.
"""
from __future__ import annotations

import contextlib
import importlib

from scythe_sim.errors import ConfigError
from scythe_sim.study import Agree, Block, Enough, Grid, Ranking, Rates, Shift, Shifts, Study, Within

from ..variants.hooks import declared
from .deal_rules import CHALLENGER_MIRROR, CHECK_RULES, needed_rules  # noqa: F401 (the engine's)

REFERENCE_MIRROR_GAMES = 2000   # the least search mirror whose verdicts the product reports
DEFAULT_DEAL = {**CHECK_RULES, "expansion_factions": 1}   # `scythe-sim run`'s deal, bans off
# a search game costs about a CPU second: shards this small keep every core busy to the
# end of a block and lose little to a Ctrl-C (the games are the same at any shard size)
SEARCH_SHARD = 25
EXPANSION = ("expansion", False, "deal Albion and Togawa (Invaders from Afar) at any player count")


def _in_runs(mirror_games, folder, *more) -> tuple:
    """The parameters of a study whose blocks are runs in a folder (it restarts there)."""
    return (("mirror_games", mirror_games, "the search mirror's games"), *more,
            ("runs", folder, "the folder of its runs (the same command restarts there)"),
            ("backend", "local", "where the runs play: local or dask"),
            ("scheduler", "", "the Dask scheduler's address (default: a local cluster)"))


def _quality(s):
    from .evaluate import evaluate

    return evaluate(games=s.games, players=s.players, seed=s.seed, workers=s.workers, expansion=s.own["expansion"])


def _ablation(s):
    from ..tables import build_tables
    from .ablation import ablation, ablations
    from .lineups import deal_rules

    deal = deal_rules(s.players, s.own["expansion"])
    items = ablations(build_tables(deal) if deal else None)
    with s.bar(s.games * (1 + len(items))) as update:
        return ablation(games=s.games, players=s.players, seed=s.seed, workers=s.workers, progress=update,
                        expansion=s.own["expansion"])


def _mix_counts(s):
    from .evaluate import mix_usage

    try:
        counts = tuple(int(x) for x in s.own["counts"].split(","))
    except ValueError:
        raise ConfigError(f"--set counts= takes player counts separated by commas, got {s.own['counts']!r}") from None
    return mix_usage(games=s.games, players=counts, seed=s.seed, workers=s.workers, expansion=s.own["expansion"])


def _backend(own):
    if own["backend"] not in ("local", "dask"):
        raise ConfigError(f"--set backend={own['backend']}: choose local or dask")


def _speed(s):
    from .evaluate import speed

    return speed(games=s.games, players=s.players)


def _search(s):
    from .search_evaluate import search_evaluate

    o = s.own
    _backend(o)
    with s.bar(s.games * 3 + o["mirror_games"] + 2 * o["relentless_games"] + o["sweep_games"] * 12) as update:
        return search_evaluate(s.games, o["mirror_games"], o["relentless_games"], o["sweep_games"], s.seed,
                               s.workers, o["runs"], o["backend"], o["scheduler"] or None, update)


def _fast(s):
    from scythe_sim.runner.batch import forked_pool

    from .bench import warm
    from .fast_evaluate import Settings, check, evaluate_fast, parse_changes

    settings = Settings(games=s.games, pace_games=s.own["pace_games"], seed=s.seed, players=s.players,
                        model=s.own["model"], changes=parse_changes(s.own["weights"]))
    check(settings)                        # bad settings: one line before any game
    pool_context = forked_pool(s.workers, warm) if s.workers > 1 else contextlib.nullcontext(None)
    with pool_context as pool:
        return evaluate_fast(settings, s.workers, pool)


BUILT_IN = (
    Study("quality", "vs random, greedy vs the frozen greedy1, the default mix with its ability use, "
          "mirror matches and a ladder (docs/STRATEGIES.md)", _quality, params=(EXPANSION,)),
    Study("ablation", "the default mix with each ability, the Factory and the encounters switched off "
          "in turn, paired with a base run (games per run)", _ablation, params=(EXPANSION,)),
    Study("mix-counts", "the default mix alone at each player count of `counts`: its ability use and "
          "faction win rates (games per count)", _mix_counts, players=False,
          params=(("counts", "4,5,6,7", "the player counts, separated by commas"), EXPANSION)),
    # every faction with every mat (bans off); the default players are the default mix
    Study("verdicts", "the faction and mat rankings of the default mix and of a greedy mirror on the "
          "same deals, and their Kendall tau",
          blocks=(Block("mix", {"rules": CHECK_RULES}, "the default mix"),
                  Block("mirror", {"rules": CHECK_RULES, "strategies": {"seats": [CHALLENGER_MIRROR]}},
                        f"the {CHALLENGER_MIRROR} mirror")),
          queries=tuple(Ranking(("mix", "mirror"), by, f"the default mix and a {CHALLENGER_MIRROR} mirror")
                        for by in ("faction", "mat")),
          targets=tuple(Agree(("mix", "mirror"), by, 0.8) for by in ("faction", "mat"))),
    # the reference's verdicts beside the default mix's: a search mirror (every seat
    # search) on the mix's first deals, bans off; a verdict needs 2,000 mirror games
    Study("reference-verdicts", "a search mirror and the default mix on the same deals: both rankings, "
          "Kendall tau, the groups that differ (paired, Holm), the mirror's faction x mat",
          games=20000, players=False,
          params=(("mirror_games", REFERENCE_MIRROR_GAMES, "the search mirror's games"),),
          blocks=(Block("search", {"rules": CHECK_RULES, "strategies": {"seats": ["search"]},
                                   "shard_size": SEARCH_SHARD}, "the search mirror", games="mirror_games"),
                  Block("mix", {"rules": CHECK_RULES}, "the default mix")),
          queries=(*(Ranking(("search", "mix"), by, "a search mirror and the default mix")
                     for by in ("faction", "mat")),
                   Shifts("search", "mix", ("faction", "mat"), min_effect=0.0,
                          title="each faction and mat: the search mirror against the mix on the same deals"),
                   Grid("search")),
          targets=(Enough("search", REFERENCE_MIRROR_GAMES),)),
    # the learning loop's measure (docs/players/learned.md): the fast players' verdicts
    # against the reference's on the default deal (seven factions and mats), and the
    # default greedy's strength
    Study("agreement", "the default mix against a search mirror on the default deal (seven factions, "
          "bans off): rankings within tau 0.9, at most 3 of the 14 groups differing; greedy against "
          "three greedy2", games=20000, players=False,
          params=(("mirror_games", REFERENCE_MIRROR_GAMES, "the search mirror's games"),
                  ("strength_games", 2000, "games of greedy against three greedy2, seats rotated")),
          blocks=(Block("search", {"rules": DEFAULT_DEAL, "strategies": {"seats": ["search"]},
                                   "shard_size": SEARCH_SHARD}, "the search mirror", games="mirror_games"),
                  Block("mix", {"rules": DEFAULT_DEAL}, "the default mix"),
                  Block("strength", {"rules": DEFAULT_DEAL, "setup": {"rotate_seats": True},
                                     "strategies": {"seats": ["greedy", "greedy2", "greedy2", "greedy2"]}},
                        "greedy against three greedy2", games="strength_games")),
          queries=(*(Ranking(("search", "mix"), by, "a search mirror and the default mix")
                     for by in ("faction", "mat")),
                   Shifts("search", "mix", ("faction", "mat"), min_effect=0.0,
                          title="each faction and mat: the search mirror against the mix on the same deals"),
                   Rates(("strength",), "strategy")),
          targets=(Agree(("search", "mix"), "faction", 0.9), Agree(("search", "mix"), "mat", 0.9),
                   Shift("search", "mix", ("faction", "mat"), at_most=0.0, allowed=3),
                   Within("strength", "strategy", low=0.35, group="greedy"),
                   Enough("search", REFERENCE_MIRROR_GAMES))),
    Study("speed", "the default mix's games/s per core with the learned value against the same mix "
          "hand-valued, in alternating pairs of `games` games on one core", _speed),
    Study("search", "the reference player search: its strength against three greedy2, a search mirror's "
          "pace, Relentless with and without, its CPU a seat, a budget sweep", _search, games=1000,
          players=False, keeps_runs=True,
          params=_in_runs(300, "results/evaluate-search",
                          ("relentless_games", 1300, "games of each Relentless run (Rusviet is dealt in about 4 of 5)"),
                          ("sweep_games", 20, "games of each of the 12 budget sweep cells"))),
    Study("fast", "the fast players' targets: the new greedy against three greedy2 and against 29bb04a's "
          "on the same games, and the default mix's pace and mats against 29bb04a's players", _fast,
          games=4000,
          params=(("pace_games", 4000, "default-mix games each side"),
                  ("model", "", "a learned model file the new players play (default: the shipped one)"),
                  ("weights", "", "weights the new players play with, W=V,W=V,... e.g. weights=ahead_options=0"))),
)


def studies() -> dict:
    """{name: Study}: the built-in studies, then each variant's."""
    found = {study.name: study for study in BUILT_IN}
    for path in declared("evaluate").values():
        study = importlib.import_module(path).STUDY
        found[study.name] = study
    return found
