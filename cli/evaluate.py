"""`scythe-sim evaluate STUDY`: a study's report, with each target PASS or FAIL."""
import sys

import click

from scythe_sim.errors import ConfigError

from .common import game_module, game_option, game_spec
from .progress import ProgressBar, stopped_by_signals

# the modes the flags used to pick, and the study each is now
FORMER = {"--ablation": "ablation", "--mix-only": "mix-counts", "--wind-gambit": "wind-gambit",
          "--verdicts": "verdicts", "--speed": "speed", "--search": "search", "--fast": "fast"}
FORMER_PARAMS = ("--expansion", "--counts", "--mirror-games", "--relentless-games", "--sweep-games", "--runs",
                 "--pace-games", "--model", "--backend", "--scheduler")


class _Evaluate(click.Command):
    """Refuses a former mode flag in one line naming the study that replaced it."""

    def parse_args(self, ctx, args):
        given = [a.split("=")[0] for a in args]
        if "--reference" in given:
            raise ConfigError("--verdicts --reference is now a study: scythe-sim evaluate reference-verdicts")
        for flag in given:                     # the first former flag on the command line
            if flag in FORMER:
                raise ConfigError(f"{flag} is now a study: scythe-sim evaluate {FORMER[flag]}")
            if flag in FORMER_PARAMS:
                raise ConfigError(f"{flag} is now a study's parameter: give --set {flag[2:].replace('-', '_')}="
                                  "VALUE (scythe-sim evaluate lists the studies)")
        return super().parse_args(ctx, args)


@click.command(cls=_Evaluate)
@click.argument("study", required=False, metavar="[STUDY]")
@click.option("--games", type=int, default=None, help="Games per block [default: the study's].")
@click.option("--players", type=int, default=None,
              help="Players per game (2-7; 6-7 deal Albion and Togawa) [default: 4].")
@click.option("--seed", type=int, default=1, show_default=True, help="Root seed.")
@click.option("--workers", type=int, default=None, help="Worker processes (default: every core).")
@click.option("--out", "out_file", metavar="FILE.md", help="Also write the report as Markdown.")
@click.option("--fail", is_flag=True, help="Exit 1 when a target fails.")
@click.option("--set", "sets", metavar="KEY=VALUE", multiple=True,
              help="A parameter of the study (repeatable), e.g. --set expansion=true; the list names each "
                   "study's.")
@game_option()
def evaluate(study, games, players, seed, workers, out_file, fail, sets, game):
    """Play a study and mark each of its targets PASS or FAIL: quality (the default mix,
    mirrors and a ladder, docs/STRATEGIES.md), ablation (what each ability is worth),
    mix-counts, verdicts, reference-verdicts, agreement, speed, search, fast,
    wind-gambit; without STUDY: the game's studies, their games and parameters. --game
    my_little_scythe: quality.
    STUDY may be a file: FILE.toml of blocks, queries and targets (docs/studies.md), or
    FILE.py defining STUDY = scythe_sim.study.Study(...)."""
    import os
    import time

    from rich.console import Console

    from scythe_sim.quality import check_out, write_markdown
    from scythe_sim.study import Settings, command, parse_sets

    spec = game_spec(game, "evaluate")
    module = game_module(spec, "evaluate")
    found = module.studies()
    if study is None:
        if any(x is not None for x in (games, players, workers, out_file)) or fail or sets or seed != 1:
            raise ConfigError("give the study first: scythe-sim evaluate quality ... (the former default); "
                              "scythe-sim evaluate alone lists the studies")
        _list(spec.name, found)
        return
    chosen = find_study(study, spec.name, found)
    if players is not None and not chosen.players:
        raise ConfigError(f"study {study} plays its own player count: drop --players")
    own = parse_sets(chosen, sets)
    if out_file:
        check_out(out_file)
    workers = workers if workers is not None else (os.cpu_count() or 1)
    settings = Settings(games=chosen.games if games is None else games, players=4 if players is None else players,
                        seed=seed, workers=workers, own=own,
                        bar=lambda total: ProgressBar(sys.stdout.isatty(), total))
    start = time.perf_counter()
    with stopped_by_signals("evaluate"):           # Ctrl-C / SIGTERM: workers stopped, nothing written
        report = _play(chosen, settings, lambda: _declared(chosen, settings, spec.name, module))
    report.command = command(study, chosen, spec.name, settings, sets)
    report.print(Console(width=160))
    kept = "; the finished blocks were read back from their runs" if chosen.keeps_runs else ""
    click.echo(f"{report.played:,} games in {time.perf_counter() - start:,.1f} s on {workers} worker(s){kept}")
    if out_file:
        click.echo(f"report: {write_markdown(report, out_file)}")
    if fail and not report.passed:
        sys.exit(1)


def find_study(name, game, found):
    """The study `name` names: a file (FILE.toml or FILE.py) or one of `found`
    ({name: Study}, the game's); a ConfigError naming the choices otherwise."""
    chosen = _study_file(name) if name.endswith((".py", ".toml")) else found.get(name)
    if chosen is None:
        from scythe_sim.names import did_you_mean

        raise ConfigError(f"no study {name!r} for {game}:{did_you_mean(name, list(found))} "
                          f"choose one of {', '.join(found)}, or give a file STUDY.py")
    return chosen


def _declared(study, settings, game, module):
    """A declared study's report, played by the engine (analysis/study_engine.py) with the
    house rules the game's deal needs at the player count (its studies' needed_rules)."""
    from analysis.study_engine import play_study

    return play_study(study, settings, game, getattr(module, "needed_rules", None))


def _play(study, settings, declared):
    """The study's report (declared(): a declared study's); a study that keeps its runs in a
    folder says on Ctrl-C that the finished shards are kept there and the same command
    restarts."""
    def play():
        return declared() if study.declared else study.run(settings)

    if not study.keeps_runs:
        return play()
    import shlex

    from scythe_sim.runner.batch import Terminated

    try:
        return play()
    except (KeyboardInterrupt, Terminated) as exc:
        interrupted = isinstance(exc, KeyboardInterrupt)
        again = shlex.join(sys.argv[1:]) if sys.argv[1:] else f"evaluate {study.name} ..."
        click.echo(f"{'interrupted' if interrupted else 'terminated'}: the finished shards are kept in "
                   f"{settings.own['runs']}; the same command restarts there: scythe-sim {again}", err=True)
        sys.exit(130 if interrupted else 143)


def _study_file(path):
    """The study of a user's file: a TOML file of blocks, queries and targets
    (scythe_sim/study_file.py), or a Python file defining STUDY (a scythe_sim.study.Study)."""
    import importlib.util

    from scythe_sim.study import Study

    if path.endswith(".toml"):
        from scythe_sim.study_file import read_study

        return read_study(path)

    try:
        loader = importlib.util.spec_from_file_location("user_study", path)
        module = importlib.util.module_from_spec(loader)
        loader.loader.exec_module(module)
    except FileNotFoundError:
        raise ConfigError(f"study file {path} not found") from None
    study = getattr(module, "STUDY", None)
    if not isinstance(study, Study):
        raise ConfigError(f"{path} defines no STUDY = scythe_sim.study.Study(...)")
    return study


def _list(game, found):
    """The game's studies: name, games per block, summary, parameters with defaults."""
    click.echo(f"{game}'s studies (scythe-sim evaluate STUDY [--set KEY=VALUE ...]):")
    for study in found.values():
        click.echo(f"  {study.name:<19} {study.games:>6,} games  {study.summary}")
        for key, default, meaning in study.params:
            shown = str(default).lower() if isinstance(default, bool) else default
            click.echo(f"  {'':<19} {'':>12}  --set {key}={shown}: {meaning}")
