"""Encounters: the card data against the reference, every option of the 36 cards played
from a position, and the encounter rules (when it happens, Meander, free actions).

Rules: scythe_facts.md section 7 and the rulebook seeds: a character that ends its move
on a token and is still there after the combats takes the encounter before the bottom
action; the player picks one option it can pay (Polania up to two, the first may pay for
the second); everything gained goes on the character's territory; free actions pay
nothing and trigger no mat coins or recruit bonuses.
"""
import tomllib
from collections import Counter
from importlib import resources

import pytest

from scythe_sim.games.scythe.enums import BOTTOM_ACTIONS, RESOURCES
from scythe_sim.games.scythe.game import Game
from scythe_sim.games.scythe.layout import A_DIAL, A_END_CARDS, A_ENCOUNTER_OPTION, A_END_ENCOUNTER
from tests.scythe.test_move import CHAR, act, go, mech, player, position, rows, select

ENCOUNTER_HEX, NEXT_TO_IT = "T08", "T02"       # tundra with a token; T02 is adjacent
ONE_TIME = {"power": 2, "coins": 2, "popularity": 2, "combat_cards": 2}


def _cards():
    text = resources.files("scythe_sim.games.scythe").joinpath("data/encounters.toml").read_text()
    return tomllib.loads(text)["card"]


CARDS = _cards()


# --- the data against the reference's pattern statistics (scythe_facts.md 7.2) -------------
def _pattern_a(o):
    if o == {"popularity": 1, "coins": 2}:
        return "pop+$2"
    if o == {"popularity": 2}:
        return "+2 pop"
    (other,) = set(o) - {"popularity"}
    return {"combat_cards": "pop+cc", "power": "pop+power"}.get(other, "pop+resource")


def test_option_patterns_match_the_reference_counts():
    assert [c["number"] for c in CARDS] == list(range(1, 37))
    a = Counter(_pattern_a(c["a"]) for c in CARDS)
    assert a == {"pop+$2": 13, "pop+resource": 13, "pop+cc": 4, "pop+power": 3, "+2 pop": 3}
    b_cost = Counter(c["b"]["pay_coins"] for c in CARDS)
    assert b_cost == {2: 26, 3: 6, 4: 4}
    assert all(c["b"].get("free") == ["deploy"] for c in CARDS if c["b"]["pay_coins"] == 4)
    b3 = Counter(c["b"]["free"][0] for c in CARDS if c["b"]["pay_coins"] == 3)
    assert b3 == {"enlist": 3, "build": 2, "upgrade": 1}
    c_cost = Counter(c["c"]["pay_popularity"] for c in CARDS)
    assert c_cost == {2: 30, 3: 6}
    c_free = Counter(c["c"]["free"][0] for c in CARDS if "free" in c["c"] and "any_resources" not in c["c"]
                     and "food" not in c["c"])
    assert c_free == {"build": 6, "enlist": 4, "deploy": 4}
    workers = sum(1 for c in CARDS for o in "bc" if c[o].get("workers") == 1)
    assert workers == 4 + 6


def test_spot_checks_against_single_cards():
    assert CARDS[12]["a"] == {"popularity": 1, "coins": 2}          # card 13 A (S19)
    assert CARDS[11]["c"] == {"pay_popularity": 2, "wood": 3, "workers": 1}   # card 12 C: wood
    assert CARDS[30]["c"]["look_at_hand"] is True


# --- every option, from a position ----------------------------------------------------------
def encounter_position(card, faction="nordic", coins=10, popularity=10, power=5, **extra):
    """Player 0 on the encounter hex, mid-encounter with card number `card`; the other
    player has every recruit enlisted, so any recruit bonus paid would show."""
    me = player(faction, mat="patriotic", character=ENCOUNTER_HEX, coins=coins,
                popularity=popularity, power=power, **extra)
    other = player("crimea", mat="industrial", recruits=list(BOTTOM_ACTIONS),
                   one_time_bonuses=list(ONE_TIME), coins=0, power=0, popularity=0)
    pos = position(me, other, phase="encounter",
                   turn_state={"enc_card": card - 1, "moved_mask": 1, "units_left": 0})
    return Game.from_dict(pos)


def finish_choices(game):
    """Take the first row of each follow-up choice (all food / the first free action)."""
    taken = []
    while game.phase in ("gain_resources", "free_action"):
        row = game.legal_actions()[0]
        taken.append(row)
        game.step(row)
        assert game.check() == 0
    return taken


def snapshot(game, p=0):
    d = game.to_dict()
    pl = d["players"][p]
    return {"coins": pl["coins"], "popularity": pl["popularity"], "power": pl["power"],
            "cards": len(pl["combat_cards"]), "workers": pl["workers"].count(ENCOUNTER_HEX),
            "res": d["board"]["resources"].get(ENCOUNTER_HEX, {}), "mechs": pl["mechs"],
            "structures": pl["structures"], "cubes": len(pl["cubes_moved"]),
            "recruits": len(pl["recruits"])}


@pytest.mark.parametrize("number,option", [(n, o) for n in range(1, 37) for o in "abc"])
def test_every_encounter_option(number, option):
    spec = dict(CARDS[number - 1][option])
    game = encounter_position(number)
    before, other_before = snapshot(game), game.to_dict()["players"][1]
    act(game, A_ENCOUNTER_OPTION, "abc".index(option))
    taken = finish_choices(game)
    after = snapshot(game)
    assert game.phase == "bottom"                      # next: the bottom-row action
    free = spec.get("free", [None])[0]
    gained_power = ONE_TIME["power"] if free == "enlist" else 0   # first bonus offered: power
    assert after["coins"] == before["coins"] - spec.get("pay_coins", 0) + spec.get("coins", 0)
    assert after["popularity"] == (before["popularity"] - spec.get("pay_popularity", 0)
                                   + spec.get("popularity", 0))
    assert after["power"] == before["power"] + spec.get("power", 0) + gained_power
    assert after["cards"] == before["cards"] + spec.get("combat_cards", 0)
    assert after["workers"] == before["workers"] + spec.get("workers", 0)
    expected_res = {r: spec.get(r, 0) for r in RESOURCES}
    expected_res["food"] += spec.get("any_resources", 0)       # the first split: all food
    assert after["res"] == {r: n for r, n in expected_res.items() if n}
    assert (len(after["mechs"]) - len(before["mechs"])) == (free == "deploy")
    if free == "deploy":
        assert list(after["mechs"].values()) == [ENCOUNTER_HEX]
    assert (len(after["structures"]) - len(before["structures"])) == (free == "build")
    if free == "build":
        assert list(after["structures"].values()) == [ENCOUNTER_HEX]
    assert after["cubes"] - before["cubes"] == (free == "upgrade")
    assert after["recruits"] - before["recruits"] == (free == "enlist")
    assert len(taken) == (free is not None) + ("any_resources" in spec)
    assert game.to_dict()["players"][1] == other_before     # no recruit bonus for the neighbour
    assert game.to_dict()["game"]["turn_state"]["encounters"] == 1


def test_options_the_player_cannot_pay_are_not_offered():
    game = encounter_position(1, coins=1, popularity=1)       # b costs $2, c costs 2 popularity
    assert [a.a0 for a in rows(game, A_ENCOUNTER_OPTION)] == [0]
    game = encounter_position(3, coins=2, popularity=2)       # c costs 3 popularity
    assert [a.a0 for a in rows(game, A_ENCOUNTER_OPTION)] == [0, 1]


def test_one_option_only_without_meander():
    game = encounter_position(1, coins=0, popularity=1)
    act(game, A_ENCOUNTER_OPTION, 0)
    assert game.phase == "bottom"


def test_meander_takes_a_second_option_paid_by_the_first():
    game = encounter_position(1, faction="polania", coins=0, popularity=1)
    assert [a.a0 for a in rows(game, A_ENCOUNTER_OPTION)] == [0]
    act(game, A_ENCOUNTER_OPTION, 0)                  # +1 popularity, +$2
    assert game.phase == "encounter"
    assert sorted(a.a0 for a in rows(game, A_ENCOUNTER_OPTION)) == [1, 2]
    assert len(rows(game, A_END_ENCOUNTER)) == 1
    act(game, A_ENCOUNTER_OPTION, 1)                  # pay the $2 just gained: 4 food
    assert game.phase == "bottom"
    assert snapshot(game)["res"] == {"food": 4} and snapshot(game)["coins"] == 0


def test_meander_may_stop_after_one_option():
    game = encounter_position(1, faction="polania")
    act(game, A_ENCOUNTER_OPTION, 1)
    act(game, A_END_ENCOUNTER)
    assert game.phase == "bottom" and snapshot(game)["res"] == {"food": 4}


def test_free_build_is_not_possible_where_a_structure_stands():
    game = encounter_position(1, structures={"mill": ENCOUNTER_HEX},
                              workers=[ENCOUNTER_HEX, "home:nordic"])
    act(game, A_ENCOUNTER_OPTION, 2)                  # pay 2 popularity -> build: nowhere
    assert game.phase == "bottom"
    assert snapshot(game)["popularity"] == 8


def test_free_enlist_completing_the_recruits_places_a_star():
    game = encounter_position(2, recruits=["upgrade", "deploy", "build"],
                              one_time_bonuses=["coins", "popularity", "combat_cards"])
    act(game, A_ENCOUNTER_OPTION, 2)                  # pay 2 popularity -> enlist
    assert game.phase == "free_action"
    game.step(game.legal_actions()[0])
    assert game.to_dict()["players"][0]["stars"] == {"recruits": 1}


# --- when the encounter happens ---------------------------------------------------------------
def move_position(*players):
    return Game.from_dict(position(*players, turn_state={"units_left": 1},
                                   board={"encounter_tokens": [ENCOUNTER_HEX]}))


def test_character_ending_its_move_on_a_token_takes_the_encounter_after_the_move():
    game = move_position(player("nordic", mat="patriotic", character=NEXT_TO_IT),
                         player("crimea", mat="industrial"))
    select(game, CHAR)
    go(game, ENCOUNTER_HEX)
    assert game.phase == "encounter"
    d = game.to_dict()
    assert d["board"]["encounter_tokens"] == [] and len(d["board"]["encounter_cards_drawn"]) == 1


def test_a_mech_on_a_token_takes_no_encounter():
    game = move_position(player("nordic", mat="patriotic", mechs={"riverwalk": NEXT_TO_IT}),
                         player("crimea", mat="industrial"))
    select(game, mech("nordic", "riverwalk"))
    go(game, ENCOUNTER_HEX)
    assert game.phase == "bottom"
    assert game.to_dict()["board"]["encounter_tokens"] == [ENCOUNTER_HEX]


def fight_for_the_token(attacker_dial, defender_dial):
    game = move_position(player("nordic", mat="patriotic", character=NEXT_TO_IT, power=7),
                         player("crimea", mat="industrial", mechs={"riverwalk": ENCOUNTER_HEX}, power=7))
    select(game, CHAR)
    go(game, ENCOUNTER_HEX)
    assert game.phase == "combat_dial"
    for dial in (attacker_dial, defender_dial):
        act(game, A_DIAL, dial)
        act(game, A_END_CARDS)
    return game


def test_the_winner_of_the_fight_on_the_token_takes_the_encounter():
    game = fight_for_the_token(3, 1)
    assert game.phase == "encounter"


def test_a_character_that_lost_the_fight_takes_no_encounter_and_the_token_stays():
    game = fight_for_the_token(1, 3)
    assert game.phase == "bottom"
    assert game.to_dict()["board"]["encounter_tokens"] == [ENCOUNTER_HEX]
