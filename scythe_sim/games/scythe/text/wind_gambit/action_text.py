"""The Wind Gambit's rows in words (text/codec.py's describe calls it through
variants/hooks.py, "action_text"; docs/RULES.md "The Wind Gambit"): the airship's rows
and airship against airship."""
from ...enums import CARD_VALUES, FACTIONS, RESOURCES, hex_name
from ...layout import (A_AIRSHIP_ATTACK, A_AIRSHIP_BOARD, A_AIRSHIP_LAND, A_AIRSHIP_LOAD, A_AIRSHIP_STEP,
                      A_AIRSHIP_STOP, A_AIRSHIP_UNLOAD, A_PAY_AIRSHIP, A_SELECT_AIRSHIP, A_SHIP_CARD, A_SHIP_DIAL,
                      A_SHIP_END_CARDS, P_FACTION)

_AIRSHIP_TEXT = {A_AIRSHIP_ATTACK: "", A_SELECT_AIRSHIP: "move the airship from {here}",
                 A_AIRSHIP_STEP: "airship -> {to}", A_AIRSHIP_LOAD: "load {a1} {res} onto the airship",
                 A_AIRSHIP_UNLOAD: "unload {a1} {res} from the airship",
                 A_AIRSHIP_BOARD: "a worker boards the airship{frm}", A_AIRSHIP_LAND: "drop a worker off the airship{onto}",
                 A_AIRSHIP_STOP: "stop the airship", A_PAY_AIRSHIP: "pay from the airship's cargo"}
_SHIP_TEXT = {A_SHIP_DIAL: "{me} dials {a0} power (airship fight)",
              A_SHIP_CARD: "{me} adds a combat card ({card}) (airship fight)",
              A_SHIP_END_CARDS: "{me} adds no more combat cards (airship fight)"}


def describe(state, tables, p, row):
    """The line of an airship row of player p, or None for another kind."""
    kind, a0, a1, _ = (int(x) for x in row)
    if kind in _AIRSHIP_TEXT:
        return _describe_airship(state, p, kind, a0, a1)
    if kind in _SHIP_TEXT:
        me = FACTIONS[int(state.player[p, P_FACTION])]
        card = CARD_VALUES[a0] if kind == A_SHIP_CARD else ""
        return _SHIP_TEXT[kind].format(me=me, a0=a0, card=card)
    return None


def _describe_airship(state, p, kind, a0, a1):
    if kind == A_AIRSHIP_ATTACK:
        target = FACTIONS[int(state.player[a0, P_FACTION])]
        if a1 > 0:
            return f"bombard {target}: pay {a1} resource(s) from the airship"
        return f"Blitzkrieg: attack {target}'s airship"
    loc = int(state.airship_loc[p])
    here = hex_name(loc)
    to = hex_name(a0) if kind == A_AIRSHIP_STEP else ""
    res = RESOURCES[a0] if kind in (A_AIRSHIP_LOAD, A_AIRSHIP_UNLOAD) else ""
    # Ferry: boarding from, or leaving onto, the land beside the airship's lake
    shore = int(state.unit_loc[p, a0]) if kind == A_AIRSHIP_BOARD else a1
    frm = f" from {hex_name(shore)}" if kind == A_AIRSHIP_BOARD and shore != loc else ""
    onto = f" onto {hex_name(a1)}" if kind == A_AIRSHIP_LAND and a1 != loc else ""
    return _AIRSHIP_TEXT[kind].format(here=here, to=to, a1=a1, res=res, frm=frm, onto=onto)
