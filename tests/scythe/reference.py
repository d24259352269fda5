"""A slow, independent, pure-Python reference for movement reach and final scoring.

Written from the rules text (shared/reference/scythe_facts.md sections 1, 3, 4, 5, 9, 12
and the rules summary in shared/seeds/001_*.txt), not from the kernel: it never imports
``scythe_sim.games.scythe.kernel``. It only reads the raw game data (``scythe_sim.games.scythe.tables.load_data``:
terrain, row/col, rivers, tunnels, encounter symbols, home bases, faction mechs and
Riverwalk terrains, scoring tiers and structure-bonus payouts) and works on a position
dict in the format of ``scythe_sim/games/scythe/text/position.py`` (docs/position-format.md).

Adjacency is derived here. The board is an "odd-r" offset grid: row 0 on top, odd rows
shifted half a hex to the right. The six neighbours of (row, col) are E (r, c+1),
W (r, c-1) and, on an even row, NE (r-1, c), NW (r-1, c-1), SE (r+1, c), SW (r+1, c-1);
on an odd row NE (r-1, c+1), NW (r-1, c), SE (r+1, c+1), SW (r+1, c). Home bases are
off-board cells with their own (row, col); they touch the board hexes around them by the
same rule. For straight lines ("in a row") the offset cell is turned into axial
coordinates q = col - (row - (row & 1)) / 2, r = row, whose three axes are the
directions (1, 0), (0, 1) and (1, -1).

Movement rules modelled (a single unit moving alone in one Move, no cargo):
- one step enters a physically adjacent territory; never a home base (except Wayfare);
  never a lake unless the unit is a character/mech with Seaworthy or Submerge deployed;
- crossing a river needs Riverwalk (character/mech, onto the faction's two Riverwalk
  terrains) or Swim (Nordic workers only);
- all six tunnel territories are mutually adjacent, and the player's own Mine counts as
  a tunnel for all of its units (a private tunnel);
- character and mechs use the deployed mech abilities: Speed (a second step), Seaworthy /
  Submerge (lakes; Submerge also lake to any lake), Township (controlled villages and the
  Factory mutually adjacent), Underpass (controlled mountains, all tunnels and the own
  Mine mutually adjacent), Wayfare (Crimea: to its own home base or the home base of any
  faction not in the game, from a territory or a home base);
- Invaders from Afar: Burrow (a river crossing into or out of a tunnel, the own Mine
  included), Rally (to any territory with an own worker or Flag), Toka (one river
  crossing in the move), Suiton (lakes), Shinobi (to any territory with an own Trap);
  with 6-7 players Wayfare goes to any farm without units instead of home bases;
- a character/mech stops on entering a territory with any enemy unit; the character also
  stops on entering a territory with an encounter token; any unit stops on entering an
  opponent's armed Trap;
- a worker makes one step, never into a territory holding an enemy unit, and cannot
  leave a territory holding an enemy character or mech;
- engine I has no combat yet: a character or mech standing with an enemy character or
  mech (a contact that combat would settle before anyone moves on) cannot move either.
Control (for Township/Underpass and scoring): a player controls a territory where it has
a unit, or where it has a structure and no enemy unit stands. A territory holding units
of two players (possible in a position before combat settles it) is controlled by
nobody: "only one player can control a territory" (facts section 12). While a unit
moves, it controls the territory it stands on (unless an enemy unit is there too).
"""
from __future__ import annotations

import functools

from scythe_sim.games.scythe.tables import load_data

FIGHTER_LAKE_ABILITIES = ("seaworthy", "submerge", "suiton")
MANY_PLAYERS = 6   # from this many players Wayfare and Meander change (Invaders from Afar)


@functools.lru_cache(maxsize=1)
def _data():
    return load_data()


# --- the board, derived from the raw data ---------------------------------------------

def odd_r_cells(row, col):
    """The six cells around (row, col) in the odd-r offset layout."""
    if row & 1:
        return [(row, col + 1), (row, col - 1), (row - 1, col + 1), (row - 1, col),
                (row + 1, col + 1), (row + 1, col)]
    return [(row, col + 1), (row, col - 1), (row - 1, col), (row - 1, col - 1),
            (row + 1, col), (row + 1, col - 1)]


def axial(row, col):
    return col - (row - (row & 1)) // 2, row


class Board:
    def __init__(self, data):
        b = data["board"]
        self.hexes = [h["id"] for h in b["hex"]]
        self.terrain = {h["id"]: h["terrain"] for h in b["hex"]}
        self.cell = {h["id"]: (h["row"], h["col"]) for h in b["hex"]}
        self.tunnels = frozenset(h["id"] for h in b["hex"] if h["tunnel"])
        self.encounter_hexes = frozenset(h["id"] for h in b["hex"] if h["encounter"])
        self.lakes = frozenset(x for x in self.hexes if self.terrain[x] == "lake")
        self.factory = next(x for x in self.hexes if self.terrain[x] == "factory")
        self.factions = list(data["factions"]["faction"])
        self.home = {f: f"home:{f}" for f in self.factions}
        for hb in b["home_base"]:
            self.cell[self.home[hb["faction"]]] = (hb["row"], hb["col"])
            self.terrain[self.home[hb["faction"]]] = "home"
        at = {cell: name for name, cell in self.cell.items()}
        # physical adjacency between every pair of locations (hexes and home bases),
        # except that two home bases are never joined (they are off-board cells)
        self.adj = {}
        for name, (r, c) in self.cell.items():
            near = {at[x] for x in odd_r_cells(r, c) if x in at}
            if self.is_home(name):
                near = {x for x in near if not self.is_home(x)}
            self.adj[name] = frozenset(near)
        # home-base contacts of the data must be exactly what the geometry gives
        for hb in b["home_base"]:
            assert self.adj[self.home[hb["faction"]]] == set(hb["adjacent"]), hb["faction"]
        self.rivers = {frozenset(e) for e in b["river_edges"]}
        for hb in b["home_base"]:
            for x in hb["river"]:
                self.rivers.add(frozenset((self.home[hb["faction"]], x)))
        for e in self.rivers:  # every river lies between two physically adjacent cells
            a, z = tuple(e)
            assert z in self.adj[a], e
        self.start_hexes = {hb["faction"]: list(hb["start_hexes"]) for hb in b["home_base"]}
        fac = data["factions"]["faction"]
        self.mechs = {f: list(fac[f]["mechs"]) for f in fac}
        self.riverwalk = {f: frozenset(fac[f]["riverwalk"]) for f in fac}
        self.faction_ability = {f: fac[f]["ability"] for f in fac}
        sc = data["scoring"]
        self.factory_territories = sc["factory_territories"]
        self.tiers = [(t["min"], t["max"], t["star"], t["territory"], t["resource_pair"])
                      for t in sc["popularity_tier"]]
        self.payouts = {name: [tuple(x) for x in v["payout"]]
                        for name, v in sc["structure_bonus"].items()}
        self.axial = {x: axial(*self.cell[x]) for x in self.hexes}
        self.at_axial = {v: k for k, v in self.axial.items()}

    @staticmethod
    def is_home(name):
        return name.startswith("home:")


@functools.lru_cache(maxsize=1)
def board():
    return Board(_data())


# --- reading a position -------------------------------------------------------------

def _pieces(position, b):
    """Per player: faction, character, mechs {ability: loc}, workers [loc], structures."""
    out = []
    for pl in position["players"]:
        f = pl["faction"]
        out.append({
            "faction": f,
            "character": pl.get("character", b.home[f]),
            "mechs": dict(pl.get("mechs", {})),
            "workers": list(pl.get("workers", b.start_hexes[f])),
            "structures": dict(pl.get("structures", {})),
        })
    return out


def _unit_locs(pc):
    """(location, is_fighter) for every unit of one player on the board."""
    units = [(pc["character"], True)] + [(loc, True) for loc in pc["mechs"].values()]
    return units + [(loc, False) for loc in pc["workers"]]


# --- movement ---------------------------------------------------------------------------

# Rules move_reach can switch off (rules_off), so a test can measure how often each rule
# decides an answer: a comparison only tests a rule on positions where switching the rule
# off changes the reference's answer.
MOVE_RULES = ("speed", "riverwalk", "swim", "lakes", "submerge_jump", "tunnels", "mine",
              "township", "underpass", "wayfare", "enemy_stop", "encounter_stop",
              "worker_blocked", "worker_pinned", "reenter_start", "moving_control",
              "contested_uncontrolled")
# the Invaders from Afar rules (measured on positions with Albion and Togawa)
INVADER_MOVE_RULES = ("burrow", "rally", "toka", "suiton", "shinobi", "trap_stop", "wayfare_farms")


def move_reach(position, player_index, unit, rules_off=frozenset()):
    """Locations where `unit` of player `player_index` can end one Move, moving alone.

    unit: "character", a mech by its ability name, or a worker by its location
    (e.g. "T05"; ("worker", "T05") also works). The start location is included only
    when the unit can step away and come back onto it (Speed).
    rules_off: names from MOVE_RULES to ignore (for coverage measurements only)."""
    on = {r: r not in rules_off for r in MOVE_RULES + INVADER_MOVE_RULES}
    b = board()
    pcs = _pieces(position, b)
    me = pcs[player_index]
    fac = me["faction"]
    abilities = set(me["mechs"])  # deployed mechs unlock their abilities

    if isinstance(unit, tuple):
        assert unit[0] == "worker"
        kind, start = "worker", unit[1]
    elif unit == "character":
        kind, start = "character", me["character"]
    elif unit in me["mechs"]:
        kind, start = "mech", me["mechs"][unit]
    else:
        kind, start = "worker", unit
        assert unit in me["workers"], f"no worker of player {player_index} at {unit}"
    fighter = kind != "worker"

    # what the other players have where
    enemy_unit, enemy_fighter = set(), set()
    for q, pc in enumerate(pcs):
        if q == player_index:
            continue
        for loc, is_f in _unit_locs(pc):
            enemy_unit.add(loc)
            if is_f:
                enemy_fighter.add(loc)
    # my other units (the mover taken out once) and my structures
    mine_units = [loc for loc, _ in _unit_locs(me)]
    mine_units.remove(start)
    my_structs = set(me["structures"].values())
    my_mine = me["structures"].get("mine")
    tunnels = set(b.tunnels) if on["tunnels"] else set()
    if my_mine and on["mine"]:
        tunnels.add(my_mine)  # the own Mine: a tunnel for this player's units only
    tokens = set(position.get("board", {}).get("encounter_tokens", []))
    faction_tokens = position.get("board", {}).get("tokens", {})
    my_flags = {x for x, e in faction_tokens.items() if e["owner"] == player_index and e["token"] == "flag"}
    my_traps = {x for x, e in faction_tokens.items() if e["owner"] == player_index and e["token"] == "trap"}
    enemy_armed = {x for x, e in faction_tokens.items() if e["owner"] != player_index
                   and e["token"] == "trap" and e.get("armed", True)}
    lake_abilities = set(FIGHTER_LAKE_ABILITIES) - (set() if on["suiton"] else {"suiton"})

    def controls(loc, cur):
        """Control while the mover stands on `cur` (it controls where it stands)."""
        if loc in enemy_unit:  # contested (or the enemy's): only one player can control
            if on["contested_uncontrolled"] or not (loc == cur or loc in mine_units):
                return False
        here = cur if on["moving_control"] else start
        return loc == here or loc in mine_units or loc in my_structs

    def may_enter_physically(a, z, toka=False):
        if b.is_home(z):
            return False  # no normal move ends on or passes a home base
        if z in b.lakes and not (fighter and on["lakes"] and abilities & lake_abilities):
            return False
        if frozenset((a, z)) in b.rivers:
            if fighter:
                burrow = on["burrow"] and "burrow" in abilities and (a in tunnels or z in tunnels)
                return (on["riverwalk"] and "riverwalk" in abilities
                        and b.terrain[z] in b.riverwalk[fac]) or burrow or toka
            return on["swim"] and b.faction_ability[fac] == "swim"
        return True

    def successors(cur, toka_left=False):
        """{location: True when only Toka's river crossing reaches it}."""
        out = _plain_successors(cur)
        with_toka = {}
        if fighter and toka_left and "toka" in abilities and on["toka"]:
            with_toka = {z: True for z in b.adj[cur] if z not in out and z != cur
                         and may_enter_physically(cur, z, toka=True)}
        return {**with_toka, **{z: False for z in out}}

    def _plain_successors(cur):
        out = {z for z in b.adj[cur] if may_enter_physically(cur, z)}
        if cur in tunnels:
            out |= tunnels
        if fighter:
            if "submerge" in abilities and cur in b.lakes and on["submerge_jump"] and on["lakes"]:
                out |= b.lakes
            if "township" in abilities and on["township"]:
                group = {x for x in b.hexes if b.terrain[x] == "village" and controls(x, cur)}
                group.add(b.factory)
                if cur in group:
                    out |= group
            if "underpass" in abilities and on["underpass"]:
                group = {x for x in b.hexes if b.terrain[x] == "mountain" and controls(x, cur)}
                group |= tunnels | set(b.tunnels)
                if cur in group:
                    out |= group
            if "wayfare" in abilities and on["wayfare"]:
                if len(pcs) >= MANY_PLAYERS and on["wayfare_farms"]:   # 6-7 players
                    occupied = {loc for pc in pcs for loc, _ in _unit_locs(pc)}
                    out |= {x for x in b.hexes if b.terrain[x] == "farm" and x not in occupied}
                else:
                    active = {pc["faction"] for pc in pcs}
                    out |= {b.home[fac]} | {b.home[f] for f in b.factions if f not in active}
            if "rally" in abilities and on["rally"]:
                out |= {x for x in me["workers"] if x in b.terrain and not b.is_home(x)} | my_flags
            if "shinobi" in abilities and on["shinobi"]:
                out |= my_traps
        out.discard(cur)
        return out

    if fighter and start in enemy_fighter and on["worker_pinned"]:
        return set()  # engine I: a contact pins every unit until combat settles it
    if not fighter:
        if start in enemy_fighter and on["worker_pinned"]:
            return set()  # a worker cannot leave a territory with an enemy character/mech
        return {z for z in successors(start) if z not in enemy_unit or not on["worker_blocked"]}

    reach = set()

    def walk(cur, steps, toka_left):
        for z, by_toka in successors(cur, toka_left).items():
            reach.add(z)
            stop = ((z in enemy_unit and on["enemy_stop"])
                    or (kind == "character" and z in tokens and on["encounter_stop"])
                    or (z in enemy_armed and on["trap_stop"]))
            if not stop and steps > 1:
                walk(z, steps - 1, toka_left and not by_toka)

    walk(start, 2 if "speed" in abilities and on["speed"] else 1, True)
    if not on["reenter_start"]:
        reach.discard(start)
    return reach


# --- final scoring ----------------------------------------------------------------------

def controllers(position, b=None, contested_uncontrolled=True):
    """{hex: set of players controlling it} for board hexes (home bases are not territories).

    A territory is controlled by the player with units there, else by the owner of the
    structure there. Where units of several players stand (a contested territory, which a
    combat would settle) nobody controls it: only one player can control a territory.
    contested_uncontrolled=False gives it to every player with units there instead."""
    b = b or board()
    pcs = _pieces(position, b)
    units = {}
    for p, pc in enumerate(pcs):
        for loc, _ in _unit_locs(pc):
            units.setdefault(loc, set()).add(p)
    out = {}
    for x in b.hexes:
        if x in units:
            if len(units[x]) == 1 or not contested_uncontrolled:
                out[x] = set(units[x])
            continue
        owners = {p for p, pc in enumerate(pcs) if x in pc["structures"].values()}
        if owners:
            out[x] = owners
    return out


def _payout(table, count):
    coins = 0
    for threshold, value in table:
        if count >= threshold:
            coins = value
    return coins


SCORE_RULES = ("contested_uncontrolled", "factory_triple", "in_a_row_third_axis",
               "adjacent_excludes_own_hex", "home_units_on_board")
# Invaders from Afar: an armed Trap alone controls its territory, a Flag away from Albion's
# home adds a territory, Meander's coins per encounter territory with 6-7 players
INVADER_SCORE_RULES = ("trap_control", "flags", "meander_coins")
TIE_BREAKERS = ("units", "power", "popularity", "resources", "territories", "stars")


def structure_bonus_count(tile, structs, b, axes=((1, 0), (0, 1), (1, -1)), own_hex=False):
    """The number the structure-bonus tile counts for a set of structure hexes.

    Adjacent-* tiles count distinct feature territories physically next to at least one
    structure (rivers do not matter; tunnel-to-tunnel "adjacency" is for Move only).
    In a row: the longest run of structures on consecutive hexes along one of the three
    hex axes (axial directions `axes`). own_hex=True (coverage only) also counts the
    feature a structure stands on."""
    structs = set(structs)
    if tile == "on_tunnels":
        return len(structs & b.tunnels)
    if tile == "on_farms_tundras":
        return sum(1 for x in structs if b.terrain[x] in ("farm", "tundra"))
    if tile in ("adjacent_tunnels", "adjacent_lakes", "adjacent_encounters"):
        feature = {"adjacent_tunnels": b.tunnels, "adjacent_lakes": b.lakes,
                   "adjacent_encounters": b.encounter_hexes}[tile]
        touched = set()
        for x in structs:
            touched |= {z for z in b.adj[x] if z in feature}  # physical neighbours only
            if own_hex and x in feature:
                touched.add(x)
        return len(touched)
    if tile == "in_a_row":
        best = 0
        for x in structs:
            q, r = b.axial[x]
            for dq, dr in axes:
                if b.at_axial.get((q - dq, r - dr)) in structs:
                    continue  # not the start of its line
                n, cq, cr = 0, q, r
                while b.at_axial.get((cq, cr)) in structs:
                    n, cq, cr = n + 1, cq + dq, cr + dr
                best = max(best, n)
        return best
    raise ValueError(f"unknown structure bonus tile {tile!r}")


def final_score(position, rules_off=frozenset(), tiebreakers=len(TIE_BREAKERS)):
    """Per player (turn order): the end-game score breakdown and rank (1 = winner).

    Score = coins + stars, territories and resource pairs paid by the popularity tier
    + the structure-bonus tile. Rank: by total, then the tie-breakers in TIE_BREAKERS
    order (workers+mechs+structures on the board, power, popularity, resources
    controlled, territories controlled, stars placed); players equal on all of them
    share the rank (1 + the number of players strictly ahead).
    rules_off (SCORE_RULES) and tiebreakers < 6 are for coverage measurements only."""
    b = board()
    data_mats = _mats()
    pcs = _pieces(position, b)
    ctrl = controllers(position, b, "contested_uncontrolled" not in rules_off)
    faction_tokens = position.get("board", {}).get("tokens", {})
    if "trap_control" not in rules_off:   # only where no unit and no structure stands
        pieces = {loc for pc in pcs for loc in [u for u, _ in _unit_locs(pc)] + list(pc["structures"].values())}
        for x, e in faction_tokens.items():
            if x not in pieces and e["token"] == "trap" and e.get("armed", True):
                ctrl[x] = {e["owner"]}
    factory_worth = 1 if "factory_triple" in rules_off else b.factory_territories
    axes = ((1, 0), (0, 1)) if "in_a_row_third_axis" in rules_off else ((1, 0), (0, 1), (1, -1))
    res_on = {x: sum(v.values()) for x, v in position.get("board", {}).get("resources", {}).items()}
    tile = position.get("game", {}).get("structure_bonus", "adjacent_tunnels")
    rows = []
    for p, (pl, pc) in enumerate(zip(position["players"], pcs)):
        popularity = pl.get("popularity", data_mats[pl["mat"]]["popularity"])
        power = pl.get("power", _faction_power(pl["faction"]))
        coins = pl.get("coins", data_mats[pl["mat"]]["coins"])
        tier = next(t for t in b.tiers if t[0] <= popularity <= t[1])
        held = [x for x, who in ctrl.items() if p in who]
        territories = sum(factory_worth if x == b.factory else 1 for x in held)
        if "flags" not in rules_off:   # not next to the Flag owner's (Albion's) home base
            territories += sum(1 for x in held if faction_tokens.get(x, {}).get("token") == "flag"
                               and faction_tokens[x]["owner"] == p and x not in b.adj[b.home[pl["faction"]]])
        if ("meander_coins" not in rules_off and len(pcs) >= MANY_PLAYERS
                and b.faction_ability[pl["faction"]] == "meander"):
            coins += 3 * sum(1 for x in held if x in b.encounter_hexes)
        resources = sum(res_on.get(x, 0) for x in held)
        stars = sum(pl.get("stars", {}).values())
        star_coins = stars * tier[2]
        territory_coins = territories * tier[3]
        resource_coins = (resources // 2) * tier[4]  # an odd token is worth nothing
        sb = _payout(b.payouts[tile],
                     structure_bonus_count(tile, pc["structures"].values(), b, axes,
                                           "adjacent_excludes_own_hex" in rules_off))
        total = coins + star_coins + territory_coins + resource_coins + sb
        # workers and mechs on a home base are on the board too (not on the mats)
        units = len(pc["workers"]) + len(pc["mechs"]) + len(pc["structures"])
        if "home_units_on_board" in rules_off:
            units -= sum(1 for x in pc["workers"] + list(pc["mechs"].values()) if b.is_home(x))
        key = (total, units, power, popularity, resources, territories, stars)
        rows.append({"coins": coins, "star_coins": star_coins, "territory_coins": territory_coins,
                     "resource_coins": resource_coins, "structure_bonus": sb, "total": total,
                     "stars": stars, "territories": territories, "resources": resources,
                     "_key": key[:1 + tiebreakers]})
    for row in rows:
        row["rank"] = 1 + sum(1 for other in rows if other["_key"] > row["_key"])
    for row in rows:
        del row["_key"]
    return rows


def _mats():
    return _data()["mats"]["mat"]


def _faction_power(faction):
    return _data()["factions"]["faction"][faction]["power"]
