"""`scythe-sim run`: the main job, seeded games in shards, Parquet tables and a manifest."""
import dataclasses
import json
import os
import sys

import click

from scythe_sim.errors import ScytheSimError

from .common import (check_variant, complete_rule, complete_strategies, complete_variant, format_option, game_option,
                     game_spec, records, split_values)
from .progress import ProgressBar, StoppedBySignals, answer_json, print_summary, run_warmer


@dataclasses.dataclass(frozen=True)
class Seats:
    """Who sits at the table (each overrides the config): --players, --strategies,
    --strategy-pool, --factions and --mats, as given."""
    players: tuple
    strategies: tuple
    pool: tuple
    factions: tuple
    mats: tuple


@dataclasses.dataclass(frozen=True)
class Shaping:
    """The rest of what the flags change in the config: the games, their seed and shards,
    the house rules, the price table, the per-turn table and the variant."""
    games: int | None
    seed: int | None
    shard_size: int | None
    log_turns: bool | None
    rules: tuple
    prices: str | None
    variant: str | None


@dataclasses.dataclass(frozen=True)
class Folder:
    """Where the run goes and what becomes of a run already there: --out, --name,
    --resume, --extend-to, --overwrite, --cache and --cache-key."""
    output: str | None
    name: str | None
    resume: bool
    extend_to: int | None
    overwrite: bool
    cache: str | None
    print_key: bool


@dataclasses.dataclass(frozen=True)
class Execution:
    """Who plays the games: --workers, --backend, --scheduler and --keep-going."""
    workers: int | None
    backend: str
    scheduler: str | None
    keep_going: bool

    def processes(self):
        """--workers, else one per core."""
        return self.workers if self.workers is not None else (os.cpu_count() or 1)


@dataclasses.dataclass(frozen=True)
class Answer:
    """What the run prints: --quiet, --format and --verbose."""
    quiet: bool
    fmt: str
    verbose: bool


@click.command()
@click.argument("config", required=False)
@click.option("--games", type=int, help="Number of games (overrides the config).")
@click.option("--seed", type=int, help="Root seed (overrides the config).")
@click.option("--players", multiple=True, metavar="N[,N...]",
              help="Player count, or a list the games cycle through, e.g. --players 3,4 (overrides the config).")
@click.option("--strategies", multiple=True, metavar="NAMES", shell_complete=complete_strategies,
              help="Strategy of every seat, or one per seat, e.g. --strategies greedy,random (overrides the config).")
@click.option("--strategy-pool", "pool", multiple=True, metavar="NAMES", shell_complete=complete_strategies,
              help="Each seat of each game draws a strategy from these, e.g. --strategy-pool greedy,rusher.")
@click.option("--factions", multiple=True, metavar="NAMES",
              help="Factions per seat, with --mats: a fixed assignment, e.g. --factions nordic,saxony.")
@click.option("--mats", multiple=True, metavar="NAMES",
              help="Player mats per seat, with --factions, e.g. --mats industrial,patriotic.")
@click.option("--rule", "rules", multiple=True, metavar="KEY=VALUE", shell_complete=complete_rule,
              help="House rule (repeatable), as in the config's [rules], e.g. --rule turn_cap=80.")
@click.option("--prices", metavar="FILE", help="Price table (faction, mat, coins): each seat starts with its "
              "cell's coins besides its mat's, as the config's `prices` (docs/price.md).")
@click.option("--workers", type=int, default=None, help="Worker processes (default: every core).")
@click.option("--out", "output", metavar="DIR",
              help="The parent folder of runs: the run goes to DIR/<name> (overrides the config's output).")
@click.option("--name", help="Run name (overrides the config).")
@click.option("--shard-size", type=int, help="Games per shard (overrides the config).")
@click.option("--resume", is_flag=True,
              help="Complete the unfinished run at OUT/NAME; without CONFIG or flags it plays the run's own config.")
@click.option("--extend-to", "extend_to", type=int, metavar="N",
              help="Grow the run at OUT/NAME to N games: the files a run of N games would have, byte for byte; "
                   "without CONFIG or flags it plays the run's own config.")
@click.option("--cache", metavar="DIR", help="Keep the run in DIR/<key> (the key: config, rule set, package "
              "version and code): reused when it holds --games games or more, extended when it holds fewer. "
              "Prints the key.")
@click.option("--cache-key", "print_key", is_flag=True,
              help="Print the key of the run's --cache folder and stop (plays nothing).")
@click.option("--overwrite", is_flag=True, help="Replace whatever the run folder holds.")
@click.option("--keep-going", is_flag=True,
              help="A game stopped on a simulator bug is left out of the tables and listed in the bad_games "
                   "table (with its reproducer) instead of stopping the run (exit code 4).")
@click.option("--backend", type=click.Choice(["local", "dask"]), default="local", show_default=True)
@click.option("--scheduler", help="Dask scheduler address (tcp://host:8786); default: a local cluster.")
@click.option("--log-turns", is_flag=True, default=None, help="Also write the per-turn table.")
@click.option("--variant", metavar="NAME", shell_complete=complete_variant,
              help="Rule variant, e.g. all_out_war (overrides the config).")
@game_option(None, "The game: scythe or my_little_scythe, with its default config, strategies and rules "
             "(default: CONFIG's game, else scythe).")
@click.option("--quiet", is_flag=True, help="No progress bar and no answer: only the run's folder, on stdout.")
@format_option("the run's folder, games, rules and win rates with their intervals and parity, on stdout")
@click.option("-v", "--verbose", is_flag=True, help="Print the run's log (each shard's start and end, "
              "warnings) on stderr; it always goes to RUN_DIR/run.log.")
@records(seats=Seats, shaping=Shaping, folder=Folder, execution=Execution, answer=Answer)
def run(config, game, seats, shaping, folder, execution, answer):
    """Play a batch of seeded games and write Parquet tables (default config: the game's
    own, built in; for scythe the same as configs/default.toml).

    Example: scythe-sim run --games 2000 --players 3,4 --rule turn_cap=80 --name capped"""
    from scythe_sim.runner.config import RunConfig, config_of, flag_overrides, game_of, read_config
    from scythe_sim.runner.run import config_of_run, execute

    chosen = game_spec(game, "run") if game is not None else None
    game = chosen.name if chosen is not None and config is None else None
    data, base = read_config(config)                # read once, validated once (config_of below)
    if config is not None and chosen is not None and chosen.name != game_of(data):
        raise ScytheSimError(f"--game {chosen.name} but {config} plays {game_of(data)}: drop --game, or give a "
                             f"{chosen.name} config")
    spec = game_spec(game or game_of(data), "run", own=("factions", "mats"))
    check_variant(spec, shaping.variant)
    if bool(seats.factions) != bool(seats.mats):
        raise ScytheSimError("--factions and --mats go together (a fixed assignment gives both, one per "
                             "seat): add the other")
    seating = flag_overrides(split_values(seats.players), split_values(seats.strategies), split_values(seats.pool),
                             {"factions": split_values(seats.factions), "mats": split_values(seats.mats)},
                             shaping.rules)
    overrides = dict(games=shaping.games, seed=shaping.seed, shard_size=shaping.shard_size,
                     log_turns=shaping.log_turns, **seating,
                     prices=os.path.abspath(shaping.prices) if shaping.prices else None)
    _check_modes(folder, shaping.games)
    resume = folder.resume          # --extend-to resumes too, once its config is grown (below)
    if (resume or folder.extend_to is not None) and config is None and shaping.variant is None and \
            not any(v is not None for v in overrides.values()):
        default_name = spec.setup.default_config.get("name", RunConfig.name)
        cfg = config_of_run(folder.output, folder.name or default_name, "--resume" if resume else "--extend-to")
    else:
        cfg = config_of(data, base, **overrides, output=folder.output, name=folder.name, variant=shaping.variant,
                        game=game)
    if folder.print_key or folder.cache:
        _cached(cfg, folder, execution, answer)
        return
    if folder.extend_to is not None:
        from scythe_sim.runner.extend import extension

        cfg, resume = extension(cfg, folder.extend_to), True
    with StoppedBySignals(cfg), _progress(answer, cfg.games) as update:
        result = execute(cfg, workers=execution.processes(), backend=execution.backend,
                         scheduler=execution.scheduler, resume=resume, overwrite=folder.overwrite, progress=update,
                         warm=run_warmer(cfg), verbose=answer.verbose, keep_going=execution.keep_going)
    if answer.fmt == "json":
        click.echo(json.dumps(answer_json(result.run_dir, result), indent=2))
    elif answer.quiet:
        click.echo(result.run_dir)          # the one line a script needs: where the run is
    else:
        print_summary(result)


def _progress(answer, games):
    """The progress bar: on a terminal, never with --quiet; with --format json on stderr,
    so stdout holds the JSON alone."""
    if answer.fmt == "json":
        from rich.console import Console

        return ProgressBar(not answer.quiet and sys.stderr.isatty(), games, Console(stderr=True))
    return ProgressBar(not answer.quiet and sys.stdout.isatty(), games)


def _check_modes(folder, games):
    """One line for flags that exclude each other around --extend-to and --cache."""
    if folder.extend_to is not None:
        clash = next((flag for flag, on in (("--resume", folder.resume), ("--overwrite", folder.overwrite),
                                             ("--games", games is not None), ("--cache", folder.cache is not None))
                      if on), None)
        if clash:
            raise ScytheSimError(f"--extend-to and {clash} exclude each other: --extend-to N gives the games and "
                                 "completes the run")
        if folder.extend_to < 1:
            raise ScytheSimError(f"--extend-to {folder.extend_to}: give the number of games the run grows to "
                                 "(1 or more)")
    if folder.cache is not None:
        clash = next((flag for flag, on in (("--resume", folder.resume), ("--overwrite", folder.overwrite),
                                             ("--out", folder.output), ("--name", folder.name)) if on), None)
        if clash:
            raise ScytheSimError(f"--cache and {clash} exclude each other: the cached run's folder is "
                                 "DIR/<key>, reused, completed or extended as needed")


def _cached(cfg, folder, execution, answer):
    """--cache-key: print the key; --cache DIR: the cached run holding cfg.games games."""
    from scythe_sim.runner.cache import cache_key, cached_config, ensure_cached

    if folder.print_key:
        click.echo(cache_key(cfg))
        return
    target = cached_config(cfg, folder.cache)
    with StoppedBySignals(target), _progress(answer, cfg.games) as update:
        run_dir, held, done = ensure_cached(cfg, folder.cache, cfg.games, workers=execution.processes(),
                                            backend=execution.backend, scheduler=execution.scheduler,
                                            progress=update, warm=run_warmer(cfg), verbose=answer.verbose)
    if answer.fmt == "json":
        click.echo(json.dumps({**answer_json(run_dir), "cache_key": target.name, "cached": done}, indent=2))
    elif answer.quiet:
        click.echo(run_dir)
    else:
        click.echo(f"cache key: {target.name}")
        click.echo(f"cached run: {run_dir} ({held:,} games, {done})")
