"""lineup.py is the one owner of what is in play at setup: its answer, the tables' deal
masks, the API's checks and the kernel's deal agree."""
import numpy as np
import pytest

from scythe_sim.games.scythe.enums import BASE_FACTIONS, BASE_MATS, FACTIONS, MATS
from scythe_sim.errors import ConfigError
from scythe_sim.games.scythe.game import Game
from scythe_sim.games.scythe.lineup import check_setup, lineup
from scythe_sim.games.scythe.tables import NOT_PLAYED
from scythe_sim.games.scythe.tables import as_record, build_tables, validate, Tables

BANNED = {(FACTIONS.index("rusviet"), MATS.index("industrial")),
          (FACTIONS.index("crimea"), MATS.index("patriotic"))}


def test_the_base_lineup_is_the_base_sets_up_to_five_players_with_the_bans():
    line = lineup()
    assert line.factions == tuple(BASE_FACTIONS) and line.mats == tuple(BASE_MATS)
    assert (line.min_players, line.max_players) == (1, 5)
    assert set(line.banned) == BANNED
    assert lineup({"ban_pairs": 0}).banned == ()


def test_expansion_deals_all_seven_factions_and_mats_up_to_seven_players():
    line = lineup({"expansion_factions": 1})
    assert line.mats == tuple(range(len(MATS)))
    assert line.factions == tuple(range(len(FACTIONS))) and NOT_PLAYED == frozenset()
    assert line.max_players == 7


@pytest.mark.parametrize("rules", [{}, {"expansion_factions": 1}, {"ban_pairs": 0}])
def test_the_tables_masks_are_the_lineups_answer(rules):
    t, line = build_tables(rules), lineup(rules)
    assert tuple(np.flatnonzero(t.fac_dealable)) == line.factions
    assert tuple(np.flatnonzero(t.mat_dealable)) == line.mats


def test_validate_refuses_a_mask_dealing_nothing():
    t = build_tables()
    arrays = {name: np.array(getattr(t, name)) for name in Tables._fields}
    arrays["fac_dealable"][:] = 0
    with pytest.raises(ValueError, match="fac_dealable"):
        validate(as_record(Tables(**arrays)))


@pytest.mark.slow
def test_the_kernel_deals_only_from_the_lineup():
    seen_f, seen_m = set(), set()
    for seed in range(120):
        g = Game.new(seed=seed, players=5, rules={"expansion_factions": 1})
        for p in g.to_dict()["players"]:
            seen_f.add(FACTIONS.index(p["faction"]))
            seen_m.add(MATS.index(p["mat"]))
    line = lineup({"expansion_factions": 1})
    assert seen_f == set(line.factions) and seen_m == set(line.mats)   # 2a/3a are dealt too


@pytest.mark.parametrize("players,factions,mats,words", [
    (6, (), (), "players must be 1 to 5.*expansion_factions = 1"),
    (0, (), (), "players must be 1 to 5"),
    (2, (1, 0), (0, 1), "banned pair"),
    (2, (0, 0), (), "given twice"),
])
def test_check_setup_refuses_with_one_line(players, factions, mats, words):
    with pytest.raises(ConfigError, match=words):
        check_setup(players, factions, mats)


def test_the_ban_is_off_with_its_house_rule_and_explicit_expansion_mats_are_accepted():
    check_setup(2, (1, 0), (0, 1), {"ban_pairs": 0})
    check_setup(2, (0, 1), (MATS.index("militant"), MATS.index("innovative")))


def test_the_api_plays_albion_and_togawa_and_refuses_a_sixth_player_without_the_expansion():
    g = Game.new(seed=1, players=2, factions=["albion", "togawa"])
    assert {p["faction"] for p in g.to_dict()["players"]} == {"albion", "togawa"}
    with pytest.raises(ConfigError, match="players must be 1 to 5"):
        Game.new(seed=1, players=6)
    with pytest.raises(ConfigError, match="players must be 1 to 7"):
        Game.new(seed=1, players=8, rules={"expansion_factions": 1})


@pytest.mark.parametrize("players", [6, 7])
def test_six_and_seven_players_seat_clockwise_and_take_turns_from_the_lowest_mat(players, tables):
    """Seats go clockwise around the board (Nordic, Rusviet, Togawa, Crimea, Saxony,
    Polania, Albion) from the player with the lowest mat number (1, 2, 2a, 3, 3a, 4, 5)."""
    for seed in range(6):
        g = Game.new(seed=seed, players=players, rules={"expansion_factions": 1})
        entries = g.to_dict()["players"]
        clock = [int(tables.fac_clockwise[FACTIONS.index(p["faction"])]) for p in entries]
        first = clock.index(min(clock))
        assert clock[first:] + clock[:first] == sorted(clock)        # clockwise order
        mats = [MATS.index(p["mat"]) for p in entries]
        assert mats[0] == min(mats)                                   # lowest mat starts
        assert len({p["faction"] for p in entries}) == players
