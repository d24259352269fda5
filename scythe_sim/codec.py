"""Actions as readable text: `describe` turns a legal row into a line of a playthrough."""
from .enums import (BOTTOM_ACTIONS, CARD_VALUES, FACTIONS, CUBE_CARDS, CUBE_GAIN, CUBE_MOVE, CUBE_POPULARITY,
                    CUBE_POWER, MECH_ABILITIES, ONE_TIME_BONUSES, RESOURCES,
                    STRUCTURES, TECH_CUBES, TERRAINS, TOP_ACTIONS, hex_name)
from .layout import (ACTION_KINDS, A_BOLSTER_CARDS, A_BOLSTER_POWER, A_BOTTOM, A_BUILD,
                     A_DEPLOY, A_DROP_RESOURCE, A_DROP_WORKER, A_END_MOVE, A_END_PRODUCE,
                     A_ENLIST, A_GAIN_COINS, A_MOVE, A_NO_BENEFIT, A_PAY_COERCION,
                     A_PAY_RESOURCE, A_PICK_RESOURCE, A_PICK_WORKER, A_PRODUCE, A_PRODUCE_HEX,
                     A_SECTION, A_SELECT_UNIT, A_SKIP, A_STEP, A_STOP, A_TRADE_HEX,
                     A_TRADE_POPULARITY, A_TRADE_RESOURCES, A_UPGRADE, G_PHASE,
                     P_CUBE0, P_FACTION, P_MAT, P_REDUCED0, PH_TOP, UNIT_CHARACTER, UNIT_MECH0,
                     UNIT_WORKER0, G_MOVER, G_DECIDER, A_FIGHT, A_DIAL, A_COMBAT_CARD, A_END_CARDS)


def unit_name(tables, faction: int, u: int) -> str:
    if u == UNIT_CHARACTER:
        return "character"
    if u < UNIT_WORKER0:
        return f"{MECH_ABILITIES[tables.fac_mechs[faction, u - UNIT_MECH0]]} mech"
    return "worker"


def _amount(state, tables, p, cube):
    return int(tables.top_amount[cube, state.player[p, P_CUBE0 + cube]])


def describe(state, tables, row) -> str:
    """One readable line for a legal action row (kind, a0, a1, a2) in this state."""
    kind, a0, a1, _ = (int(x) for x in row)
    p = int(state.game[G_DECIDER])
    faction = int(state.player[p, P_FACTION])
    mat = int(state.player[p, P_MAT])
    if kind == A_SECTION:
        top = TOP_ACTIONS[tables.mat_top[mat, a0]]
        return f"section {a0 + 1}: {top} / {BOTTOM_ACTIONS[a0]}"
    if kind == A_SKIP:
        return "skip the top action" if state.game[G_PHASE] == PH_TOP else "skip the bottom action"
    if kind == A_GAIN_COINS:
        return f"gain ${_amount(state, tables, p, CUBE_GAIN)}"
    if kind == A_MOVE:
        return f"move up to {_amount(state, tables, p, CUBE_MOVE)} units"
    if kind == A_BOLSTER_POWER:
        return f"bolster: +{_amount(state, tables, p, CUBE_POWER)} power"
    if kind == A_BOLSTER_CARDS:
        return f"bolster: +{_amount(state, tables, p, CUBE_CARDS)} combat card(s)"
    if kind == A_TRADE_RESOURCES:
        names = RESOURCES[a0] + ("" if a1 < 0 else f" + {RESOURCES[a1]}")
        return f"trade: {names}"
    if kind == A_TRADE_POPULARITY:
        return f"trade: +{_amount(state, tables, p, CUBE_POPULARITY)} popularity"
    if kind == A_PRODUCE:
        return "produce"
    if kind == A_SELECT_UNIT:
        return f"move the {unit_name(tables, faction, a0)} from {hex_name(int(state.unit_loc[p, a0]))}"
    if kind == A_STEP:
        mover = unit_name(tables, faction, int(state.game[G_MOVER]))
        return f"{mover} -> {hex_name(a0)} ({TERRAINS[tables.terrain[a0]]})"
    if kind in (A_PICK_RESOURCE, A_DROP_RESOURCE):
        verb = "pick up" if kind == A_PICK_RESOURCE else "drop"
        return f"{verb} {a1} {RESOURCES[a0]}"
    if kind == A_PICK_WORKER:
        return "pick up a worker"
    if kind == A_DROP_WORKER:
        return "drop a worker"
    if kind == A_STOP:
        return "stop this unit"
    if kind == A_END_MOVE:
        return "end the move"
    if kind == A_PRODUCE_HEX:
        made = tables.produces[tables.terrain[a0]]
        what = f"{a1} worker(s)" if made == -2 else f"{a1} {RESOURCES[made]}"
        return f"produce on {hex_name(a0)} ({TERRAINS[tables.terrain[a0]]}): {what}"
    if kind == A_END_PRODUCE:
        return "end producing"
    if kind == A_TRADE_HEX:
        return f"place the traded resources on {hex_name(a0)}"
    if kind == A_BOTTOM:
        cost = int(tables.mat_cost[mat, a0] - state.player[p, P_REDUCED0 + a0])
        return f"{BOTTOM_ACTIONS[a0]}: pay {cost} {RESOURCES[a0]}"
    if kind == A_PAY_RESOURCE:
        return f"pay from {hex_name(a0)}"
    if kind == A_PAY_COERCION:
        return f"pay with a combat card ({CARD_VALUES[a0]}) by Coercion"
    if kind == A_UPGRADE:
        return f"upgrade: {TECH_CUBES[a0]} cube -> {BOTTOM_ACTIONS[a1]} cost"
    if kind == A_DEPLOY:
        ability = MECH_ABILITIES[tables.fac_mechs[faction, a0]]
        return f"deploy the {ability} mech on {hex_name(a1)}"
    if kind == A_BUILD:
        return f"build the {STRUCTURES[a0]} on {hex_name(a1)}"
    if kind == A_ENLIST:
        return f"enlist the {BOTTOM_ACTIONS[a0]} recruit for the {ONE_TIME_BONUSES[a1]} bonus"
    if kind == A_NO_BENEFIT:
        return "take no benefit"
    if kind == A_FIGHT:
        return f"fight on {hex_name(a0)}"
    if kind == A_DIAL:
        return f"{FACTIONS[faction]} dials {a0} power"
    if kind == A_COMBAT_CARD:
        return f"{FACTIONS[faction]} adds a combat card ({CARD_VALUES[a0]})"
    if kind == A_END_CARDS:
        return f"{FACTIONS[faction]} adds no more combat cards"
    return f"{ACTION_KINDS[kind]} {a0} {a1}"
