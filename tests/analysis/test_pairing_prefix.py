"""Runs of different lengths (issue 58, item 4): a run grown with `run --extend-to N`
holds the shorter run's games first (game i depends only on the seed and i), so
`compare` pairs two such runs on their common first games and says so, instead of
falling back to unpaired; runs with different root seeds are unpaired with the seeds
named, never with a count of games "in common"."""
import polars as pl
import pytest
from click.testing import CliRunner

from analysis.compare import compare_runs
from analysis.pairing import check_pairing
from analysis.runs import Run
from cli.main import main

from .test_paired import replay_deals, set_manifest, typed_run

SHORT, LONG = 3000, 5000


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("prefix")
    base = typed_run(root / "base", SHORT, seed=1)
    # the same seed played longer (its first 3,000 deals are the base's), then a house rule
    # that helps crimea played on those deals: a run grown from the base's config with a change
    longer = typed_run(root / "longer", LONG, seed=1)
    grown = replay_deals(longer, root / "grown", crimea_boost=0.06, redraw=0.03)
    set_manifest(grown, config_hash="rule", config={"rules": {"stars_to_end": 5}})
    return {"base": base, "longer": longer, "grown": grown,
            "other_seed": typed_run(root / "other_seed", 2000, seed=2)}


def test_runs_of_different_lengths_pair_on_their_common_first_games(runs):
    base, grown = Run(runs["base"]), Run(runs["grown"])
    pairing = check_pairing(base, grown, ("faction",))
    assert pairing.paired and pairing.games == SHORT
    assert pairing.reason == ("paired: on the first 3,000 games, common to both runs (base 3,000, candidate "
                              "5,000), with identical deals")
    # either order: the longer run as the base
    reverse = check_pairing(grown, base)
    assert reverse.paired and reverse.games == SHORT and "(base 5,000, candidate 3,000)" in reverse.reason
    # the comparison reads both runs through those games: 4 seats a game on each side
    table = compare_runs(base, grown, by=("faction",), pairing=pairing)
    assert set(table["method"]) == {"paired"}
    assert table["base_n"].sum() == table["candidate_n"].sum() == 4 * SHORT
    assert table["paired_ci_low"].null_count() == 0
    # the same answer as a candidate cut to the base's games by hand
    cut = compare_runs(base, grown.first(SHORT), by=("faction",))
    assert table["difference"].to_list() == pytest.approx(cut["difference"].to_list())
    crimea = table.filter(pl.col("faction") == "crimea").row(0, named=True)
    assert crimea["shifted"] and crimea["paired_ci_low"] > 0


def test_compare_says_it_paired_on_the_common_games(runs):
    out = CliRunner(env={"COLUMNS": "160"}).invoke(main, ["compare", runs["base"], runs["grown"], "--fail"])
    assert out.exit_code == 1, out.output
    text = " ".join(out.output.split())
    assert ("verdict uses the paired interval; paired: on the first 3,000 games, common to both runs (base "
            "3,000, candidate 5,000), with identical deals") in text
    assert "interval: paired, simultaneous" in text


def test_the_same_run_at_two_lengths_is_refused_as_the_same_games(runs):
    # the base and its own config played longer: every common game is the same game
    out = CliRunner().invoke(main, ["compare", runs["base"], runs["longer"]])
    assert out.exit_code == 2 and out.output.count("\n") == 1, out.output
    assert "are the same run at two lengths (3,000 and 5,000 games" in out.output and "--allow-same" in out.output


def test_different_seeds_and_lengths_name_the_seeds(runs):
    pairing = check_pairing(Run(runs["base"]), Run(runs["other_seed"]))
    assert not pairing.paired and pairing.games == SHORT          # unpaired runs are compared whole
    assert pairing.reason == "unpaired: runs do not share deals (different seeds 1 and 2)"
    assert "in common" not in pairing.reason
    table = compare_runs(Run(runs["base"]), Run(runs["other_seed"]), by=("faction",), pairing=pairing)
    assert table["base_n"].sum() == 4 * SHORT and table["candidate_n"].sum() == 4 * 2000
    out = CliRunner(env={"COLUMNS": "160"}).invoke(main, ["compare", runs["base"], runs["other_seed"]])
    assert out.exit_code == 0, out.output
    assert "unpaired: runs do not share deals (different seeds 1 and 2)" in " ".join(out.output.split())


def test_a_caller_can_still_ask_for_whole_runs_only(runs):
    pairing = check_pairing(Run(runs["base"]), Run(runs["grown"]), common_prefix=False)
    assert not pairing.paired and pairing.reason == ("unpaired: the runs hold different games (12,000 and 20,000 "
                                                     "seats, 12,000 in common)")
