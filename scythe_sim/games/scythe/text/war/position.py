"""All Out War's part of the position JSON ("war": docs/position-format.md): each
player's war values, divisions and standard score, and the war Move in progress (what
its divisions did, its attacking groups)."""
from scythe_sim.errors import PositionError

from ...enums import N_LOC, hex_name
from ...layout import SCORE_FIELDS, UNIT_MECH0, UNIT_WORKER0
from ...variants.war.layout import (FROM_AIRSHIP, G_WAR_STAGE, MAX_WAR_GROUPS, WAR_FIELDS, WAR_MOVED,
                                    WAR_STAGE_MOBILIZATION, WAR_STAGE_NONE, WG_DIVISIONS, WG_MECHS, WG_ORIGIN,
                                    WG_TERRITORY)
from ..position_checks import least, location, most, no_unknown, whole

WAR_KEYS = {"players", "divisions", "moved", "groups", "standard_score"}


# --- its part of text/position.py (variants/hooks.py: "position") ----------------------

def top_to_dict(state, n) -> dict:
    """The position's "war" entry, once a war is due."""
    return {"war": war_to_dict(state, n)} if state.game[G_WAR_STAGE] != WAR_STAGE_NONE else {}


def top_from_dict(s, data, n):
    if "war" in data:
        war_from_dict(s, data["war"], n)


def kept_score(state):
    """The standard game's score the state kept when the war began (its SCORE_FIELDS
    rows), once the war is mobilising; else None."""
    return state.standard_score if state.game[G_WAR_STAGE] >= WAR_STAGE_MOBILIZATION else None


def units_may_share(s) -> bool:
    """In the war, two factions' units may stand on one territory (it is contested)."""
    return s.game[G_WAR_STAGE] != WAR_STAGE_NONE


def war_to_dict(state, n):
    """All Out War's fields (written once a war is due; the war_* game fields are in
    game.turn_state)."""
    return {
        "players": [{name: int(state.war[p, f]) for f, name in enumerate(WAR_FIELDS)} for p in range(n)],
        "divisions": [{hex_name(loc): int(state.divisions[p, loc]) for loc in range(N_LOC)
                       if state.divisions[p, loc]} for p in range(n)],
        "moved": {hex_name(loc): {name: int(state.war_moved[loc, k]) for k, name in enumerate(WAR_MOVED)}
                  for loc in range(N_LOC) if state.war_moved[loc].any()},
        "groups": _groups_to_list(state),
        "standard_score": [{name: int(state.standard_score[p, f]) for f, name in enumerate(SCORE_FIELDS)}
                           for p in range(n)],
    }


def _groups_to_list(state):
    """The groups in slot order up to the last one recorded, a slot a retreat struck off
    as null: a later group of the Move takes the first free slot, and the slots' order
    is the order in which a fight's losses come off the groups."""
    groups = [_group_to_dict(row) if row[WG_TERRITORY] >= 0 else None for row in state.war_groups]
    while groups and groups[-1] is None:
        groups.pop()
    return groups


def _group_to_dict(row):
    """An attacking group of the war Move: where it entered, from where ("airship": a
    blitz drop), its divisions and mechs (unit slots)."""
    origin = int(row[WG_ORIGIN])
    return {"territory": hex_name(int(row[WG_TERRITORY])),
            "from": "airship" if origin == FROM_AIRSHIP else hex_name(origin),
            "divisions": int(row[WG_DIVISIONS]),
            "mechs": [u for u in range(UNIT_MECH0, UNIT_WORKER0) if (int(row[WG_MECHS]) >> u) & 1]}


def _group_from_dict(s, g, entry, where):
    no_unknown(entry, ("territory", "from", "divisions", "mechs"), where)
    s.war_groups[g, WG_TERRITORY] = location(entry.get("territory"), f"{where}.territory")
    frm = entry.get("from")
    s.war_groups[g, WG_ORIGIN] = FROM_AIRSHIP if frm == "airship" else location(frm, f"{where}.from")
    s.war_groups[g, WG_DIVISIONS] = whole(entry.get("divisions", 0), f"{where}.divisions", 0,
                                                     most("war_groups"))
    mechs = entry.get("mechs", [])
    if not isinstance(mechs, list) or any(m not in range(UNIT_MECH0, UNIT_WORKER0) for m in mechs):
        raise PositionError(f"{where}.mechs: give mech unit slots {UNIT_MECH0}..{UNIT_WORKER0 - 1}")
    s.war_groups[g, WG_MECHS] = sum(1 << m for m in set(mechs))


def war_from_dict(s, war, n):
    if not isinstance(war, dict):
        raise PositionError("war: give an object with " + ", ".join(sorted(WAR_KEYS)))
    no_unknown(war, WAR_KEYS, "war")
    for key in ("players", "divisions", "standard_score"):
        if not isinstance(war.get(key, []), list) or len(war.get(key, [])) > n:
            raise PositionError(f"war.{key}: give a list of at most one entry per player")
    for p, entry in enumerate(war.get("players", [])):
        no_unknown(entry, WAR_FIELDS, f"war.players[{p}]")
        for name, value in entry.items():
            s.war[p, WAR_FIELDS.index(name)] = whole(value, f"war.players[{p}].{name}", least("war"), most("war"))
    for p, entry in enumerate(war.get("divisions", [])):
        no_unknown(entry, [hex_name(i) for i in range(N_LOC)], f"war.divisions[{p}]")
        for name, count in entry.items():
            s.divisions[p, location(name, f"war.divisions[{p}]")] = whole(count, f"war.divisions[{p}].{name}", 0,
                                                                                most("divisions"))
    moved = war.get("moved", {})
    no_unknown(moved, [hex_name(i) for i in range(N_LOC)], "war.moved")
    for name, counts in moved.items():
        no_unknown(counts, WAR_MOVED, f"war.moved.{name}")
        for k, what in enumerate(WAR_MOVED):
            s.war_moved[location(name, "war.moved"), k] = whole(counts.get(what, 0), f"war.moved.{name}.{what}", 0,
                                                                      most("war_moved"))
    groups = war.get("groups", [])
    if not isinstance(groups, list) or len(groups) > MAX_WAR_GROUPS:
        raise PositionError(f"war.groups: give a list of at most {MAX_WAR_GROUPS} groups")
    for g, entry in enumerate(groups):
        if entry is not None:          # null: a slot struck off by a retreat
            _group_from_dict(s, g, entry, f"war.groups[{g}]")
    for p, entry in enumerate(war.get("standard_score", [])):
        no_unknown(entry, SCORE_FIELDS, f"war.standard_score[{p}]")
        for name, value in entry.items():
            s.standard_score[p, SCORE_FIELDS.index(name)] = whole(value, f"war.standard_score[{p}].{name}",
                                                                 least("standard_score"), most("standard_score"))
