"""`scythe-sim tune`: a strategy's weights tuned by self-play."""
import dataclasses
import sys

import click

from scythe_sim.errors import ScytheSimError

from .common import records, signed_points, split_values
from .progress import GenerationBar, stopped_by_signals
from .study_check import checked_study, play_checked


@dataclasses.dataclass(frozen=True)
class Search:
    """The CMA-ES search: --generations, --popsize, --sigma and --start."""
    generations: int
    popsize: int
    sigma: float
    start: str | None


@dataclasses.dataclass(frozen=True)
class Weights:
    """The weights searched, as given: --params, --faction-params and --factions."""
    params: tuple
    faction_params: tuple
    factions: tuple


@dataclasses.dataclass(frozen=True)
class Outputs:
    """Where the tuned weights and the report go, and the study they are then checked by:
    --out, --report and --study."""
    out_file: str | None
    report_file: str | None
    study: str | None


@click.command()
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
@click.option("--study", metavar="STUDY", default=None,
              help="Then play this declared study (e.g. agreement, or FILE.toml) with the tuned weights, as "
                   "`evaluate STUDY --set weights=STRATEGY=OUT` does; its report goes beside --out.")
@records(search=Search, weights=Weights, outputs=Outputs)
def tune(strategy, games, seed, players, field, validate, workers, search, weights, outputs):
    """Tune a strategy's weights by self-play against a field (CMA-ES, paired games);
    writes a weights TOML and a report (docs/players/greedy.md, "Tuning")."""
    import os
    from pathlib import Path

    from scythe_sim.games.scythe.tools.evaluate import check_out
    from scythe_sim.games.scythe.tools.tune import Settings, check, tune as run_tune, write_outputs

    settings = Settings(strategy.strip().lower(), games=games, generations=search.generations,
                        popsize=search.popsize, seed=seed, players=players, field=field,
                        params=tuple(split_values(weights.params)),
                        faction_params=tuple(split_values(weights.faction_params)),
                        factions=tuple(split_values(weights.factions)), validate=validate, sigma=search.sigma,
                        start=search.start)
    check(settings)
    if search.start is not None and not Path(search.start).is_file():
        raise ScytheSimError(f"--start {search.start!r}: no such weights file")
    out_file = outputs.out_file or f"results/tune/{settings.strategy}.toml"
    report_file = outputs.report_file or str(Path(out_file).with_suffix(".md"))
    check_out(out_file, "--out", "greedy.toml")
    check_out(report_file, "--report", "greedy.md")
    workers = workers if workers is not None else (os.cpu_count() or 1)
    study = checked_study(outputs.study, workers, settings.strategy) if outputs.study else None
    with stopped_by_signals("tune"), GenerationBar(sys.stdout.isatty(), search.generations) as update:
        result = run_tune(settings, workers=workers, progress=update)
    v = result.validation
    low, high = (signed_points(x) for x in v["difference"][1:3])
    click.echo(f"validation ({v['games']:,} paired games): start {v['start']['win_rate']:.1%}, "
               f"tuned {v['tuned']['win_rate']:.1%} win rate; difference {signed_points(v['difference'][0])} "
               f"(95% CI {low} to {high})")
    weights_path, report_path = write_outputs(result, out_file, report_file)
    click.echo(f"weights: {weights_path}; report: {report_path} ({result.seconds:,.0f} s on {workers} worker(s))")
    if study is not None:
        play_checked(study, outputs.study, "weights", f"{settings.strategy}={weights_path}", weights_path)

