"""The strategies' use of the Invaders from Afar abilities (strategies/invaders/abilities.py), each
rule at a real position: where Flags and Traps go and which Trap, Traps in the way,
Shinobi's re-arming, Rally's reach, Sword/Shield/Ronin in the attack estimate."""
import numba
import numpy as np
import pytest

from scythe_sim.games.scythe.enums import LAKE, N_HEX, hex_name, parse_loc
from scythe_sim.games.scythe.game import Game
from scythe_sim.games.scythe.layout import (A_PLACE_FLAG, A_PLACE_TRAP, A_RONIN, A_SELECT_UNIT, A_SKIP, A_STEP,
                                            UNIT_CHARACTER)
from scythe_sim.games.scythe.enums import FACTIONS, TRAP_COINS, TRAP_POPULARITY, TRAP_POWER
from scythe_sim.games.scythe.strategies.invaders.abilities import power_edge, token_spot_value, trap_step_value
from scythe_sim.games.scythe.strategies.tactics import _reach_distance
from scythe_sim.games.scythe.strategies.weights import load_params
from scythe_sim.games.scythe.strategies import STRATEGIES
from scythe_sim.games.scythe.tables import default_tables
from tests.scythe.test_greedy import pick
from tests.scythe.test_invaders import flag, move_one, trap
from tests.scythe.test_move import game_of, mech, opponent, player, position

CHAR = UNIT_CHARACTER


@numba.njit
def _token_spot(s, t, p, loc, near):
    return token_spot_value(s, t, p, loc, near)


@numba.njit
def _trap_step(s, t, p, u, loc):
    return trap_step_value(s, t, p, u, loc)


@numba.njit
def _edge(s, t, p, q, loc):
    return power_edge(s, t, p, q, loc)


@numba.njit
def _reach(s, t, p, u, loc, w, near, ctrl, enemy):
    return _reach_distance(s, t, p, u, loc, w, near, ctrl, enemy)


def _land_step(faction, next_to_home):
    """(from, to): a plain land step to a territory next to (or away from) the faction's
    home base, neither hex a lake, a tunnel or next to any home base, so only the token rule differs."""
    t = default_tables()
    home = t.home_loc[FACTIONS.index(faction)]
    homes = set(int(h) for h in t.home_loc)
    for to in range(N_HEX):
        if t.terrain[to] == LAKE or t.is_tunnel[to] or (t.edge[home, to] != 0) != next_to_home:
            continue
        if not next_to_home and any(t.edge[h, to] != 0 for h in homes):
            continue
        for frm in t.neighbours[to]:
            if 0 <= frm < N_HEX and t.edge[frm, to] == 1 and t.terrain[frm] != LAKE and not t.is_tunnel[frm]:
                return hex_name(int(frm)), hex_name(to)
    raise AssertionError("no such step")


# --- Flags ------------------------------------------------------------------------------------
def test_a_flag_is_planted_where_it_scores_and_kept_elsewhere():
    frm, to = _land_step("albion", next_to_home=False)
    game = game_of(player("albion", character=frm), opponent("nordic"))
    move_one(game, CHAR, to)
    assert game.phase == "place_token" and pick(game)[0] == A_PLACE_FLAG
    frm, to = _land_step("albion", next_to_home=True)      # never counts next to home
    game = game_of(player("albion", character=frm), opponent("nordic"))
    move_one(game, CHAR, to)
    assert game.phase == "place_token" and pick(game)[0] == A_SKIP
    frm, to = _land_step("albion", next_to_home=False)      # an opponent's Mill holds it
    game = game_of(player("albion", character=frm), opponent("nordic", structures={"mill": to}))
    move_one(game, CHAR, to)
    assert game.phase == "place_token" and pick(game)[0] == A_SKIP


def test_the_character_values_a_spot_by_the_token_it_would_leave_there():
    away, near = _land_step("albion", False)[1], _land_step("albion", True)[1]
    game = game_of(player("albion"), opponent("nordic"))
    s, t, d = game.state, game.tables, game.work.near
    assert _token_spot(s, t, 0, parse_loc(away), d) > 0.0
    assert _token_spot(s, t, 0, parse_loc(near), d) == 0.0
    assert _token_spot(s, t, 1, parse_loc(away), d) == 0.0        # Nordic: no tokens
    game = game_of(player("albion"), opponent("nordic"), board={"tokens": flag(away, 0)})
    assert _token_spot(game.state, t, 0, parse_loc(away), d) == 0.0   # one token a territory
    # a Trap is worth more where opponents' units pass
    lone = game_of(player("togawa"), opponent("nordic"))
    crowd = game_of(player("togawa"), opponent("nordic", character="T38", workers=["T38", "T46"]))
    v_lone = _token_spot(lone.state, t, 0, parse_loc("T45"), d)
    v_crowd = _token_spot(crowd.state, t, 0, parse_loc("T45"), d)
    assert v_crowd > v_lone >= 0.0
    stock = game_of(player("togawa"), opponent("nordic"), board={"resources": {"T45": {"oil": 2}}})
    assert _token_spot(stock.state, t, 0, parse_loc("T45"), d) > v_lone


# --- Traps ------------------------------------------------------------------------------------
def _trap_pick(victim, far=None):
    """Togawa's character moves T46 -> T45 with the victim's character on T38 next to it."""
    players = [player("togawa", character="T46", mat="agricultural"),
               opponent("nordic", character="T38", **victim)]
    if far:
        players.append(opponent("crimea", **far))
    game = game_of(*players)
    move_one(game, CHAR, "T45")
    assert game.phase == "place_token"
    kind, penalty = pick(game)
    assert kind == A_PLACE_TRAP
    return penalty


def test_the_trap_penalty_is_what_hurts_the_nearest_opponent_most():
    poor = {"coins": 0, "combat_cards": [], "power": 0}
    # popularity 13 -> 11 drops a scoring tier; the rich opponent far away does not count
    assert _trap_pick({**poor, "popularity": 13}, far={"coins": 30}) == TRAP_POPULARITY
    assert _trap_pick({**poor, "popularity": 10, "coins": 9}) == TRAP_COINS
    fighter = {**poor, "popularity": 10, "power": 10, "mechs": {"speed": "home:nordic"}}
    assert _trap_pick(fighter) == TRAP_POWER


def test_a_step_into_an_opponents_armed_trap_costs_whatever_its_hidden_penalty():
    t = default_tables()
    values = set()
    for penalty in ("popularity", "power", "coins", "combat_cards"):
        game = game_of(player("nordic", character="T38"), opponent("togawa"),
                       board={"tokens": trap("T45", 1, penalty)})
        values.add(_trap_step(game.state, t, 0, CHAR, parse_loc("T45")))
    assert values == {-2.0}                                   # the same, whatever lies face down
    game = game_of(player("nordic", character="T38"), opponent("togawa"),
                   board={"tokens": trap("T45", 1, "coins", armed=False)})
    assert _trap_step(game.state, t, 0, CHAR, parse_loc("T45")) == 0.0
    game = game_of(player("nordic", character="T38"), opponent("togawa"), board={"tokens": trap("T45", 1, "coins")})
    assert _trap_step(game.state, t, 1, CHAR, parse_loc("T45")) == 0.0   # the owner's own


def test_shinobi_values_rearming_its_own_disarmed_trap():
    t = default_tables()
    board = {"tokens": trap("T03", 0, "power", armed=False)}
    with_shinobi = game_of(player("togawa", character="T40", mechs={"shinobi": "home:togawa"}),
                           opponent("nordic"), board=board)
    without = game_of(player("togawa", character="T40"), opponent("nordic"), board=board)
    assert _trap_step(with_shinobi.state, t, 0, CHAR, parse_loc("T03")) > 0.0
    assert _trap_step(without.state, t, 0, CHAR, parse_loc("T03")) == 0.0
    # and the greedy character jumps there (nothing else to do)
    with_shinobi.step((A_SELECT_UNIT, CHAR, 0, 0))
    kind, loc = pick(with_shinobi)
    assert kind == A_STEP and hex_name(loc) == "T03"


# --- Rally ------------------------------------------------------------------------------------
def test_rally_brings_every_goal_within_a_step_of_an_anchor():
    t = default_tables()
    params = load_params()[STRATEGIES.index("greedy")]
    loc = parse_loc("T02")
    work = Game.from_dict(position(player("albion"), opponent("nordic"))).work
    d, near = work.dist, work.near
    enc = max((e for e in range(N_HEX) if t.has_encounter[e]), key=lambda e: d[loc, e])
    anchor = next(int(a) for a in t.neighbours[enc] if 0 <= a < N_HEX and t.terrain[a] != LAKE
                  and not t.has_encounter[a] and a != t.factory_loc[0])
    board = {"encounter_tokens": [hex_name(enc)]}
    args = dict(character="T02", workers=[hex_name(anchor), "home:albion"])
    rally = game_of(player("albion", mechs={"rally": "home:albion"}, **args), opponent("nordic"), board=board)
    plain = game_of(player("albion", **args), opponent("nordic"), board=board)
    ctrl = np.zeros(N_HEX, np.int64)
    enemy = np.zeros(N_HEX, np.int64)
    without = _reach(plain.state, t, 0, CHAR, loc, params, near, ctrl, enemy)
    assert without == d[loc, enc]                   # the position has no Factory card left to take
    with_rally = _reach(rally.state, t, 0, CHAR, loc, params, near, ctrl, enemy)
    assert with_rally == 1 + d[anchor, enc] < without


# --- combat -----------------------------------------------------------------------------------
def test_sword_shield_and_ronin_move_the_attack_estimate():
    t = default_tables()
    here = parse_loc("T13")

    def edge(attacker, defender):
        game = Game.from_dict(position(attacker, defender))
        return _edge(game.state, t, 0, 1, here)

    assert edge(player("albion", mechs={"sword": "home:albion"}, power=5),
                opponent("polania", character="T13", power=5)) == 2
    assert edge(player("polania", power=5),
                opponent("albion", character="T13", mechs={"shield": "home:albion"}, power=5)) == -2
    assert edge(player("togawa", mechs={"ronin": "home:togawa"}, power=5),
                opponent("polania", character="T13", power=5)) == 2
    assert edge(player("togawa", mechs={"ronin": "home:togawa"}, power=7),
                opponent("polania", character="T13", power=5)) == 0     # the dial tops at 7
    assert edge(player("rusviet", power=5), opponent("polania", character="T13", power=5)) == 0


def test_a_mech_attacks_a_fight_its_sword_makes_winnable():
    for abilities, attacks in (({"sword": "T12"}, True), ({"burrow": "T12"}, False)):
        game = Game.from_dict(position(player("albion", mechs=abilities, power=4),
                                       opponent("polania", character="T13", power=6),
                                       turn_state={"units_left": 1}))
        unit = mech("albion", next(iter(abilities)))
        game.step((A_SELECT_UNIT, unit, 0, 0))
        kind, loc = pick(game, "warmonger")
        assert (kind == A_STEP and hex_name(loc) == "T13") == attacks, abilities


@pytest.mark.parametrize("strategy", [name for name in STRATEGIES if name != "random"])
def test_every_scripted_strategy_takes_ronin(strategy):
    # 2 power for nothing: the choice of "may gain 2 power" is taken
    game = game_of(player("togawa", character="T12", mechs={"ronin": "home:togawa"}, power=3),
                   opponent("polania", character="T13", power=1))
    move_one(game, UNIT_CHARACTER, "T13")
    assert game.phase == "ronin"
    assert pick(game, strategy)[0] == A_RONIN
