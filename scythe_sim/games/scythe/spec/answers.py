"""Scythe's answers to the runner (runner/spec.GameSpec): playing a plan, the warm-up, the
ruleset name, the provenance (data checksum, flagged assumptions played, learned models)
and replaying a stored game."""
import functools
import time
import tomllib
from importlib import resources

import numpy as np

from scythe_sim.runner import game_parts
from scythe_sim.runner.spec import game_tables

from ..enums import FACTIONS, MATS
from ..tables import RULE_NAMES, default_tables

RULESET = "scythe-2022"        # the rulebook reading played (docs/RULES.md)
_CHECKED = ("faction", "mat", "turn_order", "rank", "total", "stars", "coins")


def play(tables, first, plan, config, check=False, played=None):
    """(result tables, bad games) of the plan's games, the first being game `first` of the
    run; with check, the invariants are checked after every step (a broken one is a bad game);
    played, an int64 (1,) array, gains one as each game ends."""
    from ..play import BatchOptions
    from .results import result_tables

    from ..learned_models import config_learned

    raw = play_plan(tables, plan, config.params(), check,
                    BatchOptions(log_turns=config.log_turns, played=played, learned=config_learned(config)))
    return result_tables(first, plan, raw, config), bad_games(plan, raw)


def play_plan(tables, plan, params, check=False, options=None):
    """The one way a batch of Scythe games is played: play.run_games' raw results of a plan
    (deals.Plan) with the weight rows `params`, under BatchOptions (None: the defaults).
    Behind every run (`play` above, so runner/batch.play_range) and the tools that need
    what a run config does not carry (tune's candidate slot, learn's model stacks and
    recorded seat-turns, the search check's CPU per batch)."""
    from ..play import BatchOptions, Seating, run_games

    return run_games(tables, plan.seeds, plan.players, Seating(plan.factions, plan.mats, plan.coins, plan.prices),
                     plan.strategies, params=params, check=check,
                     options=options if options is not None else BatchOptions())


def warm():
    """Compile or load every entry point by playing one short game; returns seconds.
    The strategies go in as the runner's plans give them (a writable games x seats
    array): a read-only array would be another signature, compiled again by the first
    shard after the clock started."""
    start = time.perf_counter()
    from ..layout import MAX_PLAYERS
    from ..play import run_games
    from ..tables import default_tables

    run_games(default_tables(), [1], 2, strategies=np.zeros((1, MAX_PLAYERS), np.int64), check=True)
    return time.perf_counter() - start


def weight_rows(path):
    """(row, {faction name: row}) of a weights file (strategies/weights.py)."""
    from ..strategies.weights import weight_rows as rows_of

    row, by_faction = rows_of(path)
    return row, {FACTIONS[f]: r for f, r in by_faction.items()}


def seat_weights(params) -> dict:
    """{(strategy name, faction name): row} of the per-faction rows params holds."""
    from ..strategies import N_STRATEGIES, STRATEGIES
    from ..strategies.weights import faction_rows

    return {(STRATEGIES[slot], FACTIONS[f]): row for (slot, f), row in faction_rows(params).items()
            if slot < N_STRATEGIES}


def with_seat_weights(rows, keyed) -> object:
    """params of the strategies' rows and {(strategy name, faction name): row}."""
    from ..strategies import STRATEGIES
    from ..strategies.weights import with_faction_rows

    return with_faction_rows(rows, {(STRATEGIES.index(name), FACTIONS.index(faction)): row
                                    for (name, faction), row in keyed.items()})


def bad_games(plan, raw):
    """((batch index, status, seed), ...) of the games that stopped on a simulator bug."""
    from ..play import R_STATUS, STATUS_OK

    return game_parts.bad_games(raw[0][:, R_STATUS], plan.seeds, STATUS_OK)


def ruleset(config) -> str:
    """'scythe-2022' plus every house rule that differs from its default, by name."""
    return game_parts.ruleset_name(RULESET, config.rules, RULE_NAMES, default_tables().rules)


def models(config) -> dict:
    """The learned value model the players read (learned_models.py: the shipped one, or the
    config's strategies.model), by name."""
    from ..learned_models import config_identity

    return {"learned_value": config_identity(config)}


def _data_folder():
    return resources.files("scythe_sim.games.scythe").joinpath("data")


@functools.lru_cache(maxsize=1)
def data_sha256() -> str:
    """sha256 over scythe_sim/games/scythe/data/*.toml (names and bytes, in name order)."""
    return game_parts.data_sha256(_data_folder())


@functools.lru_cache(maxsize=1)
def all_assumptions() -> tuple:
    """Every entry of data/assumptions.toml, as dicts."""
    text = _data_folder().joinpath("assumptions.toml").read_text(encoding="utf-8")
    return tuple(tomllib.loads(text)["assumption"])


def assumptions(config) -> list:
    """[{"id", "text"}, ...] of the assumptions played by the config's variant and rules."""
    rules = game_tables("scythe", config.rules).rules
    out = []
    for a in all_assumptions():
        when = a.get("when", {})
        if config.variant in a["variants"] and all(int(rules[RULE_NAMES.index(k)]) == v
                                                   for k, v in when.items()):
            out.append({"id": a["id"], "text": a["text"]})
    return out


def provenance(config) -> dict:
    """What the run's manifest records the games were played with beside the config."""
    return {"data_sha256": data_sha256(), "assumptions": assumptions(config), "models": models(config)}


def _standard_score(game):
    """game.score() rows as the seats table stored them: a variant's results part may say
    what its games stored instead (replay_rows: after All Out War, the standard game's)."""
    from ..variants import hooks

    rows = game.score()
    hooks.each("results", "replay_rows", game, rows)
    return rows


def replay(config, game_id, stored, pictures=None):
    """(lines, mismatches) of game `game_id` replayed from its plan; stored(table) gives
    the stored rows of the game in that table; pictures: a folder for a picture per turn
    and the page stepping through them."""
    from scythe_sim.errors import ConfigError
    from ..learned_models import config_learned
    from ..playthrough import picture_turns, play_through
    from ..strategies import STRATEGIES

    seed, n, given_f, given_m, ids = _deal(config, game_id)
    seats = stored("seats").sort("seat")
    if seats.height != n:
        raise ConfigError(f"game {game_id} is not in the run's seats table (is the run complete?)")
    snapshots = [] if pictures is not None else None
    game, lines = play_through(seed, n, given_f, given_m, [STRATEGIES[x] for x in ids], config.rules_dict,
                               params=config.params(), snapshots=snapshots, prices=config.prices,
                               learned=config_learned(config))
    if pictures is not None:
        picture_turns(pictures, game.tables, snapshots, lines, f"Scythe, game {game_id} of a run")
    mismatches = []
    by_seat = {row["seat"]: dict(row, turn_order=row["player"] + 1) for row in _standard_score(game)}
    for row in seats.iter_rows(named=True):
        replayed = by_seat[row["seat"]]
        for key in _CHECKED + (("war_winner",) if row.get("war_winner") is not None else ()):
            if str(replayed[key]) != str(row[key]):
                mismatches.append(f"seat {row['seat']} {key}: stored {row[key]}, replayed {replayed[key]}")
    return lines, mismatches


def _deal(config, game_id):
    """(seed, players, factions or None, mats or None, strategy id per seat) of game
    `game_id` of the run, as its plan deals it (None: dealt by the game's own seed)."""
    from .deals import plan_games

    plan = plan_games(config, game_id, game_id + 1)
    n = int(plan.players[0])
    given_f = [FACTIONS[f] for f in plan.factions[0, :n]] if plan.factions[0, 0] >= 0 else None
    given_m = [MATS[m] for m in plan.mats[0, :n]] if plan.mats[0, 0] >= 0 else None
    return int(plan.seeds[0]), n, given_f, given_m, [int(x) for x in plan.strategies[0, :n]]


def failure(config, game_id):
    """Where game `game_id` of the run first fails, replayed through the façade with the
    run's strategies and weights and every invariant checked after every decision
    (game_parts.first_failure); None when it ends cleanly. For a bad game's reproducer."""
    import numpy as np

    from ..game import Game
    from ..kernel.invariants import INVARIANTS
    from ..learned_models import config_learned
    from ..layout import G_DECIDER, MAX_PLAYERS, P_SEAT
    from ..play import MAX_DECISIONS
    from ..strategies.dispatch import choose
    from ..text.codec import describe

    seed, n, given_f, given_m, seat_ids = _deal(config, game_id)
    game = Game.new(seed=seed, players=n, factions=given_f, mats=given_m, rules=config.rules_dict,
                    prices=config.prices, learned=config_learned(config))
    ids = np.zeros(MAX_PLAYERS, np.int64)
    ids[:n] = seat_ids
    params = np.asarray(config.params(), np.float64)

    def pick(g, rows):
        seat = int(g.state.player[g.state.game[G_DECIDER], P_SEAT])
        return choose(ids[seat], g.state, g.tables, seat, rows, len(rows), params, g.work)

    def problem(g):
        code = g.check()
        return INVARIANTS[code - 1] if code else None
    return game_parts.first_failure(game, pick, lambda g, row: describe(g.state, g.tables, row), problem,
                                    MAX_DECISIONS)
