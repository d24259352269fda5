"""The learned value (issue 27): model files, the fit, the compiled value and the
recording of seat-turns inside the batch loop."""
import numba
import numpy as np
import pytest

from scythe_sim.errors import ConfigError
from scythe_sim.games.scythe.game import Game
from scythe_sim.games.scythe.layout import G_DECIDER, MAX_PLAYERS, P_COINS, P_FACTION, P_MAT
from scythe_sim.games.scythe.strategies import STRATEGIES
from scythe_sim.games.scythe.strategies.learned.names import (F_COINS, F_STARS, FEATURES, N_FEATURES,
                                                              N_PHASE_INPUTS, RC_FACTION, RC_FEATURE0,
                                                              RC_GAME, RC_MAT, RC_PHASE0, RC_SEAT,
                                                              RC_TURN, RECORD_WIDTH)
from scythe_sim.games.scythe.learned_models import Model, model_toml, read_model, stack
from scythe_sim.games.scythe.strategies.learned.model import set_root
from scythe_sim.games.scythe.strategies.value import position_features, position_value
from scythe_sim.games.scythe.strategies.weights import W_LEARNED, W_STYLE0, load_params
from scythe_sim.games.scythe.tools.learn_fit import fit_model, hat_weights, next_turns, td_targets
from tests.scythe.contract import decision_points, scramble_hidden

GREEDY = STRATEGIES.index("greedy")


def _model(knots=2, coins=(1.0, 3.0), bias=0.5, faction=None, mat=None):
    """A model valuing coins only, at a fixed phase `bias` (every other phase input 0)."""
    base = np.zeros((knots, N_FEATURES))
    base[:, F_COINS] = coins
    phase = np.zeros(N_PHASE_INPUTS)
    phase[0] = bias
    return Model("test", 7, phase, base, faction or {}, mat or {})


@numba.njit
def _value(s, t, p, w, lv):
    held = np.zeros(8, np.int64)
    return position_value(s, t, p, w, held, lv)


@numba.njit
def _features(s, t, p, out):
    held = np.zeros(8, np.int64)
    return position_features(s, t, p, held, out)


@numba.njit
def _set_root(s, p, w, lv):
    set_root(s, p, w, lv)


def _row(learned, **style):
    w = load_params()[GREEDY].copy()
    w[W_LEARNED] = learned
    for name, value in style.items():
        w[W_STYLE0 + FEATURES.index(name)] = value
    return w


# --- model files ------------------------------------------------------------------------
def test_a_model_file_reads_back_what_was_written(tmp_path):
    m = _model(faction={"crimea": np.full((2, N_FEATURES), 0.25)}, mat={"industrial": np.full((2, N_FEATURES), -1.5)})
    m.training = {"games": 3000, "command": 'scythe-sim learn --seed "1"'}
    path = tmp_path / "m.toml"
    path.write_text(model_toml(m))
    back = read_model(path)
    assert back.version == 7 and back.training["games"] == 3000
    assert np.allclose(back.coefficients(), m.coefficients())
    coef = m.coefficients()
    crimea, industrial = 2, 0
    assert coef[1, crimea, industrial, F_COINS] == pytest.approx(3.0 + 0.25 - 1.5)
    assert coef[1, 0, 1, F_COINS] == pytest.approx(3.0)


def test_a_model_of_other_features_is_refused(tmp_path):
    path = tmp_path / "m.toml"
    path.write_text(model_toml(_model()).replace('"power_lead"', '"power_gap"'))
    with pytest.raises(ConfigError, match="other features"):
        read_model(path)


def test_a_model_of_an_earlier_feature_list_reads_with_the_newer_features_at_0(tmp_path):
    """The model of 29bb04a was fitted before `payable` and `bottom_next`: it still reads,
    and plays as it did (those weigh 0), so it stays a yardstick."""
    m = _model(faction={"crimea": np.full((2, N_FEATURES), 0.25)})
    old = len(FEATURES) - 2
    text = model_toml(m).replace(', "payable", "bottom_next"', "")
    lines = []
    for line in text.splitlines():
        if line.startswith("k"):
            key, values = line.split(" = ")
            line = f"{key} = [" + ", ".join(values.strip("[]").split(", ")[:old]) + "]"
        lines.append(line)
    path = tmp_path / "m.toml"
    path.write_text("\n".join(lines) + "\n")
    back = read_model(path)
    assert np.allclose(back.base[:, :old], m.base[:, :old]) and not back.base[:, old:].any()
    assert not back.faction["crimea"][:, old:].any()


@pytest.mark.parametrize("edit, message", [("k1 = [", "k0 .. k1"), ("phase = [", "phase must be")])
def test_a_malformed_model_is_refused_in_one_line(tmp_path, edit, message):
    text = model_toml(_model())
    broken = text.replace(edit, edit.replace("k1", "k9").replace("phase = [", "phase = [1, "), 1)
    path = tmp_path / "m.toml"
    path.write_text(broken)
    with pytest.raises(ConfigError, match=message):
        read_model(path)


# --- the compiled value ------------------------------------------------------------------
def test_the_learned_value_interpolates_between_phase_knots_and_adds_the_style():
    game = Game.new(seed=3, players=3)
    s, t = game.state, game.tables
    coins = int(s.player[0, P_COINS])
    # phase 0.5 between knots 1 and 3 coins: 2 per coin; phase 0 and 1 at the knots
    for bias, per_coin in ((0.5, 2.0), (-1.0, 1.0), (2.0, 3.0)):
        lv = stack([_model(bias=bias)])
        assert _value(s, t, 0, _row(1), lv) == pytest.approx(per_coin * coins)
    lv = stack([_model(bias=0.5)])
    assert _value(s, t, 0, _row(1, coins=0.5), lv) == pytest.approx(2.5 * coins)


def test_a_row_plays_the_model_its_learned_weight_names():
    game = Game.new(seed=3, players=3)
    s, t = game.state, game.tables
    coins = int(s.player[0, P_COINS])
    lv = stack([_model(coins=(1.0, 1.0)), _model(coins=(4.0, 4.0))])
    assert _value(s, t, 0, _row(1), lv) == pytest.approx(coins)
    assert _value(s, t, 0, _row(2), lv) == pytest.approx(4 * coins)


def test_the_learned_value_reads_the_player_s_faction_and_mat():
    game = Game.new(seed=3, players=3)
    s, t = game.state, game.tables
    from scythe_sim.games.scythe.enums import FACTIONS, MATS

    f, m = FACTIONS[int(s.player[1, P_FACTION])], MATS[int(s.player[1, P_MAT])]
    extra = np.zeros((2, N_FEATURES))
    extra[:, F_COINS] = 10.0
    lv = stack([_model(coins=(1.0, 1.0), faction={f: extra}, mat={m: extra})])
    coins = int(s.player[1, P_COINS])
    assert _value(s, t, 1, _row(1), lv) == pytest.approx(21 * coins)
    assert _value(s, t, 0, _row(1), lv) == pytest.approx(int(s.player[0, P_COINS]))   # another faction and mat


def test_a_row_naming_a_model_the_batch_lacks_is_refused():
    from scythe_sim.games.scythe.play import BatchOptions, run_games
    from scythe_sim.games.scythe.tables import default_tables

    params = load_params().copy()
    params[GREEDY, W_LEARNED] = 3
    with pytest.raises(ValueError, match="learned model 3"):
        run_games(default_tables(), [1], 2, strategies=np.full(MAX_PLAYERS, GREEDY), params=params,
                  options=BatchOptions(learned=stack([_model()])))


def test_features_read_only_what_the_player_may_know():
    """Opponents' cards and objectives, face-down Traps and the game's chance redrawn: the
    decider's features are the same."""
    rng = np.random.default_rng(4)
    for point in decision_points()[::5]:
        s, t = point[0].state, point[0].tables
        other = scramble_hidden(point, rng)[0].state
        d = int(s.game[G_DECIDER])
        a, b = np.zeros(N_FEATURES), np.zeros(N_FEATURES)
        _features(s, t, d, a)
        _features(other, t, d, b)
        assert np.array_equal(a, b)


# --- recording inside the batch loop -----------------------------------------------------
def test_every_turn_of_every_seat_is_recorded_with_its_own_view():
    from scythe_sim.games.scythe.play import SR_FACTION, SR_MAT, SR_STARS0, SR_TURNS, BatchOptions, run_games
    from scythe_sim.games.scythe.tables import default_tables

    games, seats, rows = run_games(default_tables(), np.arange(5, 8, dtype=np.uint64), 3,
                                   strategies=np.full(MAX_PLAYERS, GREEDY),
                                   options=BatchOptions(record=True))
    assert rows.shape[1] == RECORD_WIDTH
    for g in range(3):
        for seat in range(3):
            mine = rows[(rows[:, RC_GAME] == g) & (rows[:, RC_SEAT] == seat)]
            assert len(mine) == seats[g, seat, SR_TURNS]
            assert (mine[:, RC_FACTION] == seats[g, seat, SR_FACTION]).all()
            assert (mine[:, RC_MAT] == seats[g, seat, SR_MAT]).all()
            final_stars = seats[g, seat, SR_STARS0:SR_STARS0 + 9].sum()
            assert mine[-1, RC_FEATURE0 + F_STARS] <= final_stars    # a defender may win a star later
            assert np.all(np.diff(mine[:, RC_FEATURE0 + F_STARS]) >= 0)
            assert (mine[:, RC_PHASE0] == 1.0).all()
    # recording changes no game
    again = run_games(default_tables(), np.arange(5, 8, dtype=np.uint64), 3, strategies=np.full(MAX_PLAYERS, GREEDY))
    assert np.array_equal(again[0], games) and np.array_equal(again[1], seats)


# --- the fit -----------------------------------------------------------------------------
def test_hat_weights_share_each_row_between_its_two_knots():
    h = hat_weights(np.array([0.0, 0.1, 0.5, 1.0]), 5)
    assert np.allclose(h.sum(axis=1), 1.0)
    assert np.allclose(h[1], [0.6, 0.4, 0, 0, 0])
    assert np.allclose(h[3], [0, 0, 0, 0, 1.0])


@pytest.mark.slow
def test_the_fit_finds_a_coefficient_that_grows_with_the_phase():
    rng = np.random.default_rng(0)
    n = 60_000
    rows = np.zeros((n, RECORD_WIDTH))
    rows[:, RC_GAME] = np.arange(n) // 60
    rows[:, RC_FACTION] = rng.integers(0, 5, n)
    rows[:, RC_MAT] = rng.integers(0, 5, n)
    rnd = rng.integers(0, 21, n)
    rows[:, RC_PHASE0] = 1.0
    rows[:, RC_PHASE0 + 1] = rnd
    rows[:, RC_FEATURE0:] = rng.normal(size=(n, N_FEATURES)) * 4
    rows[:, RC_FEATURE0] = 1.0
    elapsed = rnd / 20
    coins = rows[:, RC_FEATURE0 + F_COINS]
    margin = coins * (1 + 2 * elapsed) + rng.normal(size=n) * 3
    fit = fit_model(rows, np.stack([margin, (margin > 0) * 1.0, elapsed], axis=1), knots=3)
    assert fit.model.phase[1] == pytest.approx(0.05, rel=1e-6)
    assert np.allclose(fit.model.base[:, F_COINS], [1.0, 2.0, 3.0], atol=0.1)
    assert fit.r2 > 0.5


def test_a_plan_s_leaves_are_valued_at_the_phase_of_the_position_decided_at():
    """A candidate that earns a star must not move the phase (and every coefficient with
    it) of its own valuation: set_root pins the phase for the plan."""
    from scythe_sim.games.scythe.layout import P_STARS

    game = Game.new(seed=3, players=3)
    s, t = game.state, game.tables
    model = _model(coins=(1.0, 3.0), bias=0.0)
    model.phase[2] = 0.5                      # phase = half the leader's stars: 0 now
    lv = stack([model])
    coins = int(s.player[0, P_COINS])
    _set_root(s, 0, _row(1), lv)
    s.player[0, P_STARS] += 2                 # the leaf: two stars more, phase 1 by itself
    assert _value(s, t, 0, _row(1), lv) == pytest.approx(coins)          # the root's phase 0
    lv.root[:] = 0.0                          # unset: each position's own phase
    assert _value(s, t, 0, _row(1), lv) == pytest.approx(3 * coins)


def test_the_plan_s_coefficient_row_values_as_each_leaf_s_own_would():
    """set_root works the plan's row out once; a leaf valued through it gets exactly
    what working the row out at the leaf (at the root's phase) gives, for the planner,
    and a leaf of another player is valued by that player's own row."""
    from scythe_sim.games.scythe.enums import FACTIONS

    game = Game.new(seed=3, players=3)
    s, t = game.state, game.tables
    rng = np.random.default_rng(5)
    base = rng.normal(size=(3, N_FEATURES))
    extra = {FACTIONS[int(s.player[1, P_FACTION])]: rng.normal(size=(3, N_FEATURES))}
    model = _model(knots=3, coins=(1.0, 2.0, 3.0), bias=0.3, faction=extra)
    model.base[:] = base
    lv = stack([model])
    w = _row(1, coins=0.25, stars=-1.5)
    for p in (0, 1):
        lv.root[:] = 0.0
        lv.owner[0] = -1
        own = _value(s, t, p, w, lv)           # no plan: the row worked out at the leaf
        _set_root(s, p, w, lv)
        assert lv.owner[0] == p
        assert _value(s, t, p, w, lv) == own   # bit for bit: the same sums in the same order
    other = _value(s, t, 0, w, lv)             # p = 1's plan: player 0 gets its own row
    lv.root[:] = 0.0
    assert other == _value(s, t, 0, w, lv) and other != _value(s, t, 1, w, lv)


def _fit_rows(n=30_000, seed=1):
    rng = np.random.default_rng(seed)
    rows = np.zeros((n, RECORD_WIDTH))
    rows[:, RC_GAME] = np.arange(n) // 60
    rows[:, RC_FACTION] = rng.integers(0, 5, n)
    rows[:, RC_MAT] = rng.integers(0, 5, n)
    rows[:, RC_PHASE0] = 1.0
    rows[:, RC_PHASE0 + 1] = rng.integers(0, 21, n)
    rows[:, RC_FEATURE0:] = rng.normal(size=(n, N_FEATURES)) * 4
    rows[:, RC_FEATURE0] = 1.0
    return rng, rows


@pytest.mark.slow
def test_the_fit_never_values_more_of_an_asset_below_none():
    """Power that goes with losing (a weaker player's unspent power) fits to 0, not to a
    negative weight a planner would throw power away for; coins stay as they are."""
    from scythe_sim.games.scythe.learned_models import ASSETS

    rng, rows = _fit_rows()
    power = rows[:, RC_FEATURE0 + FEATURES.index("power")]
    coins = rows[:, RC_FEATURE0 + F_COINS]
    margin = 2 * coins - 1.5 * power + rng.normal(size=len(rows)) * 3
    elapsed = rows[:, RC_PHASE0 + 1] / 20
    fit = fit_model(rows, np.stack([margin, (margin > 0) * 1.0, elapsed], axis=1), knots=2)
    assert np.allclose(fit.model.base[:, FEATURES.index("power")], 0.0, atol=1e-9)
    coef = fit.model.coefficients()          # base + faction + mat: how they share is the ridge's
    assert np.allclose(coef[..., FEATURES.index("power")], 0.0, atol=1e-9)
    assert coef[..., F_COINS].mean() == pytest.approx(2.0, abs=0.25)
    assert (coef[..., [FEATURES.index(f) for f in ASSETS]] >= 0).all()
    # a faction's addition cannot take the sum below 0 either
    fit.model.faction["crimea"] = np.zeros_like(fit.model.base)
    fit.model.faction["crimea"][:, F_COINS] = -5.0
    assert (fit.model.coefficients()[..., F_COINS] >= 0).all()


def test_a_fit_held_at_its_prior_returns_the_prior_scaled_to_the_margin():
    rng, rows = _fit_rows()
    prior = np.zeros(N_FEATURES)
    prior[F_COINS], prior[F_STARS] = 1.0, 4.0
    x = rows[:, RC_FEATURE0:]
    margin = x @ (3 * prior) + rng.normal(size=len(rows)) * 3
    elapsed = rows[:, RC_PHASE0 + 1] / 20
    fit = fit_model(rows, np.stack([margin, (margin > 0) * 1.0, elapsed], axis=1), knots=2, prior=prior,
                    base=1e6, shared=1e6)
    assert np.allclose(fit.model.base[:, F_COINS], 3.0, rtol=0.02)
    assert np.allclose(fit.model.base[:, F_STARS], 12.0, rtol=0.02)
    assert fit.penalties == (1e6, 1e6)


# --- the TD target -----------------------------------------------------------------------
def _turn_rows():
    """Game 3: seat 0 plays turns 1, 5, 9 and seat 1 turns 2, 6; game 4: seat 0 turn 1; shuffled."""
    head = [(3, 0, 1), (3, 1, 2), (3, 0, 5), (3, 1, 6), (3, 0, 9), (4, 0, 1)]
    rows = np.zeros((len(head), RECORD_WIDTH))
    rows[:, [RC_GAME, RC_SEAT, RC_TURN]] = head
    order = np.array([4, 0, 5, 3, 1, 2])
    return rows[order], order


def test_each_turn_s_next_is_the_same_seat_s_next_turn_in_its_game():
    rows, order = _turn_rows()
    at = {int(o): i for i, o in enumerate(order)}         # original row -> shuffled index
    nxt = next_turns(rows)
    expected = {0: 2, 2: 4, 4: -1, 1: 3, 3: -1, 5: -1}
    for original, after in expected.items():
        assert nxt[at[original]] == (-1 if after < 0 else at[after])


@pytest.mark.parametrize("lam", [0.0, 0.5, 1.0])
def test_td_targets_are_the_lambda_returns_ending_in_the_final_outcome(lam):
    rows, order = _turn_rows()
    at = {int(o): i for i, o in enumerate(order)}
    final = np.zeros(len(rows))
    values = np.zeros(len(rows))
    for original, (f, v) in enumerate([(10, 1), (-4, 2), (10, 3), (-4, 4), (10, 5), (7, 6)]):
        final[at[original]], values[at[original]] = f, v
    y = td_targets(final, values, next_turns(rows), lam)
    seat0_last = 10.0
    seat0_mid = (1 - lam) * 5 + lam * seat0_last
    seat0_first = (1 - lam) * 3 + lam * seat0_mid
    assert y[at[4]] == pytest.approx(seat0_last) and y[at[2]] == pytest.approx(seat0_mid)
    assert y[at[0]] == pytest.approx(seat0_first)
    assert y[at[3]] == pytest.approx(-4.0) and y[at[1]] == pytest.approx((1 - lam) * 4 + lam * -4)
    assert y[at[5]] == pytest.approx(7.0)


def _sequences(n_games=400, turns=12, seed=2):
    """Seat-turns of 2-seat games whose final margin is the last turn's coins: a coin now is
    worth what it makes of the next turn's coins (coins grow by 1 + noise per turn)."""
    rng = np.random.default_rng(seed)
    rows, final = [], []
    for g in range(n_games):
        for seat in range(2):
            coins = rng.normal() * 3
            track = []
            for k in range(turns):
                row = np.zeros(RECORD_WIDTH)
                row[[RC_GAME, RC_SEAT, RC_TURN]] = g, seat, 2 * k + seat
                row[RC_FACTION], row[RC_MAT] = rng.integers(0, 5), rng.integers(0, 5)
                row[RC_PHASE0], row[RC_PHASE0 + 1] = 1.0, k
                row[RC_FEATURE0] = 1.0
                row[RC_FEATURE0 + F_COINS] = coins
                row[RC_FEATURE0 + F_STARS] = rng.normal()            # pure noise
                track.append(row)
                coins += 1.0 + rng.normal()
            rows += track
            final += [track[-1][RC_FEATURE0 + F_COINS]] * turns
    rows = np.array(rows)
    elapsed = rows[:, RC_PHASE0 + 1] / (turns - 1)
    return rows, np.stack([np.array(final), np.zeros(len(final)), elapsed], axis=1)


def test_a_td_fit_of_lambda_1_is_the_margin_fit_and_of_lambda_0_another():
    rows, outcomes = _sequences()
    margin = fit_model(rows, outcomes, knots=2, shared=1.0, base=1e-3)
    assert margin.r2_final == pytest.approx(margin.r2)
    same = fit_model(rows, outcomes, knots=2, shared=1.0, base=1e-3, target="td", td_lambda=1.0)
    assert np.allclose(same.model.base, margin.model.base)
    td0 = fit_model(rows, outcomes, knots=2, shared=1.0, base=1e-3, target="td", td_lambda=0.0)
    assert not np.allclose(td0.model.base, margin.model.base, atol=1e-3)
    # a coin is worth a coin at the end, whichever target: the next turn's value carries it
    assert np.allclose(td0.model.base[:, F_COINS], 1.0, atol=0.1)
    assert td0.r2_final > 0.5


def test_an_unknown_target_is_refused():
    rows, outcomes = _sequences(n_games=10, turns=3)
    with pytest.raises(ValueError, match="target must be one of margin, td"):
        fit_model(rows, outcomes, knots=1, target="win", shared=1.0, base=1e-3)


def test_a_mixed_field_is_its_pools_one_after_the_other():
    from scythe_sim.games.scythe.strategies.mixes import mix_pool
    from scythe_sim.games.scythe.tools.learn_data import field_pool

    assert field_pool("default, greedy1,Greedy2") == mix_pool("default") + ("greedy1", "greedy2")
    assert field_pool("greedy") == ("greedy",)
    with pytest.raises(ConfigError, match="field 'nobody'"):
        field_pool("greedy,nobody")


def test_the_prior_is_scaled_to_the_margin_knot_by_knot():
    """Everyone's value grows over the game while the margin does not: the slope is taken
    with an intercept per phase knot, not pooled (pooled it is near 0 here)."""
    from scythe_sim.games.scythe.tools.learn_fit import prior_scale

    rng, rows = _fit_rows()
    phase = np.array([0.0, 0.05, 0.0, 0.0])            # z = round / 20
    z = rows[:, RC_PHASE0 + 1] / 20
    h = 100 * z + rng.normal(size=len(rows))           # the prior's value: growing with the game
    y = -60 * z + 0.6 * h + rng.normal(size=len(rows)) * 0.1      # the margin: 0.6 per unit of h at any phase
    assert np.allclose(prior_scale(rows, y, phase, 2, h), 0.6, atol=0.02)
    assert abs(np.cov(h, y)[0, 1] / np.var(h)) < 0.05
    y = 5 - 10 * z + (0.8 - 0.4 * z) * h + rng.normal(size=len(rows)) * 0.1   # 0.8 at the start, 0.4 at the end
    assert np.allclose(prior_scale(rows, y, phase, 2, h), [0.8, 0.4], atol=0.02)
