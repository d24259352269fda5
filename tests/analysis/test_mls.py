"""`scythe-sim report` and `compare` on My Little Scythe runs: the MLS sections, a house
rule measured paired against the base (same seed), and one clear line where a
comparison is impossible."""
import polars as pl
import pytest
from click.testing import CliRunner

from cli.main import main
from tests.analysis.test_analysis import BASE, fake_run

RUN = ["--games", "40", "--seed", "3", "--workers", "1", "--quiet"]


def _runs(tmp_path):
    runner = CliRunner()
    for name, config in (("base", "configs/my_little_scythe.toml"),
                         ("five", "configs/my_little_scythe_5_trophies.toml")):
        out = runner.invoke(main, ["run", config, "--name", name, "--out", str(tmp_path), *RUN])
        assert out.exit_code == 0, out.output
    return tmp_path / "base", tmp_path / "five"


@pytest.mark.slow
def test_an_mls_report_a_house_rule_compared_paired_and_a_cross_game_refusal(tmp_path):
    base, five = _runs(tmp_path)
    runner = CliRunner()
    out = runner.invoke(main, ["report", str(base), str(five), "--out", str(tmp_path / "rep")])
    assert out.exit_code == 0, out.output
    index = (tmp_path / "rep" / "index.md").read_text()
    for words in ("Win rate by turn order", "Win rate by personality card", "Trophy kinds", "How games end",
                  "Game length (turns)", "Joint strength model", "side by side", "paired: 40 games",
                  "compare_five_by_personality.csv"):
        assert words in index, words
    assert "Faction x mat" not in index
    # the summary leads with the game's own questions (issue 33): turn order, personality cards, trophies
    lead = index.split("## Summary\n")[1].split("\n## ")[0]
    first = lead.strip().splitlines()[0]
    assert "random" not in first and "planner" in first and 'docs/STRATEGIES.md, "My Little Scythe"' in first
    bullets = [line[2:] for line in lead.splitlines() if line.startswith("- ")]
    assert bullets[0].startswith("five against base, by turn_order:")      # two runs: their differences first
    own = [b for b in bullets if b.startswith("base, ")]
    assert own[0].startswith("base, by turn order (parity 25.0%") and "1: " in own[0] and "4: " in own[0]
    assert own[1].startswith("base, by personality card") and own[2].startswith("base, by trophy: ")
    trophies = pl.read_csv(tmp_path / "rep" / "run1_trophy_kinds.csv")
    assert trophies.height == 8 and trophies["placed"].sum() > 0
    assert trophies.filter(pl.col("placed") > 0)["median_turn"].is_not_null().all()
    ends = pl.read_csv(tmp_path / "rep" / "run1_game_ends.csv")
    assert ends["games"].sum() == 40

    out = runner.invoke(main, ["compare", str(base), str(five)])
    assert out.exit_code == 0, out.output
    assert "trophies_to_win" in out.output and "paired: 40 games with identical deals" in out.output
    assert "turn_order" in out.output

    scythe = fake_run(tmp_path / "scythe", 20, BASE, seed=1)
    bad = runner.invoke(main, ["compare", str(base), scythe])
    assert bad.exit_code == 2
    assert bad.output.strip().splitlines()[-1] == (
        "error: cannot compare a scythe run (scythe) with a my_little_scythe run (base): compare runs of "
        "the same game")
    bad = runner.invoke(main, ["compare", str(base), str(five), "--by", "faction"])
    assert bad.exit_code == 2 and "no column 'faction'" in bad.output
