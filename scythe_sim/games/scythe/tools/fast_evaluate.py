"""`scythe-sim evaluate fast`: the fast players' targets (docs/players/learned.md, "The fast
players against their targets"), each marked PASS or FAIL.

The fast players are greedy, the personas and the Automa's open decisions with a model
(the shipped one, or --model FILE: a `scythe-sim learn` candidate) and any weight
changes (--set: what they all play with). The yardstick is 29bb04a's: the same rows
without the changes, with the weights shipped since at their 29bb04a values
(SINCE_29BB04A), playing the model frozen then (data/learned_value_29bb04a.toml).

- Strength: the new greedy in one seat (rotated) against three greedy2, and 29bb04a's
  greedy in that seat on the very same games (paired).
- Pace: the default mix on the base five, bans off: turns per player (median), the
  share of turns with a bottom-row action, each mat's win rate.
- Speed: the same default-mix deals played by the new players and by 29bb04a's, chunk
  by chunk in the same worker process (which goes first alternates), CPU seconds each:
  the median of the chunks' ratios."""
from __future__ import annotations

import dataclasses
import time

import numpy as np

from scythe_sim.errors import ConfigError
from scythe_sim.intervals import paired_difference, wilson
from scythe_sim.quality import Report, Table, Target

from ..enums import MATS
from ..learned_models import FROZEN_29BB04A, read_model, shipped_model, stack
from ..strategies import STRATEGIES, TUNING_SLOT
from ..strategies.weights import WEIGHTS, W_LEARNED, load_params
from .learn_data import LEARNED_PLAYERS, Player, field_pool, game_set, learned_params

NEW, FROZEN = 1, 2                 # stack slots: the new players' model, 29bb04a's
STRENGTH, PACE = range(2)          # the purposes of the game sets
CHUNK = 100                        # default-mix games a speed pair plays each side
TARGETS = {"strength": 0.35, "paired": 0.05, "turns": (18.0, 22.0), "bottom": 0.65, "mats": 2.0, "speed": 2.0}
FAST_GAMES = 4000
# Weights shipped since 29bb04a, at the values that play as 29bb04a's rows did: its
# players are today's rows with these (each shipped change of the fast players adds its
# weight here, so the yardstick stays 29bb04a's).
SINCE_29BB04A = (("ahead_margin", 0.0), ("plan_width", 0.0))


@dataclasses.dataclass(frozen=True)
class Settings:
    games: int = FAST_GAMES        # strength games (and as many paired)
    pace_games: int = FAST_GAMES   # default-mix games (each side: the new players and 29bb04a's)
    seed: int = 1
    players: int = 4
    model: str = ""                # a model file for the new players ("": the shipped model)
    changes: tuple = ()            # ((weight, value), ...) the new players play with


def parse_changes(text) -> tuple:
    """((weight, value), ...) of --set "W=V,W=V"; a ConfigError names the fix."""
    out = []
    for part in filter(None, (p.strip() for p in str(text or "").split(","))):
        name, _, value = part.partition("=")
        name = name.strip()
        if name not in WEIGHTS or name == "learned":
            raise ConfigError(f"--set weights=: {name!r} is not a weight the fast players play (see "
                              "scythe_sim/games/scythe/strategies/weights.py)")
        try:
            out.append((name, float(value)))
        except ValueError:
            raise ConfigError(f"--set weights=: give {name}=NUMBER, got {part!r}") from None
    return tuple(out)


def rows(settings: Settings) -> tuple:
    """(the new players' weight rows, 29bb04a's, the model stack): every LEARNED_PLAYERS
    row plays its slot; the tuning slot is each side's greedy."""
    base = load_params()
    if base.shape[0] > len(STRATEGIES):
        raise ConfigError("evaluate fast plays the shipped weights without [faction.<name>] tables")
    new = learned_params(base, True)
    old = new.copy()
    for name in LEARNED_PLAYERS:
        i = STRATEGIES.index(name)
        for weight, value in settings.changes:
            new[i, WEIGHTS.index(weight)] = value
        new[i, W_LEARNED] = NEW
        for weight, value in SINCE_29BB04A:
            old[i, WEIGHTS.index(weight)] = value
        old[i, W_LEARNED] = FROZEN
    greedy = STRATEGIES.index("greedy")
    new[TUNING_SLOT], old[TUNING_SLOT] = new[greedy], old[greedy]
    model = read_model(settings.model) if settings.model else shipped_model()
    return new, old, stack([model, read_model(FROZEN_29BB04A)])


def check(settings: Settings):
    """Refuse bad settings with one line naming the fix (ConfigError)."""
    if settings.players != 4:
        raise ConfigError("evaluate fast measures the targets at 4 players: drop --players")
    for key in ("games", "pace_games"):
        value = getattr(settings, key)
        if isinstance(value, bool) or not isinstance(value, int) or not CHUNK <= value <= 10 ** 7:
            raise ConfigError(f"{'--games' if key == 'games' else '--set pace_games='} must be a whole number {CHUNK}..10000000, got {value!r}")
    if settings.model:
        read_model(settings.model)


def evaluate_fast(settings: Settings, workers=1, pool=None) -> Report:
    """The report of the fast players' targets (the module's docstring says what each is)."""
    check(settings)
    new, old, learned = rows(settings)
    player = Player(settings.players, workers, pool)
    yard = game_set(settings.seed, 0, STRENGTH, settings.games, settings.players, ("greedy2",), TUNING_SLOT)
    w1, _ = player.measured(new, learned, yard)
    w0, _ = player.measured(old, learned, yard)
    pace = game_set(settings.seed, 0, PACE, settings.pace_games, settings.players, field_pool("default"))
    chunks = [(a, min(a + CHUNK, len(pace.seeds))) for a in range(0, len(pace.seeds), CHUNK)]
    jobs = [(new, old, learned, pace.seeds[a:b], settings.players, pace.strategies[a:b], k % 2 == 1)
            for k, (a, b) in enumerate(chunks)]
    if pool is None:
        parts = [play_pair(*job) for job in jobs]
    else:
        parts = [f.result() for f in [pool.submit(play_pair, *job) for job in jobs]]
    return _report(settings, (w1, w0), parts, player.bad)


def play_pair(new, old, learned, seeds, players, strategies, old_first):
    """(the new players' pace arrays, 29bb04a's, CPU seconds of each) of one chunk of
    default-mix deals played by both, in this process, `old_first` deciding the order."""
    out = {}
    for side in (("old", "new") if old_first else ("new", "old")):
        start = time.process_time()
        out[side] = _pace_arrays(new if side == "new" else old, learned, seeds, players, strategies)
        out[side + "_cpu"] = time.process_time() - start
    return out["new"], out["old"], out["new_cpu"], out["old_cpu"]


def _pace_arrays(params, learned, seeds, players, strategies):
    from ..play import R_STATUS, SEAT_RESULTS, STATUS_OK, BatchOptions
    from ..spec.answers import play_plan
    from ..spec.deals import dealt_plan
    from ..tables import default_tables

    game_out, seat_out = play_plan(default_tables(), dealt_plan(seeds, players, strategies), params,
                                   options=BatchOptions(learned=learned))[:2]
    ok = game_out[:, R_STATUS] == STATUS_OK
    seats = seat_out[ok, :players]
    return np.stack([seats[..., SEAT_RESULTS.index(c)] for c in ("turns", "bottom_actions", "mat", "rank")])


def _pace(parts, side) -> dict:
    a = np.concatenate([p[side] for p in parts], axis=1)       # (4, games, seats)
    turns, bottoms, mats, rank = a
    win = {MATS[m]: float(((rank == 1) & (mats == m)).sum() / (mats == m).sum()) for m in np.unique(mats)}
    return {"games": int(a.shape[1]), "median_turns": float(np.median(turns)),
            "bottom_share": float(bottoms.sum() / max(turns.sum(), 1)), "mat_win": win,
            "mat_ratio": max(win.values()) / max(min(win.values()), 1e-9)}


def _report(settings, strength, parts, bad) -> Report:
    w1, w0 = strength
    n = len(w1)
    low, high = wilson(float(w1.sum()), n)
    d, d_low, d_high, p = paired_difference(n, float((w1 - w0).sum()), float(((w1 - w0) ** 2).sum()))
    new, old = _pace(parts, 0), _pace(parts, 1)
    ratios = [p[3] / p[2] for p in parts if p[2] > 0]
    speed = float(np.median(ratios))
    rate_new = new["games"] / sum(p[2] for p in parts)
    rate_old = old["games"] / sum(p[3] for p in parts)
    t = TARGETS
    dealt = [m for m in MATS if m in new["mat_win"]]
    what = f"model {settings.model or 'shipped'}" + "".join(f", {k}={v:g}" for k, v in settings.changes)
    tables = [
        Table("fast_strength", f"the new greedy ({what}) in one seat against three greedy2, {n:,} games",
              ["player in the seat", "win rate (95% CI)"],
              [["new greedy", f"{w1.mean():.1%} ({low:.1%} - {high:.1%})"],
               ["29bb04a's greedy, same games", f"{w0.mean():.1%}"],
               ["paired difference", f"{d:+.1%} ({d_low:+.1%} .. {d_high:+.1%}), p {p:.3g}"]]),
        Table("fast_pace", f"the default mix, {settings.players} players, base five, bans off, {new['games']:,} games "
              "each side (the same deals)", ["players", "median turns a player", "bottom-row share",
                                               "mats' win rates, best / worst", *dealt],
              [[label, f"{x['median_turns']:g}", f"{x['bottom_share']:.1%}", f"{x['mat_ratio']:.2f}x",
                *[f"{x['mat_win'].get(m, 0.0):.1%}" for m in dealt]] for label, x in
               (("new", new), ("29bb04a's", old))]),
        Table("fast_speed", "the default mix's games per CPU-second, the same deals chunk by chunk in one process",
              ["players", "games per CPU-second"],
              [["new", f"{rate_new:.0f}"], ["29bb04a's", f"{rate_old:.0f}"],
               ["median of the chunks' ratios", f"{speed:.2f}x"]],
              note=f"{len(ratios)} chunks of {CHUNK} games each side"),
    ]
    targets = [
        Target(f"new greedy vs 3 greedy2 >= {t['strength']:.0%} over >= {FAST_GAMES:,} games",
               f"{w1.mean():.1%} over {n:,}", w1.mean() >= t["strength"] and n >= FAST_GAMES),
        Target(f"paired vs 29bb04a's greedy >= +{t['paired']:.0%}, interval above 0",
               f"{d:+.1%} ({d_low:+.1%} .. {d_high:+.1%})", d >= t["paired"] and d_low > 0),
        Target(f"median turns a player {t['turns'][0]:g}-{t['turns'][1]:g}", f"{new['median_turns']:g}",
               t["turns"][0] <= new["median_turns"] <= t["turns"][1]),
        Target(f"bottom-row action on >= {t['bottom']:.0%} of turns", f"{new['bottom_share']:.1%}",
               new["bottom_share"] >= t["bottom"]),
        Target(f"mats within {t['mats']:g}x of each other", f"{new['mat_ratio']:.2f}x", new["mat_ratio"] <= t["mats"]),
        Target(f"games per CPU-second >= {t['speed']:g}x 29bb04a's (1.5x at least)", f"{speed:.2f}x",
               speed >= t["speed"]),
    ]
    metrics = {"strength": {"win_rate": float(w1.mean()), "low": low, "high": high, "games": n,
                            "frozen": float(w0.mean()), "difference": [d, d_low, d_high, p]},
               "pace": {"new": new, "frozen": old}, "speed": {"ratio": speed, "ratios": ratios,
                                                             "new": rate_new, "frozen": rate_old},
               "bad": bad}
    command = (f"scythe-sim evaluate fast --games {settings.games} --seed {settings.seed} "
               f"--set pace_games={settings.pace_games}" + (f" --set model={settings.model}" if settings.model else "")
               + (" --set weights=" + ",".join(f"{k}={v:g}" for k, v in settings.changes) if settings.changes else ""))
    return Report(settings.games, settings.players, settings.seed, tables, targets, metrics,
                  2 * n + 2 * new["games"], command)
