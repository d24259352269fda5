"""The Wind Gambit's strategy check: `scythe-sim evaluate wind-gambit` (docs/STRATEGIES.md
and docs/players/variants.md, "The Wind Gambit").

Six blocks on the same game seeds (game i of each has the seed game_seed(seed, i)):

- airships: greedy with the purposeful airship (weight `airship` 1) in one seat (its seat
  cycling) against greedy with the simple airship rules (`airship` 0) in the others,
  airships on, no resolution tile; airships_base: the same games with `airship` 0 in every
  seat, so the seat's result with and without the weight is paired game by game (seats of
  one strategy do not win exactly 1/players: the planners' noise and the deal differ);
- resolution, resolution_base: the same for greedy playing to the resolution tile (weight
  `resolution` 1) against greedy that does not, a random resolution tile, no airships;
- usage, before and after: the default mix (a Wind Gambit run's pool) with airships and a random resolution tile,
  every strategy with its Wind Gambit weights at 0 (before) and as shipped (after): the
  airship's use per aggressive and passive tile (the seats' airship_* counters, as the
  faction abilities' use comes from the seats' ability_uses) and, per resolution tile, the
  share of games its condition ended and the winner's margin.

The "old" side of a head-to-head plays in the greedy1 slot with greedy's weights and the
Wind Gambit weight at 0, so its seats read greedy1 in the tables.
"""
from __future__ import annotations

import numpy as np
import pyarrow.compute as pc

from scythe_sim.intervals import paired_difference
from scythe_sim.quality import Report, Table, Target, play_blocks
from scythe_sim.runner.config import parse_config
from scythe_sim.study import Study

from ...enums import RESOLUTION_TILES
from ...layout import AIRSHIP_USES, END_RESOLUTION0
from ...strategies import N_SLOTS, STRATEGIES
from ...strategies.mixes import MIXES
from ...tables import load_data
from ...variants.wind_gambit.airships import N_AGGRESSIVE, tile_names
from ..lineups import check_args, deal_rules, pct, win_rate, with_params

NEW, OLD = "greedy", "greedy1"
# a Wind Gambit run's pool: the default mix (configs/wind_gambit.toml), the Automa included
WIND_MIX = MIXES["default"]
WIND = {"airships": "airship", "resolution": "resolution"}   # block -> the weight it switches


def _switched_off(params, weights, only=None):
    """params with `weights` at 0 in every row, or only in slot `only`'s rows, where that slot
    first takes greedy's row (per-faction blocks included)."""
    from ...strategies.weights import WEIGHTS

    out = np.array(params, np.float64, copy=True)
    blocks = out.shape[0] // N_SLOTS if out.shape[0] > len(STRATEGIES) else 1
    for b in range(blocks):
        rows = range(out.shape[0]) if only is None else [b * N_SLOTS + STRATEGIES.index(only)]
        for r in rows:
            if only is not None:
                out[r] = out[b * N_SLOTS + STRATEGIES.index(NEW)]
            for w in weights:
                out[r, WEIGHTS.index(w)] = 0.0
    return out


def wind_blocks(games, players, seed, params, expansion=False):
    """[(block, config), ...]: the two head-to-heads and the usage mix before and after."""
    deal = deal_rules(players, expansion)
    base = {"name": "wind_evaluate", "games": games, "seed": seed, "players": players}
    lineups = [[NEW if s == k else OLD for s in range(players)] for k in range(players)]
    both = ("airship", "resolution")
    airships = {"variant": "wind_gambit", "rules": dict(deal)}
    resolution = {"rules": {**deal, "resolution": "random"}}
    old = {w: _switched_off(params, (w,), OLD) for w in ("airship", "resolution")}
    specs = [("airships", airships, {"lineups": lineups}, old["airship"]),
             ("airships_base", airships, {"lineups": lineups}, _switched_off(old["airship"], ("airship",))),
             ("resolution", resolution, {"lineups": lineups}, old["resolution"]),
             ("resolution_base", resolution, {"lineups": lineups},
              _switched_off(old["resolution"], ("resolution",))),
             ("before", {"variant": "wind_gambit", "rules": {**deal, "resolution": "random"}},
              {"pool": list(WIND_MIX)}, _switched_off(params, both)),
             ("after", {"variant": "wind_gambit", "rules": {**deal, "resolution": "random"}},
              {"pool": list(WIND_MIX)}, np.asarray(params, np.float64))]
    return [(block, with_params(parse_config({**base, **extra, "strategies": strategies}), rows))
            for block, extra, strategies, rows in specs]


def _arrays(run, players):
    games_t, seats_t, bad = run
    ok = ~np.isin(games_t["game"].to_numpy(), list(bad))
    g = {"end_reason": np.asarray(games_t["end_reason"].combine_chunks().indices)}
    for key in ("resolution_tile", "airship_aggressive", "airship_passive"):
        g[key] = _enum_index(games_t[key])
    s = {c: seats_t[c].to_numpy().reshape(-1, players)
         for c in ("rank", "total", "turns") + tuple(f"airship_{u}" for u in AIRSHIP_USES)}
    s["strategy"] = np.asarray(seats_t["strategy"].combine_chunks().indices).reshape(-1, players)
    return ok, g, s


def _enum_index(column):
    """The vocabulary index of each value of an enum column, -1 where it is null."""
    col = column.combine_chunks()
    return pc.fill_null(col.indices, -1).to_numpy().astype(np.int64)


def _seat_wins(run, players):
    """(good-game mask, whether NEW's seat won) per game."""
    ok, _, s = _arrays(run, players)
    mine = s["strategy"] == STRATEGIES.index(NEW)
    return ok, ((s["rank"] == 1) & mine).any(axis=1)


def head_to_head(run, players):
    """(wins, seats, rate, low, high) of NEW's seats in the good games of a block."""
    ok, won = _seat_wins(run, players)
    wins, n = int(won[ok].sum()), int(ok.sum())
    return (wins, n) + win_rate(wins, n)


def paired_gain(run, base, players):
    """(difference, low, high, p) of NEW's seat's win rate over the same seat's in the
    base block (the same games with the weight at 0 everywhere), paired game by game."""
    ok, won = _seat_wins(run, players)
    ok0, won0 = _seat_wins(base, players)
    good = ok & ok0
    d = won[good].astype(np.int64) - won0[good].astype(np.int64)
    return paired_difference(int(good.sum()), float(d.sum()), float((d * d).sum()))


def airship_usage(run, players) -> dict:
    """{aggressive tile: {measure: value}} and the same per passive tile over the good
    games: the share of turns the airship flew, resources and workers carried per seat and
    game, and per seat and game each act (tolls, attacks, Blitzkrieg fights won and lost,
    passive gains)."""
    ok, g, s = _arrays(run, players)
    names = tile_names(load_data()["airships"])
    out = {}
    for key, first in (("airship_aggressive", 0), ("airship_passive", N_AGGRESSIVE)):
        for k in range(N_AGGRESSIVE):
            games = ok & (g[key] == k)
            n = int(games.sum())
            row = {"games": n}
            turns = max(int(s["turns"][games].sum()), 1)
            row["flown"] = float(s["airship_flights"][games].sum() / turns)
            for u in AIRSHIP_USES[1:]:
                row[u] = float(s[f"airship_{u}"][games].sum() / max(n * players, 1))
            out[names[first + k]] = row
    return out


def resolution_ends(run, players) -> dict:
    """{resolution tile: (games, share ended by its condition, mean winner's margin)}."""
    ok, g, s = _arrays(run, players)
    top_two = -np.sort(-s["total"], axis=1)[:, :2]
    margin = top_two[:, 0] - top_two[:, 1]
    out = {}
    for k, name in enumerate(RESOLUTION_TILES):
        games = ok & (g["resolution_tile"] == k)
        n = int(games.sum())
        ended = float((g["end_reason"][games] == END_RESOLUTION0 + k).mean()) if n else 0.0
        out[name] = (n, ended, float(margin[games].mean()) if n else 0.0)
    return out


def wind_evaluate(games=1000, players=4, seed=1, workers=1, params=None, expansion=False) -> Report:
    """Play the six blocks (`games` games each) and report the head-to-heads and the usage
    before and after."""
    from ...strategies.weights import load_params

    check_args(games, players, seed, workers)
    params = load_params() if params is None else np.asarray(params, np.float64)
    blocks = wind_blocks(games, players, seed, params, expansion)
    runs = dict(zip((b for b, _ in blocks), play_blocks([(b, None, c) for b, c in blocks], workers)))
    tables, targets, metrics = [], [], {}
    rows = []
    for block, weight in WIND.items():
        w, n, rate, low, high = head_to_head(runs[block], players)
        rate0 = head_to_head(runs[f"{block}_base"], players)[2]
        d, d_low, d_high, p = paired_gain(runs[block], runs[f"{block}_base"], players)
        metrics[block] = {"wins": w, "seats": n, "rate": rate, "ci": (low, high), "base_rate": rate0,
                          "paired": (d, d_low, d_high, p)}
        rows.append([f"{weight} = 1 vs {weight} = 0", block, str(n), str(w), pct(rate),
                     f"{pct(low)} - {pct(high)}", pct(rate0),
                     f"{d:+.1%} ({d_low:+.1%} .. {d_high:+.1%})", f"{p:.3f}"])
        targets.append(Target(f"greedy with {weight} = 1 wins no less than with {weight} = 0 vs "
                              f"{players - 1} greedy with {weight} = 0 (paired)",
                              f"{d:+.1%} (95% CI {d_low:+.1%} .. {d_high:+.1%}, n={n})", n > 0 and d >= 0))
    tables.append(Table("wind_head_to_head", "greedy in one seat vs greedy without the Wind Gambit weight",
                        ["play", "block", "seats", "wins", "win rate", "95% CI", "with the weight at 0",
                         "paired gain", "p"], rows,
                        note=f"parity: 1/{players} = {1 / players:.1%}; with the weight at 0: the same seat "
                             "in the same games with the weight at 0 everywhere (paired game by game); "
                             "airships: no resolution tile; resolution: a random tile, no airships"))
    usage = {when: airship_usage(runs[when], players) for when in ("before", "after")}
    ends = {when: resolution_ends(runs[when], players) for when in ("before", "after")}
    metrics.update({"usage": usage, "resolution_ends": ends})
    cols = ["tile", "games", "flown (share of turns)", "resources", "workers", "tolls", "attacks",
            "blitz won", "blitz lost", "gains"]
    for when in ("before", "after"):
        tables.append(Table(f"wind_usage_{when}",
                            f"airship use in the default mix, {when} (Wind Gambit weights "
                            f"{'at 0' if when == 'before' else 'as shipped'})", cols,
                            [[name, str(u["games"]), pct(u["flown"])]
                             + [f"{u[k]:.2f}" for k in AIRSHIP_USES[1:]] for name, u in usage[when].items()],
                            note="per tile the games dealt it (aggressive tiles first, then passive); "
                                 "every count per seat and game"))
    tables.append(Table("wind_resolution", "resolution tiles in the default mix: before / after",
                        ["tile", "games", "ended by its condition", "mean winner's margin"],
                        [[name, f"{ends['before'][name][0]} / {ends['after'][name][0]}",
                          f"{pct(ends['before'][name][1])} / {pct(ends['after'][name][1])}",
                          f"{ends['before'][name][2]:.1f} / {ends['after'][name][2]:.1f}"]
                         for name in RESOLUTION_TILES]))
    bad = sum(len(r[2]) for r in runs.values())
    played = games * len(blocks)
    targets.append(Target("no game stopped with status != 0", f"{bad} of {played}", bad == 0))
    command = (f"scythe-sim evaluate wind-gambit --games {games} --players {players} --seed {seed}"
               + (" --set expansion=true" if expansion else ""))
    return Report(games, players, seed, tables, targets, metrics, played, command)


def _study(s) -> Report:
    return wind_evaluate(games=s.games, players=s.players, seed=s.seed, workers=s.workers,
                         expansion=s.own["expansion"])


# `scythe-sim evaluate wind-gambit` (the variant's "evaluate" hook names this module)
STUDY = Study("wind-gambit", "The Wind Gambit's strategies: greedy with the airship and resolution weights "
              "against greedy without each, and the airship's use and the resolution tiles' ends in the "
              "default mix before and after (games per block)", _study,
              params=(("expansion", False, "deal Albion and Togawa (Invaders from Afar) at any player count"),))
