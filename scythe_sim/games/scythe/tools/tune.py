"""Self-play tuning behind `scythe-sim tune STRATEGY` (docs/players/greedy.md, "Tuning").

CMA-ES (the `cma` package) searches the strategy's weights multiplicatively in log
space around its starting file: weight w plays start_w * exp(z_w), z_w in
[-Z_BOUND, Z_BOUND] (a weight that starts at 0 plays z_w itself). With faction
weights, faction f's value of w is the start's value times exp(z_w + z_wf).

A candidate's fitness is its mean result in one seat (game i: seat i % players, the
other seats drawn from the field) over the generation's games: a win counts 1 (1/k
for k tied winners), plus TIE_BREAK per coin of margin over the best other seat.
Common random numbers: every candidate of a generation plays the same seeds and
line-ups, and the games change from one generation to the next. The candidate sits
in the tuning slot (strategies.TUNING_SLOT), so field seats playing the same strategy
keep its starting weights. Every game is a pure function of its inputs: the result
depends on --seed alone, not on the worker count.
"""
import dataclasses
import math
import time

import numpy as np

from scythe_sim.errors import ConfigError
from scythe_sim.intervals import paired_difference, wilson

from ..strategies import N_SLOTS, STRATEGIES, TUNING_SLOT, strategy_id
from ..strategies.mixes import MIXES, mix_pool, pool_seats
from ..strategies.weights import WEIGHTS, faction_rows, load_params, with_faction_rows

Z_BOUND = 1.5           # a weight moves at most exp(1.5) = 4.5 times up or down
TIE_BREAK = 0.001       # fitness per coin of margin: 10 coins weigh as 1 % of wins
FIXED = ("plan_sections", "noise", "level", "card_bias", "learned",   # switches and settings, not strengths
         "ahead_sections", "ahead_options",                   # counts of plans looked ahead
         "airship", "resolution")    # The Wind Gambit only: no effect on the base games tuned
NOT_TUNABLE = {
    "random": "random play has no weights",
    "automa": ("the Automa's own logic has only level (a difficulty setting) and card_bias, and "
               "its open decisions use greedy's weights: tune greedy"),
}
_VALIDATION = -1        # the generation index of the validation games (never a search generation)


@dataclasses.dataclass(frozen=True)
class Settings:
    strategy: str
    games: int = 200            # per candidate and generation
    generations: int = 20
    popsize: int = 12
    seed: int = 1
    players: int = 4
    field: str = "default"      # a mix name or a strategy name
    params: tuple = ()          # weights searched (empty: every weight that matters)
    faction_params: tuple = ()  # weights with one more multiplier per faction
    factions: tuple = ()        # faction names of those multipliers (empty: the dealt ones)
    validate: int = 0           # paired validation games (0: 4 x games)
    sigma: float = 0.4          # CMA-ES's starting step, in z units
    start: str = None           # weights file to start from (None: the strategy's own)


@dataclasses.dataclass
class Result:
    settings: Settings
    names: tuple                # weights searched for every seat
    start: dict                 # {weight: starting value}
    tuned: dict                 # {weight: tuned value} of every weight that differs from the shipped file
    factions: dict              # {faction name: {weight: value}} tuned per-faction overrides
    start_factions: dict        # {faction name: {weight: value}} the start's overrides
    history: list               # [(generation, best fitness, mean fitness, sigma), ...]
    validation: dict            # start and tuned over the same paired games
    seconds: float = 0.0


# --- the search space -------------------------------------------------------------------
class Space:
    """The weights searched and how a point z of the search becomes weight rows."""

    def __init__(self, row, by_faction, names, faction_names, factions):
        self.row, self.by_faction = row, by_faction       # start row, {faction id: start row}
        self.names, self.faction_names, self.factions = names, faction_names, factions
        self.dims = len(names) + len(faction_names) * len(factions)

    def values(self, z) -> tuple:
        """({weight: value}, {faction id: {weight: value}}) at z, each to 4 significant digits."""
        z = np.clip(np.asarray(z, np.float64), -Z_BOUND, Z_BOUND)
        shift = dict(zip(self.names, z[:len(self.names)]))
        weights = {w: _scaled(self.row[WEIGHTS.index(w)], shift[w]) for w in self.names}
        per = z[len(self.names):].reshape(len(self.faction_names), len(self.factions))
        factions = {}
        for f in sorted(set(self.by_faction) | set(self.factions)):
            start = self.by_faction.get(f, self.row)
            own = {w: _scaled(start[WEIGHTS.index(w)], shift[w]) for w in self.names
                   if start[WEIGHTS.index(w)] != self.row[WEIGHTS.index(w)]}
            own.update({WEIGHTS[k]: float(start[k]) for k in np.flatnonzero(start != self.row)
                        if WEIGHTS[k] not in self.names})
            if f in self.factions:
                j = self.factions.index(f)
                own.update({w: _scaled(start[WEIGHTS.index(w)], shift.get(w, 0.0) + per[i, j])
                            for i, w in enumerate(self.faction_names)})
            factions[f] = own
        return weights, factions

    def rows(self, weights, factions) -> tuple:
        """(row, {faction id: row}) of values from `values`."""
        row = self.row.copy()
        for w, v in weights.items():
            row[WEIGHTS.index(w)] = v
        by_faction = {}
        for f, own in factions.items():
            by_faction[f] = row.copy()
            for w, v in own.items():
                by_faction[f][WEIGHTS.index(w)] = v
        return row, by_faction


def _scaled(start, z):
    """A weight at search point z: multiplicative around its start, additive from 0."""
    return float(f"{(start * math.exp(z) if start != 0 else z):.4g}")


# --- checking the request -----------------------------------------------------------------
def check(settings: Settings):
    """Refuse bad settings with one line naming the fix (ConfigError)."""
    from ..lineup import lineup

    name = settings.strategy.strip().lower()
    strategy_id(name)
    if name in NOT_TUNABLE:
        raise ConfigError(f"{name} is not tunable: {NOT_TUNABLE[name]}")
    top = lineup().max_players
    for key, lo, hi in (("games", 1, 10 ** 7), ("generations", 1, 10 ** 5), ("popsize", 2, 10 ** 4),
                        ("players", 2, top), ("validate", 0, 10 ** 8)):
        value = getattr(settings, key)
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise ConfigError(f"--{key} must be a whole number {lo}..{hi}, got {value!r}")
    if not isinstance(settings.seed, int) or not 0 <= settings.seed < 2 ** 63:
        raise ConfigError(f"--seed must be a whole number 0 or more, got {settings.seed!r}")
    if not 0 < settings.sigma <= Z_BOUND:
        raise ConfigError(f"--sigma must be above 0 and at most {Z_BOUND}, got {settings.sigma}")
    field_ids(settings.field)
    for option, names in (("--params", settings.params), ("--faction-params", settings.faction_params)):
        for w in names:
            if w not in WEIGHTS:
                raise ConfigError(f"{option}: unknown weight {w!r} (known: {', '.join(WEIGHTS)})")
            if w in FIXED:
                raise ConfigError(f"{option}: {w} is a setting, not a strength the tuner can fit: "
                                  f"leave out {', '.join(FIXED)}")
    dealt = lineup().faction_names
    for f in settings.factions:
        if f not in dealt:
            raise ConfigError(f"--factions: {f!r} is not dealt in these games: choose from {', '.join(dealt)}")
    if settings.factions and not settings.faction_params:
        raise ConfigError("--factions needs --faction-params: the weights each faction gets its own value of")


def field_ids(field: str) -> list:
    """Strategy ids of the field: a mix's pool, or one strategy in every other seat."""
    key = str(field).strip().lower()
    if key in MIXES:
        return [STRATEGIES.index(s) for s in mix_pool(key)]
    if key in STRATEGIES:
        return [STRATEGIES.index(key)]
    raise ConfigError(f"--field {field!r} is neither a strategy mix ({', '.join(MIXES)}) nor a "
                      f"strategy ({', '.join(STRATEGIES)})")


def space_for(settings: Settings, params) -> Space:
    """The search space: the strategy's weights that matter for play (or --params)."""
    from ..lineup import lineup
    from ..enums import FACTIONS

    sid = STRATEGIES.index(settings.strategy)
    row = params[sid].copy()
    by_faction = {f: r for (slot, f), r in faction_rows(params).items() if slot == sid}
    names = settings.params or tuple(w for w in WEIGHTS if w not in FIXED and row[WEIGHTS.index(w)] != 0)
    factions = tuple(FACTIONS.index(f) for f in (settings.factions or lineup().faction_names))
    return Space(row, by_faction, tuple(names), tuple(settings.faction_params),
                 factions if settings.faction_params else ())


# --- the games ----------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Games:
    """One paired set: the same seeds and line-ups for every candidate."""
    seeds: np.ndarray           # (G,) uint64
    strategies: np.ndarray      # (G, MAX_PLAYERS) int64; the candidate's seat holds TUNING_SLOT
    seats: np.ndarray           # (G,) the candidate's seat


def games_for(settings: Settings, generation: int, count: int) -> Games:
    """The games of a generation (or of the validation, generation -1), from --seed."""
    from ..strategies.view import MAX_PLAYERS

    rng = np.random.default_rng([settings.seed, 13, generation + 1])
    seeds = rng.integers(1, 2 ** 63, count, dtype=np.int64).astype(np.uint64)
    root = int(rng.integers(0, 2 ** 63))
    ids = field_ids(settings.field)
    strategies = np.zeros((count, MAX_PLAYERS), np.int64)
    seats = np.arange(count) % settings.players
    for i in range(count):
        strategies[i, :settings.players] = pool_seats(ids, i, root, settings.players)
        strategies[i, seats[i]] = TUNING_SLOT
    return Games(seeds, strategies, seats)


def candidate_params(params, space: Space, rows) -> np.ndarray:
    """The game's params with the candidate's (row, {faction: row}) in the tuning slot."""
    width = params.shape[1]
    base = np.zeros((N_SLOTS, width), np.float64)
    base[:len(STRATEGIES)] = params[:len(STRATEGIES)]
    row, by_faction = rows
    base[TUNING_SLOT] = row[:width]
    keyed = {key: r for key, r in faction_rows(params).items() if key[0] != TUNING_SLOT}
    keyed.update({(TUNING_SLOT, f): r[:width] for f, r in by_faction.items()})
    return with_faction_rows(base, keyed)


def play_chunk(params, seeds, players, strategies, seats, learned=None) -> tuple:
    """(win shares, margins, bad games) of the candidate's seat in these games (learned:
    the batch's learned models, default the shipped one)."""
    from ..layout import SCORE_FIELDS
    from ..play import R_STATUS, SR_SCORE0, STATUS_OK, BatchOptions
    from ..spec.answers import play_plan
    from ..spec.deals import dealt_plan
    from ..tables import default_tables

    game_out, seat_out = play_plan(default_tables(), dealt_plan(seeds, players, strategies), params,
                                   options=BatchOptions(learned=learned))
    rank = seat_out[:, :players, SR_SCORE0 + SCORE_FIELDS.index("rank")]
    total = seat_out[:, :players, SR_SCORE0 + SCORE_FIELDS.index("total")].astype(np.float64)
    rows = np.arange(len(seeds))
    firsts = (rank == 1).sum(axis=1)
    ok = game_out[:, R_STATUS] == STATUS_OK
    win = np.where(ok & (rank[rows, seats] == 1), 1.0 / np.maximum(firsts, 1), 0.0)
    others = total.copy()
    others[rows, seats] = -np.inf
    margin = np.where(ok, total[rows, seats] - others.max(axis=1), 0.0)
    return win, margin, int((~ok).sum())


class Player:
    """Plays candidates' games in this process or on a forked pool, in a fixed order."""

    def __init__(self, settings, workers, pool=None):
        self.settings, self.workers, self.pool = settings, workers, pool
        self.bad = 0

    def results(self, param_list, games: Games) -> list:
        """[(win shares, margins), ...] per params of param_list, over the same games."""
        n = len(games.seeds)
        chunk = max(1, math.ceil(n * len(param_list) / (self.workers * 4)))
        jobs = [(params, games.seeds[a:a + chunk], self.settings.players, games.strategies[a:a + chunk],
                 games.seats[a:a + chunk]) for params in param_list for a in range(0, n, chunk)]
        if self.pool is None:
            parts = [play_chunk(*job) for job in jobs]
        else:
            parts = [f.result() for f in [self.pool.submit(play_chunk, *job) for job in jobs]]
        self.bad += sum(p[2] for p in parts)
        per = len(range(0, n, chunk))
        return [(np.concatenate([p[0] for p in parts[k * per:(k + 1) * per]]),
                 np.concatenate([p[1] for p in parts[k * per:(k + 1) * per]]))
                for k in range(len(param_list))]


def fitness(win, margin) -> float:
    return float(win.mean() + TIE_BREAK * margin.mean())


# --- the search ---------------------------------------------------------------------------
def tune(settings: Settings, workers=1, progress=None) -> Result:
    """Run the search; progress(generation, generations, best fitness, seconds) after each."""
    import contextlib

    settings = dataclasses.replace(settings, strategy=settings.strategy.strip().lower(),
                                   field=settings.field.strip().lower())
    check(settings)
    if not isinstance(workers, int) or workers < 1:
        raise ConfigError(f"--workers must be 1 or more, got {workers!r}")
    params = load_params({settings.strategy: settings.start} if settings.start else None)
    space = space_for(settings, params)
    if space.dims == 0:
        raise ConfigError(f"{settings.strategy} has no weight to tune: name some with --params")
    start_time = time.perf_counter()
    pool_context = contextlib.nullcontext(None)
    if workers > 1:
        from .bench import warm
        from scythe_sim.runner.batch import forked_pool

        pool_context = forked_pool(workers, warm)
    with pool_context as pool:
        player = Player(settings, workers, pool)
        history, best_z = _search(settings, space, params, player, progress, start_time)
        validation = _validate(settings, space, params, player, best_z)
        bad = player.bad
    weights, factions = space.values(best_z)
    shipped = load_params()[STRATEGIES.index(settings.strategy)]
    row, _ = space.rows(weights, factions)
    tuned = {w: float(row[k]) for k, w in enumerate(WEIGHTS)
             if w in space.names or row[k] != shipped[k]}
    from ..enums import FACTIONS

    start_factions = {FACTIONS[f]: {WEIGHTS[k]: float(r[k]) for k in np.flatnonzero(r != space.row)}
                      for f, r in space.by_faction.items()}
    validation["bad"] = bad
    return Result(settings, space.names, {w: float(space.row[WEIGHTS.index(w)]) for w in space.names},
                  tuned, {FACTIONS[f]: own for f, own in factions.items() if own}, start_factions,
                  history, validation, time.perf_counter() - start_time)


def _search(settings, space, params, player, progress, start_time):
    """CMA-ES over the generations: ([(generation, best, mean, sigma), ...], final mean z)."""
    import warnings

    import cma

    rng = np.random.default_rng([settings.seed, 17])
    options = {"bounds": [-Z_BOUND, Z_BOUND], "popsize": settings.popsize, "verbose": -9,
               "seed": settings.seed % (2 ** 31 - 1) + 1,
               "randn": lambda *shape: rng.standard_normal(shape)}   # a stream of its own
    history = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")       # cma's notes on flat fitness and the like
        es = cma.CMAEvolutionStrategy(np.zeros(space.dims), settings.sigma, options)
        best = -math.inf
        for gen in range(settings.generations):
            zs = es.ask()
            games = games_for(settings, gen, settings.games)
            runs = player.results([candidate_params(params, space, space.rows(*space.values(z)))
                                   for z in zs], games)
            scores = [fitness(w, m) for w, m in runs]
            es.tell(zs, [-s for s in scores])
            best = max(best, max(scores))
            history.append((gen + 1, max(scores), float(np.mean(scores)), float(es.sigma)))
            if progress is not None:
                progress(gen + 1, settings.generations, best, time.perf_counter() - start_time)
        # the distribution's mean, not the luckiest candidate: with noisy fitness the best
        # single score is biased upwards (the winner's curse)
        return history, np.clip(es.result.xfavorite, -Z_BOUND, Z_BOUND)


def _validate(settings, space, params, player, best_z) -> dict:
    """Start and tuned weights over a fresh paired set of games."""
    count = settings.validate or 4 * settings.games
    games = games_for(settings, _VALIDATION, count)
    start = candidate_params(params, space, (space.row, space.by_faction))
    tuned = candidate_params(params, space, space.rows(*space.values(best_z)))
    (w0, m0), (w1, m1) = player.results([start, tuned], games)
    diff = w1 - w0
    d, low, high, p = paired_difference(count, float(diff.sum()), float((diff ** 2).sum()))
    return {"games": count, "start": _summary(w0, m0), "tuned": _summary(w1, m1),
            "difference": (d, low, high, p)}


def _summary(win, margin) -> dict:
    low, high = wilson(float(win.sum()), len(win))
    return {"win_rate": float(win.mean()), "low": low, "high": high, "margin": float(margin.mean()),
            "fitness": fitness(win, margin)}


# --- the outputs --------------------------------------------------------------------------
def weights_toml(result: Result) -> str:
    """The tuned weights file: based_on the strategy, its tuned weights and faction tables."""
    s = result.settings
    lines = [f'description = "{s.strategy} tuned by scythe-sim tune: {s.generations} generations x '
             f'{s.popsize} candidates x {s.games} games against {s.field}, seed {s.seed}"',
             f'based_on = "{s.strategy}"', "", "[weights]"]
    lines += [f"{w} = {_number(v)}" for w, v in result.tuned.items()]
    for faction, own in result.factions.items():
        lines += ["", f"[faction.{faction}]"] + [f"{w} = {_number(v)}" for w, v in own.items()]
    return "\n".join(lines) + "\n"


def _number(v) -> str:
    text = repr(float(v))
    return text if "e" not in text else f"{v:.6f}"


def report_markdown(result: Result, out: str) -> str:
    s, v = result.settings, result.validation
    lines = [f"# Tuning {s.strategy}", "",
             f"Weights: `{out}`; {result.seconds:.0f} s.", "",
             "| setting | value |", "| --- | --- |"]
    lines += [f"| {k} | {val} |" for k, val in (
        ("field", s.field), ("players", s.players), ("games per candidate", s.games),
        ("generations", s.generations), ("population", s.popsize), ("seed", s.seed),
        ("start", s.start or f"scythe_sim/games/scythe/data/strategies/{s.strategy}.toml"),
        ("weights searched", ", ".join(result.names)),
        ("per-faction weights", ", ".join(s.faction_params) or "none"),
        ("fitness", f"win share + {TIE_BREAK} x mean margin (coins) over the best other seat"))]
    d, low, high, p = v["difference"]
    lines += ["", f"## Validation ({v['games']} paired games, fresh seeds)", "",
              "| weights | win rate | 95% CI | mean margin | fitness |", "| --- | --- | --- | --- | --- |"]
    for key in ("start", "tuned"):
        x = v[key]
        lines.append(f"| {key} | {x['win_rate']:.1%} | {x['low']:.1%} - {x['high']:.1%} | "
                     f"{x['margin']:+.1f} | {x['fitness']:.4f} |")
    lines += ["", f"Tuned minus start, paired by game: {d:+.1%} (95% CI {low:+.1%} to {high:+.1%}, "
                  f"p = {p:.3g}). Games stopped on a simulator bug: {v['bad']}.",
              "", "## Weights", "", "| weight | start | tuned | ratio |", "| --- | --- | --- | --- |"]
    for w in result.names:
        a, b = result.start[w], result.tuned[w]
        lines.append(f"| {w} | {a:g} | {b:g} | {b / a:.2f} |" if a else f"| {w} | {a:g} | {b:g} | |")
    if result.factions or result.start_factions:
        lines += ["", "## Per-faction weights", "", "| faction | start | tuned |", "| --- | --- | --- |"]
        for f in sorted(set(result.factions) | set(result.start_factions)):
            show = lambda own: ", ".join(f"{w} = {x:g}" for w, x in own.items()) or "-"   # noqa: E731
            lines.append(f"| {f} | {show(result.start_factions.get(f, {}))} | {show(result.factions.get(f, {}))} |")
    lines += ["", "## Generations", "", "| generation | best | mean | sigma |", "| --- | --- | --- | --- |"]
    lines += [f"| {g} | {b:.4f} | {m:.4f} | {sg:.3f} |" for g, b, m, sg in result.history]
    return "\n".join(lines) + "\n"


def write_outputs(result: Result, out, report) -> tuple:
    """Write the weights file and the report; their paths."""
    from pathlib import Path

    paths = []
    for path, text in ((out, weights_toml(result)), (report, report_markdown(result, str(out)))):
        p = Path(path)
        try:
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise ConfigError(f"cannot write {str(path)!r}: {exc.strerror}") from None
        paths.append(str(p))
    return tuple(paths)
