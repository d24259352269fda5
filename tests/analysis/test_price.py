"""The price fit (analysis/price.py) on synthetic handicap runs: seats whose log-strength
is a planted strength per faction x mat (or per faction plus per mat) at the rulebook's
coins, plus a known worth per coin of their handicap draw (starting coins clamped at 0,
a seat with none losing a planted amount besides), the winner drawn from the
conditional logit. The fit must find the planted prices inside their intervals, and
refuse in one line what it cannot price."""
import numpy as np
import polars as pl
import pytest

from analysis.price import PriceError, check_table, fit_prices, handicap_of

FACTIONS = ("nordic", "rusviet", "crimea", "saxony", "polania", "albion", "togawa")
MATS = ("industrial", "engineering", "militant", "patriotic", "innovative", "mechanical", "agricultural")
SLOPE = 0.06          # planted log-odds per coin
NO_COIN = -0.4        # planted log-odds a seat starting with no coin loses besides
POINTS = 1.5          # planted final-score points per coin
START = np.array([4, 5, 4, 6, 5, 6, 7])     # the mats' starting coins (data/mats.toml)


def planted_run(games, cell_effect, seed, players=4, k=10, slope=SLOPE, strategies=("a", "b", "c")):
    """A seats frame of `games` handicap games: factions and mats dealt at random, turn
    order a random permutation, strategies drawn, coins uniform in -k..k (starting coins
    never below 0); seat i's log-strength cell_effect[f, m] + slope * its coins moved +
    NO_COIN if it has none + turn-order and strategy terms."""
    rng = np.random.default_rng(seed)
    n = players
    f = np.argsort(rng.random((games, 7)), axis=1)[:, :n]
    m = np.argsort(rng.random((games, 7)), axis=1)[:, :n]
    order = np.argsort(rng.random((games, n)), axis=1) + 1
    strat = rng.integers(0, len(strategies), (games, n))
    start = np.maximum(START[m] + rng.integers(-k, k + 1, (games, n)), 0)
    coins = start - START[m]
    turn_term = np.array([0.3, 0.1, 0.0, -0.1, -0.1, -0.1, -0.1])[order - 1]
    strat_term = np.array([0.5, 0.0, -0.4])[strat]
    u = cell_effect[f, m] + slope * coins + NO_COIN * (start == 0) + turn_term + strat_term
    p = np.exp(u - u.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    winner = (p.cumsum(axis=1) > rng.random((games, 1))).argmax(axis=1)
    total = 60 + 20 * cell_effect[f, m] + POINTS * coins + rng.normal(0, 12, (games, n))
    return pl.DataFrame({
        "game": np.repeat(np.arange(games), n), "seat": np.tile(np.arange(n), games),
        "faction": np.array(FACTIONS)[f].ravel(), "mat": np.array(MATS)[m].ravel(),
        "strategy": np.array(strategies)[strat].ravel(), "turn_order": order.ravel(),
        "winner": (np.arange(n)[None, :] == winner[:, None]).ravel(), "coin_adjustment": coins.ravel(),
        "start_coins": start.ravel(),
        "total": total.ravel().round(), "players": np.full(games * n, n)})


def true_prices(effect, weights):
    """(mean effect by seats - effect) / slope."""
    return (np.sum(effect * weights) - effect) / SLOPE


def test_the_fit_recovers_planted_cell_prices_within_their_intervals():
    rng = np.random.default_rng(3)
    effect = rng.normal(0, 0.25, (7, 7))
    seats = planted_run(40000, effect, seed=5)
    fit = fit_prices(seats, 10, FACTIONS, MATS, by=("faction,mat",))
    assert fit.slope_low < SLOPE < fit.slope_high
    table = fit.tables["faction,mat"]
    assert table.height == 49 and fit.unpriced == []
    n = seats.group_by("faction", "mat").len()
    counts = {(r["faction"], r["mat"]): r["len"] for r in n.iter_rows(named=True)}
    weights = np.array([[counts[(f, m)] for m in MATS] for f in FACTIONS], np.float64)
    truth = true_prices(effect, weights / weights.sum())
    inside = 0
    for r in table.iter_rows(named=True):
        t = truth[FACTIONS.index(r["faction"]), MATS.index(r["mat"])]
        inside += r["price_low"] <= t <= r["price_high"]
        assert abs(r["price"] - t) < 4 * (r["price_high"] - r["price_low"]) / 3.92
    assert inside >= 44          # 95% intervals: about 46.5 of 49 expected
    assert abs(np.average(table["price"], weights=table["seats"])) < 1e-9     # prices average 0 over seats
    assert abs(fit.no_coin - NO_COIN) < 0.15
    shift = fit.shift["faction,mat"]           # the fewest coins that let every cell pay its price, keep a coin
    floor = {m: 1 - START[MATS.index(m)] for m in MATS}
    assert shift == int(np.ceil(max(max(floor[m] - p for m, p in zip(table["mat"], table["price"])), 0)))
    assert table["coins"].to_list() == [int(np.floor(p + shift + 0.5)) for p in table["price"]]
    assert all(c >= floor[m] for m, c in zip(table["mat"], table["coins"]))
    # the score's cross-check agrees in sign where the effect is large
    big = table.filter(pl.col("price").abs() > 6)
    assert (np.sign(big["price"]) == np.sign(big["score_price"])).all()


def test_faction_and_mat_prices_add_up_from_one_fit():
    fe = np.array([0.3, -0.2, 0.0, 0.1, -0.1, 0.05, -0.15])
    me = np.array([-0.3, 0.2, 0.0, 0.1, 0.0, -0.1, 0.1])
    seats = planted_run(30000, fe[:, None] + me[None, :], seed=11)
    fit = fit_prices(seats, 10, FACTIONS, MATS, by=("faction", "mat"))
    for key, effect in (("faction", fe), ("mat", me)):
        table = fit.tables[key]
        weights = table["seats"].to_numpy() / table["seats"].sum()
        truth = true_prices(effect, weights)
        got = table["price"].to_numpy()
        assert np.all(np.abs(got - truth) < 1.5), (key, got, truth)
        inside = ((table["price_low"].to_numpy() <= truth) & (truth <= table["price_high"].to_numpy())).sum()
        assert inside >= 6
    mats = dict(zip(fit.tables["mat"]["mat"], fit.tables["mat"]["price"]))
    assert mats["industrial"] > 3 and mats["engineering"] < -2      # the weak mat is given coins


def test_the_win_rate_without_adjustment_and_the_raw_rate():
    effect = np.zeros((7, 7))
    effect[0, :] = 0.4           # nordic strong on every mat
    seats = planted_run(20000, effect, seed=2)
    fit = fit_prices(seats, 10, FACTIONS, MATS, by=("faction",))
    nordic = fit.tables["faction"].filter(pl.col("faction") == "nordic").row(0, named=True)
    assert nordic["fit_win_rate"] > 0.28 and nordic["win_rate"] > 0.28
    assert abs(nordic["fit_win_rate"] - nordic["win_rate"]) < 0.02
    assert nordic["price"] < -4


def test_banned_cells_are_named_not_priced():
    seats = planted_run(20000, np.zeros((7, 7)), seed=4)
    seats = seats.filter(~((pl.col("faction") == "rusviet") & (pl.col("mat") == "industrial")))
    fit = fit_prices(seats.filter(pl.col("game").is_in(
        seats.group_by("game").len().filter(pl.col("len") == 4)["game"].implode())), 10, FACTIONS, MATS,
        by=("faction,mat",))
    assert fit.unpriced == ["rusviet/industrial"]
    assert fit.tables["faction,mat"].height == 48


def test_too_few_games_or_no_coin_worth_is_one_line():
    with pytest.raises(PriceError, match="too few games to price"):
        fit_prices(planted_run(300, np.zeros((7, 7)), seed=1), 10, FACTIONS, MATS, by=("faction,mat",))
    flat = planted_run(3000, np.zeros((7, 7)), seed=1, slope=0.0)
    with pytest.raises(PriceError, match="not clear of 0"):
        fit_prices(flat, 10, FACTIONS, MATS, by=("mat",))
    still = planted_run(3000, np.zeros((7, 7)), seed=1, k=0)
    with pytest.raises(PriceError, match="same coins"):
        fit_prices(still, 10, FACTIONS, MATS, by=("mat",))


@pytest.mark.parametrize("rules, message", [({}, "no coin handicap"), ({"coin_handicap": 2}, "too narrow")])
def test_a_run_without_a_wide_enough_handicap_is_refused(rules, message):
    with pytest.raises(PriceError, match=message):
        handicap_of({"config": {"rules": rules}})
    assert handicap_of({"config": {"rules": {"coin_handicap": 10}}}) == 10


def test_the_check_passes_an_even_run_and_fails_a_planted_strong_mat():
    even = planted_run(20000, np.zeros((7, 7)), seed=6, k=0)
    result = check_table(even)
    assert result["outcome"] == "PASS", result
    assert {r["by"] for r in result["rows"]} == {"faction", "mat", "faction,mat"}
    strong = np.zeros((7, 7))
    strong[:, 2] = 0.35          # militant wins more than three points above parity
    result = check_table(planted_run(20000, strong, seed=6, k=0))
    assert result["outcome"] == "FAIL"
    militant = next(r for r in result["rows"] if r["by"] == "mat" and r["group"] == "militant")
    assert militant["difference"] > 0.03 and not militant["within"]
    for r in result["rows"]:
        assert r["low"] <= r["difference"] <= r["high"]
