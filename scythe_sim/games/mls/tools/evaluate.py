"""My Little Scythe strategy quality: `scythe-sim evaluate quality --game my_little_scythe`.

Line-ups played on the same game seeds (game i of every line-up has the seed
``game_seed(seed, i)``), through the runner's in-memory batch path:

a. vs random: each strategy but random in one seat against random players, its seat
   cycling through every seat (game i: seat i % players);
b. mirror matches: the planner, and each persona, in every seat: how games end and
   how long they last (turns; rounds).

Targets (docs/STRATEGIES.md, "My Little Scythe"): the planner and each persona win >=
95% in one seat against random; >= 95% of every planner mirror's games end by the
grand finale, not the round cap; no game stops on a simulator bug.
"""
from __future__ import annotations

import numpy as np

from scythe_sim.errors import ConfigError
from scythe_sim.intervals import wilson
from scythe_sim.quality import Report, Table, Target, play_blocks
from scythe_sim.runner.config import parse_config

from ..layout import END_FINALE, END_REASONS
from ..spec import NAME, PLAYERS
from ..strategies import PERSONAS, STRATEGIES

PLANNERS = ("planner",) + PERSONAS
CHALLENGERS = ("greedy",) + PLANNERS      # greedy is shown for reference, without a target
WIN_VS_RANDOM = 0.95
FINALE_SHARE = 0.95


def block_configs(games: int, players: int, seed: int) -> list:
    """[(section, strategy, RunConfig), ...] every line-up as a run on the same root seed."""
    base = {"game": NAME, "name": "evaluate", "games": games, "seed": seed, "players": players}
    out = []
    for name in CHALLENGERS:
        lineups = [[name if s == k else "random" for s in range(players)] for k in range(players)]
        out.append(("vs_random", name, {"lineups": lineups}))
    for name in PLANNERS:
        out.append(("mirror", name, {"seats": [name]}))
    return [(section, name, parse_config({**base, "strategies": strategies}))
            for section, name, strategies in out]


def _pct(x):
    return f"{x:.1%}"


def _length(games_t):
    """Finale share, end reasons and the turns and rounds of a block's games."""
    reason = np.asarray(games_t["end_reason"].combine_chunks().indices)
    turns = games_t["turns"].to_numpy()
    return {"games": len(turns), "finale": float((reason == END_FINALE).mean()),
            "turn_cap": float((reason == END_REASONS.index("turn_cap")).mean()),
            "turns_median": float(np.median(turns)), "turns_q1": float(np.quantile(turns, 0.25)),
            "turns_q3": float(np.quantile(turns, 0.75)),
            "rounds_median": float(np.median(games_t["rounds"].to_numpy()))}


def _wins(seats_t, name):
    ids = np.asarray(seats_t["strategy"].combine_chunks().indices)
    won = seats_t["winner"].to_numpy(zero_copy_only=False)
    mine = ids == STRATEGIES.index(name)
    w, n = int(won[mine].sum()), int(mine.sum())
    low, high = wilson(w, n)
    return {"wins": w, "games": n, "rate": w / n if n else 0.0, "ci": (low, high)}


def evaluate(games=200, players=4, seed=1, workers=1) -> Report:
    for value, key, lo, hi in ((games, "--games", 1, 10 ** 8), (players, "--players", 2, PLAYERS[1]),
                               (workers, "--workers", 1, 1024)):
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise ConfigError(f"{key} must be a whole number {lo}..{hi}, got {value!r}")
    if not isinstance(seed, int) or not 0 <= seed < 2 ** 63:
        raise ConfigError(f"--seed must be 0 or more, got {seed!r}")
    blocks = block_configs(games, players, seed)
    runs = play_blocks(blocks, workers)
    tables, targets, metrics = [], [], {"vs_random": {}, "mirror": {}}
    rows = []
    for (section, name, _), (g, s, bad) in zip(blocks, runs):
        if section != "vs_random":
            continue
        m = {**_wins(s, name), **_length(g)}
        metrics["vs_random"][name] = m
        low, high = m["ci"]
        rows.append([name, str(m["games"]), str(m["wins"]), _pct(m["rate"]), f"{_pct(low)} - {_pct(high)}",
                     f"{m['turns_median']:.0f}"])
        if name in PLANNERS:
            targets.append(Target(f"{name} wins >= {WIN_VS_RANDOM:.0%} vs {players - 1} random",
                                  f"{_pct(m['rate'])} (95% CI {_pct(low)} - {_pct(high)}, n={m['games']})",
                                  m["games"] > 0 and m["rate"] >= WIN_VS_RANDOM))
    tables.append(Table("vs_random", f"a. one strategy vs {players - 1} random (its seat rotated)",
                        ["strategy", "games", "wins", "win rate", "95% CI", "median game turns"], rows,
                        note="greedy (one ply) is shown for reference; the targets are the planner's and its personas'"))
    rows = []
    for (section, name, _), (g, s, bad) in zip(blocks, runs):
        if section != "mirror":
            continue
        m = _length(g)
        metrics["mirror"][name] = m
        rows.append([name, str(m["games"]), _pct(m["finale"]), _pct(m["turn_cap"]),
                     f"{m['turns_median']:.0f} ({m['turns_q1']:.0f} - {m['turns_q3']:.0f})",
                     f"{m['turns_median'] / players:.1f}", f"{m['rounds_median']:.0f}"])
        targets.append(Target(f"{name} mirror: >= {FINALE_SHARE:.0%} of games end by the grand finale",
                              _pct(m["finale"]), m["finale"] >= FINALE_SHARE))
    tables.append(Table("mirror", "b. mirror matches (one strategy in every seat)",
                        ["strategy", "games", "grand finale", "round cap", "game turns: median (q1 - q3)",
                         "turns per player", "median rounds"], rows))
    bad_total = sum(len(run[2]) for run in runs)
    played = games * len(blocks)
    targets.append(Target("no game stopped on a simulator bug (every section)", f"{bad_total} of {played}",
                          bad_total == 0))
    return Report(games, players, seed, tables, targets, metrics, played,
                  command=f"scythe-sim evaluate quality --game {NAME} --games {games} --players {players} --seed {seed}")
