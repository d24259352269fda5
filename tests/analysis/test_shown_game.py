"""Which game `report --show-game` shows: a number, the widest margin, the first stalled war."""
import polars as pl
import pytest

from analysis import queries
from analysis.shown_game import chosen_game
from scythe_sim.errors import ConfigError


def test_the_widest_game_has_the_largest_lead_of_the_winner_over_the_second():
    seats = pl.LazyFrame({"game": [0, 0, 0, 1, 1, 2, 2], "total": [50, 48, 10, 70, 40, 90, 60]})
    assert queries.widest_game(seats, "total") == 1             # 30 ahead (game 2 too: the lower number)
    seats = pl.LazyFrame({"game": [0, 0, 1, 1], "total": [50, 10, 70, 69]})
    assert queries.widest_game(seats, "total") == 0             # a last place far behind does not count


def test_stalled_wars_are_the_games_whose_war_ended_in_a_stalemate():
    games = pl.LazyFrame({"game": [3, 0, 1, 2],
                          "war_end_reason": ["stalemate_cap", "points", "stalemate_quiet", None]})
    assert queries.stalled_wars(games) == [1, 3]
    assert queries.stalled_wars(pl.LazyFrame({"game": [0]})) == []      # no war played


def test_a_number_is_taken_as_it_is_and_a_bad_word_is_one_line():
    assert chosen_game("anywhere", "12") == 12
    with pytest.raises(ConfigError, match="give a game number, widest or stalled"):
        chosen_game("anywhere", "largest")
