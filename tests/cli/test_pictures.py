"""`play --pictures DIR` (and `replay --pictures`): a picture per turn and the stepping page,
opened in a headless browser with no script error; a used folder is one line and exit 2."""
import re

import pytest
from click.testing import CliRunner

from cli.main import main
from tests.browser import needs_browser, run_browser


def cli(*args):
    return CliRunner().invoke(main, list(args))


def test_pictures_into_a_used_folder_is_one_line_exit_2_and_nothing_is_played(tmp_path):
    (tmp_path / "old.txt").write_text("keep")
    result = cli("play", "--seed", "7", "--players", "2", "--pictures", str(tmp_path))
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and "name a new or empty folder" in result.output
    assert [p.name for p in tmp_path.iterdir()] == ["old.txt"]


def _check_page(folder, turns):
    svgs = sorted(folder.glob("turn-*.svg"))
    assert len(svgs) == turns + 1                        # the setup, then the board after each turn
    dom = run_browser("--dump-dom", f"file://{folder / 'index.html'}#{turns}").stdout
    assert "data-errors" not in re.search(r"<html[^>]*>", dom).group(0)
    assert f'data-ready="{turns + 1}"' in dom and f'data-frame="{turns}"' in dom


@pytest.mark.slow
@needs_browser
def test_play_pictures_steps_through_a_scythe_game_in_a_browser(tmp_path):
    result = cli("play", "--seed", "7", "--players", "2", "--pictures", str(tmp_path / "g"))
    assert result.exit_code == 0, result.output
    turns = len(re.findall(r"^turn \d+ \(round", result.output, re.M))
    assert "pictures: " in result.output and turns > 10
    _check_page(tmp_path / "g", turns)
    assert "setup" in (tmp_path / "g" / "index.html").read_text()


@pytest.mark.slow
@needs_browser
def test_play_pictures_steps_through_a_my_little_scythe_game_in_a_browser(tmp_path):
    result = cli("play", "--game", "my_little_scythe", "--seed", "7", "--players", "2", "--quiet",
                 "--pictures", str(tmp_path / "m"))
    assert result.exit_code == 0, result.output
    frames = len(list((tmp_path / "m").glob("turn-*.svg")))
    _check_page(tmp_path / "m", frames - 1)


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("runs")
    made = cli("run", "--games", "2", "--shard-size", "2", "--workers", "1", "--players", "2", "--name", "r",
               "--out", str(out), "--quiet")
    assert made.exit_code == 0, made.output
    return out / "r"


@pytest.mark.slow
@needs_browser
def test_replay_pictures_steps_through_a_game_of_a_run(run_dir, tmp_path):
    result = cli("replay", str(run_dir), "--game", "1", "--pictures", str(tmp_path / "pics"))
    assert result.exit_code == 0 and "matches the stored rows" in result.output, result.output
    turns = len(re.findall(r"^turn \d+ \(round", result.output, re.M))
    _check_page(tmp_path / "pics", turns)
    again = cli("replay", str(run_dir), "--game", "1", "--pictures", str(tmp_path / "pics"))
    assert again.exit_code == 2 and "name a new or empty folder" in again.output


@pytest.mark.slow
@needs_browser
def test_report_show_game_shows_the_game_at_its_end_and_steps_through_it(run_dir, tmp_path):
    result = cli("report", str(run_dir), "--out", str(tmp_path / "rep"), "--show-game", "1")
    assert result.exit_code == 0, result.output
    md = (tmp_path / "rep" / "index.md").read_text()
    last = sorted((tmp_path / "rep" / "game-1").glob("turn-*.svg"))[-1].name
    assert "## Game 1 at its end" in md and f"(game-1/{last})" in md and "(game-1/index.html)" in md
    assert f"<img src='game-1/{last}'" in (tmp_path / "rep" / "index.html").read_text()
    _check_page(tmp_path / "rep" / "game-1", int(last[5:9]))


@pytest.mark.slow
def test_report_show_game_past_the_run_is_one_line_exit_2_and_no_report(run_dir, tmp_path):
    result = cli("report", str(run_dir), "--out", str(tmp_path / "rep"), "--show-game", "7")
    assert result.exit_code == 2 and result.output.count("\n") == 1
    assert "--show-game must be 0..1" in result.output
    assert not (tmp_path / "rep").exists()


@pytest.mark.slow
def test_report_show_game_widest_and_stalled(run_dir, tmp_path):
    import polars as pl

    from analysis import queries

    widest = queries.widest_game(pl.scan_parquet(str(run_dir / "seats" / "*.parquet")), "total")
    result = cli("report", str(run_dir), "--out", str(tmp_path / "rep"), "--show-game", "widest")
    assert result.exit_code == 0, result.output
    assert f"## Game {widest} at its end" in (tmp_path / "rep" / "index.md").read_text()
    stalled = cli("report", str(run_dir), "--out", str(tmp_path / "rep2"), "--show-game", "stalled")
    assert stalled.exit_code == 2 and "no war of" in stalled.output and not (tmp_path / "rep2").exists()
