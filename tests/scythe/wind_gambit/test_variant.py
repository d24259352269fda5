"""The Wind Gambit as a variant: setup from the variant's own stream (base deals stay the
same), the tile choice (one pair for all, fixed, per player), run configs (variant, tile
names, one-line errors, the default pool) and the games columns."""
import numpy as np
import pytest

from scythe_sim.errors import ConfigError
from scythe_sim.games.scythe.game import Game
from scythe_sim.games.scythe.layout import AS_AGGRESSIVE, AS_PASSIVE, OFF_BOARD
from scythe_sim.runner.batch import play_range
from scythe_sim.games.scythe.spec.answers import assumptions, ruleset
from tests.runner.test_spec import config

SAME_DEAL = ("player", "hand", "deck", "unit_loc", "encounter_token")


def test_airships_start_on_their_home_bases_and_the_base_deal_is_unchanged():
    for seed in range(4):
        base, wind = Game.new(seed=seed, players=4), Game.new(seed=seed, players=4, rules={"wind_gambit": 1})
        for field in SAME_DEAL:
            assert np.array_equal(base.state[field], wind.state[field]), field
        assert (base.state.airship_loc == OFF_BOARD).all()
        homes = [p["airship"]["location"] for p in wind.to_dict()["players"]]
        assert homes == [f"home:{p['faction']}" for p in wind.to_dict()["players"]]
        ships = wind.state.airship[:4]
        assert len({(int(a), int(b)) for a, b in ships[:, [AS_AGGRESSIVE, AS_PASSIVE]]}) == 1  # one pair for all


@pytest.mark.slow
def test_tiles_are_drawn_uniformly_fixed_by_rule_or_dealt_per_player():
    drawn = {(int(g.state.airship[0, AS_AGGRESSIVE]), int(g.state.airship[0, AS_PASSIVE]))
             for g in (Game.new(seed=s, players=2, rules={"wind_gambit": 1}) for s in range(40))}
    assert {a for a, _ in drawn} == set(range(1, 9)) and {b for _, b in drawn} == set(range(9, 17))
    game = Game.new(seed=1, players=3, rules={"wind_gambit": 1, "airship_aggressive": 7, "airship_passive": 13})
    assert {(p["airship"]["aggressive"], p["airship"]["passive"]) for p in game.to_dict()["players"]} == {
        ("toll", "safe_haven")}
    mixed = set()
    for seed in range(5):
        game = Game.new(seed=seed, players=4, rules={"wind_gambit": 1, "airship_per_player": 1})
        mixed |= {int(x) for x in game.state.airship[:4, AS_AGGRESSIVE]}
        assert len({int(x) for x in game.state.airship[:4, AS_AGGRESSIVE]}) >= 1
    assert len(mixed) > 3


@pytest.mark.slow
def test_the_advanced_variant_deals_each_tile_once_from_the_variants_stream():
    """16 tiles, each one of a kind: no two players hold the same tile (drawn with
    replacement, 5 of 6 three-player seeds dealt a duplicate); the first player's pair is
    the one drawn for all, and the base deal stays the base run's."""
    seen = set()
    for seed in range(30):
        for players in (3, 7):
            rules = {"wind_gambit": 1, "expansion_factions": int(players > 5)}
            per = Game.new(seed=seed, players=players, rules={**rules, "airship_per_player": 1})
            ships = per.state.airship[:players]
            aggressive, passive = [int(x) for x in ships[:, AS_AGGRESSIVE]], [int(x) for x in ships[:, AS_PASSIVE]]
            assert len(set(aggressive)) == players and len(set(passive)) == players, (seed, players)
            assert set(aggressive) <= set(range(1, 9)) and set(passive) <= set(range(9, 17))
            seen |= set(aggressive) | set(passive)
            shared = Game.new(seed=seed, players=players, rules=rules)
            assert (aggressive[0], passive[0]) == (int(shared.state.airship[0, AS_AGGRESSIVE]),
                                                   int(shared.state.airship[0, AS_PASSIVE]))
            for field in SAME_DEAL:
                assert np.array_equal(per.state[field], shared.state[field]), field
    assert seen == set(range(1, 17))
    fixed = Game.new(seed=2, players=4, rules={"wind_gambit": 1, "airship_per_player": 1, "airship_aggressive": 7})
    assert [int(x) for x in fixed.state.airship[:4, AS_AGGRESSIVE]] == [7] * 4   # a fixed tile goes to all
    assert len({int(x) for x in fixed.state.airship[:4, AS_PASSIVE]}) == 4


def test_run_config_variant_tile_names_and_errors():
    c = config(variant="wind_gambit", rules={"airship_aggressive": "toll", "airship_passive": "random"})
    assert c.rules_dict == {"wind_gambit": 1, "airship_aggressive": 7, "airship_passive": 0}
    assert ruleset(c) == "scythe-2022+airship_aggressive=7+wind_gambit=1"
    assert {"airship-tiles-placeholders", "banned-pair-redeal"} <= {a["id"] for a in assumptions(c)}
    assert "airship-tiles-placeholders" not in {a["id"] for a in assumptions(config())}
    with pytest.raises(ConfigError, match="airship_aggressive = 'tol': choose \"random\", one of the aggressive tiles"):
        config(variant="wind_gambit", rules={"airship_aggressive": "tol"})
    with pytest.raises(ConfigError, match="airship_passive = 'toll'"):
        config(variant="wind_gambit", rules={"airship_passive": "toll"})
    with pytest.raises(ConfigError, match="airship_passive"):
        config(variant="wind_gambit", rules={"airship_passive": 3})
    with pytest.raises(ConfigError, match="contradicts variant"):
        config(variant="wind_gambit", rules={"wind_gambit": 0})
    # the default pool is the default run's, the Automa's seat included: the runs pair
    assert config(variant="wind_gambit", strategies={}).used_strategies() == config(strategies={}).used_strategies()
    assert "automa" in config(variant="wind_gambit", strategies={}).used_strategies()
    assert "automa" in config(variant="wind_gambit", strategies={"seats": ["automa", "greedy", "random"]}).used_strategies()


def test_a_default_wind_gambit_run_deals_and_seats_as_the_default_run():
    """Same seed, no strategies named: the same factions, mats and strategies seat for
    seat, so a base run and a Wind Gambit run pair game for game."""
    deal = ["game", "seat", "faction", "mat", "strategy"]
    base = play_range(config(games=4, players=4, strategies={}), 0, 4).tables["seats"]
    wind = play_range(config(variant="wind_gambit", games=4, players=4, strategies={}), 0, 4).tables["seats"]
    assert base.select(deal).equals(wind.select(deal))


def test_a_wind_gambit_run_plays_and_records_the_tiles():
    batch = play_range(config(variant="wind_gambit", games=3,
                              strategies={"seats": ["random", "greedy", "economist"]}), 0, 3)
    games = batch.tables["games"]
    assert batch.bad == () and set(games["variant"].to_pylist()) == {"wind_gambit"}
    assert None not in games["airship_aggressive"].to_pylist() + games["airship_passive"].to_pylist()
    base = play_range(config(games=2), 0, 2).tables["games"]
    assert base["airship_aggressive"].to_pylist() == [None, None]
    per_player = play_range(config(variant="wind_gambit", games=2, rules={"airship_per_player": 1},
                                   players=4), 0, 2).tables
    assert per_player["games"].num_rows == 2
    # the seats table keeps each seat's own tiles (the only record of a pair per player) ...
    own = per_player["seats"]["airship_aggressive"].to_pylist()
    assert None not in own and len(set(own)) > 1
    # ... and with a shared pair every seat's is the game's; a base run's are null
    shared = batch.tables["seats"]
    assert shared["airship_passive"].to_pylist() == [games["airship_passive"][g].as_py()
                                                     for g in shared["game"].to_pylist()]
    assert play_range(config(games=1), 0, 1).tables["seats"]["airship_aggressive"].null_count == 3
