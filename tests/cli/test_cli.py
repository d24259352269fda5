"""The command line: playthroughs and one-line errors with exit code 2."""
import pytest
from click.testing import CliRunner

from cli.main import main


def _run(*args):
    return CliRunner().invoke(main, list(args))


@pytest.mark.slow
def test_play_prints_a_whole_game_and_its_score_table():
    result = _run("play", "--seed", "7", "--players", "4")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("turn order: 1. ")
    assert any(line.startswith("game over: ") for line in lines)
    head = next(i for i, line in enumerate(lines) if line.startswith("rank faction"))
    ranks = [int(line.split()[0]) for line in lines[head + 1:head + 5]]
    assert sorted(ranks)[0] == 1 and len(ranks) == 4


def test_play_with_given_factions_and_mats():
    result = _run("play", "--seed", "3", "--players", "2", "--factions", "saxony,polania",
                  "--mats", "agricultural,engineering", "--quiet")
    assert result.exit_code == 0, result.output
    assert "saxony" in result.output and "agricultural" in result.output


@pytest.mark.slow
def test_play_a_variant_with_house_rules():
    result = _run("play", "--seed", "3", "--players", "3", "--variant", "wind_gambit",
                  "--rule", "airship_aggressive=toll", "--rule", "resolution=doomsday_clock")
    assert result.exit_code == 0, result.output
    assert "move the airship from home:" in result.output
    assert "game over: doomsday_clock" in result.output or "game over: turn_cap" in result.output
    base = _run("play", "--seed", "3", "--players", "3", "--quiet")
    assert "airship" not in base.output


def test_a_bad_variant_or_rule_for_play_is_one_line_and_exit_2():
    _assert_one_line_error(_run("play", "--variant", "windy"), "windy", "wind_gambit")
    _assert_one_line_error(_run("play", "--variant", "wind_gambit", "--rule", "airship_aggressive=tol"), "tol")
    _assert_one_line_error(_run("play", "--rule", "foo"), "KEY=VALUE")


def _assert_one_line_error(result, *words):
    assert result.exit_code == 2, result.output
    err = result.output.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: "), result.output
    for word in words:
        assert word in err[0]


def test_unknown_faction_is_one_line_and_exit_2():
    _assert_one_line_error(_run("play", "--players", "2", "--factions", "nordic,atlantis"), "atlantis", "choose one of")


def test_unknown_mat_is_one_line_and_exit_2():
    _assert_one_line_error(_run("play", "--players", "1", "--mats", "wooden"), "wooden")


def test_banned_pair_is_one_line_and_exit_2():
    _assert_one_line_error(_run("play", "--players", "1", "--factions", "rusviet", "--mats", "industrial"),
                           "banned")


def test_impossible_player_count_is_one_line_and_exit_2():
    _assert_one_line_error(_run("play", "--players", "9"), "players")


def test_wrong_number_of_factions_is_one_line_and_exit_2():
    _assert_one_line_error(_run("play", "--players", "3", "--factions", "nordic"), "one faction per player")


@pytest.mark.slow
def test_evaluate_ablation_prints_and_writes_the_table(tmp_path):
    out = tmp_path / "ablation.md"
    result = _run("evaluate", "ablation", "--games", "3", "--players", "2", "--seed", "5",
                  "--workers", "1", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "effect of switching one rule off" in result.output and "relentless" in result.output
    assert "games in" in result.output and "targets pass" in result.output
    text = out.read_text()
    assert text.startswith("# Ability ablation") and "| camaraderie | mech ability | polania |" in text


def test_evaluate_ablation_bad_games_is_one_line():
    _assert_one_line_error(_run("evaluate", "ablation", "--games", "0"), "--games")
