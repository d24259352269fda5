"""Strategy mixes, `scythe-sim evaluate`, `bench --strategy-mix` and strategy weights in
run configs (the manifest hash follows the weights; a resume after editing them is refused)."""
import contextlib
import json
import os

import numpy as np
import pytest
from click.testing import CliRunner

from cli.main import main
from scythe_sim.games.scythe.enums import STAR_KINDS
from scythe_sim.errors import ConfigError
from scythe_sim.games.scythe.tools.ablation import ablations
from scythe_sim.games.scythe.tools.evaluate import FAST, REFERENCE, SCRIPTED, block_configs, evaluate, play_blocks
from scythe_sim.runner.config import load_config, parse_config
from scythe_sim.games.scythe.spec.deals import plan_games
from scythe_sim.runner.run import execute
from scythe_sim.games.scythe.strategies import STRATEGIES
from scythe_sim.games.scythe.strategies.mixes import MIXES, mix_strategies
from scythe_sim.games.scythe.strategies.weights import load_params


def test_the_mix_is_deterministic_and_draws_only_from_its_pool():
    players = np.array([2, 3, 4, 5] * 50)
    a = mix_strategies("default", 200, players, seed=3)
    assert a.shape == (200, 7) and np.array_equal(a, mix_strategies("default", 200, players, seed=3))
    assert not np.array_equal(a, mix_strategies("default", 200, players, seed=4))
    pool = {STRATEGIES.index(s) for s in MIXES["default"]}
    for k, n in enumerate(players):
        assert set(a[k, :n]) <= pool and not a[k, n:].any()
    assert {int(x) for x in a[players == 5, :5].ravel()} == pool      # every member is drawn
    # a later window is the same games, and a run with the mix's pool plays these line-ups
    assert np.array_equal(mix_strategies("default", 10, players[50:60], seed=3, start=50), a[50:60])
    cfg = parse_config({"seed": 3, "players": [2, 3, 4, 5], "strategies": {"pool": list(MIXES["default"])}})
    assert np.array_equal(plan_games(cfg, 0, 200)[4], a)


def test_an_unknown_mix_is_a_config_error():
    with pytest.raises(ConfigError, match="unknown strategy mix 'nope'"):
        mix_strategies("nope", 3, 4, 1)


def test_the_default_run_plays_the_default_mix():
    cfg = load_config(None)
    assert cfg.strategy_mode == "pool" and cfg.strategies == MIXES["default"]
    assert sorted(cfg.snapshot()["weights"]) == sorted(MIXES["default"])


@pytest.fixture(scope="module")
def report():
    return evaluate(games=4, players=4, seed=2, workers=1)


@pytest.mark.slow
def test_the_report_has_every_section_and_a_line_per_target(report):
    assert [t.key for t in report.tables] == ["vs_random", "vs_baseline", "mix", "mix_stars",
                                              "mix_abilities", "mirror", "ladder"]
    assert [r[0] for r in report.table("vs_random").rows] == list(SCRIPTED)
    assert [r[0] for r in report.table("vs_baseline").rows] == ["greedy vs 3 greedy2", "greedy vs 3 greedy1"]
    assert [r[0] for r in report.table("mirror").rows] == list(FAST)
    assert set(FAST) | set(REFERENCE) == set(STRATEGIES) and not set(SCRIPTED) & set(REFERENCE)
    assert sorted(r[0] for r in report.table("ladder").rows) == sorted(SCRIPTED)
    assert [r[0] for r in report.table("mix_stars").rows] == list(STAR_KINDS)
    measures = [r[0] for r in report.table("mix").rows]
    for words in ("mean 1st-2nd margin", "bottom action share of turns", "median winner popularity",
                  "winners' mean stars of upgrades, mechs, structures, recruits"):
        assert words in measures, words
    texts = [t.text for t in report.targets]
    # vs random, vs greedy2, 9 for the mix, a mirror each, status
    assert len(texts) == len(SCRIPTED) + 1 + 9 + len(SCRIPTED) + 1
    for words in ("vs 3 random", "greedy wins >= 40% vs 3 greedy2", "6th star",
                  "median turns per player in [18, 22]", "median winner score in [60, 100]",
                  "mean 1st-2nd margin in [10, 18]", "bottom action on >= 65% of turns",
                  "winners average >= 2.5 stars of the bottom-row kinds",
                  "median winner popularity >= 7", "every star kind earned in >= 2% of games",
                  "faction and mech ability used in >= 10%", "status != 0"):
        assert any(words in t for t in texts), words
    mirrors = [t for t in texts if "mirror" in t]
    assert mirrors == [f"{name} mirror: >= 95% of games end by a 6th star" for name in SCRIPTED]
    assert not any("combat in more than" in t or "[15, 30]" in t for t in texts)   # old targets gone
    md = report.markdown()
    for title in ("## a. ", "## b. ", "## c. ", "## d. ", "## e. ", "## Targets"):
        assert title in md
    lines = [x for x in md.splitlines() if x.startswith(("- **PASS**", "- **FAIL**"))]
    assert len(lines) == len(texts)
    assert report.metrics["mix"]["bad"] == 0
    ladder_seats = sum(v["seats"] for v in report.metrics["ladder"].values())
    assert ladder_seats == 4 * 4
    assert report.metrics["vs_greedy1"]["games"] == 4 and report.metrics["vs_baseline"]["games"] == 4


def test_the_mix_measures_are_in_range(report):
    mix = report.metrics["mix"]
    assert 0 < mix["bottom_share"] <= 1          # scripted play takes bottom actions
    assert mix["margin"] >= 0 and 0 <= mix["winner_popularity"] <= 18
    assert 0 < mix["turns_per_player"] and 0 < mix["winner_score"]
    assert 0 <= mix["winner_bottom_stars"] <= 4


@pytest.mark.parametrize("section, baseline", [("vs_baseline", "greedy2"), ("vs_greedy1", "greedy1")])
def test_the_baseline_sections_seat_greedy_once_per_game_its_seat_rotating(section, baseline):
    blocks = [b for b in block_configs(5, 4, 2, load_params()) if b[0] == section]
    assert len(blocks) == 1
    games_t, seats_t, bad = play_blocks(blocks)[0]
    assert not bad
    names = np.array(seats_t["strategy"].to_pylist()).reshape(5, 4)
    for i in range(5):
        assert list(names[i]) == ["greedy" if s == i % 4 else baseline for s in range(4)]
    # the same paired seeds as every other section
    mix = [b for b in block_configs(5, 4, 2, load_params()) if b[0] == "mix"][0][2]
    assert blocks[0][2].seed == mix.seed and blocks[0][2].games == mix.games


def test_the_usage_target_lists_every_dealt_ability(report):
    abilities = [a for a in ablations() if a.kind != "board"]
    rows = report.table("mix_abilities").rows
    assert [r[0] for r in rows] == [a.name for a in abilities]
    for u in report.metrics["abilities"]:
        assert 0 <= u["used"] <= u["games"]
        assert u["verdict"] in ("PASS", "FAIL", "not dealt") or u["verdict"].startswith("not a target: ")
    target = next(t for t in report.targets if "ability used" in t.text)
    failing = [u["ability"] for u in report.metrics["abilities"] if u["verdict"] == "FAIL"]
    assert target.passed == (not failing)
    for name in failing:
        assert name in target.measured


def test_an_ability_exception_prints_its_reason_instead_of_fail(monkeypatch):
    from scythe_sim.games.scythe.tools import evaluate as ev

    monkeypatch.delitem(ev.ABILITY_EXCEPTIONS, "wayfare", raising=False)
    assert ev._usage_verdict("wayfare", 10, 0.0) == "FAIL"
    assert ev._usage_verdict("wayfare", 10, 0.5) == "PASS"
    assert ev._usage_verdict("wayfare", 0, 0.0) == "not dealt"
    monkeypatch.setitem(ev.ABILITY_EXCEPTIONS, "wayfare", "the planner never needs a home base")
    assert ev._usage_verdict("wayfare", 10, 0.0) == "not a target: the planner never needs a home base"


def test_every_ability_exception_names_an_ability_and_gives_a_reason():
    from scythe_sim.games.scythe.enums import FACTION_ABILITIES, MECH_ABILITIES
    from scythe_sim.games.scythe.tools.evaluate import ABILITY_EXCEPTIONS

    for name, reason in ABILITY_EXCEPTIONS.items():
        assert name in FACTION_ABILITIES + MECH_ABILITIES, name
        assert isinstance(reason, str) and reason.strip(), f"{name}: an exception needs a reason"


@pytest.mark.slow
def test_results_are_the_same_for_one_and_two_workers(report):
    two = evaluate(games=4, players=4, seed=2, workers=2)
    assert two.markdown() == report.markdown()
    assert two.metrics == report.metrics


@pytest.mark.slow
def test_evaluate_command_exits_0_and_writes_markdown(tmp_path):
    out = tmp_path / "quality.md"
    result = CliRunner().invoke(main, ["evaluate", "quality", "--games", "8", "--workers", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "targets pass" in result.output and out.read_text().startswith("# Strategy quality")


def test_evaluate_bad_options_are_one_line_and_exit_2(tmp_path):
    for args in (["--players", "1"], ["--games", "0"], ["--out", str(tmp_path)]):
        result = CliRunner().invoke(main, ["evaluate", "quality", "--workers", "1"] + args)
        lines = [x for x in result.output.splitlines() if x.strip()]
        assert result.exit_code == 2 and len(lines) == 1 and lines[0].startswith("error: "), result.output


def test_bench_with_an_unknown_mix_is_one_line_and_exit_2():
    result = CliRunner().invoke(main, ["bench", "--strategy-mix", "nope", "--no-compile"])
    lines = [x for x in result.output.splitlines() if x.strip()]
    assert result.exit_code == 2 and len(lines) == 1, result.output
    assert "unknown strategy mix 'nope'" in lines[0]


def _bench(*args):
    result = CliRunner().invoke(main, ["bench", "--no-compile", "--games", "2", "--repeats", "1",
                                       "--players", "3", *args])
    assert result.exit_code == 0, result.output
    assert "timing " in result.stderr and "games of 3 players on one core" in result.stderr  # says what it does
    return result.stdout.splitlines()


@pytest.mark.slow
def test_bench_times_a_mix_beside_the_frozen_baseline_unless_told_not_to():
    assert MIXES["greedy1"] == ("greedy1",)
    lines = _bench("--strategy-mix", "default")
    assert lines[0].startswith("strategy mix 'default', 3 players: ")
    assert lines[1].startswith("strategy mix 'greedy1', 3 players: ")
    new, old = (float(x.split(": ")[1].split()[0].replace(",", "")) for x in lines[:2])   # "1,234.5 games/s"
    ratio = lines[2].removeprefix("default / greedy1: ").removesuffix(" x the baseline's games/s per core")
    assert abs(float(ratio) - new / old) <= 0.05 * new / old + 0.01   # the printed rates are rounded
    assert len(lines) == 4 and lines[3].startswith("peak memory: ")     # the worker's memory last
    mb = float(lines[3].split()[2].replace(",", ""))
    assert 50 < mb < 4000
    assert len(_bench("--strategy-mix", "default", "--no-baseline")) == 2
    assert len(_bench("--strategy-mix", "greedy1")) == 2       # the baseline beside itself: once
    assert _bench()[0].startswith("random play, 3 players: ")  # random play: no baseline


def _weights_config(tmp_path, score):
    (tmp_path / "w.toml").write_text(f'based_on = "greedy"\n[weights]\nscore = {score}\n')
    path = tmp_path / "run.toml"
    path.write_text(f'name = "w"\ngames = 4\nplayers = 2\nshard_size = 2\noutput = "{tmp_path / "out"}"\n'
                    '[strategies]\nseats = ["greedy", "random"]\n'
                    '[strategies.weights]\ngreedy = "w.toml"\n')
    return path


@pytest.mark.slow
def test_a_weights_override_changes_the_hash_and_a_resume_after_editing_it_is_refused(tmp_path):
    path = _weights_config(tmp_path, 123.5)
    cfg = load_config(str(path))
    plain = parse_config({"name": "w", "games": 4, "players": 2, "shard_size": 2,
                          "strategies": {"seats": ["greedy", "random"]}})
    assert cfg.config_hash() != plain.config_hash()
    assert cfg.params()[STRATEGIES.index("greedy"), 0] == 123.5
    result = execute(cfg, workers=1)
    manifest = json.loads(open(os.path.join(result.run_dir, "manifest.json")).read())
    assert manifest["config_hash"] == cfg.config_hash()
    assert manifest["config"]["weights"]["greedy"][0] == 123.5
    assert sorted(manifest["config"]["weights"]) == ["greedy", "random"]
    # the replay plays with the manifest's weights
    out = CliRunner().invoke(main, ["replay", result.run_dir, "--game", "1", "--quiet"])
    assert out.exit_code == 0, out.output
    # the same weights: resume is accepted; edited weights: refused like another config
    args = ["run", str(path), "--workers", "1", "--quiet", "--resume"]
    assert CliRunner().invoke(main, args).exit_code == 0
    _weights_config(tmp_path, 124.5)
    out = CliRunner().invoke(main, args)
    assert out.exit_code == 2 and "another config" in out.output


def test_mix_only_with_the_expansion_measures_albion_and_togawa_over_several_counts(tmp_path):
    from scythe_sim.games.scythe.tools.evaluate import deal_rules, mix_usage
    from scythe_sim.games.scythe.tables import build_tables

    report = mix_usage(games=3, players=(4, 6), seed=3, workers=1, expansion=True)
    names = {u["ability"] for u in report.metrics["abilities"]}
    assert {"exalt", "maifuku", "burrow", "sword", "shield", "rally",
            "toka", "suiton", "ronin", "shinobi"} <= names
    expected = [a for a in ablations(build_tables(deal_rules(4, True))) if a.kind != "board"]
    assert len(report.metrics["abilities"]) == len(expected)     # Riverwalk, Speed: one line per faction
    seats = sum(k for _, k, _ in report.metrics["factions"].values())
    assert seats == 3 * 4 + 3 * 6
    for u in report.metrics["abilities"]:
        assert 0 <= u["used"] <= u["games"]
    assert deal_rules(4, False) == {"ban_pairs": 0} and deal_rules(6, False) == deal_rules(4, True)
    out = tmp_path / "mix.md"
    result = CliRunner().invoke(main, ["evaluate", "mix-counts", "--set", "expansion=true", "--set", "counts=4",
                                       "--games", "2", "--workers", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "mix-counts --games 2 --seed 1 --set expansion=true --set counts=4" in out.read_text()
    result = CliRunner().invoke(main, ["evaluate", "mix-counts", "--set", "counts=4,x", "--workers", "1"])
    assert result.exit_code == 2 and "counts=" in result.output


# --- issue 27: verdicts that do not depend on who plays, and the speed target -------------
def test_kendall_tau_counts_the_pairs_two_rankings_agree_on():
    from scythe_sim.intervals import kendall_tau

    a = [0.4, 0.3, 0.2, 0.15, 0.1]
    assert kendall_tau(a, a) == 1.0
    assert kendall_tau(a, a[::-1]) == -1.0
    assert kendall_tau(a, [0.4, 0.3, 0.15, 0.2, 0.1]) == pytest.approx(0.8)   # one neighbouring swap


def test_the_verdicts_rank_factions_and_mats_of_the_mix_and_a_greedy_mirror(tmp_path):
    from analysis.study_engine import play_study
    from scythe_sim.games.scythe.tools.studies import needed_rules, studies
    from scythe_sim.study import Settings, parse_sets

    study = studies()["verdicts"]
    own = {**parse_sets(study, ()), "runs": str(tmp_path)}
    settings = Settings(games=6, players=4, seed=3, workers=1, own=own, bar=lambda total: contextlib.nullcontext())
    report = play_study(study, settings, "scythe", needed_rules)
    assert [t.key for t in report.tables] == ["verdicts_faction", "verdicts_mat"]
    assert [t.text.split(":")[0] for t in report.targets][:2] == ["faction ranking", "mat ranking"]
    for key in ("verdicts_faction", "verdicts_mat"):
        seats = [sum(n for _, n in rates.values()) for rates in report.metrics[key]["rates"]]
        assert seats == [6 * 4, 6 * 4]
    assert report.played == 12


def test_the_speed_check_times_the_learned_and_the_hand_valued_mix_side_by_side():
    from scythe_sim.games.scythe.tools.evaluate import speed

    report = speed(games=2, players=3, repeats=2)
    assert len(report.metrics["ratios"]) == 2 and report.metrics["ratio"] > 0
    assert report.targets[0].text.startswith("default mix: games/s per core")
