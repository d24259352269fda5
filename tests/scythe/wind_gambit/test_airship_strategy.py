"""The Wind Gambit's strategies: the purposeful airship (strategies/wind_gambit/airship_purpose.py,
weight `airship`), the resolution tile's value (strategies/value.py resolution_term,
weight `resolution`), each rule from a position, the simple rules kept at weight 0, the
airship's usage counters, and base play untouched by the two weights."""
import numba
import numpy as np
import pytest

from scythe_sim.games.scythe.enums import RESOLUTION_TILES, WOOD, parse_loc
from scythe_sim.games.scythe.layout import (A_AIRSHIP_ATTACK, A_AIRSHIP_BOARD, A_AIRSHIP_LAND, A_AIRSHIP_LOAD,
                               A_AIRSHIP_STEP, A_AIRSHIP_UNLOAD, A_SELECT_AIRSHIP, AU_BLITZ_LOST, AU_BLITZ_WON,
                               AU_FLIGHTS, AU_RESOURCES, AU_WORKERS, G_DECIDER, G_GAME_OVER,
                               G_RES_TRIGGER, P_SEAT, USE_AIRSHIP0)
from scythe_sim.games.scythe.play import SEAT_RESULTS, run_games
from scythe_sim.games.scythe.strategies import STRATEGIES
from scythe_sim.games.scythe.strategies.dispatch import choose
from scythe_sim.games.scythe.learned_models import default_learned
from scythe_sim.games.scythe.strategies.value import position_value
from scythe_sim.games.scythe.strategies.weights import WEIGHTS, load_params
from scythe_sim.games.scythe.tables import build_tables
from tests.scythe.test_move import act
from tests.scythe.wind_gambit.helpers import fly, ship, wg_game, wg_opponent, wg_player

GREEDY = STRATEGIES.index("greedy")
GREEDY1 = STRATEGIES.index("greedy1")


def params_with(**weights):
    params = load_params().copy()
    for name, value in weights.items():
        params[:, WEIGHTS.index(name)] = value
    return params


def pick(game, params=None):
    """(kind, a0, a1) greedy picks at the game's decision (the airship's are direct rules)."""
    rows = game.legal_rows()
    s = game.state
    seat = int(s.player[s.game[G_DECIDER], P_SEAT])
    i = choose(GREEDY, s, game.tables, seat, rows, len(rows),
               load_params() if params is None else params, game.work)
    return tuple(int(x) for x in rows[i][:3])


OLD = dict(airship=0.0, resolution=0.0)


def uses(game, p, use):
    return int(game.state.ability_uses[p, USE_AIRSHIP0 + use])


# --- resources ------------------------------------------------------------------------------
def test_a_full_airship_unloads_on_its_own_safe_land_to_fetch_resources_nobody_holds():
    # Nordic's Toll airship is full (3 food) on T05, held by its worker with no opponent near;
    # 3 oil nobody holds lie on T04 within range: unloading frees the room, the food stays Nordic's
    board = {"resources": {"T04": {"oil": 3}}}
    game = wg_game(wg_player("nordic", ship("T05", aggressive="toll", passive="boost", cargo={"food": 3}),
                             workers=["T05", "home:nordic"]), wg_opponent("saxony"), board=board)
    fly(game)
    assert pick(game)[0] == A_AIRSHIP_UNLOAD and pick(game)[2] == 3
    # without resources to fetch, or on land it does not hold (for the same resource), it keeps its cargo
    game = wg_game(wg_player("nordic", ship("T05", aggressive="toll", passive="boost", cargo={"food": 3}),
                             workers=["T05", "home:nordic"]), wg_opponent("saxony"))
    fly(game)
    assert pick(game)[0] != A_AIRSHIP_UNLOAD
    game = wg_game(wg_player("nordic", ship("T12", aggressive="toll", passive="boost", cargo={"food": 3})),
                   wg_opponent("saxony"), board={"resources": {"T06": {"food": 3}}})
    fly(game)
    assert pick(game)[0] != A_AIRSHIP_UNLOAD


def test_the_airship_flies_to_resources_nobody_holds_and_loads_them_all():
    # Nordic's Toll airship on T11; 2 oil lie on T04 next to it, held by nobody
    game = wg_game(wg_player("nordic", ship("T11", aggressive="toll", passive="boost")),
                   wg_opponent("saxony"), board={"resources": {"T04": {"oil": 2}}})
    fly(game)
    kind, a0, _ = pick(game)
    assert (kind, a0) == (A_AIRSHIP_STEP, parse_loc("T04"))
    act(game, A_AIRSHIP_STEP, parse_loc("T04"))
    assert pick(game)[0] == A_AIRSHIP_LOAD and pick(game)[2] == 2
    assert uses(game, 0, AU_FLIGHTS) == 1


def test_own_resources_within_an_opponent_s_reach_go_aboard_the_simple_rules_leave_them():
    # Nordic's worker holds T05 and its 2 wood; Saxony's character stands next to it on T04
    where = dict(board={"resources": {"T05": {"wood": 2}}})
    game = wg_game(wg_player("nordic", ship("T05"), workers=["T05", "T05"]),
                   wg_opponent("saxony", character="T04"), **where)
    fly(game)
    assert pick(game) == (A_AIRSHIP_LOAD, WOOD, 2)
    assert pick(game, params_with(**OLD))[0] != A_AIRSHIP_LOAD
    act(game, A_AIRSHIP_LOAD, WOOD, 2)
    assert uses(game, 0, AU_RESOURCES) == 2
    calm = wg_game(wg_player("nordic", ship("T05"), workers=["T05", "T05"]), wg_opponent("saxony"), **where)
    fly(calm)
    assert pick(calm)[0] != A_AIRSHIP_LOAD          # nobody near: they are safe where they are


# --- workers ---------------------------------------------------------------------------------
def test_a_worker_is_carried_to_where_it_is_worth_more_and_landed_in_the_same_move():
    # two Nordic workers share T05; Siege Engine carries workers; Boost flies 3
    game = wg_game(wg_player("nordic", ship("T05", aggressive="siege_engine", passive="boost"),
                             workers=["T05", "T05"]), wg_opponent("saxony"))
    fly(game)
    assert pick(game)[0] == A_AIRSHIP_BOARD
    assert pick(game, params_with(**OLD))[0] != A_AIRSHIP_BOARD     # the simple rules never board
    act(game, *pick(game))
    landed = None
    for _ in range(6):
        kind, a0, a1 = pick(game)
        act(game, kind, a0, a1)
        if kind == A_AIRSHIP_LAND:
            landed = game.to_dict()["players"][0]["workers"]
            break
    assert landed is not None and sorted(landed) != ["T05", "T05"]
    assert uses(game, 0, AU_WORKERS) == 1


# --- the aggressive tiles ---------------------------------------------------------------------
@pytest.mark.parametrize("power, attacks", [(5, True), (2, False)])
def test_blitzkrieg_is_fought_only_when_the_airship_wins_it(power, attacks):
    game = wg_game(wg_player("nordic", ship("T04", aggressive="blitzkrieg"), power=power),
                   wg_opponent("saxony", airship=ship("T05", aggressive="blitzkrieg"), power=3))
    fly(game)
    act(game, A_AIRSHIP_STEP, parse_loc("T05"))
    assert (pick(game)[0] == A_AIRSHIP_ATTACK) == attacks
    if attacks:
        act(game, *pick(game))
        while game.phase in ("ship_dial", "ship_cards"):       # each side's dial and card
            act(game, *pick(game))
        assert uses(game, 0, AU_BLITZ_WON) == 1 and uses(game, 1, AU_BLITZ_LOST) == 1


@pytest.mark.parametrize("power, mine, theirs, attacks", [(5, [], [5, 5, 5], False), (2, [5], [], True)])
def test_a_blitzkrieg_weighs_the_combat_cards(power, mine, theirs, attacks):
    # 5 power against 3 is not enough against three unseen cards with none in hand (each
    # guessed at 3 + caution); 2 power against 3 wins with a 5 against an empty hand.
    game = wg_game(wg_player("nordic", ship("T04", aggressive="blitzkrieg"), power=power, combat_cards=mine),
                   wg_opponent("saxony", airship=ship("T05", aggressive="blitzkrieg"), power=3,
                               combat_cards=theirs))
    fly(game)
    act(game, A_AIRSHIP_STEP, parse_loc("T05"))
    assert (pick(game)[0] == A_AIRSHIP_ATTACK) == attacks
    if attacks:
        act(game, *pick(game))
        while game.phase in ("ship_dial", "ship_cards"):
            act(game, *pick(game))
        assert uses(game, 0, AU_BLITZ_WON) == 1 and game.to_dict()["players"][0]["power"] == 2


@pytest.mark.parametrize("threat, attacks", [(True, True), (False, False)])
def test_bombard_is_paid_when_the_power_loss_is_worth_the_resources(threat, attacks):
    # Saxony's worker on T05 under Nordic's Bombard airship (3 food aboard); with `threat` a
    # Saxony character also stands next to T04, which Nordic's worker holds
    # (3 players: an opponent's loss is worth half as much without the threat). Nordic holds
    # food enough on T04, so the food aboard is worth its coins only.
    foe = wg_opponent("saxony", workers=["T05", "T05"], character="T03" if threat else "home:saxony",
                      power=10)
    game = wg_game(wg_player("nordic", ship("T04", aggressive="bombard", cargo={"food": 3}),
                             workers=["T04", "T04"]), foe, wg_opponent("polania"),
                   board={"resources": {"T04": {"food": 6}}})
    fly(game)
    act(game, A_AIRSHIP_STEP, parse_loc("T05"))
    kind, a0, a1 = pick(game)
    assert (kind == A_AIRSHIP_ATTACK) == attacks
    if attacks:
        assert a0 == 1 and a1 == 3      # 3 resources for 5 power: the best trade of the three


def test_the_airship_is_flown_first_when_its_flight_is_worth_more_than_a_unit_s_step():
    game = wg_game(wg_player("nordic", ship("T11", aggressive="toll", passive="boost")),
                   wg_opponent("saxony"), board={"resources": {"T04": {"oil": 3}}})
    assert pick(game)[0] == A_SELECT_AIRSHIP


# --- the value function ---------------------------------------------------------------------
@numba.njit
def _value(s, t, p, w, lv):
    held = np.zeros(8, np.int64)
    return position_value(s, t, p, w, held, lv)


def _value_of(game, p, **weights):
    return _value(game.state, game.tables, p, params_with(**weights)[GREEDY], default_learned())


def test_a_toll_airship_is_worth_more_next_to_opponents_fighters():
    # Saxony's character on T04: next to T05, not to T17
    near = wg_game(wg_player("nordic", ship("T05")), wg_opponent("saxony", character="T04"))
    far = wg_game(wg_player("nordic", ship("T17")), wg_opponent("saxony", character="T04"))
    gain = _value_of(near, 0) - _value_of(far, 0)
    assert gain == pytest.approx(_value_of(near, 0, airship=0.0) - _value_of(far, 0, airship=0.0) + 0.3)


@pytest.mark.parametrize("lead", [True, False])
def test_a_triggered_resolution_end_is_valued_by_the_lead(lead):
    rules = {"resolution": RESOLUTION_TILES.index("deja_vu") + 1}
    game = wg_game(wg_player("nordic", ship("home:nordic"), coins=40 if lead else 0),
                   wg_opponent("saxony", coins=20), rules=rules)
    before = _value_of(game, 0) - _value_of(game, 0, resolution=0.0)
    game.state.game[G_RES_TRIGGER] = 1
    game.state.game[G_GAME_OVER] = 1
    after = _value_of(game, 0) - _value_of(game, 0, resolution=0.0)
    assert before == 0.0
    assert (after > 0) == lead and abs(after) > 10      # margin plus the lead's bonus


def test_without_a_tile_the_resolution_weight_changes_nothing():
    game = wg_game(wg_player("nordic", ship("home:nordic"), coins=40), wg_opponent("saxony"))
    game.state.game[G_GAME_OVER] = 1
    assert _value_of(game, 0) == _value_of(game, 0, resolution=0.0)


# --- base play and the records ------------------------------------------------------------------
def test_base_games_are_the_same_whatever_the_wind_gambit_weights():
    t = build_tables({"expansion_factions": 1})
    seeds = np.arange(1, 7)
    strategies = np.array([GREEDY, STRATEGIES.index("economist"), GREEDY1, GREEDY, 0, 0, 0])
    a = run_games(t, seeds, 4, strategies=strategies)
    b = run_games(t, seeds, 4, strategies=strategies, params=params_with(**OLD))
    assert np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1])
    airship_cols = [SEAT_RESULTS.index(c) for c in SEAT_RESULTS if c.startswith("airship_")]
    assert len(airship_cols) == 10 and not a[1][:, :4][:, :, airship_cols].any()   # 8 uses, 2 tiles



def test_wind_gambit_games_count_the_airship_s_use():
    t = build_tables({"wind_gambit": 1, "expansion_factions": 1})
    _, seats = run_games(t, np.arange(1, 5), 4, strategies=np.array([GREEDY] * 4 + [0] * 3), check=True)
    flights = seats[:, :4, SEAT_RESULTS.index("airship_flights")]
    assert flights.sum() > 0
    assert (seats[:, :4, SEAT_RESULTS.index("airship_blitz_won")].sum()
            == seats[:, :4, SEAT_RESULTS.index("airship_blitz_lost")].sum())


# --- evaluate wind-gambit ---------------------------------------------------------------------
def test_the_wind_gambit_evaluation_reports_head_to_heads_usage_and_tile_ends():
    from scythe_sim.games.scythe.tools.wind_gambit.evaluate import wind_evaluate

    report = wind_evaluate(games=8, players=4, seed=3)
    assert [t.key for t in report.tables] == ["wind_head_to_head", "wind_usage_before", "wind_usage_after",
                                              "wind_resolution"]
    assert report.played == 6 * 8 and report.metrics["airships"]["seats"] == 8
    after = report.metrics["usage"]["after"]
    assert sum(u["games"] for u in after.values()) == 2 * 8     # each game: one aggressive, one passive tile
    assert sum(n for n, _, _ in report.metrics["resolution_ends"]["after"].values()) == 8
    assert "evaluate wind-gambit --games 8" in report.markdown()


def test_the_wind_gambit_evaluation_from_the_command_line(tmp_path):
    from click.testing import CliRunner

    from cli.main import main

    out = tmp_path / "wind.md"
    result = CliRunner().invoke(main, ["evaluate", "wind-gambit", "--games", "2", "--workers", "1",
                                       "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "evaluate wind-gambit --games 2 --players 4 --seed 1" in out.read_text()
    result = CliRunner().invoke(main, ["evaluate", "wind-gambit", "--game", "my_little_scythe"])
    assert result.exit_code == 2 and "no study 'wind-gambit'" in result.output
