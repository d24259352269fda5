"""My Little Scythe as the runner sees it: its GameSpec (runner/spec.py), registered on
import as game "my_little_scythe". Plans (seeds, player counts, strategies per seat),
config checks, playing, result tables (results.py), ruleset, provenance and replay."""
import functools
from importlib import resources
from typing import NamedTuple

import numpy as np

from scythe_sim.errors import ConfigError
from scythe_sim.runner import game_parts
from scythe_sim.runner.plan import game_seed, seat_strategies
from scythe_sim.runner.spec import GameSpec, GameTools, Setup, Weights, register

from ..assumptions import all_assumptions
from ..layout import MAX_PLAYERS
from ..strategies import N_STRATEGIES, STRATEGIES
from ..strategies.mixes import DEFAULT_POOL, pool_seats
from ..strategies.weights import load_weights, weight_row
from ..tables import RULE_NAMES, build_tables, default_tables
from .names import listing
from .results import TABLES, result_tables

NAME = "my_little_scythe"
RULESET = "mls-2018"        # the rulebook text played (docs/RULES.md, "My Little Scythe")
PLAYERS = (1, 6)


class Plan(NamedTuple):
    seeds: np.ndarray        # (G,) uint64
    players: np.ndarray      # (G,) int64
    strategies: np.ndarray   # (G, MAX_PLAYERS) int64 strategy id per seat


def plan_games(config, start: int, stop: int) -> Plan:
    g = stop - start
    seeds = np.empty(g, np.uint64)
    players = np.empty(g, np.int64)
    strategies = np.zeros((g, MAX_PLAYERS), np.int64)
    for k, i in enumerate(range(start, stop)):
        seeds[k] = game_seed(config.seed, i)
        n = config.players[i % len(config.players)]
        players[k] = n
        strategies[k, :n] = seat_strategies(config, i, n, pool_seats)
    return Plan(seeds, players, strategies)


def check_config(c) -> None:
    if c.model:
        raise ConfigError("config 'strategies.model': My Little Scythe's players have no learned model: remove it")
    for n in c.players:
        if not PLAYERS[0] <= n <= PLAYERS[1]:
            raise ConfigError(f"config 'players' holds {n}: My Little Scythe plays {PLAYERS[0]} to {PLAYERS[1]}")


def play(tables, first, plan, config, check=False, played=None):
    """(result tables, bad games) of the plan's games, the first being game `first` of the run;
    played, an int64 (1,) array, gains one as each game ends."""
    from ..play import R_STATUS, STATUS_OK, run_games

    raw = run_games(tables, plan.seeds, plan.players, plan.strategies, params=config.params(), check=check,
                    played=played)
    return result_tables(first, plan, raw, config), game_parts.bad_games(raw[0][:, R_STATUS], plan.seeds, STATUS_OK)


def weight_rows(path):
    """(row, {}) of a weights file: My Little Scythe's weights differ by no seat key."""
    return weight_row(path), {}


def ruleset(config) -> str:
    return game_parts.ruleset_name(RULESET, config.rules, RULE_NAMES, default_tables().rules)


@functools.lru_cache(maxsize=1)
def data_sha256() -> str:
    return game_parts.data_sha256(resources.files("scythe_sim.games.mls").joinpath("data"))


def provenance(config) -> dict:
    """The data checksum and every flagged assumption (each is played); no learned model."""
    return {"data_sha256": data_sha256(),
            "assumptions": [{"id": a["id"], "text": a["text"]} for a in all_assumptions()], "models": {}}


def replay(config, game_id, stored, pictures=None):
    """(lines, mismatches): game `game_id` stepped through the façade with the run's
    strategies, one line per decision, compared with its stored seats rows; pictures: a
    folder for a picture per turn and the page stepping through them."""
    from ..playthrough import play_through
    from ..text.picture import picture_turns
    plan = plan_games(config, game_id, game_id + 1)
    n = int(plan.players[0])
    seats = stored("seats").sort("seat")
    if seats.height != n:
        raise ConfigError(f"game {game_id} is not in the run's seats table (is the run complete?)")
    snapshots = [] if pictures is not None else None
    game, lines = play_through(int(plan.seeds[0]), n, plan.strategies[0], config.rules_dict,
                               params=config.params(), snapshots=snapshots)
    if pictures is not None:
        picture_turns(pictures, game.tables, snapshots, lines, f"My Little Scythe, game {game_id} of a run")
    mine = {row["seat"]: dict(row, winner=row["winner"] == 1) for row in game.seat_rows()}
    mismatches = []
    for row in seats.iter_rows(named=True):
        for key in ("rank", "winner", "trophies", "friendship", "pies"):
            if str(mine[row["seat"]][key]) != str(row[key]):
                mismatches.append(f"seat {row['seat']} {key}: stored {row[key]}, replayed {mine[row['seat']][key]}")
    return lines, mismatches


def failure(config, game_id):
    """Where game `game_id` of the run first fails, stepped through the façade with the
    run's strategies and streams and every invariant checked after every decision
    (game_parts.first_failure); None when it ends cleanly. For a bad game's reproducer."""
    from ..game import describe
    from ..play import MAX_DECISIONS
    from ..playthrough import seated_game

    plan = plan_games(config, game_id, game_id + 1)
    game, pick = seated_game(int(plan.seeds[0]), int(plan.players[0]), plan.strategies[0], config.rules_dict,
                             params=config.params())

    def problem(g):
        broken = g.invariant()
        return None if broken == "ok" else broken
    return game_parts.first_failure(game, pick, lambda g, row: describe(row), problem, MAX_DECISIONS)


def warm() -> None:
    """Compile (or load) the MLS kernel and batch player once."""
    from ..play import run_games
    # a writable games x seats array, as the runner's plans give (a read-only one compiles again)
    run_games(default_tables(), np.arange(1, dtype=np.uint64), 2,
              strategies=(np.arange(MAX_PLAYERS) % N_STRATEGIES).reshape(1, MAX_PLAYERS))


SPEC = register(GameSpec(
    name=NAME,
    setup=Setup(variants=("base",), rule_names=RULE_NAMES, strategies=STRATEGIES, default_strategies=DEFAULT_POOL,
                assignments=("random",), default_config={"name": NAME, "shard_size": 1000}),
    weights=Weights(defaults=load_weights, read=weight_rows),
    build_tables=build_tables,
    check_config=check_config,
    plan_games=plan_games,
    play=play,
    ruleset=ruleset,
    provenance=provenance,
    replay=replay,
    failure=failure,
    warm=warm,
), GameTools(
    tables=TABLES,
    compiled_package="mls",
    commands={"play": "scythe_sim.games.mls.one_game", "bench": "scythe_sim.games.mls.tools.bench",
              "evaluate": "scythe_sim.games.mls.tools.studies"},
    listing=listing,
    balance_groups=(("personality",), ("turn_order",)),
))
