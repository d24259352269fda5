"""`scythe-sim bench` and `scythe-sim warmup`: speed, and the compiled kernel made ready."""

import click

from scythe_sim.errors import ScytheSimError

from .common import game_module, game_option, game_spec


@click.command()
@game_option()
@click.option("--games", type=click.IntRange(min=1), default=2000, show_default=True, help="Games per timed repeat.")
@click.option("--players", type=click.IntRange(min=1), default=4, show_default=True,
              help="Players per game (Scythe 1-5, My Little Scythe 1-6).")
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
def bench(game, games, players, repeats, measure_compile, profile, mix, mix_alias, baseline, perf_map):
    """Measure games/s on one core (random play, or --mix beside the frozen
    baseline greedy1) and the JIT compile time."""
    spec = game_spec(game, "bench", ("mix", "mix_alias", "baseline", "profile", "perf_map"))
    tools = game_module(spec, "bench")
    if not tools.PLAYERS[0] <= players <= tools.PLAYERS[1]:
        raise ScytheSimError(f"--players {players}: {spec.name}'s benchmark plays {tools.PLAYERS[0]} to "
                             f"{tools.PLAYERS[1]} players")
    mix = mix if mix is not None else mix_alias
    if mix is not None:
        from scythe_sim.games.scythe.strategies.mixes import mix_pool

        mix = mix.strip().lower()
        mix_pool(mix)                 # an unknown mix: one line, exit 2, before any timing

    if perf_map:
        from scythe_sim.games.scythe.tools.perfmap import keep_loaded_objects, write_perf_map

        keep_loaded_objects()
        tools.warm()
        path, functions = write_perf_map()
        if functions == 0:
            raise ScytheSimError("--perf-map needs the kernel in the JIT cache (this process "
                                 "compiled it): run `scythe-sim warmup` first")
        click.echo(f"perf map: {path} ({functions:,} compiled functions named)")

    if profile:
        from scythe_sim.games.scythe.tools.profiling import profile_phases

        per, decisions, rows = profile_phases(min(games, 200), players)
        click.echo(f"{decisions:,} decisions, {per:.2f} us each; legal-list cost by decision point:")
        click.echo(f"{'phase':16} {'points':>8} {'share':>6} {'us/list':>8} {'of time':>8}")
        for phase, n, share, micro, of_time in rows:
            click.echo(f"{phase:16} {n:8,d} {share:6.1%} {micro:8.2f} {of_time:8.1%}")
        return

    from scythe_sim.compiled.packages import has_cache
    from scythe_sim.runner.spec import tools_for

    from .compiling import compile_estimate, warm_visibly

    package = tools_for(spec.name).compiled_package
    if measure_compile:
        click.echo(f"timing the JIT compile: a cold compile in a fresh process with an empty cache, "
                   f"{compile_estimate(package)}; then a load from that cache ...", err=True)
        cold, cached = tools.bench_compile()
        click.echo(f"JIT compile: cold {cold:,.1f} s, cached {cached:,.1f} s (fresh processes)")
    warm_visibly(tools.warm, cached=has_cache(package), package=package)      # never timed as play
    what = "random play" if mix is None else f"strategy mix {mix!r}" + (" and the baseline" if baseline else "")
    click.echo(f"timing {what}: {repeats} x {games:,} games of {players} players on one core ...", err=True)
    if mix is None:
        results = [(None, tools.bench_games(games, players, repeats))]
    else:
        results = tools.bench_mix_and_baseline(games, players, repeats, mix, baseline)
    for name, result in results:
        what = "random play" if name is None else f"strategy mix {name!r}"
        click.echo(f"{what}, {players} players: {result['games_per_s']:,.1f} games/s per core "
                   f"(median of {repeats} x {games:,} games; {result['decisions_per_s']:,.0f} decisions/s, "
                   f"{result['decisions_per_game']:,.0f} decisions and {result['mean_turns']:,.0f} turns per game)")
    if len(results) == 2:
        (new, a), (old, b) = results
        click.echo(f"{new} / {old}: {a['games_per_s'] / b['games_per_s']:.2f} x the baseline's games/s per core")
    from scythe_sim.runner.memory import peak_rss_mb

    click.echo(f"peak memory: {peak_rss_mb():,.0f} MB (this process, which played as one worker does)")


def _warm_game(game):
    """Compile or load the kernel of `game` in this process; the seconds it took (a
    process of the side-by-side warm-up runs it)."""
    import time

    from scythe_sim.runner.spec import spec_for

    start = time.perf_counter()
    spec_for(game).warm()
    return time.perf_counter() - start


@click.command()
@click.option("--game", "games", multiple=True, metavar="NAME",
              help="Only this game's kernel (scythe or my_little_scythe; repeatable). Default: every game's.")
def warmup(games):
    """Compile (or load from the cache) every kernel entry point and show how long it took.

    Each game's kernel is cached on its own; the cold ones compile side by side, one
    process each, so a CI image or a cluster's workers start at once afterwards."""
    from scythe_sim.compiled.packages import has_cache
    from scythe_sim.runner.spec import BUILTIN, tools_for

    from .compiling import warm_visibly

    names = list(dict.fromkeys(game_spec(game, "warmup").name for game in games)) if games else list(BUILTIN)
    packages = {name: tools_for(name).compiled_package for name in names}
    cold = [name for name in names if not has_cache(packages[name])]
    if len(cold) < 2:      # nothing to compile side by side: here, saying so when it compiles
        for name in names:
            seconds = warm_visibly(lambda: _warm_game(name), cached=name not in cold, package=packages[name])
            click.echo(f"{name} kernel ready in {seconds:,.1f} s")
        return
    import concurrent.futures
    import multiprocessing

    def side_by_side():
        context = multiprocessing.get_context("spawn")     # a fresh process per kernel
        with concurrent.futures.ProcessPoolExecutor(len(cold), mp_context=context) as pool:
            return dict(zip(cold, pool.map(_warm_game, cold)))

    seconds = warm_visibly(side_by_side, cached=False, package=tuple(packages[name] for name in cold))
    for name in names:
        ready = seconds[name] if name in seconds else _warm_game(name)
        click.echo(f"{name} kernel ready in {ready:,.1f} s")
