"""The `scythe-sim` command line: parse, call the library, print. Nothing else."""
import sys

import click

from scythe_sim.errors import ScytheSimError


class _Group(click.Group):
    """Turns the project's own errors into one line on stderr and exit code 2."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except ScytheSimError as exc:
            click.echo(f"error: {exc}", err=True)
            sys.exit(2)


def _split(values):
    out = []
    for value in values:
        out.extend(x for x in value.replace(",", " ").split() if x)
    return out


@click.group(cls=_Group)
@click.version_option(package_name="scythe-sim")
def main():
    """Simulate Scythe games and analyse balance."""


@main.command()
@click.option("--seed", type=int, default=0, show_default=True, help="Game seed.")
@click.option("--players", type=int, default=4, show_default=True,
              help="Number of players (1-5; 6-7 deal Albion and Togawa too).")
@click.option("--factions", multiple=True, help="Factions per seat, e.g. --factions nordic,saxony (default: dealt).")
@click.option("--mats", multiple=True, help="Player mats per seat, e.g. --mats industrial,patriotic (default: dealt).")
@click.option("--strategy", "strategies", multiple=True, help="Strategy per seat: random, greedy, economist, rusher, warmonger, objective, automa (default: random).")
@click.option("--quiet", is_flag=True, help="Print only the final score table.")
@click.option("--expansion", is_flag=True,
              help="Deal from all seven factions and mats (Invaders from Afar); implied past 5 players.")
def play(seed, players, factions, mats, strategies, quiet, expansion):
    """Play one game and print it decision by decision, then the score table."""
    from scythe_sim.playthrough import play_through, score_table_lines

    rules = {"expansion_factions": 1} if expansion or players > 5 else None
    game, lines = play_through(seed, players, _split(factions) or None, _split(mats) or None,
                               _split(strategies) or None, rules=rules)
    if not quiet:
        click.echo("\n".join(lines))
        click.echo(str(game))
    click.echo("\n".join(score_table_lines(game)))


@main.command()
@click.argument("config", required=False)
@click.option("--games", type=int, help="Number of games (overrides the config).")
@click.option("--seed", type=int, help="Root seed (overrides the config).")
@click.option("--workers", type=int, default=None, help="Worker processes (default: every core).")
@click.option("--out", "output", help="Output folder; the run goes to OUT/<name> (overrides the config).")
@click.option("--name", help="Run name (overrides the config).")
@click.option("--shard-size", type=int, help="Games per shard (overrides the config).")
@click.option("--resume", is_flag=True, help="Complete an unfinished run of the same config.")
@click.option("--overwrite", is_flag=True, help="Replace whatever the run folder holds.")
@click.option("--backend", type=click.Choice(["local", "dask"]), default="local", show_default=True)
@click.option("--scheduler", help="Dask scheduler address (tcp://host:8786); default: a local cluster.")
@click.option("--log-turns", is_flag=True, default=None, help="Also write the per-turn table.")
@click.option("--variant", metavar="NAME", help="Rule variant, e.g. all_out_war (overrides the config).")
@click.option("--quiet", is_flag=True, help="No progress bar and no summary table.")
def run(config, games, seed, workers, output, name, shard_size, resume, overwrite, backend,
        scheduler, log_turns, variant, quiet):
    """Play a batch of seeded games and write Parquet tables (default config: built in,
    the same as configs/default.toml)."""
    import os

    from scythe_sim.runner.config import load_config
    from scythe_sim.runner.run import execute

    overrides = dict(games=games, seed=seed, output=output, name=name, shard_size=shard_size,
                     log_turns=log_turns)
    cfg = load_config(config, **overrides)
    if variant is not None:
        if variant not in cfg.spec.variants:
            raise ScytheSimError(f"--variant {variant!r} is not a variant of {cfg.game}: choose one of "
                                 f"{', '.join(cfg.spec.variants)}")
        cfg = load_config(config, **overrides, variant=variant)
    workers = workers if workers is not None else (os.cpu_count() or 1)
    show = not quiet and sys.stdout.isatty()
    with _progress(show, cfg.games) as update:
        result = execute(cfg, workers=workers, backend=backend, scheduler=scheduler,
                         resume=resume, overwrite=overwrite, progress=update)
    if not quiet:
        _print_summary(result)


@main.command()
@click.argument("run_dir")
@click.option("--game", "game_id", type=int, required=True, help="Game number (the games table's `game`).")
@click.option("--quiet", is_flag=True, help="Only confirm the match, no playthrough.")
def replay(run_dir, game_id, quiet):
    """Re-simulate one game of a run from its stored seed and check it against the tables."""
    from scythe_sim.runner.replay import replay as replay_game

    lines, mismatches = replay_game(run_dir, game_id)
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
def report(run_dirs, out_dir):
    """Write a balance report (index.md, index.html, PNG, CSV) for one or more runs."""
    import os

    from analysis.report import build_report

    out_dir = out_dir or os.path.join(run_dirs[0], "report")
    index = build_report(run_dirs, out_dir)
    click.echo(f"report: {index} (and index.html beside it)")


@main.command()
@click.argument("base")
@click.argument("candidate")
@click.option("--by", default=None, help="Group: faction (Scythe's default), mat, faction,mat, personality, "
              "strategy, players, turn_order (My Little Scythe's default) or seat.",
              type=click.Choice(["faction", "mat", "faction,mat", "personality", "strategy", "players",
                                 "turn_order", "seat"]))
@click.option("--alpha", type=click.FloatRange(0, 1, min_open=True, max_open=True), default=0.05,
              show_default=True, help="Family-wise error rate (Holm-corrected over the groups).")
@click.option("--min-effect", type=click.FloatRange(min=0), default=0.02, show_default=True,
              help="Smallest win-rate difference that counts as a shift.")
@click.option("--outcome", default="winner", show_default=True, type=click.Choice(["winner", "war_winner"]),
              help="The win compared: the standard game's, or All Out War's (two war runs).")
@click.option("--fail", is_flag=True, help="Exit 1 when some group shifted.")
def compare(base, candidate, by, alpha, min_effect, outcome, fail):
    """Compare win rates of a candidate run with a base run, group by group: paired
    (seat by seat) when both runs played the same deals, unpaired otherwise."""
    from rich.console import Console

    from analysis.compare import check_outcome, compare_runs, outcome_note
    from analysis.pairing import check_pairing, run_differences
    from analysis.runs import Run

    base_run, candidate_run = Run(base), Run(candidate)
    by = by or ("turn_order" if base_run.game == "my_little_scythe" else "faction")
    keys = tuple(by.split(","))
    check_outcome(base_run, candidate_run, outcome)
    pairing = check_pairing(base_run, candidate_run, keys)
    table = compare_runs(base_run, candidate_run, keys, alpha, min_effect, pairing, outcome)
    click.echo(f"base {base_run.name} ({base_run.manifest['games']:,} games), "
               f"candidate {candidate_run.name} ({candidate_run.manifest['games']:,} games)")
    for field, a, b in run_differences(base_run, candidate_run):
        click.echo(f"  {field}: {'-' if a is None else a} -> {'-' if b is None else b}")
    Console(width=160).print(_compare_table(table, keys, by, alpha, pairing.method, outcome))
    note = outcome_note(base_run, candidate_run, outcome, pairing)
    if note:
        click.echo(note)
    click.echo(f"verdict uses the {pairing.method} interval; {pairing.reason}")
    shifted = int(table["shifted"].sum())
    click.echo(f"{shifted} group(s) shifted by at least {min_effect:.1%} at alpha {alpha}")
    if fail and shifted:
        sys.exit(1)


def _compare_table(table, keys, by, alpha, method, outcome="winner"):
    """The rich table of compare: both intervals side by side, the verdict's marked *."""
    from rich.table import Table

    def pct(x):
        return "-" if x is None else f"{x:.1%}"

    def interval(low, high):
        return "-" if low is None else f"{low:+.1%} .. {high:+.1%}"

    what = "war win rate" if outcome == "war_winner" else "win rate"
    out = Table(title=f"{what}: candidate - base, by {by} ({1 - alpha:.0%} intervals, Holm-corrected p)")
    mark = {m: " *" if m == method else "" for m in ("unpaired", "paired")}
    for column in (*keys, "base", "candidate", "difference", f"unpaired interval{mark['unpaired']}",
                   f"paired interval{mark['paired']}", "p (Holm)", "shift"):
        out.add_column(column, justify="left" if column in keys else "right")
    for r in table.iter_rows(named=True):
        out.add_row(*[str(r[k]) for k in keys], f"{pct(r['base_rate'])} (n={r['base_n']})",
                    f"{pct(r['candidate_rate'])} (n={r['candidate_n']})",
                    "-" if r["difference"] is None else f"{r['difference']:+.1%}",
                    interval(r["unpaired_ci_low"], r["unpaired_ci_high"]),
                    interval(r["paired_ci_low"], r["paired_ci_high"]),
                    f"{r['p_holm']:.3g}", "SHIFT" if r["shifted"] else "")
    return out


class _progress:
    """A rich progress bar with games/s and ETA, or nothing when not on a terminal."""

    def __init__(self, show, total):
        self.show, self.total, self.bar = show, total, None

    def __enter__(self):
        if not self.show:
            return None
        from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TaskProgressColumn,
                                   TextColumn, TimeRemainingColumn)

        self.bar = Progress(TextColumn("games"), BarColumn(), MofNCompleteColumn(), TaskProgressColumn(),
                            TextColumn("{task.fields[rate]}"), TimeRemainingColumn())
        self.bar.start()
        task = self.bar.add_task("run", total=self.total, rate="")
        import time
        start = [None, 0]

        def update(done, total):
            now = time.perf_counter()
            if start[0] is None:
                start[0], start[1] = now, done
            rate = (done - start[1]) / (now - start[0]) if now > start[0] else 0.0
            self.bar.update(task, completed=done, rate=f"{rate:,.0f} games/s" if rate else "")
        return update

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.stop()
        return False


def _print_summary(result):
    from rich.console import Console
    from rich.table import Table

    from analysis.queries import win_rates
    from analysis.runs import Run

    seats = Run(result.run_dir).seats()
    by = "faction" if "faction" in seats.collect_schema().names() else "strategy"   # a game without factions
    rates = win_rates(seats, by).sort("win_rate", descending=True)
    table = Table(title=f"win rate by {by} ({result.manifest['games']} games)")
    for column in (by, "seats", "wins", "win rate", "95% CI"):
        table.add_column(column, justify="left" if column == by else "right")
    for row in rates.iter_rows(named=True):
        table.add_row(row[by], str(row["seats"]), str(row["wins"]), f"{row['win_rate']:.1%}",
                      f"{row['ci_low']:.1%} - {row['ci_high']:.1%}")
    console = Console()
    console.print(table)
    if result.played:
        console.print(f"{result.played} games played in {result.seconds:.1f} s "
                      f"({result.games_per_s:,.0f} games/s)")
    console.print(f"tables: {result.run_dir}/games, {result.run_dir}/seats (Parquet); "
                  f"manifest: {result.run_dir}/manifest.json")


@main.command()
@click.option("--games", type=click.IntRange(min=1), default=2000, show_default=True, help="Games per timed repeat.")
@click.option("--players", type=click.IntRange(1, 5), default=4, show_default=True)
@click.option("--repeats", type=click.IntRange(min=1), default=5, show_default=True, help="Timed repeats (median reported).")
@click.option("--compile/--no-compile", "measure_compile", default=True, show_default=True,
              help="Also time a cold and a cached JIT compile in fresh processes.")
@click.option("--profile", is_flag=True, help="Instead: the cost of each decision point's legal list.")
@click.option("--strategy-mix", "mix", metavar="NAME",
              help="Play this strategy mix (e.g. default) instead of random play.")
@click.option("--baseline/--no-baseline", default=True, show_default=True,
              help="With --strategy-mix: also time the frozen baseline mix greedy1 and print the ratio.")
@click.option("--perf-map", is_flag=True,
              help="Write /tmp/perf-<pid>.map so that `perf record` names the compiled functions.")
def bench(games, players, repeats, measure_compile, profile, mix, baseline, perf_map):
    """Measure games/s on one core (random play, or --strategy-mix beside the frozen
    baseline greedy1) and the JIT compile time."""
    from scythe_sim.bench import bench_compile, bench_games, bench_mix_and_baseline
    from scythe_sim.strategies.mixes import mix_pool

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

    if measure_compile:
        cold, cached = bench_compile()
        click.echo(f"JIT compile: cold {cold:.1f} s, cached {cached:.1f} s (fresh processes)")
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
def evaluate(games, players, seed, workers, out_file, fail, ablation, game, expansion, mix_only, counts):
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
    if (ablation or mix_only or expansion) and game != "scythe":
        raise ScytheSimError(f"--ablation, --mix-only and --expansion measure Scythe: drop them for {game}")
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


class _generations:
    """Progress of a tuning run: a rich bar on a terminal, one line per generation otherwise."""

    def __init__(self, show, total):
        self.show, self.total, self.bar = show, total, None

    def __enter__(self):
        if not self.show:
            return lambda gen, total, best, seconds: click.echo(
                f"generation {gen}/{total}: best fitness {best:.4f}, {seconds:.0f} s")
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        self.bar = Progress(TextColumn("generation"), BarColumn(), MofNCompleteColumn(),
                            TextColumn("best {task.fields[best]}"), TimeElapsedColumn())
        self.bar.start()
        task = self.bar.add_task("tune", total=self.total, best="-")
        return lambda gen, total, best, seconds: self.bar.update(task, completed=gen, best=f"{best:.4f}")

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.stop()
        return False


@main.command()
def warmup():
    """Compile (or load from the cache) every kernel entry point and show how long it took."""
    from scythe_sim.bench import warm

    click.echo(f"kernel ready in {warm():.1f} s")


if __name__ == "__main__":
    main()
