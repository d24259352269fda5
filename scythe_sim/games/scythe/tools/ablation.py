"""Ability ablation: what each ability is worth to its faction (`scythe-sim evaluate
ablation`, docs/STRATEGIES.md "Ability ablation").

One base run of the default strategy mix, then for every faction ability and mech
ability the kernel plays, the Factory and the encounters, the same games with that one
rule switched off by a house rule (faction_abilities_off, mech_abilities_off,
factory_off, encounters_off: data/rules.toml). Setup removes the rule after the deal,
so game i of every run deals the same factions, mats and strategies to the same seats:
a faction's seat is compared with itself, game by game (a paired difference of win
indicators, its interval and McNemar's p-value; Holm's correction across every line).

A line is one (switched-off rule, faction) pair. A mech ability goes off for one faction
at a time (mech_abilities_off_for): Riverwalk and Speed, which every base faction has,
get one run per faction, each reporting that faction's line only. The Factory and
encounters belong to nobody: their rule goes off for everybody, and the report gives
one line per faction.
"""
from __future__ import annotations

import dataclasses
import math

import numpy as np
import pyarrow as pa

from scythe_sim.errors import ConfigError
from scythe_sim.intervals import holm, paired_difference
from scythe_sim.quality import Report, Table, Target
from scythe_sim.runner.config import parse_config

from ..enums import FACTIONS, FACTION_ABILITIES, MECH_ABILITIES
from ..lineup import lineup
from ..tables import NOT_PLAYED
from ..strategies.mixes import MIXES
from .deal_rules import MIX
from .lineups import deal_rules, pct, with_params

ALPHA = 0.05               # the target: no removal raises its faction's win rate at Holm p < ALPHA


@dataclasses.dataclass(frozen=True)
class Ablation:
    name: str              # the rule switched off: an ability name, "factory" or "encounters"
    kind: str              # "faction ability", "mech ability" or "board"
    rules: tuple           # ((house rule, value), ...) that switch it off
    factions: tuple        # faction ids with a line: the one that loses it (all, for the board)


def ablations(tables=None) -> list:
    """Every rule the ablation switches off, for the factions the default deal plays."""
    from ..tables import default_tables

    t = tables if tables is not None else default_tables()
    played = tuple(f for f in lineup(tables=t).factions if f not in NOT_PLAYED)
    out = [Ablation(FACTION_ABILITIES[int(t.fac_ability[f])], "faction ability",
                    (("faction_abilities_off", 1 << int(t.fac_ability[f])),), (f,)) for f in played]
    for m, name in enumerate(MECH_ABILITIES):   # one run per owner: off for that faction alone
        out += [Ablation(name, "mech ability", (("mech_abilities_off", 1 << m),
                                                ("mech_abilities_off_for", 1 << f)), (f,))
                for f in played if m in t.fac_mechs[f]]
    out += [Ablation("factory", "board", (("factory_off", 1),), played),
            Ablation("encounters", "board", (("encounters_off", 1),), played)]
    return out


def run_configs(games, players, seed, params, items, deal=None):
    """The base run and one run per ablation: same games, seed, strategy mix and deal
    (`deal`: the house rules of the deal, e.g. Albion and Togawa dealt)."""
    deal = deal or {}
    base = {"name": "ablation", "games": games, "seed": seed, "players": players,
            "strategies": {"pool": list(MIXES[MIX])}, **({"rules": dict(deal)} if deal else {})}
    configs = [parse_config(base)] + [parse_config({**base, "rules": {**deal, **dict(a.rules)}})
                                      for a in items]
    return [with_params(c, params) for c in configs]


def play_runs(configs, workers=1, progress=None, chunk=None) -> list:
    """[(games table, seats table, bad game ids), ...] per config, through the runner's
    batch path; progress(done, total) is called as chunks of games finish."""
    from scythe_sim.runner.batch import play_ranges

    total = sum(c.games for c in configs)
    chunk = chunk or max(1, min(250, math.ceil(total / (workers * 8))))
    jobs = [(c, a, min(a + chunk, c.games)) for c in configs for a in range(0, c.games, chunk)]
    done = [0]

    def finished(job):
        done[0] += job[2] - job[1]
        if progress:
            progress(done[0], total)

    batches = play_ranges(jobs, workers, finished)
    out, k = [], 0
    for c in configs:
        count = math.ceil(c.games / chunk)
        parts, run_jobs = batches[k:k + count], jobs[k:k + count]
        k += count
        bad = {job[1] + i for job, part in zip(run_jobs, parts) for i, _, _ in part.bad}
        out.append(tuple(pa.concat_tables([p.tables[t] for p in parts]) for t in ("games", "seats"))
                   + (bad,))
    return out


def seat_arrays(run, players):
    """(good-game mask (G,), faction ids, winner flags and use columns as (G, players))."""
    games_t, seats_t, bad = run
    ok = ~np.isin(games_t["game"].to_numpy(), list(bad))
    cols = {"faction": np.asarray(seats_t["faction"].combine_chunks().indices),
            "winner": seats_t["winner"].to_numpy(zero_copy_only=False),
            "factory_card": seats_t["factory_card"].is_valid().to_numpy(zero_copy_only=False)}
    for name in seats_t.column_names:
        if name.endswith("ability_uses") or name.startswith("mech_ability_uses_"):
            cols[name] = seats_t[name].to_numpy()
    cols = {k: v.reshape(-1, players) for k, v in cols.items()}
    cols["encounters"] = np.repeat(games_t["encounters"].to_numpy()[:, None] > 0, players, axis=1)
    return ok, cols


def use_column(a: Ablation, f, tables):
    """The seats column that says the faction used the switched-off rule in the base run."""
    if a.kind == "faction ability":
        return "ability_uses"
    if a.kind == "mech ability":
        slot = list(tables.fac_mechs[f]).index(MECH_ABILITIES.index(a.name))
        return f"mech_ability_uses_{slot + 1}"
    return "factory_card" if a.name == "factory" else "encounters"


def measure(items, runs, players, tables=None) -> list:
    """One dict per (ablation, faction) line: n, wins with and without, the paired
    difference (without - with) and its interval, p, Holm p and usage."""
    from ..tables import default_tables

    t = tables if tables is not None else default_tables()
    ok0, base = seat_arrays(runs[0], players)
    lines = []
    for a, run in zip(items, runs[1:]):
        ok1, var = seat_arrays(run, players)
        if not np.array_equal(base["faction"], var["faction"]):
            raise RuntimeError(f"ablation {a.name}: the deals differ from the base run's (not paired)")
        good = (ok0 & ok1)[:, None]
        for f in a.factions:
            seat = good & (base["faction"] == f)
            n = int(seat.sum())
            w0, w1 = base["winner"][seat].astype(np.int64), var["winner"][seat].astype(np.int64)
            diff = w1 - w0
            d, low, high, p = paired_difference(n, float(diff.sum()), float((diff * diff).sum()), ALPHA) \
                if n else (0.0, -1.0, 1.0, 1.0)
            used = int((base[use_column(a, f, t)][seat] > 0).sum())
            lines.append({"rule": a.name, "kind": a.kind, "faction": FACTIONS[f], "n": n,
                          "with": w0.mean() if n else 0.0, "without": w1.mean() if n else 0.0,
                          "diff": d, "low": low, "high": high, "p": p, "used": used})
    for line, adjusted in zip(lines, holm([x["p"] for x in lines])):
        line["p_holm"] = adjusted
        line["verdict"] = _verdict(line)
    return lines


def _verdict(line) -> str:
    if line["p_holm"] >= ALPHA:
        return "no significant effect"
    return "stronger WITHOUT it" if line["diff"] > 0 else "helps its faction"


class AblationReport(Report):
    def markdown(self) -> str:
        command = self.command or (f"scythe-sim evaluate ablation --games {self.games} --players {self.players} "
                                   f"--seed {self.seed}")
        head = ["# Ability ablation", "",
                f"`{command}`: the {MIX} strategy mix, {self.players} players; every "
                "switched-off rule replays the base run's games (same deals, seats and strategies).", ""]
        body = super().markdown().split("\n")
        return "\n".join(head + body[4:])   # evaluate's title and command line replaced


def ablation(games=200, players=4, seed=1, workers=1, params=None, progress=None,
             expansion=False) -> AblationReport:
    """Play the base run and every ablation (`games` games each) and report the lines;
    `expansion` deals Albion and Togawa too (their abilities get lines)."""
    from ..strategies.weights import load_params
    from ..tables import build_tables

    deal = deal_rules(players, expansion)
    top = lineup(deal).max_players
    for value, key, lo, hi in ((games, "--games", 1, 10 ** 8), (players, "--players", 2, top),
                               (workers, "--workers", 1, 1024)):
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise ConfigError(f"{key} must be a whole number {lo}..{hi}, got {value!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 63:
        raise ConfigError(f"--seed must be 0 or more, got {seed!r}")
    params = load_params() if params is None else np.asarray(params, np.float64)
    t = build_tables(deal) if deal else None
    items = ablations(t)
    runs = play_runs(run_configs(games, players, seed, params, items, deal), workers, progress)
    lines = measure(items, runs, players, t)
    bad = sum(len(r[2]) for r in runs)
    return _report(games, players, seed, lines, bad, games * len(runs))


def _report(games, players, seed, lines, bad, played) -> AblationReport:
    columns = ["rule off", "kind", "faction", "games", "win rate with", "without",
               "difference (95% CI)", "p", "Holm p", "used (games)", "verdict"]
    rows = [[x["rule"], x["kind"], x["faction"], str(x["n"]), pct(x["with"]), pct(x["without"]),
             f"{x['diff']:+.1%} ({x['low']:+.1%} .. {x['high']:+.1%})", f"{x['p']:.3g}",
             f"{x['p_holm']:.3g}", f"{x['used']} of {x['n']}", x["verdict"]] for x in lines]
    note = ("difference = win rate without - with, paired per seat (games where the faction "
            "played; interval: normal approximation; p: McNemar; Holm over all lines). "
            "used: base-run games where the faction used it (Factory: kept a Factory card; "
            "encounters: the game had an encounter). A mech ability goes off for its faction "
            "alone (Riverwalk and Speed: one run per faction); the Factory and encounters go "
            "off for every faction: one line per faction.")
    table = Table("ablation", "effect of switching one rule off, per faction", columns, rows, note)
    worse = [f"{x['rule']} ({x['faction']}, {x['diff']:+.1%})" for x in lines
             if x["kind"] != "board" and x["verdict"] == "stronger WITHOUT it"]
    weak = [f"{x['rule']} ({x['faction']}, {x['diff']:+.1%}, Holm p {x['p_holm']:.2g})" for x in lines
            if x["kind"] == "faction ability" and x["verdict"] != "helps its faction"]
    helped = sum(x["kind"] == "faction ability" for x in lines) - len(weak)
    targets = [Target(f"every faction ability's removal lowers its faction's win rate (Holm p < {ALPHA})",
                      f"{helped} of {helped + len(weak)}" + ("" if not weak else "; not: " + ", ".join(weak)),
                      not weak),
               Target(f"no ability whose removal raises its faction's win rate (Holm p < {ALPHA})",
                      "none" if not worse else ", ".join(worse), not worse),
               Target("no game stopped with status != 0 (every run)", f"{bad} of {played}", bad == 0)]
    return AblationReport(games, players, seed, [table], targets, {"lines": lines}, played)
