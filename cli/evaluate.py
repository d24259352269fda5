"""`scythe-sim evaluate`: strategy quality, with each target PASS or FAIL."""
import sys

import click

from scythe_sim.errors import ScytheSimError

from .common import game_module, game_option, game_spec, game_takes
from .progress import ProgressBar, stopped_by_signals


@click.command()
@click.option("--games", type=int, default=None,
              help="Games per line-up (21 line-ups at these strategies) [default: 200; --search: 1,000 "
                   "(its strength block); --verdicts --reference: 20,000 (the mix)].")
@click.option("--players", type=int, default=4, show_default=True, help="Players per game (2-7; 6-7 deal Albion and Togawa).")
@click.option("--seed", type=int, default=1, show_default=True, help="Root seed.")
@click.option("--workers", type=int, default=None, help="Worker processes (default: every core).")
@click.option("--out", "out_file", metavar="FILE.md", help="Also write the report as Markdown.")
@click.option("--fail", is_flag=True, help="Exit 1 when a target fails.")
@click.option("--ablation", is_flag=True,
              help="Instead: the default mix with each ability, the Factory and the encounters "
                   "switched off in turn, paired with a base run (--games per run).")
@game_option()
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
@click.option("--verdicts", is_flag=True,
              help="Instead: the faction and mat rankings of the default mix and of a greedy mirror "
                   "on the same deals (--games each), and their Kendall tau.")
@click.option("--speed", is_flag=True,
              help="Instead: the default mix's games/s per core with the learned value against the "
                   "same mix hand-valued, in alternating pairs of --games games on one core.")
@click.option("--search", "search", is_flag=True,
              help="Instead: the reference player search: its strength against three greedy2, a search "
                   "mirror's pace, Relentless with and without, its CPU a seat, a budget sweep.")
@click.option("--reference", is_flag=True,
              help="With --verdicts: a search mirror (--mirror-games) and the default mix (--games) on the "
                   "same deals: both rankings, Kendall tau, the groups that differ (paired, Holm).")
@click.option("--mirror-games", type=int, default=None,
              help="--search: the search mirror's games [default: 300]; --verdicts --reference: [default: 2,000].")
@click.option("--relentless-games", type=int, default=1300, show_default=True,
              help="--search: games of each Relentless run (Rusviet is dealt in about 4 of 5).")
@click.option("--sweep-games", type=int, default=20, show_default=True,
              help="--search: games of each of the 12 budget sweep cells.")
@click.option("--runs", "runs", metavar="DIR", default=None,
              help="--search, --reference: the folder of their runs; the same command again restarts "
                   "where it stopped [default: results/evaluate-search, results/evaluate-reference].")
@click.option("--fast", is_flag=True,
              help="Instead: the fast players' targets: the new greedy against three greedy2 and paired "
                   "against 29bb04a's on the same games (--games, default 4,000), and the default mix's pace, "
                   "mats and games per CPU-second against 29bb04a's players on the same deals (--pace-games).")
@click.option("--pace-games", type=int, default=4000, show_default=True, help="--fast: default-mix games each side.")
@click.option("--model", metavar="FILE.toml", default="",
              help="--fast: a learned model file the new players play (default: the shipped one).")
@click.option("--set", "changes", metavar="W=V,...", default="",
              help="--fast: weights the new players (greedy, the personas, the Automa) play with, e.g. ahead_options=0.")
@click.option("--backend", type=click.Choice(["local", "dask"]), default="local", show_default=True,
              help="--search, --reference: where their runs play.")
@click.option("--scheduler", help="--search, --reference: Dask scheduler address; default: a local cluster.")
def evaluate(games, players, seed, workers, out_file, fail, ablation, game, expansion, mix_only, counts,
             wind_gambit, verdicts, speed, search, reference, mirror_games, relentless_games, sweep_games, runs,
             fast, pace_games, model, changes, backend, scheduler):
    """Strategy quality: vs random, greedy vs the frozen greedy1, the default mix (with
    ability use), mirror matches and a ladder, with each target marked PASS or FAIL
    (docs/STRATEGIES.md); --ablation: what each ability is worth to its faction.
    --game my_little_scythe: its planner and personas vs random and in mirror matches."""
    import os
    import time

    from rich.console import Console

    from scythe_sim.quality import check_out, write_markdown

    spec = game_spec(game, "evaluate", ("ablation", "expansion", "mix_only", "counts", "wind_gambit",
                                        "verdicts", "speed", "search", "reference", "mirror_games",
                                        "relentless_games", "sweep_games", "runs", "backend", "scheduler",
                                        "fast", "pace_games", "model", "changes"))
    if sum(map(bool, (ablation, mix_only, wind_gambit, verdicts, speed, search, fast))) > 1:
        raise ScytheSimError("--ablation, --mix-only, --wind-gambit, --verdicts, --speed, --search and --fast are "
                             "separate checks: give one of them")
    if not fast and (model or changes or pace_games != 4000):
        raise ScytheSimError("--pace-games, --model and --set belong to --fast")
    if reference and not verdicts:
        raise ScytheSimError("--reference belongs to --verdicts: give --verdicts --reference")
    if not (search or reference) and (mirror_games is not None or runs is not None or backend != "local"
                                      or scheduler):
        raise ScytheSimError("--mirror-games, --runs, --backend and --scheduler belong to --search and "
                             "--verdicts --reference")
    if search and players != 4:
        raise ScytheSimError("--search plays 4 players (the issue's targets): drop --players")
    if reference and players != 4:
        raise ScytheSimError("--verdicts --reference plays 4 players: drop --players")
    if games is None:
        games = 1000 if search else 20000 if reference else 4000 if fast else 200
    if out_file:
        check_out(out_file)
    workers = workers if workers is not None else (os.cpu_count() or 1)
    start = time.perf_counter()
    with stopped_by_signals("evaluate"):           # Ctrl-C / SIGTERM: workers stopped, nothing written
        if not (ablation or wind_gambit or mix_only or verdicts or speed or search or fast):
            own = {"expansion": expansion} if game_takes(spec, "evaluate", "expansion") else {}
            report = game_module(spec, "evaluate").evaluate(games=games, players=players, seed=seed,
                                                            workers=workers, **own)
        elif ablation:
            from scythe_sim.games.scythe.tools.ablation import ablation as run_ablation, ablations

            from scythe_sim.games.scythe.tools.evaluate import deal_rules
            from scythe_sim.games.scythe.tables import build_tables

            deal = deal_rules(players, expansion)
            items = ablations(build_tables(deal) if deal else None)
            with ProgressBar(sys.stdout.isatty(), games * (1 + len(items))) as update:
                report = run_ablation(games=games, players=players, seed=seed, workers=workers,
                                      progress=update, expansion=expansion)
        elif wind_gambit:
            report = game_module(spec, "evaluate_wind_gambit").wind_evaluate(
                games=games, players=players, seed=seed, workers=workers, expansion=expansion)
        elif search or reference:
            report = _reference_tier(search, games, mirror_games, relentless_games, sweep_games, seed, workers,
                                     runs, backend, scheduler)
        elif fast:
            report = _fast(games, pace_games, seed, players, model, changes, workers)
        elif verdicts:
            from scythe_sim.games.scythe.tools.verdicts import verdicts as run_verdicts

            report = run_verdicts(games=games, players=players, seed=seed, workers=workers)
        elif speed:
            from scythe_sim.games.scythe.tools.evaluate import speed as run_speed

            report = run_speed(games=games, players=players)
        elif mix_only:
            from scythe_sim.games.scythe.tools.evaluate import mix_usage

            try:
                player_counts = tuple(int(x) for x in counts.split(","))
            except ValueError:
                raise ScytheSimError(f"--counts must be player counts separated by commas, got {counts!r}")
            report = mix_usage(games=games, players=player_counts, seed=seed, workers=workers,
                               expansion=expansion)
    report.print(Console(width=160))
    kept = "; the finished blocks were read back from their runs" if search or reference else ""
    click.echo(f"{report.played:,} games in {time.perf_counter() - start:,.1f} s on {workers} worker(s){kept}")
    if out_file:
        click.echo(f"report: {write_markdown(report, out_file)}")
    if fail and not report.passed:
        sys.exit(1)


def _reference_tier(search, games, mirror_games, relentless_games, sweep_games, seed, workers, runs, backend,
                    scheduler):
    """evaluate --search or --verdicts --reference: their runs in a runs folder, a progress
    bar over all their games; Ctrl-C keeps the finished shards (the same command restarts)."""
    import shlex

    from scythe_sim.games.scythe.tools import reference as ref, search_evaluate as se
    from scythe_sim.runner.batch import Terminated

    runs = runs or ("results/evaluate-search" if search else "results/evaluate-reference")
    again = shlex.join(sys.argv[1:]) if sys.argv[1:] else "evaluate ..."
    if search:
        mirror_games = se.MIRROR_GAMES if mirror_games is None else mirror_games
        total = games * 3 + mirror_games + 2 * relentless_games + sweep_games * 12
    else:
        mirror_games = ref.MIRROR_GAMES if mirror_games is None else mirror_games
        total = games + mirror_games
    try:
        with ProgressBar(sys.stdout.isatty(), total) as update:
            if search:
                return se.search_evaluate(games, mirror_games, relentless_games, sweep_games, seed, workers, runs,
                                          backend, scheduler, update)
            return ref.reference_verdicts(mirror_games, games, seed, workers, runs, backend, scheduler, update)
    except (KeyboardInterrupt, Terminated) as exc:
        interrupted = isinstance(exc, KeyboardInterrupt)
        click.echo(f"{'interrupted' if interrupted else 'terminated'}: the finished shards are kept in {runs}; "
                   f"the same command restarts there: scythe-sim {again}", err=True)
        sys.exit(130 if interrupted else 143)


def _fast(games, pace_games, seed, players, model, changes, workers):
    """`evaluate --fast` (tools/fast_evaluate.py) on a pool of `workers` processes."""
    import contextlib

    from scythe_sim.games.scythe.tools.fast_evaluate import Settings, check, evaluate_fast, parse_changes
    from scythe_sim.runner.batch import forked_pool

    settings = Settings(games=games, pace_games=pace_games, seed=seed, players=players, model=model,
                        changes=parse_changes(changes))
    check(settings)                        # bad settings: one line before any game
    pool_context = contextlib.nullcontext(None)
    if workers > 1:
        from scythe_sim.games.scythe.tools.bench import warm

        pool_context = forked_pool(workers, warm)
    with pool_context as pool:
        return evaluate_fast(settings, workers, pool)
