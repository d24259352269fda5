"""`scythe-sim check`: has a change shifted balance? Base against candidate on the same
deals, played in rounds until every group is decided (shifted, or equivalent within
--min-effect) or the budget is spent; exit 0, 1 or 3 for CI."""
import dataclasses
import os
import sys

import click

from scythe_sim.errors import ScytheSimError

from .common import Margins, check_variant, points_option, records

# groups a game deals one seat each at most (analysis/check.py says why that matters)
BY_CHOICES = ["faction", "mat", "faction,mat", "seat", "turn_order", "personality"]
EVERY_GAME = ("seat", "turn_order")      # seat columns every game's seats table has
EXIT = {"equivalent": 0, "shifted": 1, "undecided": 3}
# --confirm: the reference player's verdict on the fast players' shift
CONFIRM_EXIT = {"confirmed": 1, "not confirmed": 5, "undecided": 6}
SUGGESTED_CONFIRM = 300


@dataclasses.dataclass(frozen=True)
class Change:
    """What the candidate changes (--rule, --variant) and the root seed both sides play."""
    rules: tuple
    variant: str | None
    seed: int | None


@dataclasses.dataclass(frozen=True)
class Budget:
    """How the rounds go and when they stop: --max-games, --round, --first-shift and --plan."""
    max_games: int
    round_games: int
    first_shift: bool
    plan: bool


@dataclasses.dataclass(frozen=True)
class Playing:
    """Where and how the games are played: --out, --base-sim, --workers and --quiet."""
    out: str
    base_sim: str | None
    workers: int | None
    quiet: bool


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
@click.option("--confirm", "confirm_games", type=click.IntRange(min=1), metavar="N",
              help="When the fast players decide a shift, re-test the shifted groups on N deals with the "
                   "reference player in every seat, under the base and the candidate rules: exit 1 confirmed, "
                   "5 not confirmed (the fast players' artefact), 6 undecided.")
@records(change=Change, margins=Margins, budget=Budget, playing=Playing)
def check(sources, by, change, margins, budget, playing, fmt, confirm_games):
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

    workers = playing.workers or os.cpu_count() or 1
    base, candidate, game, notes = _sides(sources, change, playing.out, playing.base_sim, workers)
    groupings = _groupings(by, game)
    if base.key is not None and base.key == candidate.key:
        notes.append("note: base and candidate are the same games (same config, rule set and code): every "
                     "difference is 0")
    for role, side in (("base", base), ("candidate", candidate)):
        if side.key:
            notes.append(f"{role} key: {side.key}")
    sequential = SequentialCheck(margins.alpha, margins.min_effect / 100)
    # --plan: one round alone, the pilot
    stop_at = min(budget.round_games, budget.max_games) if budget.plan else budget.max_games
    try:
        rounds, games, base_dir, candidate_dir, pairing = play_rounds(
            base, candidate, groupings, sequential, budget.round_games, stop_at, budget.first_shift,
            None if playing.quiet else progress_line)
    except KeyboardInterrupt:
        click.echo(f"interrupted: the runs played so far are kept ({base.where}, {candidate.where}) and a later "
                   "check reuses them", err=True)
        sys.exit(130)
    notes.append(pairing.reason)
    result = {"base": base_dir, "candidate": candidate_dir, "base_key": base.key, "candidate_key": candidate.key,
              "games": games, "rounds": rounds, "max_games": budget.max_games, "alpha": margins.alpha,
              "min_effect_pp": margins.min_effect, "notes": notes}
    from analysis.check import plan_rows, verdict_rows
    from analysis.check_view import render, render_plan

    if budget.plan:
        click.echo(render_plan({**result, **plan_rows(sequential, games)}, fmt))
        return
    result["rows"] = verdict_rows(sequential)
    result["outcome"] = sequential.outcome()
    if result["outcome"] == "undecided":
        estimate = plan_rows(sequential, games)
        result["to_decide"] = (budget.first_shift and estimate["games_to_first_shift"]) or estimate["games_needed"]
    lines = _confirm(result, base, candidate, game, confirm_games, workers, playing.quiet, fmt, margins)
    click.echo(render(result, fmt))
    if lines:
        click.echo("\n".join(["", *lines]))
    if "confirm" in result and "verdict" in result["confirm"]:
        sys.exit(CONFIRM_EXIT[result["confirm"]["verdict"]])
    sys.exit(EXIT[result["outcome"]])


def _confirm(result, base, candidate, game, games, workers, quiet, fmt, margins):
    """result["confirm"] and the lines shown after the verdict: with --confirm N and a shift
    decided, the shifted groups re-tested on the reference player's games; without it, the
    line that says the shift was not confirmed and what confirming would cost."""
    from analysis.reference import confirm_rows, confirmation, minutes
    from analysis.reference_view import confirm_lines
    from analysis.runs import Run
    from scythe_sim.runner import reference
    from scythe_sim.runner.spec import tools_for

    from .check_rounds import RunSide, reference_side

    if result["outcome"] != "shifted":
        if games is not None:
            result["confirm"] = {"line": "nothing to confirm: the fast players decided no shift"}
            return [result["confirm"]["line"]] if fmt != "json" else []
        return []
    player = tools_for(game).reference
    if player is None:
        result["confirm"] = {"line": f"{game} has no reference player: the shift is the fast players' alone"}
        return [result["confirm"]["line"]] if fmt != "json" else []
    if games is None:
        configs = [reference.run_config(s.path) if isinstance(s, RunSide) else getattr(s, "config", None)
                   for s in (base, candidate)]
        known = [c for c in configs if c is not None]       # a base from another checkout: as the candidate
        seconds = 2 / len(known) * sum(reference.cpu_seconds(reference.reference_config(
            c, SUGGESTED_CONFIRM, player, within_run=False), player) for c in known)
        result["confirm"] = {"checked": False, "suggested_games": SUGGESTED_CONFIRM,
                             "cpu_minutes": round(seconds / 60, 1),
                             "line": f"Shift decided by the fast players, not confirmed by the reference "
                                     f"(`--confirm {SUGGESTED_CONFIRM}`, about {minutes(seconds / 60)} CPU-minutes)."}
        return [result["confirm"]["line"]] if fmt != "json" else []
    decided = [r for r in result["rows"] if r["decision"] == "shifted"]
    folders = [reference_side(side, game, games, workers, quiet, role)
               for side, role in ((base, "base"), (candidate, "candidate"))]
    rows = confirm_rows(Run(folders[0]), Run(folders[1]), decided, margins.alpha, margins.min_effect / 100)
    result["confirm"] = {"checked": True, "games": games, "player": player.strategy, "verdict": confirmation(rows),
                         "rows": rows, "base_reference": folders[0], "candidate_reference": folders[1]}
    return confirm_lines(result["confirm"], fmt) if fmt != "json" else []


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


def _sides(sources, change, out, base_sim, workers):
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
        if change.rules or change.variant or change.seed is not None:
            raise ScytheSimError("--rule, --variant and --seed describe configs: two runs play their own "
                                 "configs (give two configs to change one)")
        return _run_sides(sources, base_sim, workers)
    for source, is_run in zip(sources, runs):
        if is_run:
            raise ScytheSimError(f"{source} is a run: give two runs (base and candidate), or configs")
        if not os.path.isfile(source):
            raise ScytheSimError(f"{source} is neither a config file nor a run folder (no manifest.json)")
    base_path, candidate_path = (sources[0], sources[-1]) if sources else (None, None)
    candidate = _load(candidate_path, change.seed, change.rules, change.variant)
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
