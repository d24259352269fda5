"""The balanced assignment: a cyclic design computed per game from (root seed, game
index), balanced over full cycles; random and fixed assignments keep their plans."""
import collections

import numpy as np
import pytest

from scythe_sim.games.scythe.enums import FACTIONS, MATS
from scythe_sim.games.scythe.lineup import lineup
from scythe_sim.runner.config import parse_config
from scythe_sim.runner.plan import game_seed
from scythe_sim.games.scythe.spec.deals import balanced_deal, count_index, plan_games


def counts(factions, mats, banned, n, games, root=1):
    by_seat_f, by_seat_m, pairs = collections.Counter(), collections.Counter(), collections.Counter()
    for j in range(games):
        fs, ms = balanced_deal(factions, mats, banned, n, root, j)
        assert len(set(fs)) == n and len(set(ms)) == n
        for s, (f, m) in enumerate(zip(fs, ms)):
            by_seat_f[f, s] += 1
            by_seat_m[m, s] += 1
            pairs[f, m] += 1
    return by_seat_f, by_seat_m, pairs


@pytest.mark.parametrize("n", [4, 5])
def test_without_bans_every_cycle_is_exactly_balanced(n):
    line = lineup({"ban_pairs": 0})
    nf, nm = len(line.factions), len(line.mats)
    f, m, pairs = counts(line.factions, line.mats, frozenset(), n, 3 * nf * nm)
    assert set(f.values()) == {3 * nm} and len(f) == nf * n        # each faction in each seat
    assert set(m.values()) == {3 * nf} and len(m) == nm * n        # each mat in each seat
    assert set(pairs.values()) == {3 * n} and len(pairs) == nf * nm


@pytest.mark.parametrize("n", [4, 5])
def test_with_bans_every_faction_and_mat_sits_in_every_seat_equally_often(n):
    line = lineup()
    banned = frozenset(line.banned)
    f, m, pairs = counts(line.factions, line.mats, banned, n, 12 * n * 25)   # 12 x n cycles
    assert not set(pairs) & banned
    assert len(pairs) == 25 - len(banned)                          # every legal pair is dealt
    for c, ids in ((f, line.factions), (m, line.mats)):
        assert all(len({c[x, s] for s in range(n)}) == 1 for x in ids)       # the same in every seat
        totals = [c[x, 0] for x in ids]
        assert max(totals) <= 1.1 * min(totals)                    # and nearly the same for each


def test_seven_by_seven_is_balanced_and_computed_per_game():
    ids = tuple(range(7))
    f, m, pairs = counts(ids, ids, frozenset(), 7, 7 * 49)
    assert set(f.values()) == {49} and set(m.values()) == {49} and set(pairs.values()) == {49}
    late = balanced_deal(ids, ids, frozenset(), 7, 1, 10 ** 11)      # a game far into a huge run
    assert sorted(late[0]) == list(ids)


def test_a_deal_depends_only_on_the_root_seed_and_the_game_index():
    line = lineup()
    deal = balanced_deal(line.factions, line.mats, frozenset(line.banned), 4, 9, 1234)
    assert balanced_deal(line.factions, line.mats, frozenset(line.banned), 4, 9, 1234) == deal
    assert any(balanced_deal(line.factions, line.mats, frozenset(line.banned), 4, 10, j)
               != balanced_deal(line.factions, line.mats, frozenset(line.banned), 4, 9, j) for j in range(5))


def test_count_index_numbers_the_games_of_each_player_count():
    players = (4, 5, 4)
    fours = [count_index(players, i) for i in range(30) if players[i % 3] == 4]
    fives = [count_index(players, i) for i in range(30) if players[i % 3] == 5]
    assert fours == list(range(20)) and fives == list(range(10))


def test_a_balanced_run_plan_matches_the_design_and_later_windows_agree():
    cfg = parse_config({"players": [4, 5], "seed": 3, "setup": {"assignment": "balanced"}})
    plan = plan_games(cfg, 0, 40)
    line = lineup()
    for k in range(40):
        n = 4 + k % 2
        fs, ms = balanced_deal(line.factions, line.mats, frozenset(line.banned), n, 3, k // 2)
        assert tuple(plan.factions[k, :n]) == fs and tuple(plan.mats[k, :n]) == ms
    window = plan_games(cfg, 17, 23)
    assert np.array_equal(window.factions, plan.factions[17:23])


def test_random_and_fixed_plans_are_unchanged():
    cfg = parse_config({"players": [3, 4], "seed": 5})
    plan = plan_games(cfg, 0, 10)
    assert (plan.factions == -1).all() and (plan.mats == -1).all()
    assert list(plan.seeds) == [game_seed(5, i) for i in range(10)]
    cfg = parse_config({"players": 2, "setup": {"assignment": "fixed", "factions": ["saxony", "nordic"],
                                                "mats": ["patriotic", "industrial"]}})
    plan = plan_games(cfg, 0, 3)
    assert (plan.factions[:, :2] == [FACTIONS.index("saxony"), FACTIONS.index("nordic")]).all()
    assert (plan.mats[:, :2] == [MATS.index("patriotic"), MATS.index("industrial")]).all()
    assert (plan.factions[:, 2:] == -1).all()
