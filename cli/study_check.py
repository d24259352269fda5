"""A declared study played with what `tune` or `learn` just made: `--study STUDY` plays it
as `scythe-sim evaluate STUDY --set weights=...` (the tuned weights) or `--set model=...`
(the kept model) does, after checking it before any tuning or learning."""
import dataclasses
import sys

import click


@dataclasses.dataclass(frozen=True)
class CheckedStudy:
    study: object                # scythe_sim.study.Study, declared
    settings: object             # scythe_sim.study.Settings: the study's defaults, as `evaluate` plays it
    needed_rules: object         # the game's house rules a deal needs at a player count


def checked_study(name, workers, strategy=None) -> CheckedStudy:
    """The declared study `--study` names, checked before any work: declared, and (given a
    strategy) some block of it plays that strategy; a ConfigError naming the fix otherwise."""
    from analysis.study_engine import block_configs
    from scythe_sim.errors import ConfigError
    from scythe_sim.study import Settings, parse_sets

    from .common import game_module, game_spec
    from .evaluate import find_study
    from .progress import ProgressBar

    spec = game_spec("scythe", "evaluate")
    module = game_module(spec, "evaluate")
    chosen = find_study(name, spec.name, module.studies())
    if not chosen.declared:
        declared = [s.name for s in module.studies().values() if s.declared]
        raise ConfigError(f"--study {name}: a declared study (blocks, queries and targets) is needed: "
                          f"{', '.join(declared)}, or a FILE.toml")
    settings = Settings(games=chosen.games, players=4, seed=1, workers=workers, own=parse_sets(chosen, ()),
                        bar=lambda total: ProgressBar(sys.stdout.isatty(), total))
    needed = getattr(module, "needed_rules", None)
    if strategy is not None:
        configs = block_configs(chosen, settings, spec.name, needed)
        played = {n for config in configs for n in config.used_strategies()}
        if strategy not in played:
            raise ConfigError(f"--study {name}: no block of it plays {strategy} (its blocks play "
                              f"{', '.join(sorted(played))}): choose a study whose blocks play it")
    return CheckedStudy(chosen, settings, needed)


def play_checked(checked: CheckedStudy, given, key, value, beside):
    """Play the checked study with `--set KEY=VALUE`; print its targets and write its report
    beside the file `beside` (NAME.STUDY.md)."""
    from pathlib import Path

    from rich.console import Console

    from analysis.study_engine import play_study
    from scythe_sim.quality import write_markdown
    from scythe_sim.study import command

    from scythe_sim.runner.batch import Terminated, stop_on_signals

    study = checked.study
    settings = dataclasses.replace(checked.settings, own={**checked.settings.own, key: value})
    again = command(given, study, "scythe", settings, (f"{key}={value}",))
    try:
        with stop_on_signals():
            report = play_study(study, settings, "scythe", checked.needed_rules)
    except (KeyboardInterrupt, Terminated) as exc:
        interrupted = isinstance(exc, KeyboardInterrupt)
        click.echo(f"{'interrupted' if interrupted else 'terminated'}: study {study.name} stopped; its finished "
                   f"shards are kept in {settings.own['runs']}; play it on with: {again}", err=True)
        sys.exit(130 if interrupted else 143)
    report.command = again
    report.print(Console(width=160))
    path = Path(beside)
    click.echo(f"study {study.name}: {write_markdown(report, path.with_name(f'{path.stem}.{study.name}.md'))}")
