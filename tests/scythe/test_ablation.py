"""Ablation house rules (faction_abilities_off, mech_abilities_off, encounters_off,
factory_off), the ability-use counters and the ablation report (scythe_sim/games/scythe/tools/ablation.py)."""
import numpy as np
import pytest

from scythe_sim.games.scythe.tools import ablation
from scythe_sim.games.scythe.enums import (FACTION_ABILITIES, FACTIONS, MECH_ABILITIES, NO_ABILITY, NORDIC,
                               RELENTLESS, RIVERWALK, SPEED, SWIM)
from scythe_sim.errors import ConfigError
from scythe_sim.games.scythe.game import Game
from scythe_sim.games.scythe.layout import (A_SECTION, A_STEP, G_FACTORY_POOL, N_MECHS, P_ABILITY,
                               P_MECH_ABILITY0, USE_FACTION0, USE_MECH0)
from scythe_sim.games.scythe.play import (R_ENCOUNTERS, R_STATUS, SEAT_RESULTS, SR_FACTION, SR_FACTORY_CARD,
                             SR_MAT, STATUS_OK, run_games)
from scythe_sim.games.scythe.strategies import STRATEGIES
from scythe_sim.games.scythe.tables import build_tables
from tests.scythe.test_move import CHAR, act, go, mech, opponent, player, reach, select

EVERYTHING_OFF = {"faction_abilities_off": 2 ** len(FACTION_ABILITIES) - 1,
                  "mech_abilities_off": 2 ** len(MECH_ABILITIES) - 1,
                  "encounters_off": 1, "factory_off": 1}
MIX = [STRATEGIES.index(s) for s in ("greedy", "rusher", "warmonger", "automa", "economist",
                                     "objective", "greedy")]   # seats 0..6


def _with_rules(position, rules):
    game = Game.from_dict(position, rules=rules)
    assert game.check() == 0
    return game


def _uses(game, p, k):
    return int(game.state.ability_uses[p, k])


# --- the rules and their validation --------------------------------------------------------
def test_the_switches_are_off_by_default_and_a_bit_past_the_vocabulary_is_refused(tables):
    from scythe_sim.games.scythe.tables import RULE_NAMES
    assert all(tables.rules[RULE_NAMES.index(name)] == 0 for name in EVERYTHING_OFF)
    assert tables.rules[RULE_NAMES.index("mech_abilities_off_for")] == 2 ** len(FACTIONS) - 1
    build_tables(EVERYTHING_OFF)
    for name, top in {**EVERYTHING_OFF, "mech_abilities_off_for": 2 ** len(FACTIONS) - 1}.items():
        with pytest.raises(ConfigError, match=name):
            build_tables({name: top + 1})


# --- faction ability: Relentless -----------------------------------------------------------
def _rusviet_after_section_1(rules=None):
    position = {"players": [{"faction": "rusviet", "mat": "industrial", "last_section": 1},
                            {"faction": "saxony", "mat": "patriotic"}]}
    return _with_rules(position, rules)


def _sections(game):
    return {a.a0 for a in game.legal_actions() if a.kind == A_SECTION}


def test_relentless_off_rusviet_can_no_longer_repeat_a_section():
    on = _rusviet_after_section_1()
    assert 0 in _sections(on)
    act(on, A_SECTION, 0)
    assert _uses(on, 0, USE_FACTION0 + RELENTLESS) == 1
    off = _rusviet_after_section_1({"faction_abilities_off": 1 << RELENTLESS})
    assert 0 not in _sections(off) and _sections(off)
    assert off.state.player[0, P_ABILITY] == NO_ABILITY
    again = Game.from_dict(off.to_dict(), rules={"faction_abilities_off": 1 << RELENTLESS})
    assert again.state.player[0, P_ABILITY] == NO_ABILITY and 0 not in _sections(again)


# --- mech abilities: Riverwalk and Speed ---------------------------------------------------
def _nordic_riverwalk(rules=None):
    # T12 farm: walk T06 T13 T18; Nordic Riverwalk crosses to the mountain T11
    from tests.scythe.test_move import position
    return _with_rules(position(player("nordic", character="T12", mechs={"riverwalk": "T21"}),
                                opponent("saxony")), rules)


def test_riverwalk_off_the_character_no_longer_crosses_and_the_mech_keeps_its_name():
    on = _nordic_riverwalk()
    assert reach(on, CHAR) == {"T06", "T13", "T18", "T11"}
    select(on, CHAR)
    go(on, "T11")
    assert _uses(on, 0, USE_MECH0 + RIVERWALK) == 1
    rules = {"mech_abilities_off": 1 << RIVERWALK}
    off = _nordic_riverwalk(rules)
    assert reach(off, CHAR) == {"T06", "T13", "T18"}
    slot = mech("nordic", "riverwalk") - 1
    assert off.state.player[0, P_MECH_ABILITY0 + slot] == NO_ABILITY
    assert off.to_dict()["players"][0]["mechs"] == {"riverwalk": "T21"}
    again = Game.from_dict(off.to_dict(), rules=rules)
    assert again.to_dict() == off.to_dict()
    assert any("riverwalk mech" in a.text for a in off.legal_actions())


def test_riverwalk_off_for_nordic_alone_leaves_crimeas_riverwalk():
    # a mech on T12 (farm) crosses the river to T11 (mountain: Nordic's) or T05 (tundra: Crimea's)
    from tests.scythe.test_move import position
    rules = {"mech_abilities_off": 1 << RIVERWALK, "mech_abilities_off_for": 1 << NORDIC}
    for mover, other, across, kept in (("nordic", "crimea", "T11", False), ("crimea", "nordic", "T05", True)):
        two = position(player(mover, mechs={"riverwalk": "T12"}),
                       opponent(other, mechs={"riverwalk": f"home:{other}"}))
        on, off = _with_rules(two, None), _with_rules(two, rules)
        walker = mech(mover, "riverwalk")
        assert across in reach(on, walker) and (across in reach(off, walker)) == kept
        fields = {f: int(off.state.player[p, P_MECH_ABILITY0 + mech(f, "riverwalk") - 1])
                  for p, f in enumerate((mover, other))}
        assert fields == {"nordic": NO_ABILITY, "crimea": RIVERWALK}


def _speed_mech_moves(rules=None):
    from tests.scythe.test_move import position
    game = _with_rules(position(player("nordic", mechs={"speed": "T12"}), opponent("saxony")), rules)
    select(game, mech("nordic", "speed"))
    go(game, "T13")
    return game


def test_speed_off_the_mech_moves_one_hex_and_a_second_step_counts_as_speed():
    on = _speed_mech_moves()
    assert on.phase == "move_step" and _uses(on, 0, USE_MECH0 + SPEED) == 0
    go(on, "T06")
    assert _uses(on, 0, USE_MECH0 + SPEED) == 1
    off = _speed_mech_moves({"mech_abilities_off": 1 << SPEED})
    assert off.phase == "move_unit" and not [a for a in off.legal_actions() if a.kind == A_STEP]


def test_a_swimming_worker_counts_swim():
    from tests.scythe.test_move import position
    # Nordic worker on T04 crosses the river to T03
    game = _with_rules(position(player("nordic", workers=["T04", "home:nordic"]), opponent("saxony")),
                       None)
    select(game, 5)
    go(game, "T03")
    assert _uses(game, 0, USE_FACTION0 + SWIM) == 1


# --- encounters and the Factory ------------------------------------------------------------
def _games(rules=None, games=24, players=4, check=True):
    return run_games(build_tables(rules), np.arange(games, dtype=np.uint64), players,
                     strategies=MIX, check=check)


def test_encounters_off_no_token_and_no_encounter_on_the_same_deals():
    assert Game.new(seed=3, rules={"encounters_off": 1}).to_dict()["board"]["encounter_tokens"] == []
    base_g, base_s = _games()
    off_g, off_s = _games({"encounters_off": 1})
    assert base_g[:, R_ENCOUNTERS].sum() > 0 and off_g[:, R_ENCOUNTERS].sum() == 0
    for col in (SR_FACTION, SR_MAT):                 # paired: the same deals
        assert np.array_equal(base_s[:, :, col], off_s[:, :, col])


def test_factory_off_no_card_is_ever_taken():
    assert Game.new(seed=3, rules={"factory_off": 1}).state.game[G_FACTORY_POOL] == 0
    base_g, base_s = _games()
    off_g, off_s = _games({"factory_off": 1})
    assert (base_s[:, :4, SR_FACTORY_CARD] >= 0).any()
    assert (off_s[:, :4, SR_FACTORY_CARD] == -1).all() and (off_g[:, R_STATUS] == STATUS_OK).all()


def test_every_invariant_holds_with_everything_off():
    for players in (2, 5):
        out, seats = _games(EVERYTHING_OFF, games=30, players=players)
        assert (out[:, R_STATUS] == STATUS_OK).all(), out[:, R_STATUS]
        first = SEAT_RESULTS.index("ability_uses")
        assert (seats[:, :players, first:first + 1 + N_MECHS] == 0).all()
    random_out, _ = run_games(build_tables(EVERYTHING_OFF), np.arange(30, dtype=np.uint64), 3, check=True)
    assert (random_out[:, R_STATUS] == STATUS_OK).all()


def test_use_columns_count_in_strategy_games():
    _, seats = _games(games=40)
    first = SEAT_RESULTS.index("ability_uses")
    uses = seats[:, :4, first:first + 1 + N_MECHS]
    assert (uses >= 0).all() and (uses[:, :, 0] > 0).any() and (uses[:, :, 1:] > 0).any()


# --- the report ----------------------------------------------------------------------------
def test_every_played_ability_and_the_board_rules_are_ablated():
    runs = ablation.ablations()
    items = {a.name: a for a in runs}
    assert set(items) == {"swim", "relentless", "coercion", "dominate", "meander", "riverwalk",
                          "speed", "seaworthy", "artillery", "township", "peoples_army", "wayfare",
                          "scout", "underpass", "disarm", "submerge", "camaraderie", "factory",
                          "encounters"}
    speed = [a for a in runs if a.name == "speed"]   # one run per faction, off for it alone
    assert sorted(a.factions for a in speed) == [(f,) for f in range(5)]
    assert all(dict(a.rules) == {"mech_abilities_off": 1 << SPEED, "mech_abilities_off_for": 1 << a.factions[0]}
               for a in speed)
    assert len(items["scout"].factions) == 1 and len(items["factory"].factions) == 5
    assert len(runs) == 5 + 10 + 2 * 5 + 2


@pytest.mark.slow
def test_a_small_ablation_reports_every_line_with_holm_p_values():
    report = ablation.ablation(games=6, players=3, seed=2)
    lines = report.metrics["lines"]
    assert len(lines) == 5 + 10 + 2 * 5 + 2 * 5
    riverwalk = [x["faction"] for x in lines if x["rule"] == "riverwalk"]
    assert sorted(riverwalk) == sorted(FACTIONS[:5])      # each from its own run
    assert all(x["p_holm"] >= x["p"] and 0 <= x["used"] <= x["n"] for x in lines)
    assert sum(x["n"] for x in lines if x["rule"] == "factory") == 6 * 3
    text = report.markdown()
    assert text.startswith("# Ability ablation") and "| relentless | faction ability | rusviet |" in text


def test_with_the_expansion_albion_and_togawa_get_their_lines_on_the_same_deals():
    from scythe_sim.games.scythe.tools.evaluate import deal_rules

    deal = deal_rules(4, True)
    items = ablation.ablations(build_tables(deal))
    names = {a.name for a in items}
    assert {"exalt", "maifuku", "burrow", "sword", "shield", "rally", "toka", "suiton", "ronin",
            "shinobi"} <= names
    from scythe_sim.games.scythe.strategies.weights import load_params

    configs = ablation.run_configs(2, 4, 1, load_params(), items[:2], deal)
    assert all(dict(c.rules)["expansion_factions"] == 1 for c in configs)
