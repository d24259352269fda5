"""The Wind Gambit in a playthrough (playthrough.py calls it through variants/hooks.py,
"narration"): the resolution tile on the setup line and its known end on a turn's line,
airship fights and the tolls an airship takes."""
from ...enums import FACTIONS, hex_name
from ...layout import (AS_RES0, G_ACTIVE, G_ATK_CARDS, G_ATK_DIAL, G_COMBAT_HEX, G_DEFENDER, G_DEF_CARDS,
                      G_DEF_DIAL, G_N_PLAYERS, G_PHASE, PH_SHIP_CARDS, PH_SHIP_DIAL, P_FACTION, P_POWER)
from .resolution_text import resolution_line, turns_left


def _name(s, p):
    return FACTIONS[int(s.player[p, P_FACTION])]


def setup_note(s, t):
    """The resolution tile in play, or ""."""
    return resolution_line(s, t)


def turn_note(s, t):
    """A resolution tile's known end, after a turn's line, or ""."""
    left = turns_left(s, t)
    return f" [resolution: {left} turns left after this one]" if left is not None else ""


def fight_event(a, b):
    """An airship fight beginning or ending with the decision (a before, b after), else None."""
    if b.game[G_PHASE] == PH_SHIP_DIAL and a.game[G_PHASE] != PH_SHIP_CARDS:
        return _ship_fight_start(b)
    if a.game[G_PHASE] == PH_SHIP_CARDS and b.game[G_PHASE] != PH_SHIP_CARDS and b.game[G_PHASE] != PH_SHIP_DIAL:
        return _ship_fight_result(a, b)
    return None


def _ship_fight_start(b):
    """An airship fight begins (Blitzkrieg, or the war's ship combat)."""
    p, q = int(b.game[G_ACTIVE]), int(b.game[G_DEFENDER])
    return (f"airship fight on {hex_name(int(b.game[G_COMBAT_HEX]))}: {_name(b, p)} attacks {_name(b, q)}'s "
            f"airship (power {int(b.player[p, P_POWER])} vs {int(b.player[q, P_POWER])}, "
            f"cards {int(b.hand[p].sum())} vs {int(b.hand[q].sum())})")


def _ship_fight_result(a, b):
    p, q = int(a.game[G_ACTIVE]), int(a.game[G_DEFENDER])
    attack = int(a.game[G_ATK_DIAL] + a.game[G_ATK_CARDS])
    defence = int(a.game[G_DEF_DIAL] + a.game[G_DEF_CARDS])
    winner, loser = (p, q) if attack >= defence else (q, p)
    fate = "is destroyed" if b.airship_loc[loser] < 0 else "retreats home"
    return f"{_name(b, p)} {attack} vs {_name(b, q)} {defence}: {_name(b, winner)} wins, {_name(b, loser)}'s airship {fate}"


def events(a, b):
    """Resources a toll airship took from the mover."""
    out = []
    for q in range(int(b.game[G_N_PLAYERS])):
        taken = int(b.airship[q, AS_RES0:AS_RES0 + 4].sum() - a.airship[q, AS_RES0:AS_RES0 + 4].sum())
        if q != int(b.game[G_ACTIVE]) and taken > 0:
            out.append(f"{_name(b, q)}'s airship takes {taken} resource(s) in toll")
    return out
