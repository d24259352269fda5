"""What every strategy check shares (evaluate, ablation, wind_gambit/evaluate.py): the default
mix's name, the deal's house rules, a run config played with given weight rows, a win
rate with its interval, the argument checks and the percent format. Below all three, so
none imports another's private names."""
from __future__ import annotations

import dataclasses

from scythe_sim.errors import ConfigError
from scythe_sim.intervals import wilson

from ..lineup import lineup
from ..strategies import STRATEGIES
from .deal_rules import BASE_MAX_PLAYERS, CHECK_RULES, MANY_PLAYERS_RULES


def deal_rules(players: int, expansion: bool) -> dict:
    """The house rules of the deal: bans off (CHECK_RULES); Albion and Togawa dealt too
    with `expansion` (and always past BASE_MAX_PLAYERS, which needs them)."""
    extra = dict(MANY_PLAYERS_RULES) if expansion or players > BASE_MAX_PLAYERS else {}
    return {**CHECK_RULES, **extra}


def with_params(config, params):
    """The config playing every strategy with its row of `params` (and its per-faction
    rows, when params has them)."""
    rows = tuple((name, tuple(float(x) for x in params[STRATEGIES.index(name)]))
                 for name, _ in config.weights)
    used = {name for name, _ in config.weights}
    keyed = tuple((name, key, tuple(float(x) for x in row))
                  for (name, key), row in sorted(config.spec.weights.keyed(params).items()) if name in used)
    return dataclasses.replace(config, weights=rows, seat_weights=keyed)


def win_rate(wins, n):
    """(rate, low, high): the share won with its Wilson 95% interval."""
    low, high = wilson(wins, n)
    rate = wins / n if n else 0.0
    return rate, low, high


def pct(x):
    """A share as the reports print it: 41.2%."""
    return f"{x:.1%}"


def check_args(games, players, seed, workers):
    """A ConfigError naming the first option out of its range."""
    top = lineup(MANY_PLAYERS_RULES).max_players
    for value, key, lo, hi in ((games, "--games", 1, 10 ** 8), (players, "--players", 2, top),
                               (workers, "--workers", 1, 1024)):
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise ConfigError(f"{key} must be a whole number {lo}..{hi}, got {value!r}")
    if not isinstance(seed, int) or not 0 <= seed < 2 ** 63:
        raise ConfigError(f"--seed must be 0 or more, got {seed!r}")
