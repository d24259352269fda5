"""The rounds of `scythe-sim check`: each side's run grown to the round's games (played
here, or by another install's scythe-sim for a base from another checkout), then one
look of the sequential check at the paired differences, until every group is decided
or the budget is spent.

A side is a run that grows: a config's cached run (runner/cache.py: DIR/<key>, reused
and extended by later checks) or an existing run folder (extended with `--extend-to`).
"""
import os
import subprocess

import click

from scythe_sim.errors import ConfigError


def _call(sim, args, role):
    """Run another install's scythe-sim; its output, or a ConfigError with its last line."""
    try:
        done = subprocess.run([sim, *args], capture_output=True, text=True)
    except OSError as exc:
        raise ConfigError(f"--base-sim {sim}: cannot run it ({exc.strerror or exc}): give the path of the "
                          "other checkout's scythe-sim, e.g. base/.venv/bin/scythe-sim") from None
    if done.returncode != 0:
        lines = (done.stderr or done.stdout).strip().splitlines()
        raise ConfigError(f"the {role}'s scythe-sim ({sim} {' '.join(args[:2])}) failed: "
                          f"{lines[-1] if lines else f'exit {done.returncode}'}")
    return done.stdout


class ConfigSide:
    """A config's cached run in `out`, played in this process."""

    def __init__(self, config, out, workers, warm):
        from scythe_sim.runner.cache import cache_key

        self.config, self.out, self.workers, self.warm = config, out, workers, warm
        self.key = cache_key(config)
        self.where = os.path.join(out, self.key)

    def grow(self, games):
        from scythe_sim.runner.cache import ensure_cached

        run_dir, _, _ = ensure_cached(self.config, self.out, games, workers=self.workers, warm=self.warm)
        return run_dir


class SimConfigSide:
    """A config's cached run in `out`, played by another install's scythe-sim (its config
    file read by that install, at the seed of the check)."""

    def __init__(self, sim, config_path, seed, out, workers, role="base"):
        self.sim, self.out, self.workers, self.role = sim, out, workers, role
        self.args = [*([config_path] if config_path else []), "--seed", str(seed)]
        self.key = _call(sim, ["run", *self.args, "--cache-key"], role).strip().splitlines()[-1]
        self.where = os.path.join(out, self.key)

    def grow(self, games):
        _call(self.sim, ["run", *self.args, "--cache", self.out, "--games", str(games), "--quiet",
                         "--workers", str(self.workers)], self.role)
        return self.where


class RunSide:
    """An existing run folder, extended in this process, or by another install's
    scythe-sim when `sim` is given."""

    def __init__(self, path, workers, warm=None, sim=None, role="base"):
        self.path, self.workers, self.warm, self.sim, self.role = str(path), workers, warm, sim, role
        self.key = None
        self.where = self.path

    def _manifest(self):
        from scythe_sim.runner.manifest import read_manifest

        return read_manifest(self.path)

    def grow(self, games):
        manifest = self._manifest()
        if manifest["games"] >= games and manifest.get("complete"):
            return self.path
        parent, name = os.path.split(os.path.abspath(self.path))
        target = max(games, manifest["games"])
        if self.sim:
            flag = ["--extend-to", str(target)] if target > manifest["games"] else ["--resume"]
            _call(self.sim, ["run", *flag, "--out", parent, "--name", name, "--quiet", "--workers",
                             str(self.workers)], self.role)
            return self.path
        from scythe_sim.runner.extend import extension
        from scythe_sim.runner.run import config_of_run, execute

        config = config_of_run(parent, name)
        execute(extension(config, target), workers=self.workers, resume=True, warm=self.warm)
        return self.path


def next_games(games, round_games, max_games):
    """The games of the next look: a round more, or once that is less than a quarter of the
    games so far, that quarter rounded up to whole rounds (a look costs the confidence
    sequences nothing; fewer, larger rounds cost the runs less). Whole rounds keep the
    runs' shards whole when the round is a multiple of the shard size."""
    rounds = max(1, -(-games // (4 * round_games)))
    return min(max_games, games + rounds * round_games)


def play_rounds(base, candidate, groupings, check, round_games, max_games, first_shift=False, progress=None,
                hashes=True):
    """Grow both sides round by round and look after each; returns (rounds, games, base
    folder, candidate folder, pairing) when every group is decided, the budget is spent,
    or (first_shift) a group shifted."""
    from analysis.check import check_groupings, look_sums, open_pair

    games, rounds = min(round_games, max_games), 0
    while True:
        rounds += 1
        base_dir, candidate_dir = base.grow(games), candidate.grow(games)
        base_run, candidate_run, pairing = open_pair(base_dir, candidate_dir, games, hashes)
        if rounds == 1:
            check_groupings(base_run, groupings)
        check.look(games, look_sums(base_run, candidate_run, groupings))
        if progress:
            progress(rounds, games, check)
        if check.done or games >= max_games or (first_shift and check.shifted):
            return rounds, games, base_dir, candidate_dir, pairing
        games = next_games(games, round_games, max_games)


def progress_line(rounds, games, check):
    click.echo(f"round {rounds}: {games:,} games, {check.undecided} of {len(check.groups)} groups undecided "
               f"({check.shifted} shifted, {len(check.groups) - check.undecided - check.shifted} equivalent)",
               err=True)


def reference_side(side, game, games, workers, quiet, role):
    """The folder of `side`'s run played again by the reference player on its first `games`
    deals (check --confirm), played now where missing: a config's in the check's folder,
    a run's beside it, a base from another checkout by that checkout's scythe-sim."""
    from analysis.reference_view import reference_player
    from scythe_sim.runner import reference

    from .reference_player import command_line, play_reference

    what = f"{role}'s reference"
    if isinstance(side, SimConfigSide):
        args = ["run", *side.args, "--strategies", reference_player(game).strategy, "--shard-size",
                str(reference.SHARD)]
        key = _call(side.sim, [*args, "--cache-key"], side.role).strip().splitlines()[-1]
        if not quiet:
            click.echo(f"{what}: {games:,} games, played by {side.sim}", err=True)
        _call(side.sim, [*args, "--cache", side.out, "--games", str(games), "--quiet", "--workers", str(workers)],
              side.role)
        return os.path.join(side.out, key)
    if isinstance(side, RunSide):
        config, folder = reference.run_config(side.path), reference.folder(side.path)
    else:
        config, folder = side.config, side.out
    player = reference_player(game)
    config = reference.reference_config(config, games, player, flag="--confirm", within_run=False)
    run_dir, _ = play_reference(config, player, folder, games, workers, quiet, command_line(), what)
    return run_dir
