"""`scythe-sim compare`: has balance shifted between a base run and a candidate run?

Per group (faction, mat, their pairs, strategy...): the candidate's win rate minus the
base's, a Newcombe interval at level 1 - alpha, a two-proportion z-test p-value, the
Holm-corrected p-value over all groups, and whether the shift counts: significant
after correction and at least min_effect in size.
"""
import polars as pl

from .stats import difference, holm

BY_CHOICES = ("faction", "mat", "faction,mat", "strategy", "players", "turn_order")


def _counts(run, keys):
    return (run.seats().group_by(list(keys))
            .agg(pl.len().alias("n"), pl.col("winner").sum().alias("wins")).collect(engine="streaming"))


def compare_runs(base, candidate, by=("faction",), alpha=0.05, min_effect=0.02):
    """A DataFrame: the group keys, base and candidate n/win rate, difference, ci_low,
    ci_high, p_value, p_holm, shifted (significant and >= min_effect)."""
    keys = list(by)
    joined = _counts(base, keys).join(_counts(candidate, keys), on=keys, how="full", coalesce=True,
                                      suffix="_candidate").fill_null(0).sort(keys)
    rows = []
    for row in joined.iter_rows(named=True):
        n1, w1, n2, w2 = row["n"], row["wins"], row["n_candidate"], row["wins_candidate"]
        if n1 == 0 or n2 == 0:
            d = low = high = None
            p = 1.0
        else:
            d, low, high, p = difference(w1, n1, w2, n2, alpha)
        rows.append({**{k: row[k] for k in keys}, "base_n": n1, "base_rate": w1 / n1 if n1 else None,
                     "candidate_n": n2, "candidate_rate": w2 / n2 if n2 else None,
                     "difference": d, "ci_low": low, "ci_high": high, "p_value": p})
    adjusted = holm([r["p_value"] for r in rows])
    for r, p in zip(rows, adjusted):
        r["p_holm"] = p
        r["shifted"] = bool(r["difference"] is not None and p < alpha and abs(r["difference"]) >= min_effect)
    return pl.DataFrame(rows)
