"""The Wind Gambit's Resolution Module (kernel/wind_gambit/resolution.py): each tile's end condition
from a position, the 6-star cap, several players at 6, the end reasons, the config names."""
import pytest

from scythe_sim.games.scythe.enums import N_HEX, RESOLUTION_TILES, TERRAINS, hex_name
from scythe_sim.errors import ConfigError
from scythe_sim.games.scythe.game import Game
from scythe_sim.games.scythe.layout import END_REASONS, G_RES_TILE, G_TURN, P_COINS, P_POPULARITY, P_STARS
from scythe_sim.games.scythe.tables import build_tables
from scythe_sim.games.scythe.variants.wind_gambit.rules import R_RESOLUTION, resolution_value
from tests.scythe.positions import P, position

FOUR_STARS = {"upgrades": 1, "mechs": 1, "structures": 1, "recruits": 1}
FIVE_STARS = {**FOUR_STARS, "workers": 1}
CARD_8_HOLDS = {"coins": 0, "popularity": 8, "workers": ["T01", "T02", "T03", "T04"]}
# a harmless way through a turn: decline whatever may be declined, else the first row
_DECLINE = ("skip", "end_move", "end_produce", "no_benefit", "end_cards", "end_encounter")


def _finish_turn(game):
    """Play the active player's turn to its end (or the game's)."""
    turn = int(game.state.game[G_TURN])
    while not game.is_over and int(game.state.game[G_TURN]) == turn:
        rows = game.legal_actions()
        pick = next((a for a in rows if a.kind_name in _DECLINE), rows[0])
        game.step(pick)
        _invariants_hold(game)


def _invariants_hold(game):
    assert game.check() == 0


def _game(tile, *players, resolution=None, **game_fields):
    res = {"tile": tile, **(resolution or {})}
    return Game.from_dict(position(*players, game={"resolution": res, **game_fields}),
                          rules={"resolution": tile})


def _players(stars0=None, power0=0, stars1=None, **first):
    return (P("polania", "industrial", stars=stars0 or {}, power=power0, **first),
            P("saxony", "engineering", stars=stars1 or {}),
            P("crimea", "patriotic"))


def test_tile_names_numbers_and_random_map_to_the_rule():
    assert resolution_value("Factory Explosion") == 2 == resolution_value("factory_explosion")
    assert resolution_value("random") == len(RESOLUTION_TILES) + 1
    assert resolution_value(7) == 7
    assert int(build_tables({"resolution": "doomsday_clock"}).rules[R_RESOLUTION]) == 7
    with pytest.raises(ConfigError, match="unknown resolution tile 'atlantis'"):
        build_tables({"resolution": "atlantis"})
    with pytest.raises(ConfigError):
        build_tables({"resolution": 10})


def test_end_reasons_name_every_tile():
    assert END_REASONS[3:] == RESOLUTION_TILES


@pytest.mark.slow
def test_a_new_game_plays_the_chosen_or_a_drawn_tile():
    assert int(Game.new(seed=3, players=3, rules={"resolution": "backup_plan"}).state.game[G_RES_TILE]) == 8
    drawn = {int(Game.new(seed=k, players=3, rules={"resolution": "random"}).state.game[G_RES_TILE])
             for k in range(40)}
    assert drawn <= set(range(1, 9)) and len(drawn) >= 5
    assert int(Game.new(seed=3, players=3).state.game[G_RES_TILE]) == 0


def test_the_random_tile_leaves_the_base_deal_alone():
    base = Game.new(seed=5, players=4)
    drawn = Game.new(seed=5, players=4, rules={"resolution": "random"})
    assert (base.state.player == drawn.state.player).all()
    assert (base.state.rng[0] == drawn.state.rng[0]).all()


def test_the_sixth_star_does_not_end_a_factory_explosion_game_and_stars_stop_at_six():
    # the 5th star already triggered the end long ago; the power star would be the 7th
    game = _game("factory_explosion",
                 *_players({**FIVE_STARS, "combat": 1}, power0=16),
                 resolution={"triggered_by": 1, "last_turn": 50}, turn=4)
    _finish_turn(game)
    assert not game.is_over
    assert int(game.state.player[0, P_STARS]) == 6      # no 7th star: power star not placed
    assert game.to_dict()["players"][0]["stars"].get("power", 0) == 0


def test_factory_explosion_5th_star_pays_5_and_gives_two_more_turns_each():
    game = _game("factory_explosion", *_players(FOUR_STARS, power0=16), turn=1)
    coins = int(game.state.player[0, P_COINS])
    _finish_turn(game)      # the power star at the end of the turn is the 5th
    s = game.state
    assert int(s.player[0, P_STARS]) == 5 and not game.is_over
    assert int(s.player[0, P_COINS]) >= coins + 5
    res = game.to_dict()["game"]["resolution"]
    assert res["triggered_by"] == 0 and res["last_turn"] == 1 + 2 * 3
    for _ in range(2 * 3 - 1):
        _finish_turn(game)
        assert not game.is_over
    _finish_turn(game)
    assert game.is_over and game.end_reason == "factory_explosion"


def test_the_factory_explodes_units_around_it_go_home_for_popularity():
    t = build_tables()
    factory = int(t.factory_loc[0])
    near = [int(x) for x in t.neighbours[factory] if 0 <= x < N_HEX]
    far = next(loc for loc in range(N_HEX) if loc != factory and loc not in near
               and t.edge[factory, loc] == 0 and t.terrain[loc] != TERRAINS.index("lake"))
    first, others = _players()[0], _players()[1:]
    first = {**first, "character": hex_name(factory), "workers": [hex_name(near[0]), hex_name(far)],
             "popularity": 5}
    game = _game("factory_explosion", first, *others,
                 resolution={"triggered_by": 1, "last_turn": 1}, turn=1)
    _finish_turn(game)
    assert game.is_over and game.end_reason == "factory_explosion"
    pl = game.to_dict()["players"][0]
    assert pl["character"] == "home:polania"
    assert sorted(pl["workers"]) == sorted(["home:polania", hex_name(far)])
    assert int(game.state.player[0, P_POPULARITY]) == 7


def test_doomsday_clock_ends_after_the_20th_round():
    game = _game("doomsday_clock", *_players(), round=19, active=2, turn=60)
    _finish_turn(game)
    assert game.is_over and game.end_reason == "doomsday_clock"
    game = _game("doomsday_clock", *_players(), round=18, active=2, turn=57)
    _finish_turn(game)
    assert not game.is_over


def test_doomsday_clock_ignores_the_sixth_star():
    game = _game("doomsday_clock", *_players({**FIVE_STARS}, power0=16))
    _finish_turn(game)
    assert int(game.state.player[0, P_STARS]) == 6 and not game.is_over


@pytest.mark.parametrize("leads, ends_now", [(True, True), (False, False)])
def test_backup_plan_gives_a_last_round_when_the_trigger_player_trails(leads, ends_now):
    rich, poor = ({"coins": 200}, {"coins": 0}) if leads else ({"coins": 0}, {"coins": 200})
    first = {**_players(FIVE_STARS, power0=16)[0], **rich}
    second = {**_players()[1], **poor}
    game = _game("backup_plan", first, second, _players()[2], turn=1)
    _finish_turn(game)
    assert game.is_over == ends_now
    if not ends_now:
        for _ in range(3):
            assert not game.is_over
            _finish_turn(game)
        assert game.is_over
    assert game.end_reason == "backup_plan"


def test_several_players_may_reach_six_stars():
    game = _game("doomsday_clock", *_players(FIVE_STARS, power0=16, stars1={**FIVE_STARS, "combat": 1}))
    _finish_turn(game)
    assert [int(game.state.player[p, P_STARS]) for p in range(3)] == [6, 6, 0]
    _invariants_hold(game)


@pytest.mark.parametrize("workers, ends", [(8, True), (4, False)])
def test_land_rush_placeholder_ends_on_ten_territories_at_the_end_of_a_turn(workers, ends):
    t = build_tables()
    factory = int(t.factory_loc[0])    # the Factory counts as 3 territories
    land = [hex_name(loc) for loc in range(N_HEX)
            if t.terrain[loc] not in (TERRAINS.index("lake"), TERRAINS.index("factory"))]
    first = {**_players()[0], "workers": land[:workers], "character": hex_name(factory)}
    game = _game("land_rush", first, *_players()[1:])
    _finish_turn(game)
    assert game.is_over == ends
    if ends:
        assert game.end_reason == "land_rush"


def test_king_of_the_hill_placeholder_needs_five_stars_and_the_factory():
    factory = hex_name(int(build_tables().factory_loc[0]))
    first = {**_players(FIVE_STARS)[0], "character": factory}
    game = _game("king_of_the_hill", first, *_players()[1:])
    _finish_turn(game)
    assert game.is_over and game.end_reason == "king_of_the_hill"
    first = {**_players(FOUR_STARS)[0], "character": factory}
    game = _game("king_of_the_hill", first, *_players()[1:])
    _finish_turn(game)
    assert not game.is_over


def test_mission_possible_shared_objective_scores_a_star_beside_ones_own():
    # shared card 8 ($2 or less, 4 workers, 7 popularity) holds; own cards 1 and 2 do not
    first = {**_players()[0], **CARD_8_HOLDS, "objectives": [1, 2]}
    game = _game("mission_possible", first, *_players()[1:],
                 resolution={"shared_objectives": [8]})
    reveals = [a for a in game.legal_actions() if a.kind_name == "reveal_objective"]
    assert [a.a0 for a in reveals] == [7]
    game.step(reveals[0])
    s = game.state
    assert int(s.player[0, P_STARS]) == 1
    assert game.to_dict()["players"][0]["objectives"] == [1, 2]   # own cards kept
    assert not [a for a in game.legal_actions() if a.kind_name == "reveal_objective"]
    assert game.to_dict()["game"]["resolution"]["shared_objectives"] == [8]


def test_a_mission_possible_game_deals_two_shared_cards_nobody_holds():
    game = Game.new(seed=9, players=4, rules={"resolution": "mission_possible"})
    d = game.to_dict()
    shared = d["game"]["resolution"]["shared_objectives"]
    held = {c for pl in d["players"] for c in pl["objectives"]}
    assert len(shared) == 2 and not set(shared) & held


def test_a_player_at_six_stars_is_offered_no_objective():
    first = {**_players({**FIVE_STARS, "combat": 1})[0], **CARD_8_HOLDS}
    game = _game("mission_possible", first, *_players()[1:], resolution={"shared_objectives": [8]})
    assert not [a for a in game.legal_actions() if a.kind_name == "reveal_objective"]


def test_the_position_round_trips_the_tile_and_its_progress():
    game = _game("factory_explosion", *_players(), resolution={"triggered_by": 2, "last_turn": 9}, turn=4)
    again = Game.from_dict(game.to_dict(), rules={"resolution": "factory_explosion"})
    assert again.to_dict()["game"]["resolution"] == {"tile": "factory_explosion", "triggered_by": 2,
                                                     "last_turn": 9, "shared_objectives": [],
                                                     "free_actions_taken": []}
    assert "resolution" not in Game.new(seed=1, players=2).to_dict()["game"]


@pytest.mark.parametrize("taken, offered", [([], True), (["build"], False)])
def test_no_bottom_action_twice_in_a_turn_once_a_card_gave_it(taken, offered):
    # section 3's bottom action is Build; a card already gave a free Build this turn
    first = {**_players()[0], "workers": ["T03", "T04"], "coins": 10}
    game = _game("deja_vu", first, *_players()[1:], resolution={"free_actions_taken": taken},
                 phase="bottom", section=3)
    game = Game.from_dict({**game.to_dict(), "board": {"resources": {"T03": {"wood": 4}}}},
                          rules={"resolution": "deja_vu"})
    assert ("bottom" in [a.kind_name for a in game.legal_actions()]) == offered
    assert "skip" in [a.kind_name for a in game.legal_actions()]


@pytest.mark.parametrize("entry, words", [
    ({"tile": "atlantis"}, "game.resolution.tile"),
    ({"tile": "deja_vu", "shared_objectives": [1, 2, 3]}, "at most 2 cards"),
    ({"tile": "deja_vu", "triggered_by": 5}, "game.resolution.triggered_by"),
    ({"tile": "deja_vu", "colour": 1}, "game.resolution"),
])
def test_a_bad_resolution_entry_is_refused_naming_the_field(entry, words):
    from scythe_sim.errors import PositionError
    with pytest.raises(PositionError, match=words):
        Game.from_dict(position(*_players(), game={"resolution": entry}))
