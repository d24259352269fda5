"""The engine of declared studies (scythe_sim/study.py): it plays each block through the
runner's run cache and reads it back through the analysis, then builds the report.

- Each block is a run config: the block's keys over the game's, its games (the study's
  unless it names its own), the study's seed and player count (and the rules that
  player count needs, from the game's studies module), named by its key in the runs
  folder (runner/cache.py). So a study interrupted
  by Ctrl-C restarts where it stopped, a larger --games extends its blocks, and two
  studies (or `run --cache`) with a block of the same config share its games.
- Every block of a study has the same seed, so game i of each is the same deal.
- The report's tables are its queries, in order; its targets follow, PASS or FAIL
  (study_tables.py), ending with the games stopped on a simulator bug (none: the runner
  stops a run at one)."""
from __future__ import annotations

import dataclasses

from scythe_sim.errors import ConfigError
from scythe_sim.quality import Report, Target

from .runs import Run
from .study_tables import query_table, target_result


@dataclasses.dataclass
class Played:
    """A block as read back: its run (the first `games` games of the cached run) and the
    sentence naming it."""
    name: str
    label: str
    run: Run
    games: int


def block_games(block, settings) -> int:
    """How many games the block plays: the study's --games, its own count, or its
    parameter's (a ConfigError naming `--set KEY=` when that is no positive count)."""
    if isinstance(block.games, str):
        games = settings.own[block.games]
        if isinstance(games, bool) or not isinstance(games, int) or games < 1:
            raise ConfigError(f"--set {block.games}={games}: block {block.name} plays at least one game")
        return games
    return block.games or settings.games


def parse_weights(text) -> dict:
    """{strategy: weights file} of `--set weights=STRATEGY=FILE,...` ("" none)."""
    files = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, sep, path = part.partition("=")
        if not sep or not name.strip() or not path.strip():
            raise ConfigError(f"--set weights={text}: give STRATEGY=FILE pairs separated by commas, e.g. "
                              "--set weights=greedy=results/tune/greedy.toml")
        files[name.strip().lower()] = path.strip()
    return files


def block_configs(study, settings, game, needed_rules=None) -> list:
    """The RunConfig of each block: the block's keys, its games (block_games), the study's
    seed and player count (a block's own `players` wins), and `needed_rules(players)` (the
    house rules a deal of that many players needs) under the block's own rules. The
    weights files of `--set weights=` go to every block that plays their strategy, the
    model file of `--set model=` to every block."""
    weights = parse_weights(settings.own.get("weights", ""))
    model = settings.own.get("model", "")
    configs = [_block_config(study, block, settings, game, needed_rules, weights, model) for block in study.blocks]
    played = {name for config in configs for name in config.used_strategies()}
    unplayed = [name for name in weights if name not in played]
    if unplayed:
        raise ConfigError(f"--set weights: no block of study {study.name} plays {unplayed[0]!r}; its blocks play "
                          f"{', '.join(sorted(played))}")
    return configs


def _block_config(study, block, settings, game, needed_rules, weights, model):
    from scythe_sim.runner.config import parse_config

    try:
        data = dict(block.config)
        players = data.get("players", settings.players)
        rules = {**(needed_rules(players) if needed_rules and isinstance(players, int) else {}),
                 **data.get("rules", {})}
        data.update(game=game, name=f"{study.name}-{block.name}", games=block_games(block, settings),
                    seed=settings.seed, players=players, rules=rules)
        if model:
            data["strategies"] = {**data.get("strategies", {}), "model": model}
        config = parse_config(data)
        files = {name: path for name, path in weights.items() if name in config.used_strategies()}
        if not files:
            return config
        strategies = dict(data.get("strategies", {}))
        strategies["weights"] = {**strategies.get("weights", {}), **files}
        return parse_config({**data, "strategies": strategies})
    except ConfigError as exc:
        raise ConfigError(f"study {study.name}, block {block.name}: {exc}") from None


def play_blocks(study, settings, configs) -> tuple:
    """([Played, ...] in the study's order, games played now): each block from the run
    cache in settings.own["runs"], played or extended where it holds too few games."""
    from scythe_sim.runner.cache import cached_config, ensure_cached
    from scythe_sim.runner.run import saved_games

    own = settings.own
    if own["backend"] not in ("local", "dask"):
        raise ConfigError(f"--set backend={own['backend']}: choose local or dask")
    total = sum(config.games for config in configs)
    played, now, base = [], 0, 0
    with settings.bar(total) as update:
        for block, config in zip(study.blocks, configs):
            games = config.games

            def tick(done, _, base=base, games=games):
                update(base + min(done, games), total)

            before = saved_games(str(cached_config(config, own["runs"]).run_dir()))   # a restart's too
            run_dir, _, _ = ensure_cached(config, own["runs"], games, workers=settings.workers,
                                          backend=own["backend"], scheduler=own["scheduler"] or None,
                                          progress=None if update is None else tick)
            now += max(0, games - before)
            if update is not None:
                update(base + games, total)
            played.append(Played(block.name, block.label or block.name, Run(run_dir).first(games), games))
            base += games
    return played, now


def play_study(study, settings, game, needed_rules=None) -> Report:
    """A declared study's report: its blocks played (or read back), its queries' tables and
    its targets PASS or FAIL."""
    configs = block_configs(study, settings, game, needed_rules)
    played, now = play_blocks(study, settings, configs)
    by_name = {p.name: p for p in played}
    tables, metrics = [], {}
    for query in study.queries:
        table, figures = query_table(study.name, query, by_name)
        tables.append(table)
        metrics[table.key] = figures
    targets = [target_result(target, by_name) for target in study.targets]
    total = sum(p.games for p in played)
    targets.append(Target("no game stopped with status != 0", f"0 of {total:,}", True))
    return Report(settings.games, settings.players, settings.seed, tables, targets, metrics, now)
