"""`scythe-sim price`: the coins that even each faction, mat and faction x mat, fitted to a
run with the coin handicap (played here, kept in a cache folder, or read from a run
folder); `--check TABLE` plays fresh seeds with a price table applied and says PASS or
FAIL (exit 0 or 1). docs/price.md."""
import dataclasses
import os
import sys

import click

from scythe_sim.errors import ConfigError

from .common import records, split_values

BY_CHOICES = ["faction,mat", "faction", "mat"]
CHECK_SEED_OFFSET = 1_000_000     # the check's default root: the fit's seed plus this (fresh deals)


@dataclasses.dataclass(frozen=True)
class Shaping:
    """The games to play, as the flags give them (each overrides the config; RUN holds its
    own): --games, --seed, --players, --strategies, --strategy-pool, --rule and --prices.
    The fields' order is the order the refusals name them in."""
    games: int | None
    seed: int | None
    players: tuple
    strategies: tuple
    pool: tuple
    rules: tuple
    prices: str | None


@dataclasses.dataclass(frozen=True)
class Fit:
    """How the prices are fitted: --handicap, --rounds, --refine-handicap and --by."""
    handicap: int
    rounds: int
    refine_handicap: int
    by: tuple


@dataclasses.dataclass(frozen=True)
class Playing:
    """Where and how the runs are played: --cache, --workers and --quiet."""
    cache: str
    workers: int | None
    quiet: bool


@click.command()
@click.argument("source", required=False, metavar="[CONFIG | RUN]")
@click.option("--games", type=click.IntRange(min=1), help="Games to play (default: the config's; 10,000 for the "
              "default config).")
@click.option("--seed", type=int, help="Root seed (overrides the config; with --check, the check's seed).")
@click.option("--players", multiple=True, metavar="N", help="Player count (one: a price is for a player count).")
@click.option("--strategies", multiple=True, metavar="NAMES",
              help="Strategy of every seat, or one per seat, e.g. --strategies search (overrides the config).")
@click.option("--strategy-pool", "pool", multiple=True, metavar="NAMES",
              help="Each seat of each game draws a strategy from these (overrides the config).")
@click.option("--rule", "rules", multiple=True, metavar="KEY=VALUE",
              help="House rule (repeatable), e.g. --rule ban_pairs=0 to price the banned pairs too.")
@click.option("--handicap", type=click.IntRange(min=0), default=10, show_default=True,
              help="K of the coin handicap: each seat starts with its mat's coins moved by a draw in -K..K.")
@click.option("--prices", metavar="FILE",
              help="A price table every seat gets besides its draw (faction, mat, coins), e.g. to refine a table.")
@click.option("--rounds", type=click.IntRange(min=1), default=1, show_default=True,
              help="Fit, then play a handicap run around the fitted table and fit again, this many times in all: "
                   "the table settles where its coins are measured (docs/price.md).")
@click.option("--refine-handicap", type=click.IntRange(min=0), default=4, show_default=True,
              help="K of the handicap runs around a table (rounds after the first).")
@click.option("--by", multiple=True, type=click.Choice(BY_CHOICES),
              help="Tables to price (repeatable); default all three: faction,mat cells, and factions and mats that add.")
@click.option("--check", "check_path", metavar="TABLE",
              help="Play fresh seeds with this price table applied and check each faction, mat and cell against "
                   "parity: exit 0 on PASS, 1 on FAIL.")
@click.option("--margin", type=click.FloatRange(0, 100, min_open=True), default=3.0, show_default=True,
              help="With --check: how close to parity every faction and mat must be, in percentage points.")
@click.option("--format", "fmt", type=click.Choice(["text", "csv", "json"]), default="text", show_default=True)
@click.option("--out", help="Write price.csv (a table to apply), price.json and a report with the price heatmap "
                            "(index.md, index.html) in this folder.")
@click.option("--cache", default=os.path.join("results", "price"), show_default=True,
              help="Where the played runs are kept, as DIR/<key>: reused and extended by later calls.")
@click.option("--workers", type=click.IntRange(min=1), default=None, help="Worker processes (default: every core).")
@click.option("--quiet", is_flag=True, help="No progress bar and no notes on stderr.")
@records(shaping=Shaping, fit=Fit, playing=Playing)
def price(source, shaping, fit, playing, check_path, margin, fmt, out):
    """Price every faction, mat and faction x mat in coins: the coins that bring each to
    the average seat's strength, from a run whose seats start with random coin handicaps
    (played and kept in --cache, or RUN, a finished run with the handicap).

    \b
    Example: price the 4-player cells, then check the table on fresh seeds
      scythe-sim price --games 40000 --rule ban_pairs=0 --rounds 3 --out results/price-4p
      scythe-sim price --check results/price-4p/price.csv --rule ban_pairs=0 --games 20000
    """
    from analysis.runs import Run

    is_run = source is not None and os.path.isfile(os.path.join(source, "manifest.json"))
    if source is not None and not is_run and not os.path.isfile(source):
        raise ConfigError(f"{source} is neither a config file nor a run folder (no manifest.json)")
    if check_path is not None:
        cfg = _check_config(source, is_run, shaping, check_path)
        run = Run(_played(cfg, playing)).first(cfg.games)
        _check(run, cfg, check_path, margin / 100, fmt, out)
        return
    if is_run:
        given = [f"--{k.replace('_', '-')}" for k, v in dataclasses.asdict(shaping).items()
                 if v and k != "players"]
        if given or fit.rounds > 1:
            raise ConfigError(f"{(given or ['--rounds'])[0]} describes the games to play: RUN holds its own; drop "
                              "it, or give a config")
        run = Run(source)
        prices = _fitted(run, int(split_values(shaping.players)[0]) if shaping.players else None, fit.by)
        _show(prices, fmt, out, run.path)
        return
    from analysis.price import MIN_HANDICAP

    if fit.rounds > 1 and fit.refine_handicap < MIN_HANDICAP:
        raise ConfigError(f"--refine-handicap {fit.refine_handicap} is too narrow to fit what a coin is worth: give "
                          f"{MIN_HANDICAP} or more")
    cfg = _fit_config(source, shaping, fit.handicap, fit.by)
    for k in range(fit.rounds):
        if k:
            cfg = _around(cfg, prices, fit.refine_handicap)
        run = Run(_played(cfg, playing)).first(cfg.games)
        prices = _fitted(run, cfg.players[0], fit.by)
        if fit.rounds > 1 and not playing.quiet:
            from analysis.price_view import answer_lines

            click.echo(f"round {k + 1} of {fit.rounds}: {answer_lines(prices)[0]}", err=True)
    prices.rounds = fit.rounds
    _show(prices, fmt, out, f"{run.path}, played from {source or 'the default config'}")


def _overrides(shaping):
    from scythe_sim.runner.config import flag_overrides

    out = flag_overrides(split_values(shaping.players), split_values(shaping.strategies),
                         split_values(shaping.pool), rules=shaping.rules)
    if shaping.prices:
        out["prices"] = os.path.abspath(shaping.prices)
    return dict(games=shaping.games, seed=shaping.seed, **out)


def _fit_config(source, shaping, handicap, by):
    """The handicap run's config: the source config (or the default) under the flags, with
    coin_handicap = K unless a --rule gives it; one line for what cannot be priced."""
    from analysis.price import MIN_HANDICAP, MIN_SEATS

    overrides = _overrides(shaping)
    rules = overrides.setdefault("rules", {})
    rules.setdefault("coin_handicap", handicap)
    cfg = _loaded(source, overrides, "--prices", shaping.prices)
    _scythe_only(cfg)
    k = cfg.rules_dict.get("coin_handicap", 0)
    if k < MIN_HANDICAP:
        raise ConfigError(f"a coin handicap of {k} (coin_handicap) is too narrow to fit what a coin is worth: give "
                          f"--handicap {MIN_HANDICAP} or more (10 is the default)")
    if len(cfg.players) != 1:
        raise ConfigError(f"price one player count at a time (the config plays {', '.join(map(str, cfg.players))}): "
                          f"give --players {cfg.players[0]}")
    from scythe_sim.games.scythe.lineup import lineup

    line = lineup(cfg.rules_dict)
    n = cfg.players[0]
    groups = len(line.factions) * len(line.mats) if (not by or "faction,mat" in by) else \
        max(len(line.factions), len(line.mats))
    if cfg.games * n / groups < 2 * MIN_SEATS:          # twice: so that chance leaves each group enough
        raise ConfigError(f"--games {cfg.games:,} is too few to price at {n} players: each of {groups} groups would "
                          f"get about {cfg.games * n // groups} seats, a price needs {MIN_SEATS} or more; give "
                          f"--games {-(-2 * MIN_SEATS * groups // n):,} or more")
    return cfg


def _check_config(source, is_run, shaping, table):
    """The check's config: the source's (a config, the default, or RUN's own) with the
    table applied, no handicap, on the check's seed (default: the source's seed plus
    CHECK_SEED_OFFSET, deals no fit of that seed played)."""
    from scythe_sim.runner.config import config_from_snapshot
    from scythe_sim.runner.prices import read_price_table

    if not os.path.isfile(table):
        raise ConfigError(f"--check {table}: no such price table file")
    if is_run:
        given = [f"--{k}" for k, v in dataclasses.asdict(shaping).items()
                 if v and k not in ("games", "seed", "players")]
        if given:
            raise ConfigError(f"{given[0]} with RUN and --check: the check plays RUN's config with the table; drop it")
        from analysis.runs import Run

        base = config_from_snapshot(Run(source).manifest["config"])
        rules = tuple((k, v) for k, v in base.rules if k != "coin_handicap")
        rows = read_price_table(table, base.spec.setup.price_keys, f"--check {table}")
        count = int(split_values(shaping.players)[0]) if shaping.players else None
        cfg = dataclasses.replace(base, rules=rules, prices=rows, name="price-check",
                                  games=shaping.games or base.games,
                                  players=(count,) if count else base.players,
                                  seed=shaping.seed if shaping.seed is not None else base.seed + CHECK_SEED_OFFSET)
        cfg.spec.check_config(cfg)
    else:
        overrides = _overrides(dataclasses.replace(shaping, prices=table))
        overrides.setdefault("rules", {})["coin_handicap"] = 0
        seed = overrides.pop("seed")
        cfg = _loaded(source, overrides, "--check", table)
        cfg = dataclasses.replace(cfg, seed=seed if seed is not None else cfg.seed + CHECK_SEED_OFFSET)
    _scythe_only(cfg)
    if len(cfg.players) != 1:
        raise ConfigError(f"check one player count at a time (the config plays {', '.join(map(str, cfg.players))}): "
                          f"give --players {cfg.players[0]}")
    return cfg


def _loaded(source, overrides, flag, table):
    """load_config, a table given by `flag` named so in an error line about it."""
    from scythe_sim.runner.config import load_config

    try:
        return load_config(source, **overrides)
    except ConfigError as exc:
        if table and str(exc).startswith("config 'prices'"):
            raise ConfigError(f"{flag} {table}" + str(exc)[len("config 'prices'"):]) from None
        raise


def _scythe_only(cfg):
    if not cfg.spec.setup.price_keys:
        raise ConfigError(f"price: {cfg.game} has no factions and mats to price")


def _played(cfg, playing):
    """The cached run of cfg (played, extended or reused), its folder."""
    from scythe_sim.runner.cache import ensure_cached

    from .progress import ProgressBar, StoppedBySignals, run_warmer

    from rich.console import Console

    workers = playing.workers or os.cpu_count() or 1
    show = not playing.quiet and sys.stderr.isatty()
    with StoppedBySignals(cfg), ProgressBar(show, cfg.games, Console(stderr=True)) as update:
        run_dir, held, done = ensure_cached(cfg, playing.cache, cfg.games, workers=workers, progress=update,
                                            warm=run_warmer(cfg))
    if not playing.quiet:
        click.echo(f"run: {run_dir} ({held:,} games, {done}; the first {cfg.games:,} read)", err=True)
    return run_dir


def _fitted(run, players, by):
    """The prices of a handicap run's `players`-player games (analysis/price.py)."""
    from analysis.price import BY, fit_prices, seat_frame

    seats, k = seat_frame(run, players)
    return fit_prices(seats, k, run.vocabulary("seats", "faction"), run.vocabulary("seats", "mat"), tuple(by) or BY)


def _around(cfg, prices, k):
    """The config of a handicap run of K = k around the fitted table (the next round)."""
    from analysis.price_view import price_table

    table = price_table(prices)
    rows = tuple(tuple(sorted([("coins", int(r["coins"]))] + [(key, r[key]) for key in ("faction", "mat")
                                                                if r[key] is not None]))
                 for r in table.iter_rows(named=True))
    rules = tuple(sorted({**cfg.rules_dict, "coin_handicap": k}.items()))
    cfg = dataclasses.replace(cfg, prices=rows, rules=rules)
    cfg.spec.check_config(cfg)
    return cfg


def _show(prices, fmt, out, source):
    from analysis.price_view import render

    click.echo(render(prices, fmt))
    if out:
        written = _write(prices, out, source)
        click.echo(f"wrote {', '.join(written)}", err=True)


def _write(prices, out, source):
    """price.csv (the table to apply), price_additive.csv (the faction and mat rows, when
    the cells are the first), price.json and a report of the prices (index.md, index.html,
    the heatmap); returns the files written."""
    import json

    from analysis.price_view import as_json, price_table, section
    from analysis.report import Report

    os.makedirs(out, exist_ok=True)
    written = [os.path.join(out, "price.csv"), os.path.join(out, "price.json")]
    price_table(prices).write_csv(written[0])
    with open(written[1], "w", encoding="utf-8") as fh:
        json.dump(as_json(prices), fh, indent=2)
    additive = price_table(prices, cells=False)
    if "faction,mat" in prices.tables and additive is not None:
        written.append(os.path.join(out, "price_additive.csv"))
        additive.write_csv(written[-1])
    report = Report(out)
    report.heading("scythe-sim coin prices", 1)
    report.text(f"From {source}.")
    section(report, prices, "")
    report.write()
    return written + [os.path.join(out, "index.md")]


def _check(run, cfg, table, margin, fmt, out):
    from analysis.price import check_table
    from analysis.price_view import render_check

    seats = run.seats().select("game", "seat", "faction", "mat", "winner", "players").collect().sort("game", "seat")
    result = check_table(seats, margin)
    text = render_check(result, table, cfg.players[0], fmt)
    click.echo(text)
    if out:
        os.makedirs(out, exist_ok=True)
        path = os.path.join(out, "price_check." + {"text": "txt", "csv": "csv", "json": "json"}[fmt])
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text + "\n")
        click.echo(f"wrote {path}", err=True)
    sys.exit(0 if result["outcome"] == "PASS" else 1)
