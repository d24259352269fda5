"""The `scythe-sim` command line: parse, call the library, print. Nothing else."""
import sys

import click

from scythe_sim.errors import ScytheSimError

from .progress import _generations, _print_summary, _progress, _stopped_by_signals, _warm_visibly


class _Group(click.Group):
    """Turns the project's own errors into one line on stderr and exit code 2."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except ScytheSimError as exc:
            click.echo(f"error: {exc}", err=True)
            sys.exit(2)
        except OSError as exc:            # disk full, a folder that is a file, no permission...
            where = f" ({exc.filename})" if exc.filename else ""
            click.echo(f"error: {exc.strerror or exc}{where}", err=True)
            sys.exit(2)
        except Exception as exc:
            # a file the Parquet readers cannot decode (other polars/pyarrow errors are bugs)
            if type(exc).__name__ not in ("ComputeError", "ArrowInvalid", "ArrowIOError") or \
                    type(exc).__module__.split(".")[0] not in ("polars", "pyarrow"):
                raise
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            click.echo(f"error: a Parquet file of the run is unreadable ({first}): check the run "
                       "without --no-verify, or play it again", err=True)
            sys.exit(2)


def _split(values):
    out = []
    for value in values:
        out.extend(x for x in value.replace(",", " ").split() if x)
    return out


_NO_VERIFY = ("Skip the sha256 of each shard file (faster on large runs); presence and sizes "
              "are still checked against the manifest.")


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"], "show_default": True})
@click.version_option(package_name="scythe-sim")
def main():
    """Simulate Scythe games and analyse balance.

    \b
    Example:
      scythe-sim run --games 2000 && scythe-sim report results/default
    """


@main.command()
@click.option("--seed", type=int, default=0, show_default=True, help="Game seed (0 to 2^64-1).")
@click.option("--players", type=int, default=4, show_default=True,
              help="Number of players (1-5; 6-7 deal Albion and Togawa too).")
@click.option("--factions", multiple=True, help="Factions per seat, e.g. --factions nordic,saxony (default: dealt).")
@click.option("--mats", multiple=True, help="Player mats per seat, e.g. --mats industrial,patriotic (default: dealt).")
@click.option("--strategies", "strategies", multiple=True, metavar="NAME[,NAME...]",
              help="Strategy per seat (one name: every seat): random, greedy, economist, rusher, warmonger, "
                   "objective, automa (default: drawn per seat from --mix).")
@click.option("--strategy", "strategy_alias", multiple=True, hidden=True)   # the old spelling
@click.option("--mix", default="default", show_default=True, metavar="NAME",
              help="Strategy mix the seats are drawn from when --strategies is not given.")
@click.option("--quiet", is_flag=True, help="Print only the final score table.")
@click.option("--expansion", is_flag=True,
              help="Deal from all seven factions and mats (Invaders from Afar); implied past 5 players.")
@click.option("--resolution", metavar="TILE",
              help="The Wind Gambit's resolution tile: a name (factory_explosion, ...), 1-8 or random.")
@click.option("--variant", metavar="NAME", help="Rule variant: all_out_war or wind_gambit (airships).")
@click.option("--rule", "rule_flags", multiple=True, metavar="KEY=VALUE",
              help="House rule (repeatable), as in a run config's [rules], e.g. --rule airship_aggressive=toll.")
def play(seed, players, factions, mats, strategies, strategy_alias, mix, quiet, expansion, resolution, variant,
         rule_flags):
    """Play one game and print it decision by decision, then the score table.

    \b
    Example:
      scythe-sim play --seed 7 --players 3 --strategies greedy,rusher,automa
      scythe-sim play --seed 7 --players 4 --resolution factory_explosion
      scythe-sim play --seed 7 --variant wind_gambit --rule airship_aggressive=toll
    """
    from scythe_sim.playthrough import mix_seats, play_through, score_table_lines
    from scythe_sim.errors import ConfigError
    from scythe_sim.runner.config import flag_overrides
    from scythe_sim.scythe import VARIANT_RULES, VARIANTS

    rules = {"expansion_factions": 1} if expansion or players > 5 else {}
    if resolution:
        rules["resolution"] = resolution
    if variant is not None and variant not in VARIANTS:
        raise ConfigError(f"--variant {variant!r}: choose one of {', '.join(VARIANTS)}")
    rules.update(VARIANT_RULES.get(variant, ()))
    rules.update(flag_overrides(rules=rule_flags).get("rules", {}))
    names = _split(strategies + strategy_alias) or mix_seats(mix, seed, players)
    game, lines = play_through(seed, players, _split(factions) or None, _split(mats) or None, names,
                               rules=rules)
    if not quiet:
        click.echo("\n".join(lines))
        click.echo(str(game))
    click.echo("\n".join(score_table_lines(game, names)))


@main.command()
@click.argument("config", required=False)
@click.option("--games", type=int, help="Number of games (overrides the config).")
@click.option("--seed", type=int, help="Root seed (overrides the config).")
@click.option("--players", multiple=True, metavar="N[,N...]",
              help="Player count, or a list the games cycle through, e.g. --players 3,4 (overrides the config).")
@click.option("--strategies", multiple=True, metavar="NAMES",
              help="Strategy of every seat, or one per seat, e.g. --strategies greedy,random (overrides the config).")
@click.option("--strategy-pool", "pool", multiple=True, metavar="NAMES",
              help="Each seat of each game draws a strategy from these, e.g. --strategy-pool greedy,rusher.")
@click.option("--factions", multiple=True, metavar="NAMES",
              help="Factions per seat, with --mats: a fixed assignment, e.g. --factions nordic,saxony.")
@click.option("--mats", multiple=True, metavar="NAMES",
              help="Player mats per seat, with --factions, e.g. --mats industrial,patriotic.")
@click.option("--rule", "rules", multiple=True, metavar="KEY=VALUE",
              help="House rule (repeatable), as in the config's [rules], e.g. --rule turn_cap=80.")
@click.option("--workers", type=int, default=None, help="Worker processes (default: every core).")
@click.option("--out", "output", help="Output folder; the run goes to OUT/<name> (overrides the config).")
@click.option("--name", help="Run name (overrides the config).")
@click.option("--shard-size", type=int, help="Games per shard (overrides the config).")
@click.option("--resume", is_flag=True,
              help="Complete the unfinished run at OUT/NAME; without CONFIG or flags it plays the run's own config.")
@click.option("--overwrite", is_flag=True, help="Replace whatever the run folder holds.")
@click.option("--backend", type=click.Choice(["local", "dask"]), default="local", show_default=True)
@click.option("--scheduler", help="Dask scheduler address (tcp://host:8786); default: a local cluster.")
@click.option("--log-turns", is_flag=True, default=None, help="Also write the per-turn table.")
@click.option("--variant", metavar="NAME", help="Rule variant, e.g. all_out_war (overrides the config).")
@click.option("--quiet", is_flag=True, help="No progress bar and no summary table.")
@click.option("-v", "--verbose", is_flag=True, help="Print the run's log (each shard's start and end, "
              "warnings) on stderr; it always goes to RUN_DIR/run.log.")
def run(config, games, seed, players, strategies, pool, factions, mats, rules, workers, output, name,
        shard_size, resume, overwrite, backend, scheduler, log_turns, variant, quiet, verbose):
    """Play a batch of seeded games and write Parquet tables (default config: built in,
    the same as configs/default.toml).

    Example: scythe-sim run --games 2000 --players 3,4 --rule turn_cap=80 --name capped"""
    import os

    from scythe_sim.runner.config import flag_overrides, load_config
    from scythe_sim.runner.run import config_of_run, execute

    if bool(factions) != bool(mats):
        raise ScytheSimError("--factions and --mats go together (a fixed assignment gives both, one per "
                             "seat): add the other")
    shaping = flag_overrides(_split(players), _split(strategies), _split(pool),
                             {"factions": _split(factions), "mats": _split(mats)}, rules)
    overrides = dict(games=games, seed=seed, shard_size=shard_size, log_turns=log_turns, **shaping)
    if resume and config is None and variant is None and not any(v is not None for v in overrides.values()):
        cfg = config_of_run(output, name)
    else:
        cfg = load_config(config, **overrides, output=output, name=name)
        if variant is not None:
            if variant not in cfg.spec.variants:
                raise ScytheSimError(f"--variant {variant!r} is not a variant of {cfg.game}: choose one of "
                                     f"{', '.join(cfg.spec.variants)}")
            cfg = load_config(config, **overrides, output=output, name=name, variant=variant)
    workers = workers if workers is not None else (os.cpu_count() or 1)
    show = not quiet and sys.stdout.isatty()
    with _stopped_by_signals(cfg), _progress(show, cfg.games) as update:
        result = execute(cfg, workers=workers, backend=backend, scheduler=scheduler,
                         resume=resume, overwrite=overwrite, progress=update, warm=_warm_visibly(cfg),
                         verbose=verbose)
    if not quiet:
        _print_summary(result)


@main.command()
@click.argument("run_dir")
@click.option("--game", "game_id", type=int, required=True, help="Game number (the games table's `game`).")
@click.option("--quiet", is_flag=True, help="Only confirm the match, no playthrough.")
@click.option("--no-verify", is_flag=True, help=_NO_VERIFY)
def replay(run_dir, game_id, quiet, no_verify):
    """Re-simulate one game of a run from its stored seed and check it against the tables."""
    from scythe_sim.runner.replay import replay as replay_game

    lines, mismatches = replay_game(run_dir, game_id, hashes=not no_verify)
    if not quiet:
        click.echo("\n".join(lines))
    if mismatches:
        click.echo(f"replay of game {game_id} does NOT match the stored rows:", err=True)
        for line in mismatches:
            click.echo(f"  {line}", err=True)
        sys.exit(1)
    click.echo(f"replay of game {game_id} matches the stored rows")


@main.command()
@click.argument("run_dirs", nargs=-1, required=True)
@click.option("--out", "out_dir", help="Report folder (default: <first run>/report).")
@click.option("--no-verify", is_flag=True, help=_NO_VERIFY)
def report(run_dirs, out_dir, no_verify):
    """Write a balance report (index.md, index.html, PNG, CSV) for one or more runs."""
    import os

    from analysis import runs
    from analysis.report import build_report

    runs.VERIFY_HASHES = not no_verify
    out_dir = out_dir or os.path.join(run_dirs[0], "report")
    index = build_report(run_dirs, out_dir)
    click.echo(f"report: {index} (and index.html beside it)")


@main.command()
@click.argument("base")
@click.argument("candidate")
@click.option("--by", default=None, help="Group: faction (Scythe's default), mat, faction,mat, personality, "
              "strategy, players, turn_order (My Little Scythe's default), seat, or a Wind Gambit tile: "
              "resolution_tile, airship_aggressive, airship_passive (a base run's games count under the tile "
              "the same game drew in the other run).",
              type=click.Choice(["faction", "mat", "faction,mat", "personality", "strategy", "players",
                                 "turn_order", "seat", "resolution_tile", "airship_aggressive",
                                 "airship_passive"]))
@click.option("--alpha", type=click.FloatRange(0, 1, min_open=True, max_open=True), default=0.05,
              show_default=True, help="Family-wise error rate (Holm-corrected over the groups).")
@click.option("--min-effect", type=click.FloatRange(min=0), default=0.02, show_default=True,
              help="Smallest win-rate difference that counts as a shift.")
@click.option("--outcome", default="winner", show_default=True, type=click.Choice(["winner", "war_winner"]),
              help="The win compared: the standard game's, or All Out War's (two war runs).")
@click.option("--fail", is_flag=True, help="Exit 1 when some group shifted.")
@click.option("--format", "fmt", type=click.Choice(["text", "markdown", "json"]), default="text",
              show_default=True, help="text for a terminal, markdown for a pull-request comment, json for tools.")
@click.option("--allow-same", is_flag=True, help="Compare a run with itself (or a copy) instead of refusing.")
@click.option("--no-verify", is_flag=True, help=_NO_VERIFY)
def compare(base, candidate, by, alpha, min_effect, outcome, fail, fmt, allow_same, no_verify):
    """Compare win rates of a candidate run with a base run, group by group: paired
    (seat by seat) when both runs played the same deals, unpaired otherwise. What
    differs between the runs' configs and rule sets is printed first; differences
    are in percentage points (pp), largest first.

    \b
    Example:
      scythe-sim compare results/base results/house-rule --by faction,mat --fail
    """
    import shutil

    from analysis.compare import check_outcome, compare_runs, outcome_note
    from analysis.compare_view import check_runs, render, what_differs
    from analysis.pairing import check_pairing
    from analysis.runs import Run

    base_run, candidate_run = Run(base, hashes=not no_verify), Run(candidate, hashes=not no_verify)
    warnings = check_runs(base_run, candidate_run, allow_same)
    by = by or ("turn_order" if base_run.game == "my_little_scythe" else "faction")
    keys = tuple(by.split(","))
    check_outcome(base_run, candidate_run, outcome)
    pairing = check_pairing(base_run, candidate_run, keys)
    table = compare_runs(base_run, candidate_run, keys, alpha, min_effect, pairing, outcome)
    note = outcome_note(base_run, candidate_run, outcome, pairing)
    shifted = int(table["shifted"].sum())
    result = {"base": base_run.name, "candidate": candidate_run.name,
              "base_games": base_run.manifest["games"], "candidate_games": candidate_run.manifest["games"],
              "warnings": warnings, "differences": what_differs(base_run, candidate_run),
              "what": "war win rate" if outcome == "war_winner" else "win rate", "by": by, "keys": keys,
              "method": pairing.method, "level": f"{1 - alpha:.0%}", "pairing": pairing.reason,
              "alpha": alpha, "min_effect": min_effect, "shifted": shifted, "table": table,
              "notes": [n for n in (note, f"verdict uses the {pairing.method} interval; {pairing.reason}") if n],
              "summary": f"{shifted} group(s) shifted by at least {100 * min_effect:.1f} pp at alpha {alpha}"}
    click.echo(render(result, fmt, shutil.get_terminal_size((100, 24)).columns))
    if fail and shifted:
        sys.exit(1)


@main.command()
@click.option("--games", type=click.IntRange(min=1), default=2000, show_default=True, help="Games per timed repeat.")
@click.option("--players", type=click.IntRange(1, 5), default=4, show_default=True)
@click.option("--repeats", type=click.IntRange(min=1), default=5, show_default=True, help="Timed repeats (median reported).")
@click.option("--compile/--no-compile", "measure_compile", default=True, show_default=True,
              help="Also time a cold and a cached JIT compile in fresh processes.")
@click.option("--profile", is_flag=True, help="Instead: the cost of each decision point's legal list.")
@click.option("--mix", "mix", metavar="NAME",
              help="Play this strategy mix (e.g. default) instead of random play.")
@click.option("--strategy-mix", "mix_alias", metavar="NAME", hidden=True)      # the old spelling
@click.option("--baseline/--no-baseline", default=True, show_default=True,
              help="With --mix: also time the frozen baseline mix greedy1 and print the ratio.")
@click.option("--perf-map", is_flag=True,
              help="Write /tmp/perf-<pid>.map so that `perf record` names the compiled functions.")
def bench(games, players, repeats, measure_compile, profile, mix, mix_alias, baseline, perf_map):
    """Measure games/s on one core (random play, or --mix beside the frozen
    baseline greedy1) and the JIT compile time."""
    from scythe_sim.bench import bench_compile, bench_games, bench_mix_and_baseline
    from scythe_sim.strategies.mixes import mix_pool

    mix = mix if mix is not None else mix_alias
    if mix is not None:
        mix = mix.strip().lower()
        mix_pool(mix)                 # an unknown mix: one line, exit 2, before any timing

    if perf_map:
        from scythe_sim.bench import warm
        from scythe_sim.perfmap import keep_loaded_objects, write_perf_map

        keep_loaded_objects()
        warm()
        path, functions = write_perf_map()
        if functions == 0:
            raise ScytheSimError("--perf-map needs the kernel in the JIT cache (this process "
                                 "compiled it): run `scythe-sim warmup` first")
        click.echo(f"perf map: {path} ({functions} compiled functions named)")

    if profile:
        from scythe_sim.profiling import profile_phases

        per, decisions, rows = profile_phases(min(games, 200), players)
        click.echo(f"{decisions} decisions, {per:.2f} us each; legal-list cost by decision point:")
        click.echo(f"{'phase':16} {'points':>8} {'share':>6} {'us/list':>8} {'of time':>8}")
        for phase, n, share, micro, of_time in rows:
            click.echo(f"{phase:16} {n:8d} {share:6.1%} {micro:8.2f} {of_time:8.1%}")
        return

    from scythe_sim.bench import warm
    from scythe_sim.compiled.packages import has_cache

    from .compiling import COLD_COMPILE_MINUTES, warm_visibly

    if measure_compile:
        click.echo(f"timing the JIT compile: a cold compile in a fresh process with an empty cache "
                   f"(about {COLD_COMPILE_MINUTES} minutes), then a load from that cache ...", err=True)
        cold, cached = bench_compile()
        click.echo(f"JIT compile: cold {cold:.1f} s, cached {cached:.1f} s (fresh processes)")
    warm_visibly(warm, cached=has_cache("scythe"))      # never timed as play
    what = "random play" if mix is None else f"strategy mix {mix!r}" + (" and the baseline" if baseline else "")
    click.echo(f"timing {what}: {repeats} x {games} games of {players} players on one core ...", err=True)
    if mix is None:
        results = [(None, bench_games(games, players, repeats))]
    else:
        results = bench_mix_and_baseline(games, players, repeats, mix, baseline)
    for name, result in results:
        what = "random play" if name is None else f"strategy mix {name!r}"
        click.echo(f"{what}, {players} players: {result['games_per_s']:.1f} games/s per core "
                   f"(median of {repeats} x {games} games; {result['decisions_per_s']:.0f} decisions/s, "
                   f"{result['decisions_per_game']:.0f} decisions and {result['mean_turns']:.0f} turns per game)")
    if len(results) == 2:
        (new, a), (old, b) = results
        click.echo(f"{new} / {old}: {a['games_per_s'] / b['games_per_s']:.2f} x the baseline's games/s per core")


@main.command()
@click.option("--games", type=int, default=200, show_default=True, help="Games per line-up (18 line-ups at these strategies).")
@click.option("--players", type=int, default=4, show_default=True, help="Players per game (2-7; 6-7 deal Albion and Togawa).")
@click.option("--seed", type=int, default=1, show_default=True, help="Root seed.")
@click.option("--workers", type=int, default=None, help="Worker processes (default: every core).")
@click.option("--out", "out_file", metavar="FILE.md", help="Also write the report as Markdown.")
@click.option("--fail", is_flag=True, help="Exit 1 when a target fails.")
@click.option("--ablation", is_flag=True,
              help="Instead: the default mix with each ability, the Factory and the encounters "
                   "switched off in turn, paired with a base run (--games per run).")
@click.option("--game", default="scythe", show_default=True,
              help="The game measured: scythe or my_little_scythe.")
@click.option("--expansion", is_flag=True,
              help="Deal Albion and Togawa (Invaders from Afar) at any player count.")
@click.option("--mix-only", is_flag=True,
              help="Instead: the default mix alone at each of --counts, its ability use and "
                   "faction win rates (--games per count).")
@click.option("--counts", default="4,5,6,7", show_default=True, metavar="N,N,...",
              help="Player counts of --mix-only.")
@click.option("--wind-gambit", is_flag=True,
              help="Instead: The Wind Gambit's strategies, greedy with the airship and resolution "
                   "weights against greedy without each, and the airship's use and the resolution "
                   "tiles' ends in the default mix before and after (--games per block).")
def evaluate(games, players, seed, workers, out_file, fail, ablation, game, expansion, mix_only, counts,
             wind_gambit):
    """Strategy quality: vs random, greedy vs the frozen greedy1, the default mix (with
    ability use), mirror matches and a ladder, with each target marked PASS or FAIL
    (docs/STRATEGIES.md); --ablation: what each ability is worth to its faction.
    --game my_little_scythe: its planner and personas vs random and in mirror matches."""
    import os
    import time

    from rich.console import Console

    from scythe_sim.evaluate import check_out, evaluate as run_evaluate, write_markdown

    from scythe_sim.runner.spec import spec_for

    game = spec_for(game.strip().lower()).name
    if (ablation or mix_only or expansion or wind_gambit) and game != "scythe":
        raise ScytheSimError(f"--ablation, --mix-only, --wind-gambit and --expansion measure Scythe: "
                             f"drop them for {game}")
    if ablation and game != "scythe":
        raise ScytheSimError(f"--ablation measures Scythe's abilities: {game} has none (drop --ablation)")
    if out_file:
        check_out(out_file)
    workers = workers if workers is not None else (os.cpu_count() or 1)
    start = time.perf_counter()
    if game != "scythe":
        from scythe_sim.mls.evaluate import evaluate as run_mls

        report = run_mls(games=games, players=players, seed=seed, workers=workers)
    elif ablation:
        from scythe_sim.ablation import ablation as run_ablation, ablations

        from scythe_sim.evaluate import deal_rules
        from scythe_sim.tables import build_tables

        deal = deal_rules(players, expansion)
        items = ablations(build_tables(deal) if deal else None)
        with _progress(sys.stdout.isatty(), games * (1 + len(items))) as update:
            report = run_ablation(games=games, players=players, seed=seed, workers=workers,
                                  progress=update, expansion=expansion)
    elif wind_gambit:
        from scythe_sim.wind_evaluate import wind_evaluate

        report = wind_evaluate(games=games, players=players, seed=seed, workers=workers, expansion=expansion)
    elif mix_only:
        from scythe_sim.evaluate import mix_usage

        try:
            player_counts = tuple(int(x) for x in counts.split(","))
        except ValueError:
            raise ScytheSimError(f"--counts must be player counts separated by commas, got {counts!r}")
        report = mix_usage(games=games, players=player_counts, seed=seed, workers=workers,
                           expansion=expansion)
    else:
        report = run_evaluate(games=games, players=players, seed=seed, workers=workers,
                              expansion=expansion)
    report.print(Console(width=140))
    click.echo(f"{report.played:,} games in {time.perf_counter() - start:.1f} s on {workers} worker(s)")
    if out_file:
        click.echo(f"report: {write_markdown(report, out_file)}")
    if fail and not report.passed:
        sys.exit(1)


@main.command()
@click.argument("strategy")
@click.option("--games", type=int, default=200, show_default=True, help="Games per candidate and generation.")
@click.option("--generations", type=int, default=20, show_default=True, help="CMA-ES generations.")
@click.option("--popsize", type=int, default=12, show_default=True, help="Candidates per generation.")
@click.option("--seed", type=int, default=1, show_default=True, help="Root seed: the search and its games.")
@click.option("--players", type=int, default=4, show_default=True, help="Players per game.")
@click.option("--field", default="default", show_default=True,
              help="The other seats: a strategy mix (default) or a strategy name (e.g. greedy1).")
@click.option("--params", "params", multiple=True, metavar="W,W,...",
              help="Search only these weights (default: every weight that matters for play).")
@click.option("--faction-params", multiple=True, metavar="W,W,...",
              help="Also fit one multiplier per faction for each of these weights.")
@click.option("--factions", multiple=True, metavar="F,F,...",
              help="The factions of --faction-params (default: every faction dealt).")
@click.option("--validate", type=int, default=0, help="Paired validation games (default: 4 x --games).")
@click.option("--sigma", type=float, default=0.4, show_default=True, help="CMA-ES starting step (log scale).")
@click.option("--start", metavar="FILE.toml", help="Start from this weights file (default: the strategy's own).")
@click.option("--workers", type=int, default=None, help="Worker processes (default: every core).")
@click.option("--out", "out_file", metavar="FILE.toml", help="Tuned weights (default: results/tune/STRATEGY.toml).")
@click.option("--report", "report_file", metavar="FILE.md", help="Tuning report (default: beside --out, .md).")
def tune(strategy, games, generations, popsize, seed, players, field, params, faction_params, factions,
         validate, sigma, start, workers, out_file, report_file):
    """Tune a strategy's weights by self-play against a field (CMA-ES, paired games);
    writes a weights TOML and a report (docs/STRATEGIES.md, "Tuning")."""
    import os
    from pathlib import Path

    from scythe_sim.evaluate import check_out
    from scythe_sim.tune import Settings, check, tune as run_tune, write_outputs

    settings = Settings(strategy.strip().lower(), games=games, generations=generations, popsize=popsize,
                        seed=seed, players=players, field=field, params=tuple(_split(params)),
                        faction_params=tuple(_split(faction_params)), factions=tuple(_split(factions)),
                        validate=validate, sigma=sigma, start=start)
    check(settings)
    if start is not None and not Path(start).is_file():
        raise ScytheSimError(f"--start {start!r}: no such weights file")
    out_file = out_file or f"results/tune/{settings.strategy}.toml"
    report_file = report_file or str(Path(out_file).with_suffix(".md"))
    check_out(out_file, "--out", "greedy.toml")
    check_out(report_file, "--report", "greedy.md")
    workers = workers if workers is not None else (os.cpu_count() or 1)
    with _generations(sys.stdout.isatty(), generations) as update:
        result = run_tune(settings, workers=workers, progress=update)
    v = result.validation
    click.echo(f"validation ({v['games']} paired games): start {v['start']['win_rate']:.1%}, "
               f"tuned {v['tuned']['win_rate']:.1%} win rate; difference {v['difference'][0]:+.1%} "
               f"(95% CI {v['difference'][1]:+.1%} to {v['difference'][2]:+.1%})")
    weights_path, report_path = write_outputs(result, out_file, report_file)
    click.echo(f"weights: {weights_path}; report: {report_path} ({result.seconds:.0f} s on {workers} worker(s))")


@main.command()
def warmup():
    """Compile (or load from the cache) every kernel entry point and show how long it took."""
    from scythe_sim.bench import warm

    click.echo(f"kernel ready in {warm():.1f} s")


# one example per command, shown at the end of its --help
EXAMPLES = {
    "run": "scythe-sim run configs/default.toml --games 20000 --workers 8",
    "replay": "scythe-sim replay results/default --game 17",
    "report": "scythe-sim report results/base results/house-rule --out results/report",
    "bench": "scythe-sim bench --games 500 --mix default --no-compile",
    "evaluate": "scythe-sim evaluate --games 100 --players 4 --out results/evaluate.md",
    "tune": "scythe-sim tune greedy --games 100 --generations 10 --out results/tune/greedy.toml",
    "warmup": "scythe-sim warmup",
}
for _name, _example in EXAMPLES.items():
    main.commands[_name].epilog = f"\b\nExample:\n  {_example}"


if __name__ == "__main__":
    main()
