"""Actions as readable text: `describe` turns a legal row into a line of a playthrough."""
from ..enums import (BOTTOM_ACTIONS, CARD_VALUES, CUBE_CARDS, CUBE_GAIN, CUBE_MOVE,
                    CUBE_POPULARITY, CUBE_POWER, FACTIONS, FACTORY_SECTION, MECH_ABILITIES,
                    ONE_TIME_BONUSES, RESOURCES, STRUCTURES, TECH_CUBES, TERRAINS, TOP_ACTIONS,
                    TRAP_PENALTIES, hex_name)
from .cardtext import OPTION_LETTERS, objective_name, option_text
from ..layout import (ACTION_KINDS, A_BOLSTER_CARDS, A_BOLSTER_POWER, A_BOTTOM, A_BUILD,
                     A_COMBAT_CARD, A_DEPLOY, A_DIAL, A_DROP_RESOURCE, A_DROP_WORKER,
                     A_ENCOUNTER_OPTION, A_END_CARDS, A_END_ENCOUNTER, A_END_MOVE,
                     A_END_PRODUCE, A_ENLIST, A_FACTORY_TOP, A_FIGHT, A_GAIN_COINS,
                     A_GAIN_RESOURCES, A_MOVE, A_NO_BENEFIT, A_PAY_COERCION, A_PAY_RESOURCE,
                     A_PICK_RESOURCE, A_PICK_WORKER, A_PRODUCE, A_PRODUCE_HEX,
                     A_REVEAL_OBJECTIVE, A_SECTION, A_SELECT_UNIT, A_SKIP, A_STEP, A_STOP,
                     A_TAKE_FACTORY, A_TRADE_HEX, A_TRADE_POPULARITY, A_TRADE_RESOURCES,
                     A_UPGRADE, G_DECIDER, G_ENC_CARD, G_MOVER, G_PHASE, PH_END_TURN,
                     PH_FREE_ACTION, PH_PLACE_TOKEN, PH_TOP, A_PLACE_FLAG, A_PLACE_TRAP,
                     A_ARTILLERY, PH_ARTILLERY, A_RONIN, PH_RONIN, A_RETREAT_HAVEN, A_RETREAT_LAKE, PH_RETREAT,
                     P_CUBE0, P_FACTION, P_FACTORY_CARD, P_MAT, P_MECH_ABILITY0, P_REDUCED0, UNIT_CHARACTER,
                     UNIT_CHARACTER as _CHAR, UNIT_MECH0, UNIT_WORKER0)
from ..variants import hooks


# action kinds by the rule they belong to (named, never ranges of ids)
_CARD_KINDS = (A_ENCOUNTER_OPTION, A_END_ENCOUNTER, A_GAIN_RESOURCES, A_TAKE_FACTORY,
               A_FACTORY_TOP, A_REVEAL_OBJECTIVE)
_BENEFIT_KINDS = (A_UPGRADE, A_DEPLOY, A_BUILD, A_ENLIST)


def mech_name(state, tables, p, slot) -> str:
    """The name of player p's mech in this slot: the mech ability it carries (the player's
    own fields), or for one a house rule switched off, its faction's mech of that slot."""
    ability = int(state.player[p, P_MECH_ABILITY0 + slot])
    if ability < 0:
        ability = int(tables.fac_mechs[state.player[p, P_FACTION], slot])
    return MECH_ABILITIES[ability]


def unit_name(state, tables, p: int, u: int) -> str:
    if u == UNIT_CHARACTER:
        return "character"
    if u < UNIT_WORKER0:
        return f"{mech_name(state, tables, p, u - UNIT_MECH0)} mech"
    return "worker"


def cube_amount(state, tables, p, cube):
    """A top-row amount of player p, with or without its technology cube moved."""
    return int(tables.top_amount[cube, state.player[p, P_CUBE0 + cube]])


def describe(state, tables, row) -> str:
    """One readable line for a legal action row (kind, a0, a1, a2) in this state."""
    kind, a0, a1, _ = (int(x) for x in row)
    for part in hooks.parts("action_text"):      # a variant's row that reads as the standard game's
        kind = getattr(part, "READS_AS", {}).get(kind, kind)
    p = int(state.game[G_DECIDER])
    faction = int(state.player[p, P_FACTION])
    mat = int(state.player[p, P_MAT])
    if kind == A_SECTION:
        if a0 == FACTORY_SECTION:
            return f"section 5: Factory card {int(state.player[p, P_FACTORY_CARD]) + 1}"
        top = TOP_ACTIONS[tables.mat_top[mat, a0]]
        return f"section {a0 + 1}: {top} / {BOTTOM_ACTIONS[a0]}"
    if kind == A_SKIP:
        phase = state.game[G_PHASE]
        if phase == PH_END_TURN:
            return "end the turn"
        if phase == PH_PLACE_TOKEN:
            return "place no faction token"
        if phase == PH_ARTILLERY:
            return f"{FACTIONS[faction]} does not use Artillery"
        if phase == PH_RONIN:
            return f"{FACTIONS[faction]} does not use Ronin"
        if phase == PH_RETREAT:
            return f"{FACTIONS[faction]} retreats home"
        return "skip the top action" if phase == PH_TOP else "skip the bottom action"
    if kind in _CARD_KINDS:
        return _describe_card(state, tables, p, kind, a0, a1)
    if state.game[G_PHASE] == PH_FREE_ACTION and (kind in _BENEFIT_KINDS or kind == A_NO_BENEFIT):
        return "free " + _describe_benefit(state, tables, p, kind, a0, a1) if kind != A_NO_BENEFIT \
            else "decline the free action"
    if kind == A_GAIN_COINS:
        return f"gain ${cube_amount(state, tables, p, CUBE_GAIN)}"
    if kind == A_MOVE:
        return f"move up to {cube_amount(state, tables, p, CUBE_MOVE)} units"
    if kind == A_BOLSTER_POWER:
        return f"bolster: +{cube_amount(state, tables, p, CUBE_POWER)} power"
    if kind == A_BOLSTER_CARDS:
        return f"bolster: +{cube_amount(state, tables, p, CUBE_CARDS)} combat card(s)"
    if kind == A_TRADE_RESOURCES:
        names = RESOURCES[a0] + ("" if a1 < 0 else f" + {RESOURCES[a1]}")
        return f"trade: {names}"
    if kind == A_TRADE_POPULARITY:
        return f"trade: +{cube_amount(state, tables, p, CUBE_POPULARITY)} popularity"
    if kind == A_PRODUCE:
        return "produce"
    if kind == A_SELECT_UNIT:
        return f"move the {unit_name(state, tables, p, a0)} from {hex_name(int(state.unit_loc[p, a0]))}"
    if kind == A_STEP:
        mover = unit_name(state, tables, p, int(state.game[G_MOVER]))
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
    if kind == A_BOTTOM and a0 == FACTORY_SECTION:
        return f"Factory move: one unit up to {int(tables.factory_steps[0])} hexes"
    if kind == A_BOTTOM:
        cost = int(tables.mat_cost[mat, a0] - state.player[p, P_REDUCED0 + a0])
        return f"{BOTTOM_ACTIONS[a0]}: pay {cost} {RESOURCES[a0]}"
    if kind == A_PAY_RESOURCE:
        return f"pay from {hex_name(a0)}"
    if kind == A_PAY_COERCION:
        return f"pay with a combat card ({CARD_VALUES[a0]}) by Coercion"
    if kind in _BENEFIT_KINDS:
        return _describe_benefit(state, tables, p, kind, a0, a1)
    if kind == A_NO_BENEFIT:
        return "take no benefit"
    if kind == A_FIGHT:
        return f"fight on {hex_name(a0)}"
    if kind == A_ARTILLERY:
        return f"{FACTIONS[faction]} pays 1 power for Artillery: the opponent loses 2"
    if kind == A_RONIN:
        return f"{FACTIONS[faction]} gains 2 power by Ronin"
    if kind == A_RETREAT_HAVEN:
        return f"{FACTIONS[faction]} retreats its units to its Safe Haven on {hex_name(a0)}"
    if kind == A_RETREAT_LAKE:
        return f"{FACTIONS[faction]} retreats its character and mechs onto the lake {hex_name(a0)}"
    if kind == A_PLACE_FLAG:
        return f"place a Flag on {hex_name(int(state.unit_loc[p, _CHAR]))}"
    if kind == A_PLACE_TRAP:
        return f"place an armed Trap ({TRAP_PENALTIES[a0]}) on {hex_name(int(state.unit_loc[p, _CHAR]))}"
    if kind == A_DIAL:
        return f"{FACTIONS[faction]} dials {a0} power"
    if kind == A_COMBAT_CARD:
        return f"{FACTIONS[faction]} adds a combat card ({CARD_VALUES[a0]})"
    if kind == A_END_CARDS:
        return f"{FACTIONS[faction]} adds no more combat cards"
    for text in hooks.each("action_text", "describe", state, tables, p, row):    # a variant's rows
        if text is not None:
            return text
    return f"{ACTION_KINDS[kind]} {a0} {a1}"


def _describe_benefit(state, tables, p, kind, a0, a1):
    if kind == A_UPGRADE:
        return f"upgrade: {TECH_CUBES[a0]} cube -> {BOTTOM_ACTIONS[a1]} cost"
    if kind == A_DEPLOY:
        ability = mech_name(state, tables, p, a0)
        return f"deploy the {ability} mech on {hex_name(a1)}"
    if kind == A_BUILD:
        return f"build the {STRUCTURES[a0]} on {hex_name(a1)}"
    return f"enlist the {BOTTOM_ACTIONS[a0]} recruit for the {ONE_TIME_BONUSES[a1]} bonus"


def _describe_card(state, tables, p, kind, a0, a1):
    if kind == A_ENCOUNTER_OPTION:
        card = int(state.game[G_ENC_CARD])
        where = hex_name(int(state.unit_loc[p, _CHAR]))
        text = option_text(tables.enc_option[card, a0])
        return f"encounter card {card + 1} on {where}, option {OPTION_LETTERS[a0]}: {text}"
    if kind == A_END_ENCOUNTER:
        return "take no second encounter option"
    if kind == A_GAIN_RESOURCES:
        taken = [f"{(a0 >> (4 * r)) & 15} {name}" for r, name in enumerate(RESOURCES) if (a0 >> (4 * r)) & 15]
        return f"take {' + '.join(taken)} on {hex_name(a1)}"
    if kind == A_TAKE_FACTORY:
        return f"keep Factory card {a0 + 1} ({option_text(tables.factory_top[a0])})"
    if kind == A_FACTORY_TOP:
        card = int(state.player[p, P_FACTORY_CARD])
        paid = "" if a0 < 0 else f" (gives up a {CARD_VALUES[a0]})"
        return f"Factory card {card + 1}: {option_text(tables.factory_top[card])}{paid}"
    return f"reveal objective {objective_name(a0)}"
