"""The reference player `search` (strategies/search.py): the same seed the same choice, the
state unwritten, its rollout worlds drawn from what the seat may see, its chosen option
played at the top-row choice and its bottom-row choice at the bottom row, rollouts that overturn the planner's ranking, whole games.
(The contract test, tests/contract, holds it to the contract with every other strategy.)"""
import json
from pathlib import Path

import numba
import numpy as np
import pytest

from scythe_sim.games.scythe.game import Game
from scythe_sim.games.scythe.kernel.state import copy_state
from scythe_sim.games.scythe.layout import (A_BOTTOM, A_SECTION, A_SKIP, A_TRADE_RESOURCES, G_DECIDER, G_N_PLAYERS,
                                            G_PHASE, G_ROUND, G_TURN, P_LAST_SECTION, P_OBJECTIVE_A, P_OBJECTIVE_B,
                                            P_SEAT, PH_BOTTOM, PH_SECTION)
from scythe_sim.games.scythe.play import R_STATUS, run_games
from scythe_sim.games.scythe.strategies import STRATEGIES, strategy_id
from scythe_sim.games.scythe.strategies.dispatch import choose
from scythe_sim.games.scythe.strategies.search import (C_BOTTOM, C_KIND, C_RANK, C_SECTION, MEM_BOTTOM, MEM_KIND,
                                                       MEM_TURN, redraw, rollout)
from scythe_sim.games.scythe.strategies.weights import WEIGHTS, load_params
from scythe_sim.games.scythe.strategies.workspace import new_workspace
from scythe_sim.games.scythe.tables import default_tables
from tests.scythe.contract import scramble_hidden

SEARCH = STRATEGIES.index("search")
GREEDY = STRATEGIES.index("greedy")


@numba.njit
def _redraw(x, p, seed):
    redraw(x, p, seed)     # (the helpers are compiled without a Python entry)


@numba.njit
def _rollout(s, t, p, seat, c, seed, w, work):
    return rollout(s, t, p, seat, c, seed, w, work)


def _params(rollouts=8, candidates=3, horizon=1, bottom=1):
    params = load_params().copy()
    params[SEARCH, WEIGHTS.index("search_bottom")] = bottom
    params[SEARCH, WEIGHTS.index("search_rollouts")] = rollouts
    params[SEARCH, WEIGHTS.index("search_candidates")] = candidates
    params[SEARCH, WEIGHTS.index("search_horizon")] = horizon
    return params


def _fresh_work(game, stream_seed=5):
    work = new_workspace(game.tables)
    work.rng[:] = np.random.default_rng(stream_seed).integers(1, 2 ** 63, work.rng.shape, dtype=np.uint64)
    return work


def _section_points(seed=3, wanted=4, players=4):
    """(game copy, rows) at the first `wanted` section choices after the opening of a greedy game
    (opponents then hold combat cards the decider cannot see)."""
    game = Game.new(seed=seed, players=players)
    params = load_params()
    points = []
    while not game.is_over and len(points) < wanted:
        rows = game.legal_rows()
        s = game.state
        seat = int(s.player[s.game[G_DECIDER], P_SEAT])
        if s.game[G_PHASE] == PH_SECTION and s.game[G_ROUND] >= 2 and len(rows) >= 3:
            points.append((game.copy(), rows.copy()))
        i = choose(GREEDY, s, game.tables, seat, rows, len(rows), params, game.work)
        game.step(tuple(int(x) for x in rows[i]))
    return points


def _choose(point, params, stream_seed=5):
    game, rows = point
    s = game.state
    seat = int(s.player[s.game[G_DECIDER], P_SEAT])
    work = _fresh_work(game, stream_seed)
    i = choose(SEARCH, s, game.tables, seat, rows, len(rows), params, work)
    return i, work, seat


@pytest.fixture(scope="module")
def points():
    return _section_points()


def test_search_is_a_strategy_by_name_with_its_weights():
    assert strategy_id("search") == SEARCH
    row = load_params()[SEARCH]
    for name in ("search_rollouts", "search_candidates", "search_horizon", "search_bottom"):
        assert row[WEIGHTS.index(name)] >= 1, name
    assert row[WEIGHTS.index("learned")] >= 1, "the leaves are valued by the learned value"


def test_same_seed_same_choice_and_the_state_unwritten(points):
    params = _params()
    for point in points:
        before = copy_state(point[0].state)
        i, _, _ = _choose(point, params)
        assert 0 <= i < len(point[1])
        for name in before.dtype.names:
            assert np.array_equal(before[name], point[0].state[name]), name
        assert _choose(point, params)[0] == i


def test_what_the_seat_cannot_see_changes_no_choice(points):
    params = _params()
    rng = np.random.default_rng(11)
    for point in points:
        i = _choose(point, params)[0]
        for _ in range(2):
            assert _choose(scramble_hidden(point, rng), params)[0] == i


def test_a_rollout_world_is_drawn_from_the_seat_s_view_only(points):
    """redraw of a position and of its scrambled copy, with one seed, deal the same world;
    another seed deals another (the opponents' cards and objectives are redrawn)."""
    rng = np.random.default_rng(2)
    differs = 0
    for point in points:
        s = point[0].state
        p = int(s.game[G_DECIDER])
        other = scramble_hidden(point, rng)[0].state
        a, b, c = copy_state(s), copy_state(other), copy_state(s)
        _redraw(a, p, np.uint64(77))
        _redraw(b, p, np.uint64(77))
        _redraw(c, p, np.uint64(78))
        for name in ("hand", "deck", "player", "rng", "token_kind"):
            assert np.array_equal(a[name], b[name]), name
        assert a.hand.sum() == s.hand.sum() and (a.hand.sum(axis=1) == s.hand.sum(axis=1)).all()
        assert (a.deck[0] + a.hand.sum(axis=0) == s.deck[0] + s.hand.sum(axis=0)).all()
        assert np.array_equal(a.hand[p], s.hand[p])
        assert a.player[p, P_OBJECTIVE_A] == s.player[p, P_OBJECTIVE_A]
        mine = {int(s.player[p, P_OBJECTIVE_A]), int(s.player[p, P_OBJECTIVE_B])}
        for q in range(int(s.game[G_N_PLAYERS])):
            if q != p:
                assert {int(a.player[q, P_OBJECTIVE_A]), int(a.player[q, P_OBJECTIVE_B])}.isdisjoint(mine)
        differs += not np.array_equal(a.hand, c.hand) or not np.array_equal(a.player, c.player)
    assert differs > 0, "another seed deals the same world"


def test_common_random_numbers_a_rollout_repeats_its_world(points):
    params = _params()
    point = points[-1]
    _, work, seat = _choose(point, params)
    s, t = point[0].state, point[0].tables
    p = int(s.game[G_DECIDER])
    w = params[SEARCH]
    first = _rollout(s, t, p, seat, 0, np.uint64(5), w, work)
    other = _rollout(s, t, p, seat, 1, np.uint64(5), w, work)    # in between: another candidate
    assert _rollout(s, t, p, seat, 0, np.uint64(5), w, work) == first
    assert _rollout(s, t, p, seat, 1, np.uint64(5), w, work) == other


def test_the_chosen_option_is_played_at_the_top_row_choice(points):
    params = _params()
    game, rows = points[0]
    game = game.copy()
    s = game.state
    i, work, seat = _choose((game, rows), params)
    memory = work.memory[seat]
    assert memory[MEM_TURN] == s.game[G_TURN] + 1
    option = tuple(int(x) for x in memory[MEM_KIND:MEM_KIND + 4])
    game.step(tuple(int(x) for x in rows[i]))
    top = game.legal_rows()
    if option[0] >= 0:
        j = choose(SEARCH, game.state, game.tables, seat, top, len(top), params, work)
        assert tuple(int(x) for x in top[j]) == option


def test_plans_take_or_skip_the_bottom_action_and_the_turn_plays_the_plan_s_choice():
    """With search_bottom a plan includes the bottom-row choice: among the kept plans of a
    game's section choices some take the bottom action and some skip it; the kept choice
    is played when the seat's bottom row comes in that turn. Without it every plan leaves
    the choice to the planner."""
    kinds = set()
    played = 0
    for point in _section_points(seed=8, wanted=8):
        _, work, _ = _choose(point, _params(candidates=6, bottom=0))
        assert (work.search_cand[:6, C_BOTTOM] == -1).all()
        game = point[0].copy()
        s = game.state
        params = _params(candidates=6)
        i, work, seat = _choose((game, point[1]), params)
        kinds |= {int(k) for k in work.search_cand[:6, C_BOTTOM]}
        planned = int(work.memory[seat][MEM_BOTTOM])
        p, turn = int(s.game[G_DECIDER]), int(s.game[G_TURN])
        game.step(tuple(int(x) for x in point[1][i]))
        while not game.is_over and s.game[G_TURN] == turn and s.game[G_DECIDER] == p:
            rows = game.legal_rows()
            j = choose(SEARCH, s, game.tables, seat, rows, len(rows), params, work)
            offered = {int(r[0]) for r in rows}
            if s.game[G_PHASE] == PH_BOTTOM and planned >= 0 and {A_BOTTOM, A_SKIP} <= offered:
                assert int(rows[j][0]) == planned
                played += 1
            game.step(tuple(int(x) for x in rows[j]))
    assert {A_BOTTOM, A_SKIP} <= kinds
    assert played > 0


def test_rollouts_overturn_the_planner_s_ranking_somewhere():
    """Looking ahead changes the choice: at some section choice of a seeded game the plan the
    rollouts keep is not the one the planner ranks first by its own turn's end."""
    params = _params(rollouts=16, candidates=4, horizon=2)
    overturned = 0
    for point in _section_points(seed=8, wanted=6):
        _, work, _ = _choose(point, params)
        winner = int(work.search_cand[0, C_RANK])
        overturned += winner != 0
        assert work.search_cand[winner, C_SECTION] >= 0 and work.search_cand[winner, C_KIND] >= -1
    assert overturned > 0


@pytest.mark.slow
def test_whole_games_with_search_keep_every_invariant():
    strategies = np.array([SEARCH, GREEDY, GREEDY, GREEDY, 0, 0, 0], np.int64)
    games, _ = run_games(default_tables(), np.arange(3, 5), 4, strategies=strategies,
                         params=_params(), check=True)
    assert (games[:, R_STATUS] == 0).all()


def test_the_measurement_plays_search_against_three_greedy2_and_times_its_seat():
    from scythe_sim.games.scythe.tools.search_check import search_check

    out = search_check(4, 1, {"search_rollouts": 8})
    assert out["games"] == 4 and out["bad"] == 0 and 0.0 <= out["rate"] <= 1.0
    assert out["weights"]["search_rollouts"] == 8
    assert out["cpu_per_game"] > out["mirror_cpu_per_game"] > 0.0


RELENTLESS_REPEAT = Path(__file__).with_name("search_relentless_repeat.json")


def _relentless_position():
    game = Game.from_dict(json.loads(RELENTLESS_REPEAT.read_text()))
    s = game.state
    return game, game.legal_rows(), int(s.player[s.game[G_DECIDER], P_SEAT])


def test_looking_ahead_takes_the_relentless_repeat_the_one_turn_planner_passes_by():
    """Rusviet (Agricultural), a section choice of round 13 with 14 coins, a township mech,
    three recruits and a worker star: it took section 2 (Trade / Deploy) last turn, and
    Relentless offers it again. The one-turn planner (greedy without its look-ahead) takes
    section 4 (Bolster / Enlist); `search` at its shipped budget repeats section 2 and
    trades (the rollouts: the resources pay the coming turns' bottom actions), whatever
    its stream. Without Relentless that row is not offered at all."""
    game, rows, seat = _relentless_position()
    s = game.state
    p = int(s.game[G_DECIDER])
    last = int(s.player[p, P_LAST_SECTION])
    sections = [int(r[1]) for r in rows if r[0] == A_SECTION]
    assert last in sections, "Relentless offers last turn's section again"
    one_turn = load_params().copy()
    one_turn[GREEDY, WEIGHTS.index("lookahead")] = 0.0
    planner = choose(GREEDY, s, game.tables, seat, rows, len(rows), one_turn, _fresh_work(game))
    assert int(rows[planner][1]) != last
    params = load_params()
    for stream in (5, 6, 7):
        i, work, _ = _choose((game, rows), params, stream)
        assert i != planner, f"stream {stream}: search plays the one-turn planner's section"
        assert int(rows[i][1]) == last, "the Relentless repeat"
        assert work.memory[seat][MEM_KIND] == A_TRADE_RESOURCES, "... with a Trade for resources"
    off = Game.from_dict(json.loads(RELENTLESS_REPEAT.read_text()), rules={"faction_abilities_off": 1 << 1})
    assert last not in [int(r[1]) for r in off.legal_rows() if r[0] == A_SECTION]
