"""A game that stops on a simulator bug becomes a reproducer instead of a traceback.

The game is replayed through its façade with every invariant checked after every
decision (the spec's `failure`), and the run folder receives
``bad_games/game-NNNNNNNNN.json``: the run's config, the game's index and seed, the
problem, the decision that failed with the positions before and after it, and the
command that shows the game again. Without --keep-going the run stops on the first such
game with one line (SimulatorBug, exit code 4); with it, the shard leaves the game out
of its result tables, lists it in a `bad_games` table and the run goes on.
"""
import json
import os

import pyarrow as pa
import pyarrow.compute as pc

from ..errors import SimulatorBug
from .commands import replay_command, resume_command
from .parquet import temporary_name, with_run_columns

STATUS_RAISED = -1           # a bad game's status when the compiled code raised (games' own codes are >= 0)
BAD_GAMES = "bad_games"      # the run folder's table of bad games, and its folder of reproducers
# reproducers written per shard: each replays its game in Python (seconds), so a shard whose
# games all fail does not take hours; every bad game is in the table and `replay` finds any
REPRODUCERS_PER_SHARD = 5


def reproducer_name(game_id) -> str:
    """The reproducer's path inside the run folder."""
    return f"{BAD_GAMES}/game-{game_id:09d}.json"


def write_reproducer(config, run_dir, game_id, status, seed) -> str:
    """Find where game `game_id` fails and write its reproducer; returns its path. The
    file is published whole (a temporary name, then os.replace) and its bytes depend only
    on the config and the game (not on the backend's view of the folder), so a resumed or
    re-run shard writes the same file."""
    found = config.spec.failure(config, game_id)
    record = {"game": game_id, "seed": seed, "status": status, "game_name": config.game,
              "variant": config.variant, "config": config.snapshot(),
              "failure": found or {"problem": "the replay through the façade ended cleanly: the batch "
                                              "player and the façade disagree (status "
                                              f"{status} in the batch)"},
              "replay": replay_command(config.run_dir(), game_id)}
    path = os.path.join(run_dir, reproducer_name(game_id))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    temporary = temporary_name(path)
    with open(temporary, "w") as f:
        json.dump(record, f, indent=1, sort_keys=True, default=str)
        f.write("\n")
    os.replace(temporary, path)
    return path


def problem_of(path) -> str:
    """The problem a reproducer names."""
    with open(path) as f:
        return json.load(f)["failure"]["problem"]


def stop_on_bug(run_dir, game_id, seed, path):
    """The one line that stops a run on a simulator bug."""
    raise SimulatorBug(
        f"game {game_id} (seed {seed}) stopped on a simulator bug ({problem_of(path)}): "
        f"reproducer written to {path}; see the game with: {replay_command(run_dir, game_id)}; "
        f"please report it with that file. To finish the run without such games: "
        f"{resume_command(run_dir)} --keep-going")


def leave_out(tables, bad, written, config) -> dict:
    """The shard's tables without the bad games' rows, plus the `bad_games` table: game,
    seed, status, problem (where a reproducer was written), the reproducer's path inside
    the run folder (null past REPRODUCERS_PER_SHARD: `replay --game N` shows any), and the run
    columns every table ends with."""
    ids = pa.array([g for g, _, _ in bad], pa.int64())
    kept = {}
    for name, table in tables.items():
        column = table.column("game").cast(pa.int64())
        kept[name] = table.filter(pc.invert(pc.is_in(column, value_set=ids)))
    problems = [problem_of(written[g]) if g in written else None for g, _, _ in bad]
    kept[BAD_GAMES] = with_run_columns(pa.table({
        "game": ids,
        "seed": pa.array([seed for _, _, seed in bad], pa.uint64()),
        "status": pa.array([status for _, status, _ in bad], pa.int32()),
        "problem": pa.array(problems, pa.string()),
        "reproducer": pa.array([reproducer_name(g) if g in written else None for g, _, _ in bad], pa.string()),
    }), config.spec.ruleset(config), config.variant)
    return kept
