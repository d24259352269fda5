"""Coin prices of factions and mats, fitted to a run with the coin handicap (docs/price.md).

In a handicap run every seat starts with its mat's coins moved by a random draw in
-K..K (its `coin_adjustment`; `start_coins` what it then holds), independent of
everything else in the game. So a conditional logit of who wins each game
(models.conditional_logit: seat i wins with probability exp(u_i) / sum_j exp(u_j)) with

    u_i = effect[group of i] + slope * start_coins_i + no_coin * [start_coins_i = 0]
          + strategy term

measures both what a group is worth and what a coin is worth, on the same scale (the
first coin is worth more than the others: a seat with none cannot pay for much). A
group's strength at the rulebook's coins is R_g = effect_g + slope * its mat's coins,
and its price the coins that bring it to the average seat's:

    price_g = (mean R, weighted by seats - R_g) / slope

With every seat given its group's price, every seat's strength is the same apart from
strategy, which the deal spreads evenly, so every group wins at parity: what `price
--check` measures on fresh seeds. Turn order is no term of its own: the deal ties it to
the mats, so moving first is part of a mat's price. Prices average 0 over the seats;
`applicable` turns them into a table every seat can pay. The interval is the delta
method's over the fit's covariance (games are the independent units). Groupings: each
faction x mat cell on its own ("faction,mat"), or a faction and a mat that add
("faction" and "mat", one fit of both). The final score gives a second price, a
cross-check (`score_price`): the same terms fitted to each seat's score minus its
game's mean score (least squares within games, intervals clustered by game).

Reads Parquet only (a Run's seats): pure polars and numpy.
"""
import dataclasses

import numpy as np
import polars as pl

from scythe_sim.errors import ScytheSimError
from scythe_sim.intervals import Z95

from .models import conditional_logit, per_game

MIN_HANDICAP = 3       # K below this moves too few coins to see what one is worth
MIN_SEATS = 50         # seats a group needs to be priced
MIN_SLOPE_Z = 4.0      # the coin's worth must stand this many standard errors above 0
BY = ("faction,mat", "faction", "mat")
COLUMNS = ("game", "seat", "faction", "mat", "strategy", "turn_order", "winner", "coin_adjustment", "start_coins",
           "total", "players")


class PriceError(ScytheSimError):
    """A run that cannot be priced (the CLI prints it in one line and exits 2)."""


@dataclasses.dataclass
class Prices:
    """A price fit: a table per grouping and what they rest on."""
    players: int
    games: int
    seats: int
    handicap: int                 # K of the run (coin_handicap)
    slope: float                  # log-odds of winning per coin (from one coin up), with its 95% interval
    slope_low: float
    slope_high: float
    no_coin: float                # log-odds a seat starting with no coin loses besides (None: none did)
    score_slope: float            # final-score points per coin (the cross-check's)
    tables: dict                  # {"faction,mat" | "faction" | "mat": DataFrame}
    unpriced: list                # cells no game dealt (banned pairs), "faction/mat"
    shift: dict                   # coins every seat gets besides its price in the applied table:
                                  #   {"faction,mat": s, "faction+mat": s} (see applicable)
    rounds: int = 1               # fits in all, each after the first around the last one's table


def seat_frame(run, players=None):
    """(seats, K): the seats a price fit reads from a Run, of one player count
    (`players`, or the run's only one), sorted by game and seat, and the run's coin
    handicap; a PriceError when the run carries no coin handicap (or too narrow a one),
    mixes counts without `players`, or lacks the count."""
    handicap = handicap_of(run.manifest)
    lazy = run.seats()
    names = lazy.collect_schema().names()
    if "start_coins" not in names:
        raise PriceError(f"{run.path} has no start_coins column (written before the coin handicap): play it again")
    counts = sorted(lazy.select(pl.col("players").unique()).collect(engine="streaming")["players"].to_list())
    if players is None:
        if len(counts) > 1:
            raise PriceError(f"{run.path} mixes {', '.join(map(str, counts))} players: price one count, e.g. "
                             f"--players {counts[0]}")
        players = counts[0]
    if players not in counts:
        raise PriceError(f"{run.path} has no {players}-player games (it has {', '.join(map(str, counts))})")
    seats = (lazy.filter(pl.col("players") == players).select(*COLUMNS)
             .collect(engine="streaming").sort("game", "seat"))
    return seats, handicap


def handicap_of(manifest) -> int:
    """K of a run's coin handicap; a PriceError when it is off or too narrow to fit."""
    k = int(manifest.get("config", {}).get("rules", {}).get("coin_handicap", 0))
    if k == 0:
        raise PriceError("the run has no coin handicap, so nothing tells what a coin is worth: play it with "
                         "--rule coin_handicap=10 (or let `scythe-sim price` play it)")
    if k < MIN_HANDICAP:
        raise PriceError(f"the run's coin handicap (coin_handicap = {k}) is too narrow to fit what a coin is "
                         f"worth: give {MIN_HANDICAP} or more (10 is the default)")
    return k


def fit_prices(seats: pl.DataFrame, handicap: int, factions=None, mats=None, by=BY) -> Prices:
    """The price tables of `by` from a handicap run's seats (seat_frame); factions and
    mats: the names in their game order (default: as sorted). A PriceError names what is
    too few to price."""
    players = int(seats["players"][0])
    present = {key: set(seats[key].unique().to_list()) for key in ("faction", "mat")}
    factions = [f for f in (factions or sorted(present["faction"])) if f in present["faction"]]
    mats = [m for m in (mats or sorted(present["mat"])) if m in present["mat"]]
    if seats["coin_adjustment"].std() == 0:
        raise PriceError("every seat of the run started with the same coins: a handicap run needs its draws")
    coins = _Coins(seats)
    f = _codes(seats["faction"], factions)
    m = _codes(seats["mat"], mats)
    cells = f * len(mats) + m
    counts = np.bincount(cells, minlength=len(factions) * len(mats))
    controls = _controls(seats)
    tables, first = {}, None
    if "faction,mat" in by:
        dealt = np.flatnonzero(counts)
        order = [f"{factions[c // len(mats)]}/{mats[c % len(mats)]}" for c in dealt]
        renumber = np.full(len(counts), -1)
        renumber[dealt] = np.arange(len(dealt))
        first = _Fit(seats, coins, controls, {"cell": (renumber[cells], order)}, "faction x mat cell")
        tables["faction,mat"] = first.table("cell", ("faction", "mat"))
    if "faction" in by or "mat" in by:
        fit = _Fit(seats, coins, controls, {"faction": (f, factions), "mat": (m, mats)})
        first = first or fit
        for key in ("faction", "mat"):
            if key in by:
                tables[key] = fit.table(key, (key,))
    unpriced = [f"{factions[c // len(mats)]}/{mats[c % len(mats)]}" for c in np.flatnonzero(counts == 0)]
    tables, shift = applicable(tables, seats, handicap)
    return Prices(players, seats["game"].n_unique(), seats.height, handicap, first.beta, *first.beta_interval,
                  first.no_coin, first.score_beta, tables, unpriced, shift)


class _Coins:
    """What the fit reads of each seat's coins: the coins it started with (`start`), a 0/1
    of starting with none (`none`: the first coins are worth more than the rest, as the
    handicap runs measure), and the coins its mat gives by the rulebook (`rulebook`)."""

    def __init__(self, seats):
        self.start = seats["start_coins"].to_numpy().astype(np.float64)
        self.rulebook = self.start - seats["coin_adjustment"].to_numpy()
        self.none = (self.start == 0).astype(np.float64)
        self.columns = [self.start] + ([self.none] if 0 < self.none.sum() < len(self.none) else [])


def applicable(tables, seats, handicap):
    """(tables with `coins` and `beyond_handicap`, {table: shift}): the coins a table
    applies. Prices average 0, but a seat's starting coins never go below 0, so a strong
    cell's price may be more than it holds (a clamped price leaves it strong), and a seat
    with no coin at all is weaker than one coin less tells (the fit's no-coin term).
    Each table is shifted by the fewest whole coins for every seat (`shift`) that let
    every cell pay its price and keep a coin (a mat's floor is one coin less its
    rulebook coins), and by no fewer than the run's own table gave on average (its
    groups' median adjustment): a run played around a table (price --prices) refines it
    at the level of coins it measured, a Newton step. The cells' table
    gets the shift on every cell, the faction and mat tables on the mat rows (on the
    faction rows with no mat table), so a seat gets it once. coins is the shifted price
    rounded; beyond_handicap marks coins outside the range the run measured around the
    group (its median adjustment +- K): the fit extrapolates there."""
    floor = dict(seats.group_by("mat").agg(1 - (pl.col("start_coins") - pl.col("coin_adjustment")).first())
                 .iter_rows())
    centre = {key: dict(seats.group_by(*key.split(",")).agg(pl.col("coin_adjustment").median()).iter_rows())
              for key in ("faction", "mat")}
    centre["faction,mat"] = {(f, m): v for f, m, v in seats.group_by("faction", "mat").agg(
        pl.col("coin_adjustment").median()).iter_rows()}
    out, shift = dict(tables), {}
    if "faction,mat" in tables:
        t = tables["faction,mat"]
        mid = np.array([centre["faction,mat"][(f, m)] for f, m in zip(t["faction"], t["mat"])])
        need = max(0.0, max(floor[m] - p for m, p in zip(t["mat"], t["price"])))
        level = float(np.average(mid, weights=t["seats"]))
        shift["faction,mat"] = max(int(np.ceil(need - 1e-9)), int(np.floor(level + 0.5)))
        coins = np.floor(t["price"].to_numpy() + shift["faction,mat"] + 0.5).astype(np.int64)
        out["faction,mat"] = t.with_columns(pl.Series("coins", coins),
                                            pl.Series("beyond_handicap", np.abs(coins - mid) > handicap))
    parts = {key: dict(zip(tables[key][key], tables[key]["price"])) for key in ("faction", "mat") if key in tables}
    if parts:
        fp, mp = parts.get("faction", {}), parts.get("mat", {})
        cells = seats.select("faction", "mat").unique().iter_rows()
        need = max(0.0, max(floor[m] - fp.get(f, 0.0) - mp.get(m, 0.0) for f, m in cells))
        level = float(seats.group_by("faction", "mat").agg(pl.col("coin_adjustment").median(), pl.len())
                      .select((pl.col("coin_adjustment") * pl.col("len")).sum() / pl.col("len").sum()).item())
        shift["faction+mat"] = max(int(np.ceil(need - 1e-9)), int(np.floor(level + 0.5)))
        carrier = "mat" if "mat" in parts else "faction"
        for key in parts:
            t = tables[key]
            coins = np.floor(t["price"].to_numpy() + (shift["faction+mat"] if key == carrier else 0) + 0.5)
            mid = np.array([centre[key][g] for g in t[key]])
            out[key] = t.with_columns(pl.Series("coins", coins.astype(np.int64)),
                                      pl.Series("beyond_handicap", np.abs(coins - mid) > handicap))
    return out, shift


def _codes(column, order):
    """(rows,) int64: each value's index in order."""
    return column.cast(pl.String).replace_strict(order, list(range(len(order))), return_dtype=pl.Int64).to_numpy()


def _controls(seats):
    """(rows, terms) int16: one-hot strategy, a reference level dropped. Not turn order:
    the deal ties it to the mats (the lowest mat number moves first, Industrial whenever
    it is dealt), so moving first is part of what a mat is worth, and a table that evens
    the mats must price it."""
    cols = []
    for factor in ("strategy",):
        values = seats[factor].cast(pl.String)
        levels = sorted(values.unique().to_list())
        codes = _codes(values, levels)
        cols.extend(codes == k for k in range(1, len(levels)))
    return np.column_stack(cols).astype(np.int16) if cols else np.zeros((seats.height, 0), np.int16)


class _Fit:
    """One conditional logit (and the score's least squares) of groups, coins and controls.
    parts: {key: (codes of each seat's level, level names)}; the first level of each is
    the reference."""

    def __init__(self, seats, coins, controls, parts, what=None):
        self.parts = {}            # key -> (levels, their columns of x (-1: the reference), codes)
        cols = []
        for key, (codes, order) in parts.items():
            seen = np.bincount(codes, minlength=len(order))
            thin = [(order[k], int(n)) for k, n in enumerate(seen) if n < MIN_SEATS]
            if thin:
                raise PriceError(f"too few games to price: {what or key} {thin[0][0]} has {thin[0][1]} seats, a "
                                 f"price needs {MIN_SEATS} or more ({len(thin)} short): play more games")
            index = [-1] + list(range(len(cols), len(cols) + len(order) - 1))
            cols.extend(codes == k for k in range(1, len(order)))
            self.parts[key] = (order, np.array(index), codes, seen)
        self.coin = len(cols)
        self.none = self.coin + 1 if len(coins.columns) > 1 else None
        x = np.column_stack(cols + coins.columns).astype(np.int16)
        self.x, self.coins = np.hstack([x, controls]), coins
        self.game = seats["game"].to_numpy()
        self.win = seats["winner"].to_numpy().astype(np.float64)
        self.b, self.cov = conditional_logit(self.x, self.game, self.win, robust=True)
        self.beta = float(self.b[self.coin])
        se = float(np.sqrt(max(self.cov[self.coin, self.coin], 0.0)))
        if not self.beta > MIN_SLOPE_Z * se:
            raise PriceError(f"too few games to price: a coin's worth ({self.beta:+.4f} log-odds, standard error "
                             f"{se:.4f}) is not clear of 0: play more games or a wider handicap")
        self.beta_interval = (self.beta - Z95 * se, self.beta + Z95 * se)
        self.no_coin = float(self.b[self.none]) if self.none is not None else None
        self.score_b, self.score_cov = _within_game_ols(self.x, seats["total"].to_numpy().astype(np.float64),
                                                        self.game)
        self.score_beta = float(self.score_b[self.coin])

    def _prices(self, key, b, cov, weights):
        """(price, standard error) per level under coefficients b (delta method): with
        each level's strength at the rulebook's coins R = effect + slope * its seats' mean
        rulebook coins, (weights . R - R) / slope."""
        order, index, codes, seen = self.parts[key]
        e = np.zeros((len(order), len(b)))
        e[np.flatnonzero(index >= 0), index[index >= 0]] = 1.0
        rulebook = np.bincount(codes, self.coins.rulebook, len(order)) / seen
        beta = b[self.coin]
        strength = e @ b + beta * rulebook
        price = (weights @ strength - strength) / beta
        grad = ((weights @ e)[None, :] - e) / beta
        grad[:, self.coin] += (weights @ rulebook - rulebook) / beta - price / beta
        return price, np.sqrt(np.maximum(np.einsum("ij,jk,ik->i", grad, cov, grad), 0.0))

    def table(self, key, columns) -> pl.DataFrame:
        order, _, codes, seats = self.parts[key]
        weights = seats / seats.sum()
        price, se = self._prices(key, self.b, self.cov, weights)
        score_price, score_se = self._prices(key, self.score_b, self.score_cov, weights)
        rows = {c: [level.split("/")[k] for level in order] for k, c in enumerate(columns)}
        rows.update({
            "price": price, "price_low": price - Z95 * se, "price_high": price + Z95 * se,
            "fit_win_rate": np.bincount(codes, self._unmoved_chance(), len(order)) / seats,
            "win_rate": np.bincount(codes, self.win, len(order)) / seats,
            "seats": seats.astype(np.int64),
            "score_price": score_price, "score_price_low": score_price - Z95 * score_se,
            "score_price_high": score_price + Z95 * score_se,
        })
        return pl.DataFrame(rows)

    def _unmoved_chance(self):
        """Each seat's fitted chance to win had no seat's coins moved (the rulebook's
        starting coins all round): averaged over a group's seats, its win rate without an
        adjustment; a game's seats add up to 1."""
        starts = np.flatnonzero(np.r_[True, self.game[1:] != self.game[:-1]])
        group = np.cumsum(np.r_[False, self.game[1:] != self.game[:-1]])
        c = self.coins
        eta = self.x.astype(np.float64) @ self.b - self.beta * (c.start - c.rulebook)
        if self.none is not None:
            eta -= self.b[self.none] * (c.none - (c.rulebook == 0))
        eta -= per_game(np.maximum, eta, starts)[group]
        e = np.exp(eta)
        return e / per_game(np.add, e, starts)[group]


def _within_game_ols(x, y, game):
    """(coefficients, covariance clustered by game) of y on x with a constant per game:
    both centred within each game, then least squares."""
    starts = np.flatnonzero(np.r_[True, game[1:] != game[:-1]])
    group = np.cumsum(np.r_[False, game[1:] != game[:-1]])
    size = np.diff(np.r_[starts, len(game)])
    xf = x.astype(np.float64)
    xc = xf - (per_game(np.add, xf, starts) / size[:, None])[group]
    yc = y - (per_game(np.add, y, starts) / size)[group]
    inv = np.linalg.pinv(xc.T @ xc)
    b = inv @ (xc.T @ yc)
    scores = per_game(np.add, xc * (yc - xc @ b)[:, None], starts)      # (games, k): each game's part
    return b, inv @ (scores.T @ scores) @ inv


# --- checking a table: each group's win rate against parity on fresh seeds ----------------
CHECK_MARGIN = 0.03     # a faction or mat within 3 points of parity
CHECK_BY = ("faction", "mat", "faction,mat")


def check_table(seats: pl.DataFrame, margin=CHECK_MARGIN, alpha=0.05) -> dict:
    """Each faction's, mat's and cell's win rate in a run with a price table against
    parity (1 / players): {"rows": [...], "outcome": "PASS" | "FAIL", "failures": [...]}.
    Per row: by, group, seats, wins (a shared first place split), win_rate, parity,
    difference, and low..high, its interval at the level that matches Holm's verdict
    over the grouping's groups (holm_levels: it excludes 0 exactly when the group is
    beyond chance). PASS: every faction and mat within `margin` of parity, and no cell
    beyond chance."""
    from scythe_sim.intervals import holm, holm_levels, interval_p_value, wilson, z_for

    game = seats["game"].to_numpy()
    win = seats["winner"].to_numpy().astype(np.float64)
    starts = np.flatnonzero(np.r_[True, game[1:] != game[:-1]])
    group = np.cumsum(np.r_[False, game[1:] != game[:-1]])
    share = win / np.maximum(np.add.reduceat(win, starts), 1)[group]
    frame = seats.with_columns(pl.Series("share", share), (1.0 / pl.col("players")).alias("parity"))
    rows, failures = [], []
    for by in CHECK_BY:
        keys = by.split(",")
        sums = (frame.group_by(keys).agg(pl.len().alias("seats"), pl.col("share").sum().alias("wins"),
                                         pl.col("parity").mean()).sort(keys))
        found = []
        for r in sums.iter_rows(named=True):
            n, w, parity = r["seats"], r["wins"], r["parity"]

            def interval(a, n=n, w=w, parity=parity):
                lo, hi = wilson(w, n, z_for(a))
                return lo - parity, hi - parity
            found.append((("/".join(str(r[k]) for k in keys)), n, w, parity, interval,
                          interval_p_value(interval)))
        p_values = [f[5] for f in found]
        levels = holm_levels(p_values, alpha) if found else []
        for (name, n, w, parity, interval, p), p_holm, level in zip(found, holm(p_values), levels):
            low, high = interval(level)
            row = {"by": by, "group": name, "seats": n, "wins": w, "win_rate": w / n, "parity": parity,
                   "difference": w / n - parity, "low": low, "high": high, "p_holm": p_holm,
                   "within": abs(w / n - parity) <= margin, "beyond_chance": p_holm < alpha}
            rows.append(row)
            if by != "faction,mat" and not row["within"]:
                failures.append(f"{by} {name} is {100 * row['difference']:+.1f} points from parity "
                                f"(the target: within {100 * margin:g})")
            if by == "faction,mat" and row["beyond_chance"]:
                failures.append(f"cell {name} is {100 * row['difference']:+.1f} points from parity, beyond chance "
                                f"(Holm over {len(found)} cells)")
    return {"rows": rows, "outcome": "FAIL" if failures else "PASS", "failures": failures,
            "games": int(seats["game"].n_unique()), "margin": margin, "alpha": alpha}
