"""`scythe-sim evaluate search` and `evaluate reference-verdicts`: their blocks are
runs in a runs folder (read back, not played again), their tables and targets, and their
bad options (one line, exit 2)."""
import json
import os

import numpy as np
import pytest
from click.testing import CliRunner

from cli.main import main
from scythe_sim.games.scythe.enums import FACTION_ABILITIES, FACTIONS, RUSVIET
from scythe_sim.games.scythe.strategies import N_SLOTS, STRATEGIES
from scythe_sim.games.scythe.strategies.weights import WEIGHTS, load_params
from scythe_sim.games.scythe.tools import search_evaluate as se
from scythe_sim.games.scythe.tools.search_runs import play

SMALL_SWEEP = ((4,), (1,))


def _cheap_params():
    params = load_params().copy()
    params[STRATEGIES.index("search"), WEIGHTS.index("search_rollouts")] = 4
    params[STRATEGIES.index("search"), WEIGHTS.index("search_horizon")] = 1
    return params


def test_the_relentless_runs_search_in_rusviet_s_seat_only_and_switch_relentless_off(tmp_path):
    made = dict(se.blocks(4, 2, 4, 1, 3, load_params(), tmp_path, SMALL_SWEEP))
    on, off = made["relentless-on"].config, made["relentless-off"].config
    assert dict(off.rules)["faction_abilities_off"] == 1 << FACTION_ABILITIES.index("relentless")
    assert "faction_abilities_off" not in dict(on.rules) and dict(on.rules)["ban_pairs"] == 0
    search = STRATEGIES.index("search")
    rows = {key: row for name, key, row in on.seat_weights if name == "search"}
    assert rows[FACTIONS[RUSVIET]][WEIGHTS.index("search_rollouts")] >= 1, "Rusviet's seat searches"
    assert dict(on.weights)["search"][WEIGHTS.index("search_rollouts")] == 0, "the other seats do not"
    assert search < N_SLOTS
    strength = made["strength"].config
    assert [line[k] for k, line in enumerate(strength.strategies)] == ["search"] * 4     # seat i % 4 searches


@pytest.mark.slow
def test_the_search_check_reports_every_target_and_restarts_from_its_runs(tmp_path):
    kwargs = dict(games=4, mirror_games=2, relentless_games=4, sweep_games=2, seed=3, workers=1,
                  runs=str(tmp_path), params=_cheap_params(), sweep=SMALL_SWEEP)
    report = se.search_evaluate(**kwargs)
    assert [t.key for t in report.tables] == ["search_strength", "search_pace", "search_relentless", "search_sweep"]
    texts = [t.text.split(":")[0] for t in report.targets]
    assert texts == ["strength", "cost", "pace", "pace", "pace", "Relentless pays", "sweep"]
    assert report.metrics["strength"]["games"] == 4 and report.metrics["mirror"]["ok"] == 2
    assert np.isfinite(report.metrics["strength"]["seat_cpu"])     # (4 games: mostly the pool's start-up)
    assert not report.passed                               # 4 games reach no game-count floor
    cpu = {name: json.load(open(tmp_path / name)) for name in os.listdir(tmp_path) if name.endswith(".cpu.json")}
    again = se.search_evaluate(**kwargs)                   # read back: nothing played again
    assert again.markdown() == report.markdown()
    assert cpu == {name: json.load(open(tmp_path / name)) for name in cpu}


@pytest.mark.slow
def test_an_unfinished_block_is_resumed_not_played_again(tmp_path):
    made = dict(se.blocks(50, 2, 4, 1, 3, _cheap_params(), tmp_path, SMALL_SWEEP))
    config = made["greedy"].config
    play([made["greedy"]])
    run_dir = config.run_dir()
    manifest = json.load(open(run_dir / "manifest.json"))
    first = sorted(manifest["shards"])[0]
    del manifest["shards"][first]                          # as if killed before that shard landed
    manifest["complete"] = False
    json.dump(manifest, open(run_dir / "manifest.json", "w"))
    os.remove(run_dir / "_SUCCESS")
    seen = []
    out = play([made["greedy"]], progress=lambda done, total: seen.append(done))
    assert out[made["greedy"].name].games.num_rows == 50
    assert seen[0] == 25, "the shard kept is not played again"


# what `evaluate --verdicts --reference --mirror-games 4 --games 8 --seed 3` gave before
# reference-verdicts became a declared study: each block's rates (wins, seats), the taus,
# the paired differences (search mirror - mix) and the mirror's faction x mat
REFERENCE_RATES = {
    "faction": [{"nordic": (0, 2), "rusviet": (0, 3), "crimea": (4, 4), "saxony": (0, 3), "polania": (0, 4)},
                {"nordic": (1, 6), "rusviet": (0, 6), "crimea": (4, 8), "saxony": (1, 6), "polania": (2, 6)}],
    "mat": [{"industrial": (0, 2), "engineering": (1, 3), "patriotic": (0, 4), "mechanical": (1, 3),
             "agricultural": (2, 4)},
            {"industrial": (1, 5), "engineering": (1, 7), "patriotic": (0, 6), "mechanical": (4, 6),
             "agricultural": (2, 8)}]}
REFERENCE_TAU = {"faction": 0.4, "mat": 0.4}
REFERENCE_DIFFERENCES = {"nordic": 0.0, "rusviet": 0.0, "crimea": 0.5, "saxony": -1 / 3, "polania": -0.25,
                         "industrial": 0.0, "engineering": 1 / 3, "patriotic": 0.0, "mechanical": -1 / 3,
                         "agricultural": 0.0}
REFERENCE_GRID = [["nordic", "0.0% (1)", "", "0.0% (1)", "", ""],
                  ["rusviet", "0.0% (1)", "0.0% (1)", "", "0.0% (1)", ""],
                  ["crimea", "", "100.0% (1)", "", "100.0% (1)", "100.0% (2)"],
                  ["saxony", "", "", "0.0% (2)", "", "0.0% (1)"],
                  ["polania", "", "0.0% (1)", "0.0% (1)", "0.0% (1)", "0.0% (1)"]]


@pytest.mark.slow
def test_the_reference_verdicts_study_pairs_the_search_mirror_with_the_mix_as_before(tmp_path):
    import contextlib

    from analysis.study_engine import play_study
    from scythe_sim.games.scythe.tools.deal_rules import needed_rules
    from scythe_sim.games.scythe.tools.studies import studies
    from scythe_sim.study import Settings

    study = studies()["reference-verdicts"]
    own = {"mirror_games": 4, "runs": str(tmp_path), "backend": "local", "scheduler": ""}
    settings = Settings(8, 4, 3, 1, own, lambda total: contextlib.nullcontext(None))
    report = play_study(study, settings, "scythe", needed_rules)
    key = "reference-verdicts"
    assert [t.key for t in report.tables] == [f"{key}_faction", f"{key}_mat", f"{key}_faction_mat_shifts",
                                              f"{key}_faction_mat_grid"]
    for by in ("faction", "mat"):
        assert report.metrics[f"{key}_{by}"]["rates"] == REFERENCE_RATES[by]
        assert report.metrics[f"{key}_{by}"]["tau"] == pytest.approx(REFERENCE_TAU[by])
    rows = report.metrics[f"{key}_faction_mat_shifts"]["rows"]
    assert {r["name"]: r["difference"] for r in rows} == pytest.approx(REFERENCE_DIFFERENCES)
    assert {r["method"] for r in rows} == {"paired"} and sum(r["base_n"] for r in rows) == 2 * 4 * 4
    assert not any(r["shifted"] for r in rows) and all(r["ci_low"] <= r["difference"] <= r["ci_high"] for r in rows)
    assert report.tables[-1].rows == REFERENCE_GRID
    assert [t.passed for t in report.targets] == [False, True]   # fewer than 2,000 mirror games
    assert report.played == 12
    again = play_study(study, settings, "scythe", needed_rules)
    assert again.played == 0 and again.metrics == report.metrics, "the blocks are read back, not played again"


@pytest.mark.parametrize("args, named", [
    (["search", "--players", "3"], "--players"),
    (["--reference"], "evaluate reference-verdicts"),
    (["search", "--set", "mirror_games=0"], "mirror_games"),
    (["search", "--set", "sweep_games=-1"], "sweep_games"),
    (["reference-verdicts", "--set", "mirror_games=0", "--games", "10"], "--set mirror_games=0"),
    (["quality", "--set", "runs=x"], "takes no parameter 'runs'"),
    (["--search", "--ablation"], "is now a study"),
])
def test_bad_search_and_reference_options_are_one_line_and_exit_2(args, named, tmp_path):
    result = CliRunner().invoke(main, ["evaluate", "--workers", "1"] + args)
    lines = [x for x in result.output.splitlines() if x.strip()]
    assert result.exit_code == 2 and len(lines) == 1 and lines[0].startswith("error: "), result.output
    assert named in lines[0]


def test_relentless_pairs_rusviet_s_seat_and_its_interval_is_in_points():
    import pyarrow as pa

    from scythe_sim.games.scythe.tools.search_runs import Played

    def run(totals):
        factions = ["rusviet", "nordic", "crimea", "saxony"] * 3          # 3 games, Rusviet in seat 0
        scores = [x for t in totals for x in (t, 50, 50, 50)]
        seats = pa.table({"faction": factions, "total": scores, "ability_uses": [2] * 12})
        return Played(pa.table({"game": [0, 1, 2]}), seats, 0.0)

    r = se.relentless(run([70, 80, 90]), run([60, 66, 90]))
    assert r["games"] == 3 and r["difference"] == pytest.approx(8.0)
    assert r["high"] > 8.0 + 1.0 and r["low"] < 8.0 - 1.0, "an interval in points, not clipped to [-1, 1]"
    assert r["uses_per_game"] == 2.0


@pytest.mark.slow
def test_a_finished_block_of_another_config_is_refused_not_read_back(tmp_path):
    from scythe_sim.errors import ConfigError

    made = dict(se.blocks(2, 1, 1, 1, 3, load_params(), tmp_path, SMALL_SWEEP))
    out = play([made["greedy"]])
    assert out["played now"] == 2 and play([made["greedy"]])["played now"] == 0     # read back
    other = load_params().copy()
    other[STRATEGIES.index("greedy"), WEIGHTS.index("lookahead")] = 0.0
    changed = dict(se.blocks(2, 1, 1, 1, 3, other, tmp_path, SMALL_SWEEP))["greedy"]
    assert changed.name == made["greedy"].name
    with pytest.raises(ConfigError, match="another config"):
        play([changed])


@pytest.mark.slow
def test_the_agreement_study_measures_the_learning_loop_on_the_default_deal(tmp_path):
    import contextlib

    from analysis.study_engine import block_configs, play_study
    from scythe_sim.games.scythe.tools.deal_rules import needed_rules
    from scythe_sim.games.scythe.tools.studies import studies
    from scythe_sim.study import Settings

    study = studies()["agreement"]
    own = {"mirror_games": 2, "strength_games": 4, "runs": str(tmp_path), "backend": "local", "scheduler": ""}
    settings = Settings(6, 4, 3, 1, own, lambda total: contextlib.nullcontext(None))
    configs = {c.name: c for c in block_configs(study, settings, "scythe", needed_rules)}
    assert [c.games for c in configs.values()] == [2, 6, 4]
    assert all(dict(c.rules)["expansion_factions"] == 1 and dict(c.rules)["ban_pairs"] == 0
               for c in configs.values()), "the default deal: seven factions and mats, bans off"
    report = play_study(study, settings, "scythe", needed_rules)
    assert report.played == 12
    texts = [t.text for t in report.targets]
    assert texts[:2] == [f"{by} ranking: Kendall tau >= 0.9 between the search mirror and the default mix"
                         for by in ("faction", "mat")]
    assert texts[2].startswith("at most 3 groups' (faction or mat) win rate shifts at all")
    assert texts[3] == "greedy's win rate in greedy against three greedy2 within 35.0% .. 100.0%"
    assert texts[4] == "the search mirror: at least 2,000 games" and not report.targets[4].passed
    strength = report.metrics["agreement_strategy_rates"]["rates"][0]
    assert set(strength) == {"greedy", "greedy2"} and strength["greedy"][1] == 4      # one seat a game
    seven = report.metrics["agreement_faction"]["rates"][1]
    assert {"albion", "togawa"} & set(seven), "the mix was dealt the expansion's factions"
