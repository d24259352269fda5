"""objective_progress (kernel/objectives.py, exported by strategies/view.py): 1.0 exactly
when objective_holds, else the mean of the condition's parts as capped fractions.

Hand-built positions check the exact fraction of every card (card table: scythe_facts.md
section 6; the hexes' terrain: tests/scythe/test_objectives.py); positions of played
games check, after every step, that progress is 1.0 exactly where the card holds."""
from fractions import Fraction

import numba
import numpy as np
import pytest

from scythe_sim.games.scythe.enums import N_OBJECTIVES
from scythe_sim.games.scythe.game import Game
from scythe_sim.games.scythe.kernel.apply import apply_action
from scythe_sim.games.scythe.kernel.legal import legal_actions
from scythe_sim.games.scythe.layout import G_DECIDER, G_N_PLAYERS, G_WARNING, P_SEAT
from scythe_sim.games.scythe.strategies import STRATEGIES
from scythe_sim.games.scythe.strategies.dispatch import choose
from scythe_sim.games.scythe.strategies.view import objective_holds, objective_progress
from scythe_sim.games.scythe.strategies.weights import load_params

from .positions import P, position

OPP = P("crimea", "engineering")        # workers on T43 (farm) and T47 (village), out of the way
F = Fraction


@numba.njit
def _rate(s, t, p, card):
    return objective_progress(s, t, p, card), objective_holds(s, t, p, card)


def rate(game, card, p=0):
    """(progress, holds) of card number `card` (1-23) for player p."""
    progress, holds = _rate(game.state, game.tables, p, card - 1)
    return progress, bool(holds)


def nordic(**fields):
    fields.setdefault("workers", ["T04", "T05"])       # forest, tundra
    return P("nordic", "industrial", **fields)


def game_of(player, resources=None, opponent=OPP):
    return Game.from_dict(position(player, opponent, resources=resources))


# card: (fields of player 0 that miss, the exact progress, fields that meet the card),
# with the board's resources as the optional fourth entry (missed, met)
CASES = {
    1: ({"workers": ["T01", "T11", "T04"]}, F(2, 3), {"workers": ["T01", "T11", "T24"]}),
    2: ({"workers": ["T10", "T15", "T16"]}, F(2, 3), {"workers": ["T10", "T15", "T18"]}),
    3: ({"workers": ["T02", "T12", "T03"]}, F(2, 3), {"workers": ["T02", "T12", "T13"]}),
    4: ({"workers": ["T05", "T08", "T04"]}, F(2, 3), {"workers": ["T05", "T08", "T10"]}),
    # Factory not held (0), power 3 of the highest, Crimea's 5 (3/5)
    5: ({"character": "T24", "power": 3}, F(3, 10), {"character": "T23", "power": 10}),
    # no worker forced back yet: half of the 7 power part
    6: ({"power": 3}, F(3, 14), None),
    # no Factory card (0), a mech (1), 5 workers of at most 3 (4/6)
    7: ({"mechs": {"speed": "T04"}, "workers": ["T04", "T05", "T11", "T12", "T13"]}, F(5, 9),
        {"factory_card": 1, "mechs": {"speed": "T04"}, "workers": ["T04", "T05", "T11"]}),
    # $5 of at most $2 (3/6), 3 workers of 4, popularity 7 of 7
    8: ({"coins": 5, "popularity": 7, "workers": ["T04", "T05", "T11"]}, F(3, 4),
        {"coins": 2, "popularity": 7, "workers": ["T04", "T05", "T11", "T12"]}),
    # T05: 6 tokens of 9, 3 types of 4 (T13's full stack is not controlled)
    9: ({}, F(17, 24), {},
        ({"T05": {"oil": 2, "metal": 2, "wood": 2}, "T13": {"oil": 3, "metal": 2, "wood": 2, "food": 2}},
         {"T05": {"oil": 3, "metal": 2, "wood": 2, "food": 2}})),
    10: ({"workers": ["T04", "T14", "T05"]}, F(2, 3), {"workers": ["T04", "T14", "T16"]}),
    11: ({"workers": ["T03", "T06", "T04"]}, F(2, 3), {"workers": ["T03", "T06", "T21"]}),
    12: ({"coins": 15}, F(3, 4), {"coins": 20}),
    # character, a mech and 3 workers on T04: 5 of 6; the Mine there makes 6
    13: ({"character": "T04", "mechs": {"speed": "T04"}, "workers": ["T04", "T04", "T04"]}, F(5, 6),
         {"character": "T04", "mechs": {"speed": "T04"}, "workers": ["T04", "T04", "T04"],
          "structures": {"mine": "T04"}}),
    # a mech, a structure, oil and wood: 4 of 8
    14: ({"mechs": {"speed": "T04"}, "structures": {"mine": "T05"}}, F(1, 2),
         {"mechs": {"speed": "T04"}, "structures": {"mine": "T05"}, "cubes_moved": ["bolster_power"],
          "covered": {"upgrade": 1}, "recruits": ["enlist"], "one_time_bonuses": ["coins"]},
         ({"T04": {"oil": 1, "wood": 1}}, {"T04": {"oil": 1, "metal": 1, "wood": 1, "food": 1}})),
    # 3 workers, 2 recruits
    15: ({"workers": ["T04", "T05", "T11"], "recruits": ["upgrade", "deploy"],
          "one_time_bonuses": ["power", "coins"]}, F(2, 3),
         {"workers": ["T04", "T05"], "recruits": ["upgrade", "deploy"],
          "one_time_bonuses": ["power", "coins"]}),
    # T05: the character, 1 mech, 1 worker, 3 resources of 5
    16: ({"character": "T05", "mechs": {"speed": "T05"}, "workers": ["T05", "T04"]}, F(9, 10),
         {"character": "T05", "mechs": {"speed": "T05"}, "workers": ["T05", "T04"]},
         ({"T05": {"oil": 3}}, {"T05": {"oil": 5}})),
    # a Factory card held (0), 1 territory of 2 next to the Factory
    17: ({"factory_card": 1, "workers": ["T16", "T04"]}, F(1, 4), {"workers": ["T16", "T24"]}),
    # power 2 of at most 0 (1/3), popularity 13, 5 workers
    18: ({"power": 2, "popularity": 13, "workers": ["T04", "T05", "T11", "T12", "T13"]}, F(7, 9),
         {"power": 0, "popularity": 13, "workers": ["T04", "T05", "T11", "T12", "T13"]}),
    # 3 of lake T33's shore hexes
    19: ({"workers": ["T25", "T26", "T32"]}, F(3, 5), {"workers": ["T25", "T26", "T32", "T39", "T40"]}),
    # 2 structures of 3, popularity 7, 1 mech of at most 0 (1/2)
    20: ({"structures": {"mine": "T04", "mill": "T05"}, "popularity": 7, "mechs": {"speed": "T04"}},
         F(13, 18), {"structures": {"mine": "T04", "mill": "T05", "armory": "T11"}, "popularity": 7,
                     "workers": ["T04", "T05", "T11"]}),
    # 7 oil of 9 (the metal is another type)
    21: ({}, F(7, 9), {}, ({"T04": {"oil": 6}, "T05": {"oil": 1, "metal": 2}},
                           {"T04": {"oil": 5}, "T05": {"oil": 4}})),
    # a Factory card, 1 upgrade of at most 0 (1/2)
    22: ({"factory_card": 3, "cubes_moved": ["bolster_power"], "covered": {"upgrade": 1}}, F(3, 4),
         {"factory_card": 3}),
    # 6 combat cards of 8, a combat star
    23: ({"combat_cards": [2] * 6, "stars": {"combat": 1}}, F(7, 8),
         {"combat_cards": [2] * 8, "stars": {"combat": 1}}),
}


def test_every_card_has_a_case():
    assert sorted(CASES) == list(range(1, N_OBJECTIVES + 1))


@pytest.mark.parametrize("card", sorted(CASES))
def test_exact_fraction_where_the_card_misses_and_one_where_it_holds(card):
    missed, fraction, met, *board = CASES[card]
    missed_res, met_res = board[0] if board else (None, None)
    progress, holds = rate(game_of(nordic(**missed), missed_res), card)
    assert not holds and progress == pytest.approx(float(fraction), abs=1e-12)
    if met is not None:
        assert rate(game_of(nordic(**met), met_res), card) == (1.0, True)


def test_king_of_the_hill_power_counts_against_the_highest():
    tie = game_of(nordic(character="T24", power=6), opponent=P("crimea", "engineering", power=6))
    assert rate(tie, 5) == (0.5, False)                  # the power part is met, the Factory not
    behind = game_of(nordic(character="T23", power=3), opponent=P("crimea", "engineering", power=12))
    assert rate(behind, 5) == (pytest.approx(0.625), False)


def test_warning_is_met_by_the_turns_retreat_flag():
    game = game_of(nordic(power=3))
    game.state.game[G_WARNING] = 1
    assert rate(game, 6) == (1.0, True)


def test_the_wolf_counts_only_the_best_territory_it_controls():
    # two workers with the character: 1/2 for the worker part; 2 mechs on T04: not the best
    split = game_of(nordic(character="T05", mechs={"speed": "T04", "artillery": "T04"},
                           workers=["T05", "T05"]), {"T05": {"oil": 5}})
    assert rate(split, 16) == (pytest.approx(2.5 / 4), False)


# --- played games ------------------------------------------------------------------------------

@numba.njit
def _check_all(s, t, progress, holds):
    for p in range(s.game[G_N_PLAYERS]):
        for card in range(progress.shape[1]):
            progress[p, card] = objective_progress(s, t, p, card)
            holds[p, card] = objective_holds(s, t, p, card)


def play_rated(seed, players, strategy_ids, seen):
    """Play one game to its end; after every step rate every card for every player and
    count, per card, positions where it holds / misses with some progress."""
    game = Game.new(seed=seed, players=players)
    s, t, work = game.state, game.tables, game.work
    params = load_params()
    out, buf = np.zeros_like(game._actions), np.zeros_like(game._buf)
    progress = np.zeros((players, N_OBJECTIVES))
    holds = np.zeros((players, N_OBJECTIVES), np.bool_)
    while True:
        _check_all(s, t, progress, holds)
        assert ((progress >= 0) & (progress <= 1)).all()
        assert np.array_equal(progress == 1.0, holds), np.argwhere((progress == 1.0) != holds)
        seen["held"] += holds.sum(axis=0)
        seen["partial"] += ((progress > 0) & (progress < 1)).sum(axis=0)
        n = legal_actions(s, t, out, buf)
        if n == 0:
            return
        seat = int(s.player[s.game[G_DECIDER], P_SEAT])
        i = choose(strategy_ids[seat], s, t, seat, out, n, params, work)
        apply_action(s, t, out[i, 0], out[i, 1], out[i, 2], out[i, 3])


@pytest.mark.slow
def test_progress_is_one_exactly_where_the_card_holds_in_played_games():
    mix = [STRATEGIES.index(n) for n in ("greedy", "warmonger", "objective", "economist", "rusher")]
    seen = {"held": np.zeros(N_OBJECTIVES, np.int64), "partial": np.zeros(N_OBJECTIVES, np.int64)}
    for seed in range(30):                              # ~70,000 positions, 2-5 players
        play_rated(300 + seed, 2 + seed % 4, mix, seen)
    assert (seen["partial"] > 0).all(), seen          # every card rated between 0 and 1 somewhere
    assert (seen["held"] > 0).sum() >= 18, seen       # most cards met along the way (21 of 23 now)
