"""The Factory: cards dealt at setup, the pick on the first visit, the card as a fifth
section (its top action per card, the shared bottom-row Move) and the section rules.

Rules: scythe_facts.md section 8 and the rulebook seeds (000, 001, 004): players + 1
cards are dealt; the first time a character ends a Move on the Factory (after any combat
won) its player keeps one of the cards there; the card never pays mat coins or recruit
bonuses; its bottom action moves one unit up to two hexes (three with Speed);
Relentless does not repeat it (2022 reading).
"""
import tomllib
from importlib import resources

import pytest

from scythe_sim.games.scythe.enums import BOTTOM_ACTIONS, FACTORY_SECTION
from scythe_sim.games.scythe.game import Game
from scythe_sim.games.scythe.layout import (A_BOTTOM, A_DIAL, A_END_CARDS, A_FACTORY_TOP, A_SECTION,
                               A_TAKE_FACTORY, UNIT_WORKER0)
from tests.scythe.test_move import CHAR, act, go, mech, player, position, rows, select

FACTORY, NEXT_TO_IT = "T23", "T16"
MOUNTAIN, FARM = "T01", "T02"          # a worker on each for the card gains and Produce


def _cards():
    text = resources.files("scythe_sim.games.scythe").joinpath("data/factory.toml").read_text()
    return tomllib.loads(text)["card"]


CARDS = _cards()


def test_twelve_cards_each_with_a_cost_and_a_gain():
    assert [c["number"] for c in CARDS] == list(range(1, 13))
    for c in CARDS:
        top = c["top"]
        assert any(k.startswith("pay_") for k in top) and any(not k.startswith("pay_") for k in top)
    assert CARDS[1]["top"] == {"pay_popularity": 1, "free": ["enlist", "upgrade"]}   # S15


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_setup_deals_players_plus_one_cards(players):
    for seed in range(5):
        board = Game.new(seed=seed, players=players).to_dict()["board"]
        cards = board["factory_cards"]
        assert len(cards) == players + 1 == len(set(cards))
        assert all(1 <= c <= 12 for c in cards)


# --- the first visit --------------------------------------------------------------------------
def visit(factory_card=None, on_board=(1, 5, 9), opponent_mechs=None, power=7):
    me = player("nordic", mat="patriotic", character=NEXT_TO_IT, factory_card=factory_card, power=power)
    other = player("crimea", mat="industrial", mechs=opponent_mechs or {}, power=7)
    game = Game.from_dict(position(me, other, turn_state={"units_left": 1},
                                   board={"factory_cards": list(on_board)}))
    select(game, CHAR)
    go(game, FACTORY)
    return game


def test_first_visit_shows_the_cards_on_the_board_and_keeps_one():
    game = visit()
    assert game.phase == "factory_pick"
    assert [a.a0 + 1 for a in rows(game, A_TAKE_FACTORY)] == [1, 5, 9]
    act(game, A_TAKE_FACTORY, 4)
    d = game.to_dict()
    assert d["players"][0]["factory_card"] == 5
    assert d["board"]["factory_cards"] == [1, 9]
    assert game.phase == "bottom"


def test_a_player_with_a_card_takes_no_other():
    game = visit(factory_card=3, on_board=(1, 5))
    assert game.phase == "bottom"
    assert game.to_dict()["board"]["factory_cards"] == [1, 5]


def test_the_pick_follows_a_fight_won_on_the_factory_and_not_a_lost_one():
    for mine, theirs, picks in ((3, 1, True), (1, 3, False)):
        game = visit(opponent_mechs={"riverwalk": FACTORY})
        assert game.phase == "combat_dial"
        for dial in (mine, theirs):
            act(game, A_DIAL, dial)
            act(game, A_END_CARDS)
        assert (game.phase == "factory_pick") == picks


# --- the fifth section ----------------------------------------------------------------------
def section_game(faction="nordic", factory_card=5, last_section=None, rules=None):
    me = player(faction, mat="patriotic", factory_card=factory_card, last_section=last_section)
    other = player("crimea" if faction != "crimea" else "nordic", mat="industrial")
    return Game.from_dict(position(me, other, phase="section"), rules=rules)


def sections(game):
    return [a.a0 for a in rows(game, A_SECTION)]


def test_the_card_is_a_fifth_section_only_for_its_owner():
    assert FACTORY_SECTION not in sections(section_game(factory_card=None))
    assert FACTORY_SECTION in sections(section_game())


def test_the_factory_section_cannot_be_repeated_even_by_rusviet():
    assert FACTORY_SECTION not in sections(section_game(last_section=5))
    assert FACTORY_SECTION not in sections(section_game("rusviet", last_section=5))
    assert 0 in sections(section_game("rusviet", last_section=1))          # Relentless on the mat
    relentless_old = section_game("rusviet", last_section=5, rules={"relentless_on_factory": 1})
    assert FACTORY_SECTION in sections(relentless_old)


def top_game(card, hand=(3,)):
    me = player("nordic", mat="patriotic", factory_card=card, coins=10, popularity=10, power=5,
                combat_cards=list(hand), workers=[MOUNTAIN, FARM])
    other = player("crimea", mat="industrial", recruits=["upgrade", "deploy", "build", "enlist"],
                   one_time_bonuses=["power", "coins", "popularity", "combat_cards"], coins=0, power=0,
                   popularity=0)
    return Game.from_dict(position(me, other, phase="top", section=FACTORY_SECTION + 1))


def take_first_rows(game):
    while game.phase in ("gain_resources", "free_action", "produce"):
        game.step(game.legal_actions()[0])
        assert game.check() == 0


@pytest.mark.parametrize("number", range(1, 13))
def test_every_factory_top_action(number):
    spec = CARDS[number - 1]["top"]
    game = top_game(number)
    before = game.to_dict()
    paid = [a.a0 for a in rows(game, A_FACTORY_TOP)]
    assert paid == ([1] if spec.get("pay_combat_cards") else [-1])   # the 3 in hand, or no card
    act(game, A_FACTORY_TOP, paid[0])
    take_first_rows(game)
    assert game.phase == "bottom"
    after = game.to_dict()
    me0, me1 = before["players"][0], after["players"][0]
    free = min(spec.get("free", [None]), key=lambda b: BOTTOM_ACTIONS.index(b) if b else 0)
    bonus_power = 2 if free == "enlist" else 0            # first one-time bonus offered: power
    assert me1["coins"] == me0["coins"] - spec.get("pay_coins", 0) + spec.get("coins", 0)
    assert me1["popularity"] == me0["popularity"] - spec.get("pay_popularity", 0) + spec.get("popularity", 0)
    assert me1["power"] == me0["power"] - spec.get("pay_power", 0) + spec.get("power", 0) + bonus_power
    assert len(me1["combat_cards"]) == len(me0["combat_cards"]) - spec.get("pay_combat_cards", 0)
    assert len(me1["mechs"]) == (free == "deploy")
    assert len(me1["structures"]) == (free == "build")
    assert len(me1["cubes_moved"]) == (free == "upgrade")
    assert len(me1["recruits"]) == (free == "enlist")
    res = after["board"]["resources"]
    made = sum(n for held in res.values() for n in held.values())
    if "produce" in spec:
        assert res == {MOUNTAIN: {"metal": 1}, FARM: {"food": 1}}
    else:
        assert made == spec.get("any_resources", 0)
    assert after["players"][1] == before["players"][1]       # no recruit bonus for anyone


def test_the_top_action_needs_its_cost():
    game = top_game(3, hand=())                 # card 3 costs a combat card
    assert rows(game, A_FACTORY_TOP) == []


# --- the bottom-row Move ---------------------------------------------------------------------
def bottom_game(**me):
    me = player("nordic", mat="patriotic", factory_card=5, coins=4, **me)
    other = player("crimea", mat="industrial")
    return Game.from_dict(position(me, other, phase="bottom", section=FACTORY_SECTION + 1))


def test_factory_move_takes_one_unit_two_hexes_and_ends_the_turn_without_mat_coins():
    game = bottom_game(workers=[MOUNTAIN, FARM])
    act(game, A_BOTTOM, FACTORY_SECTION)
    assert game.phase == "move_unit"
    select(game, UNIT_WORKER0)
    go(game, "T08")
    assert game.phase == "move_step"            # a second hex to go
    go(game, "T15")
    d = game.to_dict()
    assert d["players"][0]["workers"].count("T15") == 1 and d["players"][0]["coins"] == 4
    assert d["game"]["active"] == 1 and game.phase == "section"


def test_factory_move_with_speed_goes_three_hexes():
    game = bottom_game(character=MOUNTAIN, mechs={"speed": "home:nordic"})
    act(game, A_BOTTOM, FACTORY_SECTION)
    select(game, CHAR)
    for where in ("T02", "T08", "T15"):
        assert game.phase == "move_step"
        go(game, where)
    assert game.to_dict()["players"][0]["character"] == "T15"
    assert game.phase == "section"                  # three hexes used up: the turn is over


def test_factory_move_moves_only_one_unit():
    game = bottom_game(character=MOUNTAIN, mechs={"riverwalk": FARM})
    act(game, A_BOTTOM, FACTORY_SECTION)
    select(game, mech("nordic", "riverwalk"))
    go(game, "T03")
    game.step(next(a for a in game.legal_actions() if a.kind_name == "stop"))
    assert game.phase == "section" and game.to_dict()["game"]["active"] == 1


def test_factory_move_into_an_enemy_is_fought_before_the_turn_ends():
    game = bottom_game(character=NEXT_TO_IT, power=5)
    d = game.to_dict()
    d["players"][1]["mechs"] = {"riverwalk": FACTORY}
    game = Game.from_dict(d)
    act(game, A_BOTTOM, FACTORY_SECTION)
    select(game, CHAR)
    go(game, FACTORY)
    assert game.phase == "combat_dial"           # the enemy stops the unit; the fight follows
    for dial in (2, 0):
        act(game, A_DIAL, dial)
        act(game, A_END_CARDS)
    d = game.to_dict()
    assert d["players"][0]["character"] == FACTORY and d["players"][0]["stars"] == {"combat": 1}
    assert game.phase == "section" and d["game"]["active"] == 1
