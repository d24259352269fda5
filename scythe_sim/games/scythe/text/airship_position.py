"""players[].airship in position JSON (The Wind Gambit; docs/position-format.md).

{"location": "T12", "aggressive": "toll", "passive": "boost", "cargo": {"oil": 1},
 "workers_aboard": 0}: written only for a game with airships. Workers aboard (only in the
middle of the airship's move) take the worker slots after those on the board. All Out War
adds "divisions" (aboard) and "destroyed": true (then "location" is "off board").
"""
from scythe_sim.errors import PositionError

from ..airships import N_AGGRESSIVE
from ..enums import RESOURCES, hex_name, parse_loc
from ..layout import (AS_AGGRESSIVE, AS_ATTACKED, AS_DESTROYED, AS_DIVISIONS, AS_PASSIVE, AS_RES0, AS_STEPS, AS_WORKERS, N_UNITS,
                     OFF_BOARD, UNIT_WORKER0)
from ..tables import load_data

AIRSHIP_KEYS = {"location", "aggressive", "passive", "cargo", "workers_aboard", "attacked", "steps",
                "divisions", "destroyed"}


def tile_names() -> tuple:
    return tuple(tile["name"] for tile in load_data()["airships"]["tile"])


def airship_to_dict(state, p) -> dict:
    """The airship's entry, or {} in a game without airships."""
    loc = int(state.airship_loc[p])
    destroyed = bool(state.airship[p, AS_DESTROYED])
    if loc == OFF_BOARD and not destroyed:
        return {}
    names = tile_names()
    ship = state.airship[p]
    aboard = bin(int(ship[AS_WORKERS])).count("1")
    return {"airship": {
        "location": hex_name(loc) if loc != OFF_BOARD else "off board",
        "aggressive": names[int(ship[AS_AGGRESSIVE]) - 1],
        "passive": names[int(ship[AS_PASSIVE]) - 1],
        "cargo": {RESOURCES[r]: int(ship[AS_RES0 + r]) for r in range(len(RESOURCES)) if ship[AS_RES0 + r]},
        **({"workers_aboard": aboard} if aboard else {}),
        # the airship move's scratch: its attack used, territories entered
        **({"attacked": int(ship[AS_ATTACKED])} if ship[AS_ATTACKED] else {}),
        **({"steps": int(ship[AS_STEPS])} if ship[AS_STEPS] else {}),
        # All Out War: divisions aboard, and an airship destroyed in a ship combat
        **({"divisions": int(ship[AS_DIVISIONS])} if ship[AS_DIVISIONS] else {}),
        **({"destroyed": True} if destroyed else {}),
    }}


def airship_from_dict(s, p, entry, where):
    """Read players[p].airship (after the workers on the board were placed)."""
    if not isinstance(entry, dict):
        raise PositionError(f"{where}: expected an object")
    extra = sorted(set(entry) - AIRSHIP_KEYS)
    if extra:
        raise PositionError(f"{where}: unknown field {extra[0]!r} (allowed: {', '.join(sorted(AIRSHIP_KEYS))})")
    destroyed = entry.get("destroyed", False)
    if not isinstance(destroyed, bool):
        raise PositionError(f"{where}.destroyed: expected true or false, got {destroyed!r}")
    s.airship[p, AS_DESTROYED] = int(destroyed)
    try:
        s.airship_loc[p] = OFF_BOARD if destroyed else parse_loc(entry.get("location"))
    except (ValueError, TypeError) as exc:
        raise PositionError(f"{where}.location: {exc}") from None
    names = tile_names()
    for key, field, first in (("aggressive", AS_AGGRESSIVE, 0), ("passive", AS_PASSIVE, N_AGGRESSIVE)):
        allowed = names[first:first + N_AGGRESSIVE]
        name = entry.get(key)
        if name not in allowed:
            raise PositionError(f"{where}.{key}: unknown {name!r} (choose one of {', '.join(allowed)})")
        s.airship[p, field] = first + allowed.index(name) + 1
    cargo = entry.get("cargo", {})
    if not isinstance(cargo, dict) or set(cargo) - set(RESOURCES):
        raise PositionError(f"{where}.cargo: give {{resource: count}} with resources {', '.join(RESOURCES)}")
    for name, count in cargo.items():
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 3:
            raise PositionError(f"{where}.cargo.{name}: expected a count 0..3, got {count!r}")
        s.airship[p, AS_RES0 + RESOURCES.index(name)] = count
    for key, field, top in (("attacked", AS_ATTACKED, 1), ("steps", AS_STEPS, 99), ("divisions", AS_DIVISIONS, 99)):
        value = entry.get(key, 0)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
            raise PositionError(f"{where}.{key}: expected 0..{top}, got {value!r}")
        s.airship[p, field] = value
    aboard = entry.get("workers_aboard", 0)
    if isinstance(aboard, bool) or not isinstance(aboard, int) or not 0 <= aboard <= 2:
        raise PositionError(f"{where}.workers_aboard: expected 0..2, got {aboard!r}")
    for w in range(UNIT_WORKER0, N_UNITS):
        if aboard and s.unit_loc[p, w] == OFF_BOARD:
            s.airship[p, AS_WORKERS] |= 1 << w
            aboard -= 1
    if aboard:
        raise PositionError(f"{where}.workers_aboard: more workers than the supply holds")
