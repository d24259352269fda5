"""MLS strategies: weights files, the planner's quality report (`scythe-sim evaluate
--game my_little_scythe`) on a few games, and its CLI errors. The contract (legal rows,
no writes, repeatable, honest) is tests/contract's, for every MLS strategy."""
import pytest
from click.testing import CliRunner

from cli.main import main
from scythe_sim.errors import ConfigError
from scythe_sim.games.mls.tools.evaluate import PLANNERS, evaluate
from scythe_sim.games.mls.strategies import STRATEGIES
from scythe_sim.games.mls.strategies.weights import WEIGHTS, load_weights, weight_row


def test_every_planner_has_a_weights_file_and_personas_differ():
    params = load_weights()
    rows = {name: tuple(params[STRATEGIES.index(name)]) for name in PLANNERS}
    assert all(any(r) for r in rows.values()) and len(set(rows.values())) == len(PLANNERS)
    assert not params[STRATEGIES.index("random")].any() and not params[STRATEGIES.index("greedy")].any()
    assert rows["deliverer"][WEIGHTS.index("delivery")] > rows["planner"][WEIGHTS.index("delivery")]


def test_a_bad_weights_file_names_the_weight(tmp_path):
    bad = tmp_path / "w.toml"
    bad.write_text('based_on = "planner"\n[weights]\nstars = 3\n')
    with pytest.raises(ConfigError, match="unknown weight 'stars'"):
        weight_row(bad)


def test_the_quality_report_measures_every_planner():
    report = evaluate(games=8, players=4, seed=3)
    assert set(report.metrics["vs_random"]) == {"greedy", *PLANNERS}
    assert set(report.metrics["mirror"]) == set(PLANNERS)
    assert len(report.targets) == 2 * len(PLANNERS) + 1
    assert "evaluate quality --game my_little_scythe" in report.markdown()
    for m in report.metrics["vs_random"].values():
        assert m["games"] == 8


def test_evaluate_cli_reads_the_game():
    out = CliRunner().invoke(main, ["evaluate", "quality", "--game", "my_little_scythe", "--games", "4",
                                     "--workers", "1"])
    assert out.exit_code == 0, out.output
    assert "PASS" in out.output or "FAIL" in out.output
    bad = CliRunner().invoke(main, ["evaluate", "ablation", "--game", "my_little_scythe"])
    assert bad.exit_code == 2 and "no study 'ablation' for my_little_scythe" in bad.output
    unknown = CliRunner().invoke(main, ["evaluate", "--game", "chess"])
    assert unknown.exit_code == 2 and "choose one of" in unknown.output
