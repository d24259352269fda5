"""How All Out War games end under a strategy mix: the share of wars ended by 25 points,
by the last faction standing and by each stalemate rule, the war rounds and the
capitulations per war (docs/players/variants.md, "All Out War strategies").

    python -m tests.scythe.war.measure --games 1000 --players 4 --mix default
    python -m tests.scythe.war.measure --games 200 --players 4 --strategy search
    python -m tests.scythe.war.measure --games 300 --players 4 --mix default --war-search-seat

Game i is seeded i (plus --seed) and its seats draw from the mix as a run's pool does
(mixes.mix_strategies), so two versions of the strategies play the same standard games.
`--strategy NAME` seats NAME everywhere instead. `--war-search-all` plays them again with
every seat searching its war. `--war-search-seat` plays the games twice:
as drawn, and with player i % players of game i searching its war (war/search.py: its
faction's rows get the `search` row's war-search weights, so its standard game and every
other seat's play stay the same until the war), and compares the two paired: the
searching player's wars won, over all wars and over the decided ones. Every run prints
its CPU seconds a game; `--war-cpu` also times the same games without the war (the
standard game alone), so the war phase's CPU a game is the difference.
"""
import argparse
import collections
import sys
import time

import numpy as np

from scythe_sim.games.scythe.kernel.state import new_state
from scythe_sim.games.scythe.enums import FACTIONS, N_FACTIONS, N_MATS
from scythe_sim.games.scythe.layout import MAX_PLAYERS, P_FACTION
from scythe_sim.games.scythe.variants.war.layout import (G_WAR_END_REASON, G_WAR_ROUND, G_WAR_WINNER,
                                                         W_CAPITULATED_BY, WAR_END_REASONS)
from scythe_sim.games.scythe.play import (GAME_RESULTS, N_USAGE, SEAT_RESULTS, STATUS_OK, TURN_FIELDS, Deal, Results,
                                         new_scratch, play_game)
from scythe_sim.games.scythe.strategies import N_SLOTS, STRATEGIES
from scythe_sim.games.scythe.strategies.mixes import mix_strategies
from scythe_sim.games.scythe.strategies.weights import WEIGHTS, load_params
from scythe_sim.intervals import paired_difference, wilson

WAR_SEARCH = ("war_search_candidates", "war_search_rollouts", "war_search_horizon")
DECIDED = ("points", "last_standing")
from scythe_sim.games.scythe.strategies.workspace import new_workspace
from scythe_sim.games.scythe.tables import build_tables


def lineup_of(games, players, mix="default", seed=0, strategy=None):
    """(games, MAX_PLAYERS) strategy ids: the mix's draw, or `strategy` in every seat."""
    if strategy is None:
        return mix_strategies(mix, games, players, seed)
    lineup = np.zeros((games, MAX_PLAYERS), np.int64)
    lineup[:, :players] = STRATEGIES.index(strategy)
    return lineup


def war_search_everywhere(params):
    """params with every row searching its war with the `search` row's war-search weights."""
    out = params.copy()
    search = STRATEGIES.index("search")
    for name in WAR_SEARCH:
        k = WEIGHTS.index(name)
        out[:, k] = params[search, k]
    return out


def war_search_params(params, faction):
    """params with the rows of the seats playing `faction` searching their war with the
    `search` row's war-search weights (the per-faction layout, weights.py)."""
    base = params[:N_SLOTS] if params.shape[0] > N_SLOTS else params
    out = np.tile(base, (1 + len(FACTIONS), 1)) if params.shape[0] <= N_SLOTS else params.copy()
    search = STRATEGIES.index("search")
    block = N_SLOTS * (1 + faction)
    for name in WAR_SEARCH:
        k = WEIGHTS.index(name)
        out[block:block + N_SLOTS, k] = params[search, k]
    return out


def measure(games, players, mix="default", seed=0, strategy=None, rules=None, searcher=None, factions=None,
            params=None):
    """{"reasons": Counter of end reasons, "rounds": [...], "capitulations": [...],
    "bad": games that did not end OK, "winner": the war's winner per game (-1 none),
    "faction": each player's faction per game, "cpu": CPU seconds of the games}.
    searcher: {faction: params}; game i is then played with those of player i % players's
    faction as dealt (factions: "faction" of a run of the same games)."""
    t = build_tables({"all_out_war": 1} if rules is None else rules)
    s = new_state()
    params = load_params() if params is None else params
    work = new_workspace(t)
    lineup = lineup_of(games, players, mix, seed, strategy)
    dealt = np.full((games, MAX_PLAYERS), -1, np.int64)

    def deal_with(p):
        return Deal(np.arange(seed, seed + games, dtype=np.uint64), np.full(games, players, np.int64), dealt,
                    dealt, np.ascontiguousarray(lineup, np.int64), p, np.zeros((games, MAX_PLAYERS), np.int64),
                    np.zeros((N_FACTIONS, N_MATS), np.int64))
    deal = deal_with(params)
    deals = {f: deal_with(p) for f, p in (searcher or {}).items()}
    results = Results(np.zeros((games, len(GAME_RESULTS)), np.int32),
                      np.zeros((games, MAX_PLAYERS, len(SEAT_RESULTS)), np.int32),
                      np.zeros(N_USAGE, np.int64), np.zeros((0, len(TURN_FIELDS)), np.int32), np.zeros(1, np.int64))
    scratch = new_scratch()
    out = {"reasons": collections.Counter(), "rounds": [], "capitulations": [], "bad": 0,
           "winner": np.full(games, -2, np.int64), "faction": np.full((games, players), -1, np.int64), "cpu": 0.0}
    for g in range(games):
        d = deal if searcher is None else deals[int(factions[g, g % players])]
        c0 = time.process_time()
        status, _ = play_game(s, t, g, d, False, work, results, scratch)
        out["cpu"] += time.process_time() - c0
        out["faction"][g] = s.player[:players, P_FACTION]
        if status != STATUS_OK:
            out["bad"] += 1
            continue
        if rules is not None and not rules.get("all_out_war"):
            continue
        out["reasons"][WAR_END_REASONS[int(s.game[G_WAR_END_REASON])]] += 1
        out["winner"][g] = int(s.game[G_WAR_WINNER])
        out["rounds"].append(int(s.game[G_WAR_ROUND]))
        out["capitulations"].append(int((s.war[:players, W_CAPITULATED_BY] >= 0).sum()))
    out["games"] = games
    return out


def report(out):
    n = sum(out["reasons"].values())
    lines = [f"{n} wars ({out['bad']} games not ended OK)"]
    for reason in WAR_END_REASONS[1:]:
        k = out["reasons"][reason]
        low, high = wilson(k, max(n, 1))
        lines.append(f"  {reason:16s} {k:5d}  {100.0 * k / max(n, 1):5.1f}%  (95% CI {100 * low:.1f}-{100 * high:.1f}%)")
    k = sum(out["reasons"][r] for r in DECIDED)
    low, high = wilson(k, max(n, 1))
    lines.append(f"  {'decided':16s} {k:5d}  {100.0 * k / max(n, 1):5.1f}%  (95% CI {100 * low:.1f}-{100 * high:.1f}%)")
    if n:
        lines.append(f"  median war rounds {np.median(out['rounds']):.1f} "
                     f"(mean {np.mean(out['rounds']):.1f})")
        lines.append(f"  capitulations per war {np.mean(out['capitulations']):.2f}")
    lines.append(f"  CPU {out['cpu'] / max(out['games'], 1):.4f} s a game")
    return "\n".join(lines)


def strength(base, searched, players):
    """The paired comparison of player i % players of game i, without and with its war
    search: wars won over all wars, and the share of the decided wars it won."""
    games = len(base["winner"])
    ok = [g for g in range(games) if base["winner"][g] > -2 and searched["winner"][g] > -2]
    diffs = [int(searched["winner"][g] == g % players) - int(base["winner"][g] == g % players) for g in ok]
    d, low, high, p = paired_difference(len(ok), float(sum(diffs)), float(sum(x * x for x in diffs)))
    lines = [f"the searching player (player i % {players} of game i), {len(ok)} paired wars:"]
    for name, run in (("war policy", base), ("war search", searched)):
        won = sum(run["winner"][g] == g % players for g in ok)
        decided = sum(run["winner"][g] >= 0 for g in ok)
        lo, hi = wilson(won, max(decided, 1))
        lines.append(f"  {name:10s} won {won:4d} of {len(ok)} wars ({100 * won / max(len(ok), 1):.1f}%); "
                     f"{won} of {decided} decided wars ({100 * won / max(decided, 1):.1f}%, 95% CI "
                     f"{100 * lo:.1f}-{100 * hi:.1f}%)")
    lines.append(f"  paired gain over all wars {100 * d:+.1f} points (95% CI {100 * low:+.1f} .. {100 * high:+.1f}), "
                 f"McNemar p {p:.3f}")
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--mix", default="default")
    parser.add_argument("--strategy", choices=STRATEGIES, help="this strategy in every seat instead of the mix")
    parser.add_argument("--war-search-seat", action="store_true",
                        help="also play player i %% players of game i with the war search, paired")
    parser.add_argument("--war-search-all", action="store_true",
                        help="also play the games with every seat searching its war")
    parser.add_argument("--war-cpu", action="store_true", help="also time the standard game alone")
    parser.add_argument("--search-weights", help="a weights file for `search` (its war-search weights with it)")
    args = parser.parse_args(argv)
    base = load_params({"search": args.search_weights} if args.search_weights else None)
    t0 = time.time()
    measure(1, args.players, args.mix, args.seed, args.strategy, params=base)   # compiled before any run is timed
    out = measure(args.games, args.players, args.mix, args.seed, args.strategy, params=base)
    print(report(out))
    if args.war_search_seat:
        searcher = {f: war_search_params(base, f) for f in range(len(FACTIONS))}
        searched = measure(args.games, args.players, args.mix, args.seed, args.strategy, searcher=searcher,
                           factions=out["faction"], params=base)
        print("with player i % players searching its war:")
        print(report(searched))
        print(strength(out, searched, args.players))
    if args.war_search_all:
        everywhere = measure(args.games, args.players, args.mix, args.seed, args.strategy,
                             params=war_search_everywhere(base))
        print("with every seat searching its war:")
        print(report(everywhere))
    if args.war_cpu:
        alone = measure(args.games, args.players, args.mix, args.seed, args.strategy, rules={}, params=base)
        print(f"the standard game alone: CPU {alone['cpu'] / args.games:.4f} s a game; the war phase "
              f"{(out['cpu'] - alone['cpu']) / args.games:.4f} s a game")
    print(f"({time.time() - t0:.0f}s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
