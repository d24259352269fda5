"""players[].airship in position JSON (The Wind Gambit; docs/position-format.md).

{"location": "T12", "aggressive": "toll", "passive": "boost", "cargo": {"oil": 1},
 "workers_aboard": 0}: written only for a game with airships. Workers aboard (only in the
middle of the airship's move) take the worker slots after those on the board, unless
"worker_slots" names theirs (0 = the first worker): to_dict writes it where they differ.
All Out War
adds "divisions" (aboard) and "destroyed": true (then "location" is "off board").
"""
from scythe_sim.errors import PositionError

from ...enums import RESOURCES, hex_name, parse_loc
from ...layout import (AS_AGGRESSIVE, AS_ATTACKED, AS_DESTROYED, AS_DIVISIONS, AS_PASSIVE, AS_RES0, AS_STEPS, AS_WORKERS, N_UNITS,
                     OFF_BOARD, UNIT_WORKER0)
from ...tables import load_data
from ...variants.wind_gambit.airships import N_AGGRESSIVE

AIRSHIP_KEYS = {"location", "aggressive", "passive", "cargo", "workers_aboard", "worker_slots", "attacked",
                "steps", "divisions", "destroyed"}


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
    slots = [w - UNIT_WORKER0 for w in range(UNIT_WORKER0, N_UNITS) if int(ship[AS_WORKERS]) >> w & 1]
    aboard = len(slots)
    return {"airship": {
        "location": hex_name(loc) if loc != OFF_BOARD else "off board",
        "aggressive": names[int(ship[AS_AGGRESSIVE]) - 1],
        "passive": names[int(ship[AS_PASSIVE]) - 1],
        "cargo": {RESOURCES[r]: int(ship[AS_RES0 + r]) for r in range(len(RESOURCES)) if ship[AS_RES0 + r]},
        **({"workers_aboard": aboard} if aboard else {}),
        # which worker slots ride it, where they are not the ones after the workers on the board
        **({"worker_slots": slots} if aboard and slots != _default_slots(state, p, aboard) else {}),
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
    slots = entry.get("worker_slots")
    if slots is not None:
        _workers_into_slots(s, p, aboard, slots, f"{where}.worker_slots")
        return
    for w in range(UNIT_WORKER0, N_UNITS):
        if aboard and s.unit_loc[p, w] == OFF_BOARD:
            s.airship[p, AS_WORKERS] |= 1 << w
            aboard -= 1
    if aboard:
        raise PositionError(f"{where}.workers_aboard: more workers than the supply holds")


def _default_slots(state, p, aboard):
    """The worker slots a reader gives the workers aboard when the position does not say:
    the first ones after the workers on the board."""
    on_board = sum(int(state.unit_loc[p, w]) != OFF_BOARD for w in range(UNIT_WORKER0, N_UNITS))
    return list(range(on_board, on_board + aboard))


def _workers_into_slots(s, p, aboard, slots, where):
    """The workers aboard in the given worker slots (0 = the first worker), the workers on
    the board (read into the first slots, in order) moved into the other slots, in order:
    the slots the game had, which the turn's masks and the drop-off rows name."""
    n_workers = N_UNITS - UNIT_WORKER0
    if (not isinstance(slots, list) or len(slots) != aboard or len(set(slots)) != len(slots)
            or any(isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < n_workers for k in slots)):
        raise PositionError(f"{where}: give {aboard} distinct worker slots 0..{n_workers - 1}, got {slots!r}")
    board = [int(s.unit_loc[p, w]) for w in range(UNIT_WORKER0, N_UNITS) if s.unit_loc[p, w] != OFF_BOARD]
    if len(board) + aboard > n_workers:
        raise PositionError(f"{where}: more workers than the supply holds")
    free = [k for k in range(n_workers) if k not in slots]
    for k in range(n_workers):
        s.unit_loc[p, UNIT_WORKER0 + k] = OFF_BOARD
    for loc, k in zip(board, free):
        s.unit_loc[p, UNIT_WORKER0 + k] = loc
    for k in slots:
        s.airship[p, AS_WORKERS] |= 1 << (UNIT_WORKER0 + k)
