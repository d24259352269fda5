"""Analysis on synthetic runs with known answers, the figures by content, bad input,
and one real run turned into a report end to end."""
import json
import os
import subprocess
import sys

import matplotlib
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import polars as pl  # noqa: E402
from click.testing import CliRunner  # noqa: E402

from analysis import figures, queries  # noqa: E402
from analysis.compare import compare_runs  # noqa: E402
from analysis.runs import Run  # noqa: E402
from cli.main import main  # noqa: E402
from scythe_sim.intervals import holm, newcombe_difference, wilson  # noqa: E402

FACTIONS = ["crimea", "nordic", "polania", "rusviet", "saxony"]
MATS = ["agricultural", "engineering", "industrial", "mechanical", "patriotic"]
KINDS = queries.STAR_KINDS


# --- statistics with known values ------------------------------------------------------------
def test_wilson_interval_known_values():
    low, high = wilson(50, 100)
    assert abs(low - 0.4038) < 1e-4 and abs(high - 0.5962) < 1e-4
    low, high = wilson(0, 10)
    assert low == pytest.approx(0.0, abs=1e-12) and abs(high - 0.2775) < 1e-4


def test_newcombe_difference_matches_the_published_example():
    # Newcombe (1998), example (a), method 10: 56/70 - 48/80 = 0.2000 (0.0524, 0.3339)
    d, low, high, p = newcombe_difference(48, 80, 56, 70)
    assert d == pytest.approx(0.2, abs=1e-9)
    assert low == pytest.approx(0.0524, abs=1e-4) and high == pytest.approx(0.3339, abs=1e-4)
    assert 0 < p < 0.05


def test_holm_adjustment():
    assert holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])


# --- synthetic runs ------------------------------------------------------------------------------
def fake_run(path, games, win_prob, seed, players=4):
    """A finished run folder whose winners are drawn with the planted per-faction
    weights (one winner per game, chosen in proportion to the weights)."""
    rng = np.random.default_rng(seed)
    seat_rows, game_rows = [], []
    for g in range(games):
        factions = rng.permutation(FACTIONS)[:players]
        mats = rng.permutation(MATS)[:players]
        weights = np.array([win_prob[f] for f in factions])
        winner = rng.choice(players, p=weights / weights.sum())
        for seat in range(players):
            row = {"game": g, "seat": seat, "faction": factions[seat], "mat": mats[seat], "strategy": "random",
                   "turn_order": seat + 1, "rank": 1 if seat == winner else 2, "winner": seat == winner,
                   "coins": 20, "star_coins": 10, "territory_coins": 12, "resource_coins": 4,
                   "structure_bonus_coins": 2, "total": 48, "stars": 3}
            for k in KINDS:
                row[f"stars_{k}"] = int(k == "power")
                row[f"star_turn_{k}"] = 40 if k == "power" else None
            seat_rows.append(row)
        game_rows.append({"game": g, "seed": g, "players": players, "end_reason": "six_stars",
                          "turns": 80, "rounds": 20})
    for name, rows in (("games", game_rows), ("seats", seat_rows)):
        os.makedirs(os.path.join(path, name))
        pl.DataFrame(rows).write_parquet(os.path.join(path, name, "part-000000.parquet"))
    manifest = {"format": "scythe-sim/run-1", "name": os.path.basename(path), "games": games,
                "root_seed": seed, "config_hash": f"fake{seed}", "complete": True,
                "versions": {"scythe-sim": "test"}, "shards": {}}
    with open(os.path.join(path, "manifest.json"), "w") as fh:
        json.dump(manifest, fh)
    open(os.path.join(path, "_SUCCESS"), "w").close()
    return str(path)


BASE = {"crimea": 2.0, "nordic": 1.0, "polania": 1.0, "rusviet": 1.0, "saxony": 1.0}


def test_win_rates_recover_a_planted_faction_effect(tmp_path):
    run = Run(fake_run(tmp_path / "a", 4000, BASE, seed=1))
    table = queries.win_rates(run.seats(), "faction")
    rates = dict(zip(table["faction"], table["win_rate"]))
    # crimea's share when present: 2 / (2 + 3) = 0.4; the others' share depends on crimea's presence
    assert table.filter(pl.col("faction") == "crimea")["ci_low"][0] < 0.4 < \
        table.filter(pl.col("faction") == "crimea")["ci_high"][0]
    assert rates["crimea"] > 1.5 * max(v for k, v in rates.items() if k != "crimea")
    assert table["parity"].to_list() == pytest.approx([0.25] * 5)
    assert table.filter(pl.col("faction") == "crimea")["lift"][0] == pytest.approx(rates["crimea"] / 0.25)
    assert table["seats"].sum() == 4000 * 4


def test_compare_flags_a_planted_shift_and_ignores_noise(tmp_path):
    base = fake_run(tmp_path / "base", 4000, BASE, seed=1)
    same = fake_run(tmp_path / "same", 4000, BASE, seed=2)
    nerfed = fake_run(tmp_path / "nerfed", 4000, dict(BASE, crimea=1.0), seed=3)
    table = compare_runs(Run(base), Run(nerfed))
    crimea = table.filter(pl.col("faction") == "crimea").row(0, named=True)
    assert crimea["shifted"] and crimea["difference"] < -0.1 and crimea["ci_high"] < 0
    assert not compare_runs(Run(base), Run(same))["shifted"].any()
    runner = CliRunner()
    assert runner.invoke(main, ["compare", base, nerfed, "--fail"]).exit_code == 1
    assert runner.invoke(main, ["compare", base, same, "--fail"]).exit_code == 0
    out = runner.invoke(main, ["compare", base, nerfed, "--by", "faction,mat"])
    assert out.exit_code == 0 and "SHIFT" in out.output


def test_figures_show_labels_counts_and_marks(tmp_path):
    run = Run(fake_run(tmp_path / "a", 300, BASE, seed=4))
    table = queries.win_rates(run.seats(), "faction")
    fig, ax = plt.subplots()
    figures.win_rate_bars(ax, table, "faction", "t")
    labels = [t.get_text() for t in ax.get_xticklabels()]
    ranked = table.sort("win_rate", descending=True)          # bars sorted by value
    assert labels == [f"{f}\nn={n}" for f, n in zip(ranked["faction"], ranked["seats"])]
    assert len(ax.patches) == 5
    cells = queries.heatmap(run.seats())
    fig, ax = plt.subplots()
    figures.heatmap(ax, cells, 4, FACTIONS, MATS, min_cell=60)
    texts = [t.get_text() for t in ax.texts]
    assert len(texts) == 25 and any("too few" in t for t in texts)
    assert [t.get_text() for t in ax.get_yticklabels()] == FACTIONS
    plt.close("all")


# --- bad input ------------------------------------------------------------------------------------
def test_bad_run_folders_give_one_line_and_exit_2(tmp_path):
    good = fake_run(tmp_path / "good", 20, BASE, seed=5)
    unfinished = fake_run(tmp_path / "unfinished", 20, BASE, seed=6)
    os.remove(os.path.join(unfinished, "_SUCCESS"))
    broken = fake_run(tmp_path / "broken", 20, BASE, seed=7)
    path = os.path.join(broken, "seats", "part-000000.parquet")
    pl.read_parquet(path).drop("winner").write_parquet(path)
    runner = CliRunner()
    for args, words in ((["report", str(tmp_path)], "is not a run folder"),
                        (["report", unfinished], "unfinished run"),
                        (["report", broken], "lacks column 'winner'"),
                        (["compare", good, str(tmp_path / "nowhere")], "is not a run folder")):
        out = runner.invoke(main, args)
        lines = [x for x in out.output.splitlines() if x.strip()]
        assert out.exit_code == 2 and len(lines) == 1 and words in lines[0], out.output


@pytest.mark.slow
def test_analysis_never_imports_the_kernel():
    code = "import sys, analysis.report, analysis.compare; print(any(m.startswith('numba') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# --- end to end: a small real run -> report --------------------------------------------------------
@pytest.mark.slow
def test_report_of_a_real_run_and_two_runs_side_by_side(tmp_path):
    runner = CliRunner()
    for seed in (1, 2):
        out = runner.invoke(main, ["run", "--games", "24", "--seed", str(seed), "--name", f"r{seed}",
                                   "--out", str(tmp_path), "--workers", "1", "--quiet"])
        assert out.exit_code == 0, out.output
    out = runner.invoke(main, ["report", str(tmp_path / "r1"), str(tmp_path / "r2"), "--out", str(tmp_path / "rep")])
    assert out.exit_code == 0, out.output
    index = (tmp_path / "rep" / "index.md").read_text()
    for words in ("Win rate by faction", "Faction x mat", "Score composition", "Star kinds", "Game length",
                  "side by side", "Provenance", "run1_win_rate_by_faction.png"):
        assert words in index
    assert (tmp_path / "rep" / "index.html").read_text().count("<img") >= 6
    table = pl.read_csv(tmp_path / "rep" / "run1_win_rate_by_faction.csv")
    assert table["seats"].sum() == 24 * 4



# --- strength models -------------------------------------------------------------------------------
def planted_seats(games, faction_w, mat_w, order_w, seed, players=4):
    """Seats whose single winner is drawn with odds faction_w * mat_w * order_w."""
    rng = np.random.default_rng(seed)
    rows = []
    for g in range(games):
        factions = rng.permutation(FACTIONS)[:players]
        mats = rng.permutation(MATS)[:players]
        w = np.array([faction_w[f] * mat_w[m] * order_w[k] for k, (f, m) in enumerate(zip(factions, mats))])
        winner = rng.choice(players, p=w / w.sum())
        rows += [{"game": g, "seat": k, "faction": factions[k], "mat": mats[k], "turn_order": k + 1,
                  "strategy": "random", "winner": k == winner, "rank": 1 if k == winner else 2}
                 for k in range(players)]
    return pl.DataFrame(rows)


def test_first_place_model_recovers_planted_faction_mat_and_turn_order_effects():
    from analysis.models import fit_first_place

    faction_w = dict(zip(FACTIONS, [2.0, 1.0, 1.0, 0.5, 1.0]))
    mat_w = dict(zip(MATS, [1.0, 1.0, 1.5, 1.0, 1.0]))
    order_w = [1.6, 1.0, 1.0, 1.0]
    fit = fit_first_place(planted_seats(6000, faction_w, mat_w, order_w, seed=8))
    assert set(fit["factor"]) == {"faction", "mat", "turn_order"}       # one strategy: no term

    def planted(factor, weights):
        logs = {k: np.log(v) for k, v in weights.items()}
        mean = np.mean(list(logs.values()))
        return {str(k): v - mean for k, v in logs.items()}
    for factor, weights in (("faction", faction_w), ("mat", mat_w),
                            ("turn_order", dict(zip([1, 2, 3, 4], order_w)))):
        truth = planted(factor, weights)
        rows = fit.filter(pl.col("factor") == factor)
        inside = sum(r["ci_low"] <= truth[r["level"]] <= r["ci_high"] for r in rows.iter_rows(named=True))
        assert inside >= len(truth) - 1, (factor, rows)
        for r in rows.iter_rows(named=True):
            assert abs(r["effect"] - truth[r["level"]]) < 0.15
    mat = {r["level"]: r for r in fit.filter(pl.col("factor") == "mat").iter_rows(named=True)}
    assert mat["industrial"]["ci_low"] > max(r["ci_high"] for k, r in mat.items() if k != "industrial")


def test_a_mat_that_only_moves_first_gets_no_credit():
    from analysis.models import fit_first_place

    seats = planted_seats(6000, dict.fromkeys(FACTIONS, 1.0), dict.fromkeys(MATS, 1.0), [2.0, 1.0, 1.0, 1.0], 9)
    # industrial always moves first: its raw win rate is inflated, the model gives the credit to turn order
    seats = seats.with_columns(pl.when(pl.col("turn_order") == 1).then(pl.lit("industrial"))
                               .otherwise(pl.col("mat")).alias("mat"))
    raw = seats.group_by("mat").agg(pl.col("winner").mean()).sort("mat")
    assert dict(zip(raw["mat"], raw["winner"]))["industrial"] > 0.3      # parity is 0.25
    fit = fit_first_place(seats, factors=("mat", "turn_order"))
    first = fit.filter((pl.col("factor") == "turn_order") & (pl.col("level") == "1")).row(0, named=True)
    assert first["effect"] > 0.3
    industrial = fit.filter((pl.col("factor") == "mat") & (pl.col("level") == "industrial")).row(0, named=True)
    assert industrial["ci_low"] < 0 < industrial["ci_high"] and abs(industrial["effect"]) < 0.2


def test_head_to_head_matrix():
    from analysis.models import head_to_head

    seats = pl.DataFrame({"game": [0, 0, 0, 1, 1, 1], "strategy": ["a", "b", "b", "a", "b", "b"],
                          "rank": [1, 2, 3, 3, 1, 2]})
    m = head_to_head(seats)
    ab = m.filter((pl.col("strategy") == "a") & (pl.col("strategy_b") == "b")).row(0, named=True)
    assert ab["pairs"] == 4 and ab["ahead"] == 0.5 and ab["ci_low"] < 0.5 < ab["ci_high"]
