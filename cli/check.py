"""`scythe-sim check`: has a change shifted balance? Base against candidate on the same
deals, played in rounds until every group is decided (shifted, or equivalent within
--min-effect) or the budget is spent; exit 0, 1 or 3 for CI."""
import os
import sys

import click

from scythe_sim.errors import ScytheSimError

from .common import check_variant, points_option

# groups a game deals one seat each at most (analysis/check.py says why that matters)
BY_CHOICES = ["faction", "mat", "faction,mat", "seat", "turn_order", "personality"]
EVERY_GAME = ("seat", "turn_order")      # seat columns every game's seats table has
EXIT = {"equivalent": 0, "shifted": 1, "undecided": 3}


@click.command()
@click.argument("sources", nargs=-1, metavar="[CONFIG | BASE_CONFIG CANDIDATE_CONFIG | BASE_RUN CANDIDATE_RUN]")
@click.option("--rule", "rules", multiple=True, metavar="KEY=VALUE",
              help="A house rule the candidate plays and the base does not (repeatable), e.g. --rule stars_to_end=5.")
@click.option("--variant", metavar="NAME", help="The variant the candidate plays, e.g. wind_gambit.")
@click.option("--seed", type=int, help="Root seed of both sides (default: the candidate config's).")
@click.option("--by", multiple=True, type=click.Choice(BY_CHOICES),
              help="Groups to decide; default: the game's, faction and mat for Scythe, personality and "
                   "turn_order for My Little Scythe. `--by faction,mat` is the faction x mat cross (each pair a "
                   "group); repeat --by to check each grouping (`--by faction --by mat`: both, one Holm family "
                   "over all their groups).")
@click.option("--min-effect", type=click.FloatRange(0, 100, min_open=True, max_open=True), default=2.0,
              show_default=True, callback=points_option, help="Smallest shift that counts, in percentage points (2 = two points of win "
                                      "rate); also the equivalence margin.")
@click.option("--alpha", type=click.FloatRange(0, 1, min_open=True, max_open=True), default=0.05,
              show_default=True, help="Error rate: of a false shift over all groups (Holm), and of a false "
                                      "equivalence.")
@click.option("--max-games", type=click.IntRange(min=1), default=20000, show_default=True,
              help="Budget: games per side after which the check stops undecided.")
@click.option("--round", "round_games", type=click.IntRange(min=2), default=1000, show_default=True,
              help="Games of the first round; each later round adds as many, or a quarter of the games so far in whole rounds.")
@click.option("--first-shift/--every-group", default=True, show_default=True,
              help="Stop at the first shifted group (the default: the exit code, CI's question, cannot change "
                   "any more), or play on until every group is decided.")
@click.option("--plan", is_flag=True, help="Play one round as a pilot and estimate the games the check needs: "
                                           "where the default check stops first, then --every-group's figure.")
@click.option("--format", "fmt", type=click.Choice(["text", "markdown", "json"]), default="text", show_default=True)
@click.option("--out", default=os.path.join("results", "check"), show_default=True,
              help="Where the check keeps a config's runs, as DIR/<key>: reused and extended by later checks "
                   "of the same config, rule set and code (CI caches this folder).")
@click.option("--base-sim", metavar="PATH", help="The scythe-sim that plays the base, e.g. another checkout's "
                                                 "base/.venv/bin/scythe-sim (default: this one).")
@click.option("--workers", type=click.IntRange(min=1), default=None, help="Worker processes (default: every core).")
@click.option("--quiet", is_flag=True, help="No progress lines.")
def check(sources, rules, variant, seed, by, min_effect, alpha, max_games, round_games, first_shift, plan, fmt, out,
          base_sim, workers, quiet):
    """Decide whether a candidate shifts balance against a base, group by group, on the same
    deals: played in rounds until a group shifts (--every-group: until each group is
    shifted or equivalent within --min-effect), or every group is equivalent, or
    --max-games is spent. Exit 0 when every group is equivalent, 1 when some group
    shifted, 3 when undecided at the budget (the answer then says what would decide it).

    \b
    Forms:
      scythe-sim check [CONFIG] --rule stars_to_end=5     a config against itself with a change
      scythe-sim check BASE.toml CANDIDATE.toml           two configs
      scythe-sim check BASE_RUN CANDIDATE_RUN             two runs, extended as needed
    """
    from scythe_sim.sequential import SequentialCheck

    from .check_rounds import play_rounds, progress_line

    workers = workers or os.cpu_count() or 1
    base, candidate, game, notes = _sides(sources, rules, variant, seed, out, base_sim, workers)
    groupings = _groupings(by, game)
    if base.key is not None and base.key == candidate.key:
        notes.append("note: base and candidate are the same games (same config, rule set and code): every "
                     "difference is 0")
    for role, side in (("base", base), ("candidate", candidate)):
        if side.key:
            notes.append(f"{role} key: {side.key}")
    sequential = SequentialCheck(alpha, min_effect / 100)
    try:
        rounds, games, base_dir, candidate_dir, pairing = play_rounds(
            base, candidate, groupings, sequential, round_games, min(round_games, max_games) if plan else max_games,
            first_shift, None if quiet else progress_line)
    except KeyboardInterrupt:
        click.echo(f"interrupted: the runs played so far are kept ({base.where}, {candidate.where}) and a later "
                   "check reuses them", err=True)
        sys.exit(130)
    notes.append(pairing.reason)
    result = {"base": base_dir, "candidate": candidate_dir, "base_key": base.key, "candidate_key": candidate.key,
              "games": games, "rounds": rounds, "max_games": max_games, "alpha": alpha,
              "min_effect_pp": min_effect, "notes": notes}
    from analysis.check import plan_rows, verdict_rows
    from analysis.check_view import render, render_plan

    if plan:
        click.echo(render_plan({**result, **plan_rows(sequential, games)}, fmt))
        return
    result["rows"] = verdict_rows(sequential)
    result["outcome"] = sequential.outcome()
    if result["outcome"] == "undecided":
        estimate = plan_rows(sequential, games)
        result["to_decide"] = (first_shift and estimate["games_to_first_shift"]) or estimate["games_needed"]
    click.echo(render(result, fmt))
    sys.exit(EXIT[result["outcome"]])


def _groupings(by, game):
    """The groupings decided: --by's, or the game's own; one line for a column the game lacks."""
    from scythe_sim.runner.spec import tools_for

    groups = tools_for(game).balance_groups
    known = list(dict.fromkeys([c for g in groups for c in g] + list(EVERY_GAME)))
    for b in by:
        missing = [c for c in b.split(",") if c not in known]
        if missing:
            raise ScytheSimError(f"--by {b}: {game} seats have no {missing[0]!r}: choose from {', '.join(known)}")
    return [tuple(b.split(",")) for b in dict.fromkeys(by)] if by else list(groups)


def _sides(sources, rules, variant, seed, out, base_sim, workers):
    """(base side, candidate side, game, notes) of the form the arguments give; every
    mistake is a one-line error before anything is played."""
    from .check_rounds import ConfigSide, SimConfigSide
    from .progress import run_warmer

    if len(sources) > 2:
        raise ScytheSimError(f"check takes a config, two configs or two runs, got {len(sources)} arguments")
    if base_sim and not (os.path.isfile(base_sim) and os.access(base_sim, os.X_OK)):
        raise ScytheSimError(f"--base-sim {base_sim}: not an executable file: give the other checkout's "
                             "scythe-sim, e.g. base/.venv/bin/scythe-sim")
    runs = [os.path.isfile(os.path.join(s, "manifest.json")) for s in sources]
    if len(sources) == 2 and all(runs):
        if rules or variant or seed is not None:
            raise ScytheSimError("--rule, --variant and --seed describe configs: two runs play their own "
                                 "configs (give two configs to change one)")
        return _run_sides(sources, base_sim, workers)
    for source, is_run in zip(sources, runs):
        if is_run:
            raise ScytheSimError(f"{source} is a run: give two runs (base and candidate), or configs")
        if not os.path.isfile(source):
            raise ScytheSimError(f"{source} is neither a config file nor a run folder (no manifest.json)")
    base_path, candidate_path = (sources[0], sources[-1]) if sources else (None, None)
    candidate = _load(candidate_path, seed, rules, variant)
    notes = []
    if base_sim:
        base = SimConfigSide(base_sim, base_path, candidate.seed, out, workers)
    else:
        base = ConfigSide(_load(base_path, candidate.seed, (), None), out, workers, run_warmer(candidate))
    if base_path != candidate_path or base_sim:
        notes.append(f"both sides play root seed {candidate.seed}")
    return base, ConfigSide(candidate, out, workers, run_warmer(candidate)), candidate.game, notes


def _load(path, seed, rules, variant):
    from scythe_sim.runner.config import flag_overrides, load_config

    overrides = flag_overrides(rules=rules)
    config = load_config(path, seed=seed, **overrides)
    if variant is not None:
        check_variant(config.spec, variant)
        config = load_config(path, seed=seed, variant=variant, **overrides)
    return config


def _run_sides(sources, base_sim, workers):
    from scythe_sim.runner.config import config_from_snapshot
    from scythe_sim.runner.manifest import read_manifest

    from .check_rounds import RunSide
    from .progress import run_warmer

    manifests = [read_manifest(s) for s in sources]
    seeds = [m.get("root_seed") for m in manifests]
    if seeds[0] != seeds[1]:
        raise ScytheSimError(f"the runs have different root seeds ({seeds[0]} and {seeds[1]}): check measures a "
                             "change on the same deals; play the candidate with the base's seed")
    games = {m.get("game", "scythe") for m in manifests}
    if len(games) > 1:
        raise ScytheSimError(f"cannot check a {manifests[1].get('game')} run against a {manifests[0].get('game')} run")
    warm = run_warmer(config_from_snapshot(manifests[1]["config"]))
    base = RunSide(sources[0], workers, warm, sim=base_sim)
    return base, RunSide(sources[1], workers, warm, role="candidate"), games.pop(), []
