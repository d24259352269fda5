"""The frozen batches and their result arrays (see tests/scythe/frozen/__init__.py).

Each batch is a fixed list of seeds, player counts and strategies; its result is the
games and seats arrays of ``run_games``, stored column by column under the column's
name, so adding a result column later does not invalidate the stored ones.
"""
import pathlib
import sys

import numpy as np

from scythe_sim.games.scythe.layout import MAX_PLAYERS
from scythe_sim.games.scythe.play import GAME_RESULTS, SEAT_RESULTS, run_games
from scythe_sim.games.scythe.strategies import STRATEGIES
from scythe_sim.games.scythe.strategies.mixes import mix_strategies
from scythe_sim.games.scythe.strategies.weights import W_LEARNED, load_params
from scythe_sim.games.scythe.tables import build_tables

FILE = pathlib.Path(__file__).with_name("results.npz")
DEFAULT_MIX_GAMES = 240
RANDOM_GAMES = 300


def batches():
    """{batch name: (seeds, players, strategies, rules)}."""
    out = {}
    g = DEFAULT_MIX_GAMES
    players = np.array([2, 3, 4, 5])[np.arange(g) % 4]
    out["default_mix"] = (np.arange(1000, 1000 + g, dtype=np.uint64), players,
                          mix_strategies("default", g, players, seed=11), {})
    # the same games with every `learned` weight at 0: the players with the hand-weighted
    # value must play exactly as they did before the learned value (HAND_VALUED)
    out["default_mix_hand"] = out["default_mix"]
    g = RANDOM_GAMES
    players = np.array([1, 2, 3, 4, 5])[np.arange(g) % 5]
    out["random"] = (np.arange(5000, 5000 + g, dtype=np.uint64), players,
                     np.zeros((g, MAX_PLAYERS), np.int64), {})
    g = 60
    players = np.full(g, 4)
    rusviet_house = {"relentless_on_factory": 1, "ban_pairs": 0, "stars_to_end": 5}
    out["house_rules_greedy"] = (np.arange(9000, 9000 + g, dtype=np.uint64), players,
                                 np.full((g, MAX_PLAYERS), STRATEGIES.index("greedy1"), np.int64),
                                 rusviet_house)
    # greedy1 is the frozen baseline planner: it must play exactly as greedy did before
    # multi-turn planning (these columns were stored from that greedy)
    g = 80
    players = np.array([2, 3, 4, 5])[np.arange(g) % 4]
    out["greedy1"] = (np.arange(7000, 7000 + g, dtype=np.uint64), players,
                      np.full((g, MAX_PLAYERS), STRATEGIES.index("greedy1"), np.int64), {})
    # greedy2 is greedy as it was before the learned value (issue 27): stored from that greedy
    out["greedy2"] = (np.arange(7500, 7500 + g, dtype=np.uint64), players,
                      np.full((g, MAX_PLAYERS), STRATEGIES.index("greedy2"), np.int64), {})
    return out


HAND_VALUED = ("default_mix_hand",)


def params_for(name):
    """The weight rows a batch plays: the shipped ones, or for a HAND_VALUED batch the same
    with every `learned` weight at 0 (the hand-weighted value)."""
    if name not in HAND_VALUED:
        return None
    params = load_params().copy()
    params[:, W_LEARNED] = 0.0
    return params


def play(name):
    seeds, players, strategies, rules = batches()[name]
    return run_games(build_tables(rules), seeds, players, strategies=strategies, check=True,
                     params=params_for(name))


def columns(name) -> dict:
    game_out, seat_out = play(name)
    cols = {f"{name}/games/{c}": game_out[:, i].copy() for i, c in enumerate(GAME_RESULTS)}
    cols.update({f"{name}/seats/{c}": seat_out[:, :, i].copy() for i, c in enumerate(SEAT_RESULTS)})
    return cols


def main(argv):
    """Regenerate the named batches (all without names), keeping the others' columns."""
    names = argv or list(batches())
    unknown = set(names) - set(batches())
    if unknown:
        sys.exit(f"unknown batch {sorted(unknown)[0]!r}: choose from {', '.join(batches())}")
    stored = {}
    if FILE.exists():
        with np.load(FILE) as data:
            stored = {k: data[k] for k in data.files if k.split("/")[0] not in names}
    for name in names:
        stored.update(columns(name))
    np.savez_compressed(FILE, **stored)
    print(f"wrote {FILE} ({len(stored)} columns)")


if __name__ == "__main__":
    main(sys.argv[1:])
