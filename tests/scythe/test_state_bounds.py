"""Every State field's integer type holds every value the field can take.

Each field's range is derived here from the game data (the tables built from data/) and
the largest rule values the tables accept (tables.RULE_LIMITS), never from the type it was
given: a field whose type cannot hold its range fails by name, and so does a field added
to layout.STATE_FIELDS without a range here. Counts that grow with the game's length are
bounded by its turns: a position may start at the largest turn it may give and play on
to the largest turn cap, then a war to the largest war-round cap; each turn is allowed
every gain of every source the tables list (generous: the narrow fields' ranges do not
depend on it, and the int32 ones hold it with orders of magnitude to spare).
"""
import numpy as np
import pytest

from scythe_sim.errors import ConfigError
from scythe_sim.games.scythe.variants.wind_gambit.airships import (N_AIRSHIP_TILES, TILE_CAPACITY, TILE_FEE_COINS,
                                              TILE_GAIN_COINS, TILE_OPP_COINS)
from scythe_sim.games.scythe.enums import (CF_ANY_RESOURCES, CF_CARDS, CF_COINS, CF_RES0, CUBE_GAIN,
                                           MECH_ABILITIES, N_CUBES, N_ENCOUNTER_CARDS, N_FACTIONS,
                                           N_FACTORY_CARDS, N_HEX, N_LOC, N_MATS, N_OBJECTIVES, N_RES,
                                           N_SB_TILES, N_SECTIONS, N_STAR_KINDS, N_STRUCTURES, N_TOKEN_KINDS,
                                           FACTION_ABILITIES)
from scythe_sim.games.scythe.variants.wind_gambit.resolution import RP_MAX_STARS
from scythe_sim.games.scythe.layout import (AIRSHIP_FIELDS, END_REASONS, GAME_FIELDS, MAX_PLAYERS, N_MECHS,
                                            N_UNITS, N_WORKERS, PHASES, PLAYER_FIELDS, SCORE_FIELDS,
                                            STATE_FIELDS, UNIT_WORKER0)
from scythe_sim.games.scythe.variants.war.layout import (FROM_AIRSHIP, WAR_ACTIONS, WAR_END_REASONS,
                                                         WAR_FIELDS, WAR_STAGES)
from scythe_sim.games.scythe.tables import MAX_WORKERS, RULE_LIMITS, build_tables
from scythe_sim.games.scythe.text import position

INT64 = (-2**63, 2**63 - 1)


def _game_length():
    """(standard-game turns, war turns) of the longest game: a position may start at
    position.TURN_MAX and play on to the largest turn cap; the war adds its rounds."""
    standard = position.TURN_MAX + (RULE_LIMITS["turn_cap"] + 1) * MAX_PLAYERS
    war = (RULE_LIMITS["war_round_cap"] + 1) * MAX_PLAYERS
    return standard, war


def _ranges(t):
    """{field: {label: (lo, hi)}}: every element group of every field."""
    standard, war_turns = _game_length()
    turns = standard + war_turns
    seats, divisions = MAX_PLAYERS, MAX_PLAYERS * RULE_LIMITS["war_divisions"]   # a conqueror takes all
    cards = int(t.card_counts.sum())
    stars = max(RULE_LIMITS["stars_to_end"], int(t.res_param[:, RP_MAX_STARS].max()))
    # what one turn (anyone's) can give a player, every source once: its top and bottom action,
    # two encounter options (Meander), a Factory card, a recruit's bonus, an airship's fees and gains
    coins_per_turn = int(t.top_amount[CUBE_GAIN].max() + t.factory_top[:, CF_COINS].max()
                         + t.mat_coins.max() + 2 * t.enc_option[:, :, CF_COINS].max()
                         + t.ongoing_amount.max() + t.onetime_amount.max()
                         + seats * t.airship_tile[:, TILE_FEE_COINS].max()
                         + t.airship_tile[:, TILE_GAIN_COINS].max() + t.airship_tile[:, TILE_OPP_COINS].max())
    tokens_per_turn = int(MAX_WORKERS + 1 + t.top_const[0]       # a Produce with the Mill, or a Trade
                          + 2 * (t.enc_option[:, :, CF_RES0:CF_RES0 + N_RES].sum(axis=2)
                                 + t.enc_option[:, :, CF_ANY_RESOURCES]).max()
                          + t.factory_top[:, CF_RES0:CF_RES0 + N_RES].sum(axis=1).max()
                          + t.factory_top[:, CF_ANY_RESOURCES].max())
    coins = int(t.mat_start_coins.max()) + turns * coins_per_turn
    tokens = turns * tokens_per_turn
    uses_per_turn = (N_UNITS + 1) * N_LOC           # a use per unit (and airship) per territory entered
    power = int(2**31 - 1)                          # power_max: any rule value the tables accept
    points = N_HEX * max(RULE_LIMITS[f"war_points_{k}"] for k in ("factory", "village", "other"))
    loc, owner = (-1, N_LOC - 1), (-1, seats - 1)
    small = max(len(PHASES), len(END_REASONS), N_LOC, N_ENCOUNTER_CARDS, N_OBJECTIVES)   # an id
    score_coins = coins + int(t.tier_pay.max()) * (stars + N_LOC + tokens) + int(t.sb_pay.max())

    game = {name: (-1, small) for name in GAME_FIELDS}
    game.update({
        "turn": (0, standard), "round": (0, standard), "res_last_turn": (0, standard),
        "contacts": (0, turns * N_UNITS), "retreats": (0, turns * N_WORKERS * seats),
        "combats": (0, turns * N_UNITS), "encounters": (0, turns * 2),
        "moved_mask": (0, 2**(N_UNITS + 1) - 1), "cargo_mask": (0, 2**N_UNITS - 1),
        "here_mask": (0, 2**13 - 1), "factory_pool": (0, 2**N_FACTORY_CARDS - 1),
        "enc_used": (0, 2**N_ENCOUNTER_CARDS - 1), "enc_done": (0, 7),
        **{f"cargo_{r}": (0, tokens) for r in ("oil", "metal", "wood", "food")},
        "gain_any": (0, tokens), "pay_left": (0, tokens), "atk_cards": (0, 5 * cards),
        "def_cards": (0, 5 * cards), "atk_dial": (0, power), "def_dial": (0, power),
        "war_round": (0, RULE_LIMITS["war_round_cap"] + 1), "war_quiet_rounds": (0, war_turns),
        "war_control_hash": INT64,                  # a checksum: any 64-bit word
        "war_place_left": (0, divisions), "war_cargo": (0, divisions), "war_combats": (0, war_turns * N_HEX),
        "war_bombarded": (0, divisions),
    })
    player = {name: (-1, small) for name in PLAYER_FIELDS}
    player.update({
        "power": (0, power), "coins": (0, coins), "turns": (0, standard),
        "objectives_done": (0, 2**N_OBJECTIVES - 1), "stars": (0, stars),
        "ability": (-1, len(FACTION_ABILITIES) - 1),
        **{f"mech_ability{m}": (-1, len(MECH_ABILITIES) - 1) for m in range(N_MECHS)},
    })
    airship = {name: (0, 1) for name in AIRSHIP_FIELDS}
    airship.update({
        **{r: (0, int(t.airship_tile[:, TILE_CAPACITY].max())) for r in ("oil", "metal", "wood", "food")},
        "workers": (0, 2**N_UNITS - 1), "aggressive": (0, N_AIRSHIP_TILES), "passive": (0, N_AIRSHIP_TILES),
        "steps": (0, N_LOC), "divisions": (0, divisions),
    })
    war = {name: (-1, divisions) for name in WAR_FIELDS}   # divisions counted by source or fate
    war.update({
        "standard_rank": (0, seats), "points": (0, points), "capitulated_by": owner,
        "capitulated_round": (-1, RULE_LIMITS["war_round_cap"] + 1), "last_action": (-1, len(WAR_ACTIONS)),
        "war_turns": (0, war_turns), "place": (0, seats), "trophies": (0, seats * (N_MECHS + 1)),
        "structures_lost": (0, N_STRUCTURES), "mechs_lost": (0, N_MECHS),
    })
    score = {name: (0, score_coins) for name in SCORE_FIELDS}
    score.update({"stars": (0, N_STAR_KINDS * stars), "territories": (0, N_LOC + 3), "resources": (0, tokens),
                  "tier": (0, 2), "rank": (0, seats), "tb_units": (0, N_UNITS + N_STRUCTURES),
                  "tb_power": (0, power), "tb_popularity": (0, int(t.pop_tier.shape[0]))})
    return {
        "game": game, "player": player,
        "unit_loc": {"location": loc}, "struct_loc": {"location": loc},
        "hex_res": {"tokens": (0, tokens)}, "encounter_token": {"token": (0, 1)},
        "hand": {"cards of a value": (0, cards)}, "deck": {"cards of a value": (0, cards)},
        "stars": {"stars of a kind": (0, stars)}, "star_turn": {"game turn": (-1, standard)},
        "mark": {"divisions moved in": (0, divisions)}, "rng": {"word": (0, 2**64 - 1)},
        "ability_uses": {"uses": (0, turns * uses_per_turn)},
        "token_kind": {"kind": (0, N_TOKEN_KINDS - 1)}, "token_owner": {"owner": owner},
        "occupancy": {"8 bits a player": (0, 2**(8 * MAX_PLAYERS) - 1)},
        "structure_owner": {"owner": owner},
        "airship_loc": {"location": loc}, "airship": airship,
        "war": war, "divisions": {"divisions": (0, divisions)},
        "war_moved": {"divisions": (0, divisions)},
        "war_groups": {"territory": loc, "origin": (FROM_AIRSHIP, N_LOC - 1), "divisions": (0, divisions),
                       "mechs' unit-slot bits": (0, 2**UNIT_WORKER0 - 1)},
        "standard_score": score,
    }


def _holds(dtype, lo, hi):
    info = np.iinfo(dtype)
    return info.min <= lo and hi <= info.max


def test_every_field_has_a_derived_range():
    ranges = _ranges(build_tables())
    assert sorted(ranges) == sorted(f.name for f in STATE_FIELDS)
    for name, labels in (("game", GAME_FIELDS), ("player", PLAYER_FIELDS), ("airship", AIRSHIP_FIELDS),
                         ("war", WAR_FIELDS), ("standard_score", SCORE_FIELDS)):
        assert sorted(ranges[name]) == sorted(labels), name


@pytest.mark.parametrize("field", STATE_FIELDS, ids=lambda f: f.name)
def test_each_field_type_holds_its_range(field):
    for label, (lo, hi) in _ranges(build_tables())[field.name].items():
        assert _holds(field.dtype, lo, hi), (
            f"State.{field.name} ({np.dtype(field.dtype).name}) cannot hold {label} in {lo}..{hi}")
        assert _holds(field.dtype, field.blank, field.blank), field.name


def test_the_narrow_types_are_the_narrowest_that_hold_the_range():
    """A wider type than the range needs only costs copies: each field's type is the
    narrowest signed integer holding its range (the RNG's words are uint64)."""
    for field in STATE_FIELDS:
        if field.dtype == np.uint64:
            continue
        lo = min(r[0] for r in _ranges(build_tables())[field.name].values())
        hi = max(r[1] for r in _ranges(build_tables())[field.name].values())
        narrowest = next(d for d in (np.int8, np.int16, np.int32, np.int64) if _holds(d, lo, hi))
        assert np.dtype(field.dtype) == np.dtype(narrowest), f"{field.name}: {lo}..{hi} fits {narrowest.__name__}"


def test_the_copy_is_smaller():
    """The planners copy the fields before the All Out War's (kernel/state.py)."""
    from scythe_sim.games.scythe.kernel.state import BASE_BYTES
    assert BASE_BYTES < 5000        # 11,968 bytes when every field was int64


@pytest.mark.parametrize("rule", sorted(RULE_LIMITS))
def test_rules_past_their_limit_are_refused(rule):
    build_tables({rule: RULE_LIMITS[rule]})
    with pytest.raises(ConfigError, match=f"rule '{rule}' must be at most"):
        build_tables({rule: RULE_LIMITS[rule] + 1})


def test_positions_past_the_narrow_ranges_are_refused(tables):
    from scythe_sim.errors import PositionError
    from scythe_sim.games.scythe.game import Game

    base = Game.new(seed=1, players=2).to_dict()
    for where, change in (
            ("game.turn", lambda d: d["game"].update(turn=position.TURN_MAX + 1)),
            ("star_turns", lambda d: d["players"][0].update(star_turns={"power": position.TURN_MAX + 1})),
            ("combat_cards", lambda d: d["players"][0].update(combat_cards=[5] * 7)),
            ("deck.draw", lambda d: d.update(deck={"draw": {"2": 17}}))):
        data = Game.new(seed=1, players=2).to_dict()
        change(data)
        with pytest.raises(PositionError, match=where.split(".")[0]):
            Game.from_dict(data)
    Game.from_dict(base)
