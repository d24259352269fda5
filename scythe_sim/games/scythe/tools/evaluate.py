"""Strategy quality: the checks behind `scythe-sim evaluate` (docs/STRATEGIES.md).

Five sections, each a set of line-ups played on the same game seeds (game i of every
line-up has the seed ``game_seed(seed, i)``, so the deals are paired across line-ups):

a. vs random: each scripted strategy in one seat against random players, its seat
   cycling through every seat (game i: seat i % players);
b. vs the frozen baselines: the default strategy (greedy) in one seat against greedy2
   (the hand-valued planner before the learned value: the target) and, apart, against
   greedy1 in every other seat, its seat cycling the same way;
c. the default mix (scythe_sim/games/scythe/strategies/mixes.py): how games end, what happens in
   them, and how often each dealt faction's abilities are used;
d. mirror matches: one strategy in every seat, for every strategy;
e. a ladder: every game seats distinct scripted strategies, cycling through every
   ordered choice of them (shuffled once from the seed).

Each line-up is a run config played through the runner's in-memory batch path
(runner/batch.py): its games go in chunks to worker processes forked after the kernel
is warm; a game is a pure function of its seed and line-up, so the report is the same
for any worker count.
"""
from __future__ import annotations

import itertools

import numpy as np

from scythe_sim.quality import Report, Table, Target, check_out, play_blocks, write_markdown  # noqa: F401  (the CLI's names)
from scythe_sim.runner.config import parse_config

from ..enums import STAR_KINDS
from ..layout import END_STARS
from ..strategies import STRATEGIES
from ..strategies.mixes import MIXES
from .ablation import ablations, seat_arrays, use_column
from .deal_rules import MIX
from .lineups import check_args, deal_rules, pct, win_rate, with_params  # noqa: F401  (the CLI's deal_rules)

# the reference tier plays hundreds of times slower than the fast players: it is measured on
# its own, in fewer games (docs/players/search.md), not in these sections
REFERENCE = ("search",)
FAST = tuple(s for s in STRATEGIES if s not in REFERENCE)
SCRIPTED = tuple(s for s in FAST if s != "random")
CHALLENGER = "greedy"          # the default strategy, measured against ...
BASELINE = "greedy2"           # ... the frozen hand-valued planner it started from (the target)
OLD_BASELINE = "greedy1"       # ... and the planner before multi-turn planning (shown, no target)
# the targets of the strategy issues (issue 27 set strength, length, bottom actions, score,
# margin and the winners' bottom-row stars)
WIN_VS_RANDOM = 0.95           # each scripted strategy's win rate in one seat vs random seats
WIN_VS_BASELINE = 0.40         # CHALLENGER's win rate in one seat vs BASELINE seats (point estimate)
STARS_SHARE = 0.95             # default mix and every scripted mirror: share ended by a 6th star
TURNS_PER_PLAYER = (18, 22)    # default mix: median turns per player
WINNER_SCORE = (60, 100)       # default mix: median winner score (coins)
MARGIN = (10, 18)              # default mix: mean winner's score minus the runner-up's
BOTTOM_SHARE = 0.65            # default mix: bottom-row actions / turns, over every seat
BOTTOM_KINDS = ("upgrades", "mechs", "structures", "recruits")   # the bottom-row actions' stars
WINNER_BOTTOM_STARS = 2.5      # default mix: the winners' mean stars of BOTTOM_KINDS (at least)
WINNER_POPULARITY = 7          # default mix: median winner's final popularity (at least)
STAR_KIND_SHARE = 0.02         # default mix: every star kind earned in this share of games
ABILITY_USE = 0.10             # default mix: every dealt ability used in this share of the
                               # games (faction seats) where it is available
# Abilities that are not a usage target: ability name -> the reason, printed in place of
# FAIL. Every entry needs a reason (docs/STRATEGIES.md "Targets").
ABILITY_EXCEPTIONS: dict = {
    "wayfare": ("a home base is no territory: a unit on one holds, produces and scores nothing "
                "and meets no encounter, so Wayfare pays only as a shortcut along the board's "
                "edge, which one-step movement scoring (where a unit stands after its step) "
                "never finds worth it"),
}


# --- the line-ups -------------------------------------------------------------------------
def block_configs(games: int, players: int, seed: int, params, expansion=False, only=None) -> list:
    """[(section, strategy name or None, RunConfig), ...]: every line-up as a run of
    `games` games on the same root seed (so game i of every block has the same seed);
    `only` keeps one section."""
    rules = deal_rules(players, expansion)
    base = {"name": "evaluate", "games": games, "seed": seed, "players": players,
            **({"rules": rules} if rules else {})}
    out = []
    for name in SCRIPTED:       # one seat plays it (seat i % players), random elsewhere
        lineups = [[name if s == k else "random" for s in range(players)] for k in range(players)]
        out.append(("vs_random", name, {"lineups": lineups}))
    for section, baseline in (("vs_baseline", BASELINE), ("vs_greedy1", OLD_BASELINE)):
        lineups = [[CHALLENGER if s == k else baseline for s in range(players)] for k in range(players)]
        out.append((section, CHALLENGER, {"lineups": lineups}))
    out.append(("mix", MIX, {"pool": list(MIXES[MIX])}))
    for name in FAST:
        out.append(("mirror", name, {"seats": [name]}))
    orders = list(itertools.permutations(SCRIPTED, players))
    shuffled = np.random.default_rng([seed, 2]).permutation(len(orders))
    out.append(("ladder", None, {"lineups": [list(orders[k]) for k in shuffled[:games]]}))
    return [(section, name, with_params(parse_config({**base, "strategies": strategies}), params))
            for section, name, strategies in out if only is None or section == only]


# --- the measures -------------------------------------------------------------------------
def block_arrays(games_t, seats_t, bad, players):
    """Numpy views of a block's tables: ok mask (G,), per-game columns of the good games,
    and (good games, players) seat columns."""
    ok = ~np.isin(games_t["game"].to_numpy(), list(bad))
    g = {c: games_t[c].to_numpy() for c in ("turns", "combats")}
    g["end_reason"] = np.asarray(games_t["end_reason"].combine_chunks().indices)
    seat_cols = (("rank", "total", "tb_popularity", "turns", "bottom_actions")
                 + tuple(f"stars_{k}" for k in STAR_KINDS))
    s = {c: seats_t[c].to_numpy().reshape(-1, players) for c in seat_cols}
    s["strategy"] = np.asarray(seats_t["strategy"].combine_chunks().indices).reshape(-1, players)
    return ok, {k: v[ok] for k, v in g.items()}, {k: v[ok] for k, v in s.items()}


def games_summary(ok, g, s, players):
    """Per-game measures of a block (games with a bad status left out)."""
    n = int(ok.sum())
    top_two = -np.sort(-s["total"], axis=1)[:, :2]
    winner = s["rank"] == 1            # tied winners share rank 1: the best of them counts
    return {
        "games": int(len(ok)), "ok": n, "bad": int((~ok).sum()),
        "stars_end": float((g["end_reason"] == END_STARS).mean()) if n else 0.0,
        "turns_per_player": float(np.median(g["turns"] / players)) if n else 0.0,
        "winner_score": float(np.median(np.where(s["rank"] == 1, s["total"], -10 ** 6).max(axis=1))) if n else 0.0,
        "margin": float((top_two[:, 0] - top_two[:, 1]).mean()) if n else 0.0,
        "bottom_share": float(s["bottom_actions"].sum() / max(int(s["turns"].sum()), 1)),
        "winner_popularity": float(np.median(np.where(winner, s["tb_popularity"], -1).max(axis=1))) if n else 0.0,
        "combat_share": float((g["combats"] > 0).mean()) if n else 0.0,
        "combats_per_game": float(g["combats"].mean()) if n else 0.0,
        "star_kinds": {k: float((s[f"stars_{k}"] > 0).any(axis=1).mean()) if n else 0.0
                       for k in STAR_KINDS},
        "winner_bottom_stars": float(sum(s[f"stars_{k}"] for k in BOTTOM_KINDS)[winner].mean()) if n else 0.0,
    }


def _wins(s):
    """{strategy id: (wins, seats)} over the good games of a block."""
    ids, won = s["strategy"], s["rank"] == 1
    return {int(x): (int(won[ids == x].sum()), int((ids == x).sum())) for x in np.unique(ids)}


def evaluate(games=200, players=4, seed=1, workers=1, params=None, expansion=False) -> Report:
    """Play every line-up (`games` games each) and measure them against the targets;
    `expansion` deals Albion and Togawa (Invaders from Afar) at any player count."""
    from ..strategies.weights import load_params

    check_args(games, players, seed, workers)
    params = load_params() if params is None else np.asarray(params, np.float64)
    blocks = block_configs(games, players, seed, params, expansion)
    parts = {}
    for (section, name, _), run in zip(blocks, play_blocks(blocks, workers)):
        ok, g, s = block_arrays(*run, players)
        parts[(section, name)] = (games_summary(ok, g, s, players), _wins(s))
        if section == "mix":
            usage = ability_usage(run, players, deal_rules(players, expansion))
    bad_total = sum(p[0]["bad"] for p in parts.values())
    return _report(games, players, seed, parts, usage, bad_total, games * len(blocks))


def ability_usage(run, players, rules=None) -> list:
    """One dict per faction ability and mech ability of the dealt factions (the
    ablation's list and use columns): the faction seats of good games that had it, how
    many used it at least once, the share and its verdict. An ability several factions
    have (Riverwalk, Speed) counts each faction's seat on its own."""
    from ..enums import FACTIONS
    from ..tables import build_tables, default_tables

    t = build_tables(rules) if rules else default_tables()
    ok, cols = seat_arrays(run, players)
    out = []
    for a in ablations(t):
        if a.kind == "board":
            continue
        n = used = 0
        for f in a.factions:
            seat = ok[:, None] & (cols["faction"] == f)
            n += int(seat.sum())
            used += int((cols[use_column(a, f, t)][seat] > 0).sum())
        share = used / n if n else 0.0
        out.append({"ability": a.name, "kind": a.kind, "factions": [FACTIONS[f] for f in a.factions],
                    "games": n, "used": used, "share": share,
                    "verdict": _usage_verdict(a.name, n, share)})
    return out


def mix_usage(games=150, players=(4, 5, 6, 7), seed=1, workers=1, params=None, expansion=True) -> Report:
    """The default mix alone at each player count (`games` games each), Albion and Togawa
    dealt with `expansion`: ability use pooled over the counts (the section c target) and
    each faction's win rate (`scythe-sim evaluate mix-counts`)."""
    from ..enums import FACTIONS
    from ..strategies.weights import load_params

    counts = (players,) if isinstance(players, int) else tuple(players)
    for n in counts:
        check_args(games, n, seed, workers)
    params = load_params() if params is None else np.asarray(params, np.float64)
    blocks = [b for n in counts for b in block_configs(games, n, seed, params, expansion, "mix")]
    pooled, wins, bad = {}, {}, 0
    for n, run in zip(counts, play_blocks(blocks, workers)):
        bad += len(run[2])
        for u in ability_usage(run, n, deal_rules(n, expansion)):
            got = pooled.setdefault((u["ability"], u["kind"], tuple(u["factions"])), {**u, "games": 0, "used": 0})
            got["games"] += u["games"]
            got["used"] += u["used"]
        ok, cols = seat_arrays(run, n)
        for f in np.unique(cols["faction"][ok]):
            seat = ok[:, None] & (cols["faction"] == f)
            w, k, par = wins.get(FACTIONS[f], (0, 0, 0.0))
            wins[FACTIONS[f]] = (w + int(cols["winner"][seat].sum()), k + int(seat.sum()),
                                 par + int(seat.sum()) / n)
    usage = []
    for u in pooled.values():
        share = u["used"] / u["games"] if u["games"] else 0.0
        usage.append({**u, "share": share, "verdict": _usage_verdict(u["ability"], u["games"], share)})
    label = "/".join(str(n) for n in counts)
    rows = []
    for name, (w, k, par) in sorted(wins.items(), key=lambda x: -x[1][0] / max(x[1][1], 1)):
        rate, low, high = win_rate(w, k)
        rows.append([name, str(k), str(w), pct(rate), f"{pct(low)} - {pct(high)}", pct(par / max(k, 1))])
    tables = [_usage_table(usage),
              Table("mix_factions", f"faction win rates in the {MIX} mix, {label} players",
                    ["faction", "seats", "wins", "win rate", "95% CI", "parity"], rows,
                    note="parity: the mean of 1/players over the faction's seats; tied winners all win")]
    played = games * len(counts)
    targets = [ability_target(usage, played > bad),
               Target("no game stopped with status != 0", f"{bad} of {played}", bad == 0)]
    command = (f"scythe-sim evaluate mix-counts --games {games} --seed {seed} "
               f"--set counts={','.join(map(str, counts))}" + (" --set expansion=true" if expansion else ""))
    return Report(games, label, seed, tables, targets, {"abilities": usage, "factions": wins},
                  played, command)


def _usage_table(usage):
    return Table("mix_abilities", f"c. ability use in the {MIX} mix",
                 ["ability", "kind", "factions", "games available", "used", "share", "verdict"],
                 [[u["ability"], u["kind"], ", ".join(u["factions"]), str(u["games"]),
                   str(u["used"]), pct(u["share"]), u["verdict"]] for u in usage],
                 note="games available: the default-mix games (faction seats) dealt a faction "
                      "with the ability; used: those where that faction used it at least once")


def _usage_verdict(name, n, share) -> str:
    if n == 0:
        return "not dealt"
    if share >= ABILITY_USE:
        return "PASS"
    reason = ABILITY_EXCEPTIONS.get(name)
    return f"not a target: {reason}" if reason else "FAIL"


def _win_row(wins, name):
    """(wins, seats, rate, low, high) of strategy `name` in a block's wins."""
    w, n = wins.get(STRATEGIES.index(name), (0, 0))
    return (w, n) + win_rate(w, n)


def _report(games, players, seed, parts, usage, bad_total, played):
    tables, targets, metrics = [], [], {"vs_random": {}, "mirror": {}, "ladder": {}}
    others = players - 1
    # a. vs random
    rows = []
    for name in SCRIPTED:
        w, n, rate, low, high = _win_row(parts[("vs_random", name)][1], name)
        metrics["vs_random"][name] = {"wins": w, "games": n, "rate": rate, "ci": (low, high)}
        rows.append([name, str(n), str(w), pct(rate), f"{pct(low)} - {pct(high)}"])
        targets.append(Target(f"{name} wins >= {WIN_VS_RANDOM:.0%} vs {others} random",
                              f"{pct(rate)} (95% CI {pct(low)} - {pct(high)}, n={n})",
                              n > 0 and rate >= WIN_VS_RANDOM))
    tables.append(Table("vs_random", f"a. one strategy vs {others} random (its seat rotated)",
                        ["strategy", "games", "wins", "win rate", "95% CI"], rows))
    # b. vs the frozen baselines
    rows = []
    for section, baseline in (("vs_baseline", BASELINE), ("vs_greedy1", OLD_BASELINE)):
        w, n, rate, low, high = _win_row(parts[(section, CHALLENGER)][1], CHALLENGER)
        metrics[section] = {"wins": w, "games": n, "rate": rate, "ci": (low, high), "baseline": baseline}
        rows.append([f"{CHALLENGER} vs {others} {baseline}", str(n), str(w), pct(rate), f"{pct(low)} - {pct(high)}"])
        if baseline == BASELINE:
            targets.append(Target(f"{CHALLENGER} wins >= {WIN_VS_BASELINE:.0%} vs {others} {BASELINE} "
                                  f"(parity {1 / players:.0%})",
                                  f"{pct(rate)} (95% CI {pct(low)} - {pct(high)}, n={n})",
                                  n > 0 and rate >= WIN_VS_BASELINE))
    tables.append(Table("vs_baseline", f"b. {CHALLENGER} in one seat vs the frozen baselines (its seat rotated)",
                        ["line-up", "games", "wins", "win rate", "95% CI"], rows,
                        note=f"parity: 1/{players} = {1 / players:.1%}; {BASELINE}: the hand-valued "
                             f"planner before the learned value, {OLD_BASELINE}: before multi-turn planning"))
    # c. the default mix
    mix, _ = parts[("mix", MIX)]
    metrics["mix"] = mix
    metrics["abilities"] = usage
    tables.append(Table("mix", f"c. the {MIX} strategy mix",
                        ["measure", "value"],
                        [["games", str(mix["games"])],
                         ["ended by a 6th star", pct(mix["stars_end"])],
                         ["median turns per player", f"{mix['turns_per_player']:.1f}"],
                         ["median winner score", f"{mix['winner_score']:.0f}"],
                         ["mean 1st-2nd margin", f"{mix['margin']:.1f}"],
                         ["bottom action share of turns", pct(mix["bottom_share"])],
                         ["winners' mean stars of upgrades, mechs, structures, recruits",
                          f"{mix['winner_bottom_stars']:.2f}"],
                         ["median winner popularity", f"{mix['winner_popularity']:.0f}"],
                         ["games with a combat", pct(mix["combat_share"])],
                         ["combats per game", f"{mix['combats_per_game']:.2f}"],
                         ["games with status != 0", pct(mix["bad"] / max(mix["games"], 1))]]))
    tables.append(Table("mix_stars", f"c. star kinds in the {MIX} mix",
                        ["star kind", "games where someone earned it"],
                        [[k, pct(v)] for k, v in mix["star_kinds"].items()]))
    tables.append(_usage_table(usage))
    targets += _mix_targets(mix, usage)
    # d. mirror matches
    rows = []
    for name in FAST:
        m, _ = parts[("mirror", name)]
        metrics["mirror"][name] = m
        rows.append([name, str(m["games"]), pct(m["stars_end"]), f"{m['turns_per_player']:.1f}",
                     f"{m['winner_score']:.0f}", f"{m['combats_per_game']:.2f}"])
        if name in SCRIPTED:
            targets.append(Target(f"{name} mirror: >= {STARS_SHARE:.0%} of games end by a 6th star",
                                  pct(m["stars_end"]), m["ok"] > 0 and m["stars_end"] >= STARS_SHARE))
    tables.append(Table("mirror", "d. mirror matches (one strategy in every seat)",
                        ["strategy", "games", "ended by stars", "median turns per player",
                         "median winner score", "combats per game"], rows))
    targets.append(Target("no game stopped with status != 0 (every section)", f"{bad_total} of {played}",
                          bad_total == 0))
    # e. the ladder
    _, wins = parts[("ladder", None)]
    ladder = []
    for name in SCRIPTED:
        w, n, rate, low, high = _win_row(wins, name)
        metrics["ladder"][name] = {"wins": w, "seats": n, "rate": rate, "ci": (low, high)}
        ladder.append((rate, name, n, w, low, high))
    ladder.sort(key=lambda r: (-r[0], r[1]))
    tables.append(Table("ladder", f"e. ladder: {players} distinct scripted strategies per game",
                        ["strategy", "seats", "wins", "win rate", "95% CI"],
                        [[name, str(n), str(w), pct(rate), f"{pct(low)} - {pct(high)}"]
                         for rate, name, n, w, low, high in ladder],
                        note=f"an even field wins 1/{players} = {1 / players:.1%} of its seats"))
    return Report(games, players, seed, tables, targets, metrics, played)


def _mix_targets(mix, usage) -> list:
    """The default mix's targets, in the order of docs/STRATEGIES.md "Targets"."""
    lo_t, hi_t = TURNS_PER_PLAYER
    lo_s, hi_s = WINNER_SCORE
    lo_m, hi_m = MARGIN
    rare = [f"{k} {pct(v)}" for k, v in mix["star_kinds"].items() if v < STAR_KIND_SHARE]
    ok = mix["ok"] > 0
    return [
        Target(f"{MIX} mix: >= {STARS_SHARE:.0%} of games end by a 6th star", pct(mix["stars_end"]),
               ok and mix["stars_end"] >= STARS_SHARE),
        Target(f"{MIX} mix: median turns per player in [{lo_t}, {hi_t}]", f"{mix['turns_per_player']:.1f}",
               ok and lo_t <= mix["turns_per_player"] <= hi_t),
        Target(f"{MIX} mix: median winner score in [{lo_s}, {hi_s}]", f"{mix['winner_score']:.0f}",
               ok and lo_s <= mix["winner_score"] <= hi_s),
        Target(f"{MIX} mix: mean 1st-2nd margin in [{lo_m}, {hi_m}]", f"{mix['margin']:.1f}",
               ok and lo_m <= mix["margin"] <= hi_m),
        Target(f"{MIX} mix: bottom action on >= {BOTTOM_SHARE:.0%} of turns", pct(mix["bottom_share"]),
               ok and mix["bottom_share"] >= BOTTOM_SHARE),
        Target(f"{MIX} mix: winners average >= {WINNER_BOTTOM_STARS} stars of the bottom-row kinds",
               f"{mix['winner_bottom_stars']:.2f}", ok and mix["winner_bottom_stars"] >= WINNER_BOTTOM_STARS),
        Target(f"{MIX} mix: median winner popularity >= {WINNER_POPULARITY}",
               f"{mix['winner_popularity']:.0f}", ok and mix["winner_popularity"] >= WINNER_POPULARITY),
        Target(f"{MIX} mix: every star kind earned in >= {STAR_KIND_SHARE:.0%} of games",
               "all" if not rare else "below: " + ", ".join(rare), ok and not rare),
        ability_target(usage, ok),
    ]


def ability_target(usage, ok) -> Target:
    """Every dealt ability used in ABILITY_USE of the games where it is available (the
    exceptions named with their reason)."""
    short = [f"{u['ability']} {pct(u['share'])} ({u['used']} of {u['games']})" for u in usage
             if u["verdict"] == "FAIL"]
    excused = [f"{u['ability']} ({u['verdict']})" for u in usage if u["verdict"].startswith("not a target")]
    checked = sum(u["games"] > 0 for u in usage)
    measured = (f"all {checked} dealt" if not short else "below: " + ", ".join(short)) \
        + ("; " + ", ".join(excused) if excused else "")
    return Target(f"{MIX} mix: every dealt faction and mech ability used in >= {ABILITY_USE:.0%} "
                  "of the games where it is available", measured, ok and not short)


def speed(games=500, players=4, repeats=6) -> Report:
    """The speed target (issue 27): the default mix's games/s per core with the learned
    value at least the same mix's hand-valued (as before it), timed side by side on one
    core in alternating pairs (tools/bench.py bench_side_by_side)."""
    from .bench import bench_side_by_side

    check_args(games, players, 1, 1)
    got = bench_side_by_side(games, players, repeats, MIX)
    rows = [["learned (shipped)", f"{got['learned']:.1f}"], ["hand-valued (every learned weight 0)", f"{got['hand']:.1f}"],
            ["median of the pairs' ratios", f"{got['ratio']:.3f}"]]
    table = Table("speed", f"the {MIX} mix, games/s per core ({repeats} alternating pairs of {games} games)",
                  ["players", "games/s per core"], rows,
                  note="pairs' ratios: " + ", ".join(f"{r:.3f}" for r in got["ratios"]))
    target = Target(f"{MIX} mix: games/s per core with the learned value >= hand-valued",
                    f"ratio {got['ratio']:.3f}", got["ratio"] >= 1.0)
    return Report(games, players, 1, [table], [target], got, 2 * games * repeats,
                  f"scythe-sim evaluate speed --games {games} --players {players}")
