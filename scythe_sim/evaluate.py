"""Strategy quality: the checks behind `scythe-sim evaluate` (docs/STRATEGIES.md).

Four sections, each a set of line-ups played on the same game seeds (game i of every
line-up has the seed ``game_seed(seed, i)``, so the deals are paired across line-ups):

a. vs random: each scripted strategy in one seat against random players, its seat
   cycling through every seat (game i: seat i % players);
b. the default mix (scythe_sim/strategies/mixes.py): how games end and what happens;
c. mirror matches: one strategy in every seat, for every strategy;
d. a ladder: every game seats distinct scripted strategies, cycling through every
   ordered choice of them (shuffled once from the seed).

Each line-up is a run config played through the runner's in-memory batch path
(runner/batch.py): its games go in chunks to worker processes forked after the kernel
is warm; a game is a pure function of its seed and line-up, so the report is the same
for any worker count.
"""
from __future__ import annotations

import dataclasses
import itertools
import math

import numpy as np

import pyarrow as pa

from .enums import STAR_KINDS
from .errors import ConfigError
from .intervals import wilson
from .layout import END_STARS
from .lineup import lineup
from .runner.batch import play_ranges
from .runner.config import parse_config
from .strategies import STRATEGIES
from .strategies.mixes import MIXES

SCRIPTED = tuple(s for s in STRATEGIES if s != "random")
MIX = "default"
# the targets of the strategy issue
WIN_VS_RANDOM = 0.95           # each scripted strategy's win rate in one seat vs random seats
STARS_SHARE = 0.95             # default mix: share of games ended by a 6th star
TURNS_PER_PLAYER = (15, 30)    # default mix: median turns per player
WINNER_SCORE = (50, 110)       # default mix: median winner score (coins)
COMBAT_SHARE = 0.5             # default mix: share of games with a combat (more than this)


@dataclasses.dataclass
class Table:
    key: str                   # section id: vs_random, mix, mix_stars, mirror, ladder
    title: str
    columns: list
    rows: list                 # lists of strings, one per column
    note: str = ""


@dataclasses.dataclass
class Target:
    text: str
    measured: str
    passed: bool


@dataclasses.dataclass
class Report:
    games: int
    players: int
    seed: int
    tables: list
    targets: list
    metrics: dict              # the raw numbers, by section
    played: int = 0            # games played in all

    @property
    def passed(self) -> bool:
        return all(t.passed for t in self.targets)

    def table(self, key) -> Table:
        return next(t for t in self.tables if t.key == key)

    def markdown(self) -> str:
        out = ["# Strategy quality", "",
               f"`scythe-sim evaluate --games {self.games} --players {self.players} --seed {self.seed}`: "
               f"{self.games} games per line-up, {self.players} players, seats rotated. "
               "Win rates carry Wilson 95% intervals.", ""]
        for t in self.tables:
            out += [f"## {t.title}", "", "| " + " | ".join(t.columns) + " |",
                    "|" + "|".join("---" if i == 0 else "---:" for i in range(len(t.columns))) + "|"]
            out += ["| " + " | ".join(row) + " |" for row in t.rows]
            out += ([""] + [t.note] if t.note else []) + [""]
        out += ["## Targets", ""]
        out += [f"- **{'PASS' if t.passed else 'FAIL'}** {t.text}: {t.measured}" for t in self.targets]
        passed = sum(t.passed for t in self.targets)
        out += ["", f"{passed} of {len(self.targets)} targets pass.", ""]
        return "\n".join(out)

    def print(self, console=None):
        from rich.console import Console
        from rich.table import Table as RichTable

        console = console or Console()
        for t in self.tables:
            table = RichTable(title=t.title, caption=t.note or None)
            for i, column in enumerate(t.columns):
                table.add_column(column, justify="left" if i == 0 else "right")
            for row in t.rows:
                table.add_row(*row)
            console.print(table)
        table = RichTable(title="targets")
        for column in ("", "target", "measured"):
            table.add_column(column)
        for t in self.targets:
            table.add_row("[green]PASS[/]" if t.passed else "[red]FAIL[/]", t.text, t.measured)
        console.print(table)
        console.print(f"{sum(t.passed for t in self.targets)} of {len(self.targets)} targets pass")


def check_out(path, option="--out", example="quality.md"):
    """Refuse an output path that cannot be written, before any game is played."""
    import os
    from pathlib import Path

    p = Path(path).resolve()
    if p.is_dir():
        raise ConfigError(f"{option} {str(path)!r} is a folder: give a file name such as {example}")
    parent = next((q for q in p.parents if q.exists()), None)
    if parent is None or not parent.is_dir() or not os.access(parent, os.W_OK):
        raise ConfigError(f"cannot write {option} {str(path)!r}: {parent} is not a writable folder")


def write_markdown(report: Report, path) -> str:
    """Write the report's Markdown to path (its folder is created); returns the path."""
    import os

    try:
        folder = os.path.dirname(os.path.abspath(path))
        os.makedirs(folder, exist_ok=True)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(report.markdown())
    except OSError as exc:
        raise ConfigError(f"cannot write --out {str(path)!r}: {exc.strerror}") from None
    return str(path)


# --- the line-ups -------------------------------------------------------------------------
def block_configs(games: int, players: int, seed: int, params) -> list:
    """[(section, strategy name or None, RunConfig), ...]: every line-up as a run of
    `games` games on the same root seed (so game i of every block has the same seed)."""
    base = {"name": "evaluate", "games": games, "seed": seed, "players": players}
    out = []
    for name in SCRIPTED:       # one seat plays it (seat i % players), random elsewhere
        lineups = [[name if s == k else "random" for s in range(players)] for k in range(players)]
        out.append(("vs_random", name, {"lineups": lineups}))
    out.append(("mix", MIX, {"pool": list(MIXES[MIX])}))
    for name in STRATEGIES:
        out.append(("mirror", name, {"seats": [name]}))
    orders = list(itertools.permutations(SCRIPTED, players))
    shuffled = np.random.default_rng([seed, 2]).permutation(len(orders))
    out.append(("ladder", None, {"lineups": [list(orders[k]) for k in shuffled[:games]]}))
    return [(section, name, _with_params(parse_config({**base, "strategies": strategies}), params))
            for section, name, strategies in out]


def _with_params(config, params):
    """The config playing every strategy with its row of `params` (and its per-faction
    rows, when params has them)."""
    rows = tuple((name, tuple(float(x) for x in params[STRATEGIES.index(name)]))
                 for name, _ in config.weights)
    used = {name for name, _ in config.weights}
    keyed = tuple((name, key, tuple(float(x) for x in row))
                  for (name, key), row in sorted(config.spec.seat_weights(params).items()) if name in used)
    return dataclasses.replace(config, weights=rows, seat_weights=keyed)


def play_blocks(blocks, workers=1, chunk=None) -> list:
    """[(games table, seats table, bad game ids), ...] per block, played through the
    runner's batch path in chunks on `workers` processes."""
    total = sum(config.games for _, _, config in blocks)
    chunk = chunk or max(1, min(250, math.ceil(total / (workers * 4))))
    jobs = [(config, a, min(a + chunk, config.games)) for _, _, config in blocks
            for a in range(0, config.games, chunk)]
    batches = iter(play_ranges(jobs, workers))
    out = []
    for _, _, config in blocks:
        parts = [next(batches) for _ in range(0, config.games, chunk)]
        bad = {a + k for a, part in zip(range(0, config.games, chunk), parts) for k, _, _ in part.bad}
        out.append(tuple(pa.concat_tables([p.tables[t] for p in parts]) for t in ("games", "seats"))
                   + (bad,))
    return out


# --- the measures -------------------------------------------------------------------------
def _block_arrays(games_t, seats_t, bad, players):
    """Numpy views of a block's tables: ok mask (G,), per-game columns of the good games,
    and (good games, players) seat columns."""
    ok = ~np.isin(games_t["game"].to_numpy(), list(bad))
    g = {c: games_t[c].to_numpy() for c in ("turns", "combats")}
    g["end_reason"] = np.asarray(games_t["end_reason"].combine_chunks().indices)
    seat_cols = ("rank", "total") + tuple(f"stars_{k}" for k in STAR_KINDS)
    s = {c: seats_t[c].to_numpy().reshape(-1, players) for c in seat_cols}
    s["strategy"] = np.asarray(seats_t["strategy"].combine_chunks().indices).reshape(-1, players)
    return ok, {k: v[ok] for k, v in g.items()}, {k: v[ok] for k, v in s.items()}


def _games_summary(ok, g, s, players):
    """Per-game measures of a block (games with a bad status left out)."""
    n = int(ok.sum())
    return {
        "games": int(len(ok)), "ok": n, "bad": int((~ok).sum()),
        "stars_end": float((g["end_reason"] == END_STARS).mean()) if n else 0.0,
        "turns_per_player": float(np.median(g["turns"] / players)) if n else 0.0,
        "winner_score": float(np.median(np.where(s["rank"] == 1, s["total"], -10 ** 6).max(axis=1))) if n else 0.0,
        "combat_share": float((g["combats"] > 0).mean()) if n else 0.0,
        "combats_per_game": float(g["combats"].mean()) if n else 0.0,
        "star_kinds": {k: float((s[f"stars_{k}"] > 0).any(axis=1).mean()) if n else 0.0
                       for k in STAR_KINDS},
    }


def _wins(s):
    """{strategy id: (wins, seats)} over the good games of a block."""
    ids, won = s["strategy"], s["rank"] == 1
    return {int(x): (int(won[ids == x].sum()), int((ids == x).sum())) for x in np.unique(ids)}


def _rate(wins, n):
    low, high = wilson(wins, n)
    rate = wins / n if n else 0.0
    return rate, low, high


def _pct(x):
    return f"{x:.1%}"


def evaluate(games=200, players=4, seed=1, workers=1, params=None) -> Report:
    """Play every line-up (`games` games each) and measure them against the targets."""
    from .strategies.weights import load_params

    top = lineup().max_players
    for value, key, lo, hi in ((games, "--games", 1, 10 ** 8), (players, "--players", 2, top),
                               (workers, "--workers", 1, 1024)):
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise ConfigError(f"{key} must be a whole number {lo}..{hi}, got {value!r}")
    if not isinstance(seed, int) or not 0 <= seed < 2 ** 63:
        raise ConfigError(f"--seed must be 0 or more, got {seed!r}")
    params = load_params() if params is None else np.asarray(params, np.float64)
    blocks = block_configs(games, players, seed, params)
    parts = {}
    for (section, name, _), (games_t, seats_t, bad) in zip(blocks, play_blocks(blocks, workers)):
        ok, g, s = _block_arrays(games_t, seats_t, bad, players)
        parts[(section, name)] = (_games_summary(ok, g, s, players), _wins(s))
    bad_total = sum(p[0]["bad"] for p in parts.values())
    return _report(games, players, seed, parts, bad_total, games * len(blocks))


def _report(games, players, seed, parts, bad_total, played):
    tables, targets, metrics = [], [], {"vs_random": {}, "mirror": {}, "ladder": {}}
    others = players - 1
    # a. vs random
    rows = []
    for name in SCRIPTED:
        summary, wins = parts[("vs_random", name)]
        w, n = wins.get(STRATEGIES.index(name), (0, 0))
        rate, low, high = _rate(w, n)
        metrics["vs_random"][name] = {"wins": w, "games": n, "rate": rate, "ci": (low, high)}
        rows.append([name, str(n), str(w), _pct(rate), f"{_pct(low)} - {_pct(high)}"])
        targets.append(Target(f"{name} wins >= {WIN_VS_RANDOM:.0%} vs {others} random",
                              f"{_pct(rate)} (95% CI {_pct(low)} - {_pct(high)}, n={n})",
                              n > 0 and rate >= WIN_VS_RANDOM))
    tables.append(Table("vs_random", f"a. one strategy vs {others} random (its seat rotated)",
                        ["strategy", "games", "wins", "win rate", "95% CI"], rows))
    # b. the default mix
    mix, _ = parts[("mix", MIX)]
    metrics["mix"] = mix
    tables.append(Table("mix", f"b. the {MIX} strategy mix",
                        ["measure", "value"],
                        [["games", str(mix["games"])],
                         ["ended by a 6th star", _pct(mix["stars_end"])],
                         ["median turns per player", f"{mix['turns_per_player']:.1f}"],
                         ["median winner score", f"{mix['winner_score']:.0f}"],
                         ["games with a combat", _pct(mix["combat_share"])],
                         ["combats per game", f"{mix['combats_per_game']:.2f}"],
                         ["games with status != 0", _pct(mix["bad"] / max(mix["games"], 1))]]))
    tables.append(Table("mix_stars", f"b. star kinds in the {MIX} mix",
                        ["star kind", "games where someone earned it"],
                        [[k, _pct(v)] for k, v in mix["star_kinds"].items()]))
    lo_t, hi_t = TURNS_PER_PLAYER
    lo_s, hi_s = WINNER_SCORE
    never = [k for k, v in mix["star_kinds"].items() if v == 0]
    targets += [
        Target(f"{MIX} mix: >= {STARS_SHARE:.0%} of games end by a 6th star", _pct(mix["stars_end"]),
               mix["stars_end"] >= STARS_SHARE),
        Target(f"{MIX} mix: median turns per player in [{lo_t}, {hi_t}]", f"{mix['turns_per_player']:.1f}",
               lo_t <= mix["turns_per_player"] <= hi_t),
        Target(f"{MIX} mix: median winner score in [{lo_s}, {hi_s}]", f"{mix['winner_score']:.0f}",
               lo_s <= mix["winner_score"] <= hi_s),
        Target(f"{MIX} mix: every star kind earned in some game",
               "all" if not never else "never: " + ", ".join(never), not never),
        Target(f"{MIX} mix: combat in more than {COMBAT_SHARE:.0%} of games", _pct(mix["combat_share"]),
               mix["combat_share"] > COMBAT_SHARE),
        Target("no game stopped with status != 0 (every section)", f"{bad_total} of {played}",
               bad_total == 0),
    ]
    # c. mirror matches
    rows = []
    for name in STRATEGIES:
        m, _ = parts[("mirror", name)]
        metrics["mirror"][name] = m
        rows.append([name, str(m["games"]), _pct(m["stars_end"]), f"{m['turns_per_player']:.1f}",
                     f"{m['winner_score']:.0f}", f"{m['combats_per_game']:.2f}"])
    tables.append(Table("mirror", "c. mirror matches (one strategy in every seat)",
                        ["strategy", "games", "ended by stars", "median turns per player",
                         "median winner score", "combats per game"], rows))
    # d. the ladder
    _, wins = parts[("ladder", None)]
    ladder = []
    for name in SCRIPTED:
        w, n = wins.get(STRATEGIES.index(name), (0, 0))
        rate, low, high = _rate(w, n)
        metrics["ladder"][name] = {"wins": w, "seats": n, "rate": rate, "ci": (low, high)}
        ladder.append((rate, name, n, w, low, high))
    ladder.sort(key=lambda r: (-r[0], r[1]))
    tables.append(Table("ladder", f"d. ladder: {players} distinct scripted strategies per game",
                        ["strategy", "seats", "wins", "win rate", "95% CI"],
                        [[name, str(n), str(w), _pct(rate), f"{_pct(low)} - {_pct(high)}"]
                         for rate, name, n, w, low, high in ladder],
                        note=f"an even field wins 1/{players} = {1 / players:.1%} of its seats"))
    return Report(games, players, seed, tables, targets, metrics, played)

