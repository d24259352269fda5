"""Names you can list and mistype (issue 41, item 7): `scythe-sim list` shows each
strategy, house rule, variant and tile with its meaning and range, yardsticks apart from
the players; an unknown name anywhere gets one line with "did you mean", not the list
of every name."""
import pytest
from click.testing import CliRunner

from cli.main import main
from scythe_sim.games.scythe.house_rules import RULE_NAMES
from scythe_sim.runner.spec import spec_for


def _cli(*args):
    return CliRunner().invoke(main, list(args))


def test_list_rules_shows_every_rule_with_its_meaning_and_range():
    out = _cli("list", "rules")
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()[1:]
    assert [line.split()[0] for line in lines] == list(RULE_NAMES)
    stars = next(line for line in lines if line.split()[0] == "stars_to_end")
    assert "1..100" in stars and "stars that end the game" in stars
    assert all(len(line.split()) >= 3 for line in lines)          # name, range, meaning


def test_list_strategies_puts_the_yardsticks_apart():
    out = _cli("list", "strategies")
    assert out.exit_code == 0, out.output
    players, yardsticks = out.output.split("yardsticks")
    assert "greedy1" not in players and "greedy1" in yardsticks and "greedy2" in yardsticks
    assert "  greedy " in players and "automa" in players


def test_list_variants_and_tiles_match_the_game():
    variants = _cli("list", "variants").output.splitlines()[1:]
    assert [line.split()[0] for line in variants] == list(spec_for("scythe").setup.variants)
    tiles = _cli("list", "tiles").output
    assert "factory_explosion" in tiles and "resolution=2" in tiles and "toll" in tiles
    assert "airship_aggressive=1" in tiles
    mls = _cli("list", "rules", "--game", "my_little_scythe")
    assert mls.exit_code == 0 and "trophies_to_win" in mls.output
    none = _cli("list", "tiles", "--game", "my_little_scythe")
    assert none.exit_code == 2 and none.output.count("\n") == 1


@pytest.mark.parametrize("args, expected", [
    (["--rule", "star_to_end=5"], "unknown rule 'star_to_end': did you mean 'stars_to_end'?"),
    (["--strategies", "gredy"], "unknown strategy 'gredy': did you mean 'greedy'?"),
    (["--variant", "wind_gambt"], "did you mean 'wind_gambit'?"),
    (["--variant", "wind_gambit", "--rule", "resolution=factory_explosin"], "did you mean 'factory_explosion'?"),
    (["--variant", "wind_gambit", "--rule", "airship_aggressive=bombrd"], "did you mean 'bombard'?"),
])
def test_a_mistyped_name_gets_one_line_with_the_nearest(args, expected, tmp_path):
    out = _cli("run", *args, "--games", "10", "--out", str(tmp_path / "out"))
    assert out.exit_code == 2 and out.output.count("\n") == 1, out.output
    assert expected in out.output and len(out.output) < 400
    assert not (tmp_path / "out").exists()


def test_a_mistyped_player_is_not_offered_a_yardstick():
    out = _cli("run", "--strategies", "gredy", "--games", "10")
    suggestion = out.output.split("did you mean")[1].split("?")[0]
    assert "greedy1" not in suggestion and "greedy2" not in suggestion
    assert "yardsticks (frozen baselines): greedy1, greedy2" in out.output


def test_play_names_the_nearest_player_too():
    out = _cli("play", "--strategies", "gredy", "--players", "2")
    assert out.exit_code == 2 and out.output.count("\n") == 1
    assert "did you mean 'greedy'?" in out.output and "yardsticks (frozen baselines): greedy1, greedy2" in out.output
