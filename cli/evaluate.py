"""`scythe-sim evaluate`: strategy quality, with each target PASS or FAIL."""
import sys

import click

from scythe_sim.errors import ScytheSimError

from .common import game_module, game_option, game_spec, game_takes
from .progress import ProgressBar, stopped_by_signals


@click.command()
@click.option("--games", type=int, default=200, show_default=True, help="Games per line-up (21 line-ups at these strategies).")
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
def evaluate(games, players, seed, workers, out_file, fail, ablation, game, expansion, mix_only, counts,
             wind_gambit, verdicts, speed):
    """Strategy quality: vs random, greedy vs the frozen greedy1, the default mix (with
    ability use), mirror matches and a ladder, with each target marked PASS or FAIL
    (docs/STRATEGIES.md); --ablation: what each ability is worth to its faction.
    --game my_little_scythe: its planner and personas vs random and in mirror matches."""
    import os
    import time

    from rich.console import Console

    from scythe_sim.quality import check_out, write_markdown

    spec = game_spec(game, "evaluate", ("ablation", "expansion", "mix_only", "counts", "wind_gambit",
                                        "verdicts", "speed"))
    if sum(map(bool, (ablation, mix_only, wind_gambit, verdicts, speed))) > 1:
        raise ScytheSimError("--ablation, --mix-only, --wind-gambit, --verdicts and --speed are separate "
                             "checks: give one of them")
    if out_file:
        check_out(out_file)
    workers = workers if workers is not None else (os.cpu_count() or 1)
    start = time.perf_counter()
    with stopped_by_signals("evaluate"):           # Ctrl-C / SIGTERM: workers stopped, nothing written
        if not (ablation or wind_gambit or mix_only or verdicts or speed):
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
            from scythe_sim.games.scythe.tools.wind_evaluate import wind_evaluate

            report = wind_evaluate(games=games, players=players, seed=seed, workers=workers, expansion=expansion)
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
    report.print(Console(width=140))
    click.echo(f"{report.played:,} games in {time.perf_counter() - start:.1f} s on {workers} worker(s)")
    if out_file:
        click.echo(f"report: {write_markdown(report, out_file)}")
    if fail and not report.passed:
        sys.exit(1)
