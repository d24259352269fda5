"""The reference player's check (`scythe-sim evaluate search`, issue 42): how strong
`search` is, how it paces a game, whether Relentless pays it, what its seat costs, and a
budget sweep. Every block is a run of 4 players, bans off, base five factions, played on
the same root seed (game i: the same deal in every block) into a runs folder, so an
interrupted check restarts where it stopped (search_runs.py).

- strength: `search` in one seat against three `greedy2`, the seat rotated (game i: seat
  i % 4); beside it, on the same deals, `greedy` in that seat and a `greedy2` mirror (the
  other seats' CPU);
- pace: a `search` mirror: median turns per player, bottom-row share of turns, the
  winners' bottom-row stars, the winner's score;
- Relentless: every seat plays `search`'s row, but only Rusviet's seat searches (its
  faction row; the other seats' row has no rollouts: the planner alone), with Relentless
  and without it (`faction_abilities_off`) on the same deals: Rusviet's final score,
  paired game by game;
- cost: the CPU seconds a game of the strength block less three quarters of the greedy2
  mirror's (local backend only);
- the sweep: rollouts x horizon, strength and cost in each cell, `sweep_games` games each.
"""
from __future__ import annotations

import math

import numpy as np

from scythe_sim.errors import ConfigError
from scythe_sim.intervals import z_for
from scythe_sim.quality import Report, Table, Target

from ..enums import FACTION_ABILITIES, FACTIONS, RUSVIET
from ..strategies import STRATEGIES
from ..strategies.weights import WEIGHTS, load_params, with_faction_rows
from .evaluate import BASELINE, block_arrays, games_summary
from .lineups import check_args, pct, win_rate
from .search_runs import PLAYED_NOW, block, play, seat_column

SEARCH = "search"
PLAYERS = 4
STRENGTH_GAMES = 1000          # the strength block (and its greedy and greedy2 lines)
MIRROR_GAMES = 300             # the search mirror's pace
RELENTLESS_GAMES = 1300        # each Relentless run (Rusviet is dealt in about 4 games of 5)
SWEEP_GAMES = 20               # each sweep cell
SWEEP_ROLLOUTS = (64, 256, 1024)
SWEEP_HORIZONS = (1, 2, 4, 0)  # rounds; 0: to the game's end
# the targets (issue 42)
STRENGTH = 0.45                # search's win rate in one seat against three greedy2 ...
STRENGTH_LOW = 0.40            # ... and its Wilson lower bound
STRENGTH_MIN_GAMES = 1000
TURNS_PER_PLAYER = 22          # the search mirror: median turns per player, at most
BOTTOM_SHARE = 0.60            # ... bottom-row action share of turns, at least
WINNER_BOTTOM_STARS = 2.5      # ... the winners' mean bottom-row stars, at least
MIRROR_MIN_GAMES = 300
RELENTLESS_POINTS = 3.0        # Rusviet's mean final score with Relentless minus without, at least
RELENTLESS_MIN_GAMES = 1000    # paired games with Rusviet dealt
COST = 2.0                     # CPU seconds per searching seat per 4-player game, at most
SWEEP_FLOOR = 0.35             # some sweep cell wins at least this share, or stop there


def _rotated(name, other):
    return {"lineups": [[name if s == k else other for s in range(PLAYERS)] for k in range(PLAYERS)]}


def _with_search(params, **weights):
    out = params.copy()
    for name, value in weights.items():
        out[STRATEGIES.index(SEARCH), WEIGHTS.index(name)] = float(value)
    return out


def horizon_name(h):
    return "game's end" if h == 0 else f"{h} round{'s' if h > 1 else ''}"


def blocks(games, mirror_games, relentless_games, sweep_games, seed, params, runs,
           sweep=(SWEEP_ROLLOUTS, SWEEP_HORIZONS)) -> list:
    """Every block of the check as (key, Block), cheapest first."""
    def named(key, n, strategies, p, rules=None):
        return key, block(f"search-{key}-{n}g-seed{seed}", n, seed, PLAYERS, strategies, p, runs, rules)

    relentless_row = params[STRATEGIES.index(SEARCH)].copy()
    only_rusviet = with_faction_rows(_with_search(params, search_rollouts=0),
                                     {(STRATEGIES.index(SEARCH), RUSVIET): relentless_row})
    off = {"faction_abilities_off": 1 << FACTION_ABILITIES.index("relentless")}
    out = [named("greedy2-mirror", games, {"seats": [BASELINE]}, params),
           named("greedy", games, _rotated("greedy", BASELINE), params),
           named("strength", games, _rotated(SEARCH, BASELINE), params),
           named("mirror", mirror_games, {"seats": [SEARCH]}, params),
           named("relentless-on", relentless_games, {"seats": [SEARCH]}, only_rusviet),
           named("relentless-off", relentless_games, {"seats": [SEARCH]}, only_rusviet, off)]
    for rollouts in sweep[0]:
        for horizon in sweep[1]:
            out.append(named(f"sweep-r{rollouts}-h{horizon}", sweep_games, _rotated(SEARCH, BASELINE),
                             _with_search(params, search_rollouts=rollouts, search_horizon=horizon)))
    return out


def _seat_wins(played, name):
    """(wins, games) of the seat playing `name` (one such seat a game)."""
    strategy = seat_column(played, "strategy", PLAYERS)
    won = seat_column(played, "winner", PLAYERS).astype(bool)
    return int((won & (strategy == name)).sum()), int((strategy == name).any(axis=1).sum())


def _rotated_seat_wins(played):
    """(wins, games) of seat i % 4 of game i."""
    won = seat_column(played, "winner", PLAYERS).astype(bool)
    return int(won[np.arange(len(won)), np.arange(len(won)) % PLAYERS].sum()), len(won)


def _seat_cost(block_cpu, mirror_cpu):
    """The searching seat's CPU a game: the block's less three of the mirror's four seats."""
    return block_cpu - mirror_cpu * (PLAYERS - 1) / PLAYERS


def relentless(on, off) -> dict:
    """Rusviet's final score with Relentless minus without, paired over the games that
    dealt it (the same seat in both runs), with its 95% normal interval (mean +- z s / sqrt n)."""
    faction = seat_column(on, "faction", PLAYERS)
    assert (faction == seat_column(off, "faction", PLAYERS)).all(), "the two runs dealt differently"
    seat = faction == FACTIONS[RUSVIET]
    diff = (seat_column(on, "total", PLAYERS)[seat] - seat_column(off, "total", PLAYERS)[seat]).astype(float)
    n = len(diff)
    d = float(diff.mean()) if n else 0.0
    half = z_for(0.05) * float(diff.std(ddof=1)) / math.sqrt(n) if n > 1 else math.inf
    low, high = d - half, d + half
    uses = int(seat_column(on, "ability_uses", PLAYERS)[seat].sum())
    return {"games": n, "difference": d, "low": low, "high": high, "uses_per_game": uses / n if n else 0.0,
            "with": float(seat_column(on, "total", PLAYERS)[seat].mean()) if n else 0.0,
            "without": float(seat_column(off, "total", PLAYERS)[seat].mean()) if n else 0.0}


def pace(played) -> dict:
    ok, g, s = block_arrays(played.games, played.seats, set(), PLAYERS)
    return games_summary(ok, g, s, PLAYERS)


def search_evaluate(games=STRENGTH_GAMES, mirror_games=MIRROR_GAMES, relentless_games=RELENTLESS_GAMES,
                    sweep_games=SWEEP_GAMES, seed=1, workers=1, runs="results/evaluate-search",
                    backend="local", scheduler=None, progress=None, params=None,
                    sweep=(SWEEP_ROLLOUTS, SWEEP_HORIZONS)) -> Report:
    """Play (or read back) every block of the check in `runs` and measure it; `sweep`:
    the sweep's rollouts and horizons (tests give a smaller one)."""
    check_args(games, PLAYERS, seed, workers)
    for value, key in ((mirror_games, "mirror_games"), (relentless_games, "relentless_games"),
                       (sweep_games, "sweep_games")):
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 10 ** 8:
            raise ConfigError(f"--set {key}= must be a whole number 1..{10 ** 8}, got {value!r}")
    params = load_params() if params is None else np.asarray(params, np.float64)
    made = blocks(games, mirror_games, relentless_games, sweep_games, seed, params, runs, sweep)
    played = play([b for _, b in made], workers, backend, scheduler, progress)
    got = {key: played[b.name] for key, b in made}
    report = _report(got, (games, mirror_games, relentless_games, sweep_games), seed, backend, runs, sweep)
    report.played = played[PLAYED_NOW]
    return report


def _report(got, counts, seed, backend, runs, sweep) -> Report:
    games, mirror_games, relentless_games, sweep_games = counts
    mirror_cpu = got["greedy2-mirror"].cpu
    tables, targets, metrics = [], [], {}
    rows = []
    for key, name in (("strength", SEARCH), ("greedy", "greedy"), ("greedy2-mirror", BASELINE)):
        wins, n = _seat_wins(got[key], name) if key != "greedy2-mirror" else _rotated_seat_wins(got[key])
        rate, low, high = win_rate(wins, n)
        cost = got[key].cpu if key == "greedy2-mirror" else _seat_cost(got[key].cpu, mirror_cpu)
        metrics[key] = {"wins": wins, "games": n, "rate": rate, "ci": (low, high), "seat_cpu": cost}
        rows.append([name, str(n), f"{wins} ({pct(rate)})", f"{pct(low)} - {pct(high)}", _secs(cost)])
    tables.append(Table("search_strength", "strength: one seat (rotated) against three greedy2",
                        ["player in the rotated seat", "games", "won", "95% CI", "CPU s a seat a game"], rows,
                        note=f"4 players, bans off, base five, the same {games} deals (seed {seed}); the greedy2 "
                             "line is a greedy2 mirror's seat i % 4 (its CPU: the whole game)"))
    s = metrics["strength"]
    targets.append(Target(f"strength: search vs three greedy2 wins >= {pct(STRENGTH)} over >= "
                          f"{STRENGTH_MIN_GAMES:,} games, Wilson lower bound >= {pct(STRENGTH_LOW)}",
                          f"{pct(s['rate'])} ({pct(s['ci'][0])} - {pct(s['ci'][1])}), {s['games']:,} games",
                          s["rate"] >= STRENGTH and s["ci"][0] >= STRENGTH_LOW and s["games"] >= STRENGTH_MIN_GAMES))
    targets.append(Target(f"cost: CPU seconds per searching seat per 4-player game <= {COST:g}",
                          _secs(s["seat_cpu"]) if backend == "local" else "not measured (Dask backend)",
                          not math.isnan(s["seat_cpu"]) and s["seat_cpu"] <= COST))
    m = pace(got["mirror"])
    metrics["mirror"] = m
    tables.append(Table("search_pace", "pace: a search mirror",
                        ["games", "median turns per player", "bottom-row share of turns",
                         "winners' mean bottom-row stars", "median winner score", "ended by a 6th star"],
                        [[str(m["ok"]), f"{m['turns_per_player']:.1f}", pct(m["bottom_share"]),
                          f"{m['winner_bottom_stars']:.2f}", f"{m['winner_score']:.0f}", pct(m["stars_end"])]],
                        note=f"4 players, bans off, base five, seed {seed}"))
    enough = m["ok"] >= MIRROR_MIN_GAMES
    targets += [Target(f"pace: search mirror median turns per player <= {TURNS_PER_PLAYER} (>= {MIRROR_MIN_GAMES} games)",
                       f"{m['turns_per_player']:.1f} ({m['ok']} games)", enough and m["turns_per_player"] <= TURNS_PER_PLAYER),
                Target(f"pace: bottom-row action on >= {pct(BOTTOM_SHARE)} of turns",
                       pct(m["bottom_share"]), enough and m["bottom_share"] >= BOTTOM_SHARE),
                Target(f"pace: winners average >= {WINNER_BOTTOM_STARS} bottom-row stars",
                       f"{m['winner_bottom_stars']:.2f}", enough and m["winner_bottom_stars"] >= WINNER_BOTTOM_STARS)]
    r = relentless(got["relentless-on"], got["relentless-off"])
    metrics["relentless"] = r
    tables.append(Table("search_relentless", "Relentless: Rusviet's search seat with the ability and without",
                        ["games with Rusviet", "score with", "score without", "difference (95% CI)",
                         "Relentless uses a game"],
                        [[str(r["games"]), f"{r['with']:.1f}", f"{r['without']:.1f}",
                          f"{r['difference']:+.2f} ({r['low']:+.2f} .. {r['high']:+.2f})", f"{r['uses_per_game']:.2f}"]],
                        note=f"{relentless_games} games a run, the same deals; only Rusviet's seat searches, "
                             "the others play the planner (search's row without rollouts)"))
    targets.append(Target(f"Relentless pays: Rusviet's score +{RELENTLESS_POINTS:g} or more with it, interval "
                          f"above 0, >= {RELENTLESS_MIN_GAMES:,} paired games",
                          f"{r['difference']:+.2f} ({r['low']:+.2f} .. {r['high']:+.2f}), {r['games']:,} games",
                          r["difference"] >= RELENTLESS_POINTS and r["low"] > 0 and r["games"] >= RELENTLESS_MIN_GAMES))
    cells, rows = {}, []
    for rollouts in sweep[0]:
        row = [str(rollouts)]
        for horizon in sweep[1]:
            played = got[f"sweep-r{rollouts}-h{horizon}"]
            wins, n = _seat_wins(played, SEARCH)
            rate, low, high = win_rate(wins, n)
            cost = _seat_cost(played.cpu, mirror_cpu)
            cells[(rollouts, horizon)] = {"wins": wins, "games": n, "rate": rate, "ci": (low, high), "seat_cpu": cost}
            row.append(f"{pct(rate)} ({pct(low)} - {pct(high)}); {_secs(cost)} s")
        rows.append(row)
    metrics["sweep"] = cells
    tables.append(Table("search_sweep", "budget sweep: search vs three greedy2 (win rate, 95% CI; CPU s a seat a game)",
                        ["rollouts"] + [f"horizon {horizon_name(h)}" for h in sweep[1]], rows,
                        note=f"{sweep_games} games a cell (seed {seed}, the first deals of the strength block), "
                             "4 candidates"))
    best = max(cells.values(), key=lambda c: c["rate"])
    reached = best["rate"] >= SWEEP_FLOOR
    targets.append(Target(f"sweep: some cell wins >= {pct(SWEEP_FLOOR)}"
                          + ("" if reached else " (none does: stop here and resolve with the sweep)"),
                          f"best {pct(best['rate'])} of {best['games']} games", reached))
    return Report(games, PLAYERS, seed, tables, targets, metrics, 0,
                  f"scythe-sim evaluate search --games {games} --seed {seed} --set mirror_games={mirror_games} "
                  f"--set relentless_games={relentless_games} --set sweep_games={sweep_games} --set runs={runs}")


def _secs(x):
    return "n/a" if x is None or math.isnan(x) else f"{x:.3f}"
