"""The Automa: the official solo opponent's card-driven logic playing one seat of a
multi-player game through the normal rules engine (docs/AUTOMA.md).

At the start of each of its turns the seat draws a card from its own shuffled Automa
deck (kept in work.memory) and reads the half of the scheme in force: the first legal
Move alternative asks for a Move (one unit, one step, toward the card's goal);
otherwise the Gain line asks for a section (power/combat card -> Bolster, coin -> Move
/Gain coins, worker -> Produce, mech -> the Deploy section). The section asked for gets
a bonus in the greedy planner's comparison of sections (the seat has a real mat and pays
real costs, which the solo rules never weigh). A card with a star moves the Star
Tracker; the level's tracker gives the river point and the Scheme II switch. Each
combat draws a fresh card whose combat section sets the dial (by power band, capped)
and the number of combat cards. What the solo rules leave open is the greedy planner's.
The chooser never writes the state and reads only what its seat may see.
"""
from scythe_sim.compiled.jit import njit
from scythe_sim.compiled.rng import rand_below

from .automa_data import (BAND_TOPS, C_CARDS, C_LEVEL0, C_POWER0, C_SCHEME0, C_SKIP, C_STAR,
                          GAIN_WIDTH, GN_CARD, GN_COIN, GN_MECH, GN_NONE, GN_POWER, GN_WORKER,
                          L_LENGTH, L_RIVER, L_SCHEME2, L_SKIPS, MAX_GAINS, MAX_MOVES, MOVE_WIDTH,
                          MV_ATTACK, MV_CHARACTER, MV_ENCOUNTER, MV_MECH, MV_NONE, MV_WORKER,
                          N_AUTOMA_CARDS, SCHEME_WIDTH, SC_GAIN0, SC_MOVE0)
from .greedy import SETTLE_TURN, best_plan, choose_greedy, planner_of
from .view import (A_BOLSTER_CARDS, A_BOLSTER_POWER, A_COMBAT_CARD, A_DIAL, A_END_CARDS, A_END_MOVE,
                   A_GAIN_COINS, A_MOVE, A_PRODUCE, A_REVEAL_OBJECTIVE, A_SECTION, A_SELECT_UNIT,
                   A_SKIP, A_STEP, A_STOP, A_TRADE_POPULARITY, A_TRADE_RESOURCES, BOLSTER, BUILD,
                   DEPLOY, ENLIST, FACTORY_SECTION, G_ACTIVE, G_COMBATS, G_DECIDER, G_FACTORY_POOL,
                   G_MOVED_MASK, G_N_PLAYERS, G_PHASE, G_SECTION, G_STEPS_TAKEN, LAKE, MOVE, N_HEX,
                   N_SECTIONS, N_UNITS, OFF_BOARD, PH_BOTTOM, PH_COMBAT_CARDS, PH_COMBAT_DIAL,
                   PH_END_TURN, PH_MOVE_STEP, PH_MOVE_UNIT, PH_SECTION, PH_TOP, PRODUCE, P_COINS,
                   P_FACTION, P_FACTORY_CARD, P_MAT, P_POPULARITY, P_POWER, P_TURNS, R_POWER_MAX,
                   TRADE, UNIT_CHARACTER, UNIT_MECH0, UNIT_WORKER0, UPGRADE, benefit_possible,
                   bottom_cost, can_pay, count_workers, enemy_presence, produce_cost, step_targets,
                   workers_on_board)
from .weights import W_CARD_BIAS, W_LEVEL
from .workspace import BUF_TARGETS

# --- the seat's memory words (work.memory[seat, M_*]) -------------------------------------
M_INIT = 0          # 1 once the deck has been shuffled
M_TURN = 1          # P_TURNS of the turn whose card has been drawn
M_CARD = 2          # card (0..18) the turn is played by, -1: none (Autometta skips it)
M_DRAWN = 3         # card drawn for the turn (also when skipped)
M_SCHEME = 4        # scheme (0 = I, 1 = II) of this turn's card
M_RIVER = 5         # 1 when this turn's moves may cross rivers
M_TRACK = 6         # Star Tracker position
M_SCHEME_NOW = 7    # scheme in force (1 after the switch)
M_DECK_POS = 8      # next card of the shuffled deck
M_FOCUS = 9         # F_*: what the turn's section was chosen for
M_DEST = 10         # where the unit chosen to move steps
M_COMBAT_ID = 11    # G_COMBATS of the combat whose card is drawn
M_COMBAT_CARD = 12  # that card
M_COMBAT_ADDED = 13  # combat cards added in that combat
M_DRAWS = 14        # cards drawn in the game
M_SHUFFLES = 15     # shuffles of the deck
M_DECK0 = 16        # + i: the shuffled deck (a permutation of 0..18)

F_NONE, F_MOVE, F_POWER, F_CARDS, F_COINS, F_WORKER, F_MECH, F_SKIP = range(8)

_BOTTOM_ORDER = (DEPLOY, UPGRADE, ENLIST, BUILD)
_BIG = 1 << 60


# --- small helpers ---------------------------------------------------------------------------
@njit
def _find(actions, n, kind):
    for i in range(n):
        if actions[i, 0] == kind:
            return i
    return -1


@njit
def _find_a0(actions, n, kind, a0):
    for i in range(n):
        if actions[i, 0] == kind and actions[i, 1] == a0:
            return i
    return -1


@njit
def _reading(t, loc):
    """English reading order of a location (top row first, left to right)."""
    return (t.row[loc] + 1) * 16 + t.col[loc]


@njit
def _fdist(t, dist, loc):
    d = dist[loc, t.factory_loc[0]]
    return d if d < 127 else 127


@njit
def _own_units_at(s, me, loc):
    c = 0
    for u in range(N_UNITS):
        if s.unit_loc[me, u] == loc:
            c += 1
    return c


@njit
def _enemy_units_at(s, me, loc, first, last):
    c = 0
    for q in range(s.game[G_N_PLAYERS]):
        if q != me:
            for u in range(first, last):
                if s.unit_loc[q, u] == loc:
                    c += 1
    return c


@njit
def _enemy_dist(s, me, dist, loc):
    """Steps from loc to the nearest enemy character or mech (999: none on the board)."""
    best = 999
    for q in range(s.game[G_N_PLAYERS]):
        if q != me:
            for u in range(UNIT_WORKER0):
                e = s.unit_loc[q, u]
                if e != OFF_BOARD and dist[loc, e] < best:
                    best = dist[loc, e]
    return best


@njit
def _enemy_adjacent(s, t, me, loc):
    for q in range(s.game[G_N_PLAYERS]):
        if q != me:
            for u in range(UNIT_WORKER0):
                e = s.unit_loc[q, u]
                if 0 <= e < N_HEX and t.edge[e, loc] != 0:
                    return True
    return False


@njit
def _near_count(s, t, me, loc, skip, river):
    """Automa units (not `skip`, not on a home base) whose neighbourhood holds loc."""
    c = 0
    for u in range(N_UNITS):
        e = s.unit_loc[me, u]
        if u != skip and 0 <= e < N_HEX:
            edge = t.edge[e, loc]
            if edge == 1 or (edge == 2 and river):
                c += 1
    return c


@njit
def _steps(s, t, me, u, river, buf):
    """Legal one-step destinations of unit u into buf; before the river point no river
    crossing and no lake."""
    loc = s.unit_loc[me, u]
    if loc == OFF_BOARD:
        return 0
    k = step_targets(s, t, me, u, loc, buf)
    if river:
        return k
    m = 0
    for i in range(k):
        d = buf[i]
        if t.edge[loc, d] != 2 and t.terrain[d] != LAKE:
            buf[m] = d
            m += 1
    return m


# --- the deck and the Star Tracker -----------------------------------------------------------
@njit
def _shuffle(mem, rng, seat):
    for i in range(N_AUTOMA_CARDS):
        mem[M_DECK0 + i] = i
    for i in range(N_AUTOMA_CARDS - 1, 0, -1):
        j = rand_below(rng, seat, i + 1)
        a = mem[M_DECK0 + i]
        mem[M_DECK0 + i] = mem[M_DECK0 + j]
        mem[M_DECK0 + j] = a
    mem[M_DECK_POS] = 0
    mem[M_SHUFFLES] += 1


@njit
def draw_card(mem, rng, seat):
    """The top card of the seat's deck; a used-up deck is reshuffled first."""
    if mem[M_INIT] == 0:
        mem[M_INIT] = 1
        mem[M_TURN] = -1
        _shuffle(mem, rng, seat)
    if mem[M_DECK_POS] >= N_AUTOMA_CARDS:
        _shuffle(mem, rng, seat)
    card = mem[M_DECK0 + mem[M_DECK_POS]]
    mem[M_DECK_POS] += 1
    mem[M_DRAWS] += 1
    return card


@njit
def start_turn(mem, deck, rng, seat, level, turn):
    """Draw the turn's card; a star moves the tracker, which may switch to Scheme II."""
    lv = level - 1
    card = draw_card(mem, rng, seat)
    mem[M_TURN] = turn
    mem[M_DRAWN] = card
    mem[M_RIVER] = 1 if mem[M_TRACK] >= deck[lv, C_LEVEL0 + L_RIVER] else 0
    mem[M_SCHEME] = mem[M_SCHEME_NOW]
    mem[M_FOCUS] = F_NONE
    mem[M_DEST] = -1
    if deck[lv, C_LEVEL0 + L_SKIPS] != 0 and deck[card, C_SKIP] != 0:
        mem[M_CARD] = -1
        return
    mem[M_CARD] = card
    if deck[card, C_STAR] != 0 and mem[M_TRACK] < deck[lv, C_LEVEL0 + L_LENGTH] - 1:
        mem[M_TRACK] += 1
        if mem[M_SCHEME_NOW] == 0 and mem[M_TRACK] >= deck[lv, C_LEVEL0 + L_SCHEME2]:
            mem[M_SCHEME_NOW] = 1
            _shuffle(mem, rng, seat)


# --- the Move alternatives -------------------------------------------------------------------
@njit
def _plan_worker(s, t, me, river, dist, buf):
    """A worker to the territory in the neighbourhood of most Automa units; then no
    enemy character/mech next to it, not already held, not leaving a territory empty,
    closest to the Factory, reading order."""
    best, bu, bd = _BIG, -1, -1
    for u in range(UNIT_WORKER0, N_UNITS):
        loc = s.unit_loc[me, u]
        if loc == OFF_BOARD:
            continue
        k = _steps(s, t, me, u, river, buf)
        lose = 1 if loc < N_HEX and _own_units_at(s, me, loc) == 1 else 0
        for i in range(k):
            d = buf[i]
            if d >= N_HEX:
                continue
            near = min(_near_count(s, t, me, d, u, river), 40)
            threat = 1 if _enemy_adjacent(s, t, me, d) else 0
            held = 1 if _own_units_at(s, me, d) > 0 else 0
            cost = (((40 - near) * 8 + threat * 4 + held * 2 + lose) * 128 + _fdist(t, dist, d)) * 256
            cost += _reading(t, d)
            if cost < best:
                best, bu, bd = cost, u, d
    return bu, bd


@njit
def _plan_encounter(s, t, me, river, dist, buf):
    """The character one step nearer an encounter token or the Factory (while it has no
    Factory card): goals without enemy units first, then without an Automa mech, then
    the nearest, closest to the Factory, reading order."""
    loc = s.unit_loc[me, UNIT_CHARACTER]
    if loc == OFF_BOARD:
        return -1, -1
    factory = t.factory_loc[0]
    want_factory = s.player[me, P_FACTORY_CARD] < 0 and s.game[G_FACTORY_POOL] != 0
    k = _steps(s, t, me, UNIT_CHARACTER, river, buf)
    best, bd = _BIG, -1
    for g in range(N_HEX):
        if g == loc or not (s.encounter_token[g] != 0 or (g == factory and want_factory)):
            continue
        enemy = 1 if enemy_presence(s, me, g) != 0 else 0
        mech = 1 if _own_units_at(s, me, g) - count_workers(s, me, g) > 0 else 0
        for i in range(k):
            d = buf[i]
            if d >= N_HEX or dist[d, g] >= dist[loc, g]:
                continue
            if d != g and enemy_presence(s, me, d) != 0:
                continue
            cost = ((enemy * 2 + mech) * 128 + min(dist[d, g], 127)) * 128 + _fdist(t, dist, g)
            cost = (cost * 256 + _reading(t, g)) * 256 + _reading(t, d)
            if cost < best:
                best, bd = cost, d
    if bd < 0:
        return -1, -1
    return UNIT_CHARACTER, bd


@njit
def _plan_toward(s, t, me, first, last, river, dist, buf):
    """A character/mech (slots first..last-1) to an empty-of-enemies territory nearest
    an enemy character or mech; then closest to the Factory, reading order."""
    best, bu, bd = _BIG, -1, -1
    for u in range(first, last):
        k = _steps(s, t, me, u, river, buf)
        for i in range(k):
            d = buf[i]
            if d >= N_HEX or enemy_presence(s, me, d) != 0:
                continue
            cost = (_enemy_dist(s, me, dist, d) * 128 + _fdist(t, dist, d)) * 256 + _reading(t, d)
            if cost < best:
                best, bu, bd = cost, u, d
    return bu, bd


@njit
def _plan_attack(s, t, me, workers_only, river, buf):
    """A character/mech into a territory with enemy characters/mechs (fewest first), or
    (workers_only) into one held only by enemy workers (most first); reading order."""
    best, bu, bd = _BIG, -1, -1
    for u in range(UNIT_WORKER0):
        k = _steps(s, t, me, u, river, buf)
        for i in range(k):
            d = buf[i]
            if d >= N_HEX:
                continue
            presence = enemy_presence(s, me, d)
            if workers_only:
                if presence != 2:
                    continue
                cost = (50 - _enemy_units_at(s, me, d, UNIT_WORKER0, N_UNITS)) * 256
            else:
                if (presence & 1) == 0:
                    continue
                cost = _enemy_units_at(s, me, d, 0, UNIT_WORKER0) * 256
            cost += _reading(t, d)
            if cost < best:
                best, bu, bd = cost, u, d
    return bu, bd


@njit
def plan_move(s, t, me, mem, deck, dist, buf):
    """(alternative, unit, destination) of the first legal Move alternative of the
    turn's card, or (MV_NONE, -1, -1)."""
    card = mem[M_CARD]
    if card < 0:
        return MV_NONE, -1, -1
    base = C_SCHEME0 + mem[M_SCHEME] * SCHEME_WIDTH + SC_MOVE0
    river = mem[M_RIVER] != 0
    for k in range(MAX_MOVES):
        col = base + k * MOVE_WIDTH
        kind = deck[card, col]
        if kind == MV_NONE:
            break
        if deck[card, col + 1] >= 0 and deck[card, col + 1] != s.player[me, P_FACTION]:
            continue
        if kind == MV_WORKER:
            u, d = _plan_worker(s, t, me, river, dist, buf)
        elif kind == MV_ENCOUNTER:
            u, d = _plan_encounter(s, t, me, river, dist, buf)
        elif kind == MV_CHARACTER:
            u, d = _plan_toward(s, t, me, UNIT_CHARACTER, UNIT_MECH0, river, dist, buf)
        elif kind == MV_MECH:
            u, d = _plan_toward(s, t, me, UNIT_MECH0, UNIT_WORKER0, river, dist, buf)
        elif kind == MV_ATTACK:
            if s.player[me, P_POWER] < deck[card, col + 2]:
                continue
            u, d = _plan_attack(s, t, me, False, river, buf)
        else:
            u, d = _plan_attack(s, t, me, True, river, buf)
        if u >= 0:
            return kind, u, d
    return MV_NONE, -1, -1


# --- section and top-row action --------------------------------------------------------------
@njit
def _section_of(t, mat, top):
    for sec in range(N_SECTIONS):
        if t.mat_top[mat, sec] == top:
            return sec
    return -1


@njit
def _bottom_ready(s, t, me, b):
    return can_pay(s, t, me, b, bottom_cost(s, t, me, b)) and benefit_possible(s, t, me, b, -1)


@njit
def _gain_section(s, t, me, kind):
    """(section, focus) a Gain item asks for, or (-1, F_NONE) when it cannot be had now."""
    mat = s.player[me, P_MAT]
    coins = s.player[me, P_COINS]
    if kind == GN_POWER and coins >= t.top_const[1] and s.player[me, P_POWER] < t.rules[R_POWER_MAX]:
        return _section_of(t, mat, BOLSTER), F_POWER
    if kind == GN_CARD and coins >= t.top_const[1]:
        return _section_of(t, mat, BOLSTER), F_CARDS
    if kind == GN_COIN:
        return _section_of(t, mat, MOVE), F_COINS
    if kind == GN_WORKER and workers_on_board(s, me) < N_UNITS - UNIT_WORKER0:
        cp, cpop, cc = produce_cost(s, t, me)
        if s.player[me, P_POWER] >= cp and s.player[me, P_POPULARITY] >= cpop and coins >= cc:
            return _section_of(t, mat, PRODUCE), F_WORKER
    if kind == GN_MECH and _bottom_ready(s, t, me, DEPLOY):
        return DEPLOY, F_MECH
    return -1, F_NONE


@njit
def _choose_section(s, t, me, mem, deck, dist, buf, actions, n):
    card = mem[M_CARD]
    mat = s.player[me, P_MAT]
    if card >= 0:
        kind, u, d = plan_move(s, t, me, mem, deck, dist, buf)
        if kind != MV_NONE:
            r = _find_a0(actions, n, A_SECTION, _section_of(t, mat, MOVE))
            if r >= 0:
                mem[M_FOCUS] = F_MOVE
                return r
        base = C_SCHEME0 + mem[M_SCHEME] * SCHEME_WIDTH + SC_GAIN0
        for k in range(MAX_GAINS):
            col = base + k * GAIN_WIDTH
            if deck[card, col] == GN_NONE:
                break
            if deck[card, col + 2] >= 0 and deck[card, col + 2] != s.player[me, P_FACTION]:
                continue
            sec, focus = _gain_section(s, t, me, deck[card, col])
            r = _find_a0(actions, n, A_SECTION, sec) if sec >= 0 else -1
            if r >= 0:
                mem[M_FOCUS] = focus
                return r
        mem[M_FOCUS] = F_NONE
        for b in _BOTTOM_ORDER:
            if _bottom_ready(s, t, me, b):
                r = _find_a0(actions, n, A_SECTION, b)
                if r >= 0:
                    return r
        r = _find_a0(actions, n, A_SECTION, _section_of(t, mat, MOVE))
        if r >= 0:
            return r
    else:
        mem[M_FOCUS] = F_SKIP
    for i in range(n):
        if actions[i, 0] == A_SECTION and actions[i, 1] != FACTORY_SECTION:
            return i
    return 0


@njit
def _choose_top(s, t, me, mem, deck, dist, buf, actions, n):
    skip = _find(actions, n, A_SKIP)
    focus = mem[M_FOCUS]
    sec = s.game[G_SECTION]
    if focus == F_SKIP or sec == FACTORY_SECTION:
        return skip if skip >= 0 else 0
    top = t.mat_top[s.player[me, P_MAT], sec]
    r = -1
    if top == MOVE:
        if focus != F_COINS:
            kind, u, d = plan_move(s, t, me, mem, deck, dist, buf)
            if kind != MV_NONE:
                r = _find(actions, n, A_MOVE)
        if r < 0:
            r = _find(actions, n, A_GAIN_COINS)
    elif top == BOLSTER:
        if focus == F_CARDS or s.player[me, P_POWER] >= t.rules[R_POWER_MAX]:
            r = _find(actions, n, A_BOLSTER_CARDS)
        if r < 0:
            r = _find(actions, n, A_BOLSTER_POWER)
    elif top == TRADE:
        if s.player[me, P_POPULARITY] < 10:
            r = _find(actions, n, A_TRADE_POPULARITY)
        if r < 0:
            for i in range(n):   # two of the resource this section's bottom action costs
                if actions[i, 0] == A_TRADE_RESOURCES and actions[i, 1] == sec and actions[i, 2] == sec:
                    r = i
        if r < 0:
            r = _find(actions, n, A_TRADE_POPULARITY)
    elif top == PRODUCE:
        r = _find(actions, n, A_PRODUCE)
    if r >= 0:
        return r
    return skip if skip >= 0 else 0


# --- moving the one unit ---------------------------------------------------------------------
@njit
def _choose_unit(s, t, me, mem, deck, dist, buf, actions, n):
    end = _find(actions, n, A_END_MOVE)
    kind, u, d = plan_move(s, t, me, mem, deck, dist, buf)
    if kind == MV_NONE:
        return end
    loc = s.unit_loc[me, u]
    for i in range(n):
        if actions[i, 0] == A_SELECT_UNIT:
            v = actions[i, 1]
            if v == u or (u >= UNIT_WORKER0 and v >= UNIT_WORKER0 and s.unit_loc[me, v] == loc):
                mem[M_DEST] = d
                return i
    return end


@njit
def _choose_step(s, mem, actions, n):
    stop = _find(actions, n, A_STOP)
    if s.game[G_STEPS_TAKEN] == 0:
        r = _find_a0(actions, n, A_STEP, mem[M_DEST])
        if r >= 0:
            return r
    return stop if stop >= 0 else 0


@njit
def _card_unit_moving(s):
    """True while the unit moving is the first of the Move: the card's unit."""
    moved = s.game[G_MOVED_MASK]
    return moved != 0 and (moved & (moved - 1)) == 0


# --- combat ----------------------------------------------------------------------------------
@njit
def _combat_card(s, mem, rng, seat):
    """The card drawn for the combat in progress (a fresh one per combat)."""
    if mem[M_COMBAT_ID] != s.game[G_COMBATS]:
        mem[M_COMBAT_ID] = s.game[G_COMBATS]
        mem[M_COMBAT_CARD] = draw_card(mem, rng, seat)
        mem[M_COMBAT_ADDED] = 0
    return mem[M_COMBAT_CARD]


@njit
def combat_dial(deck, card, power):
    """Power the card dials for an Automa with this power: its band's value, capped."""
    band = 0 if power <= BAND_TOPS[0] else (1 if power <= BAND_TOPS[1] else 2)
    return min(deck[card, C_POWER0 + band], power)


@njit
def _choose_dial(s, me, mem, deck, rng, seat, actions, n):
    card = _combat_card(s, mem, rng, seat)
    want = combat_dial(deck, card, s.player[me, P_POWER])
    best, bi = -1, 0
    for i in range(n):
        if actions[i, 0] == A_DIAL and best < actions[i, 1] <= want:
            best, bi = actions[i, 1], i
    return bi


@njit
def _choose_cards(s, mem, deck, rng, seat, actions, n):
    card = _combat_card(s, mem, rng, seat)
    end = _find(actions, n, A_END_CARDS)
    if mem[M_COMBAT_ADDED] >= deck[card, C_CARDS]:
        return end
    best, bi = -1, end
    for i in range(n):
        if actions[i, 0] == A_COMBAT_CARD and actions[i, 1] > best:
            best, bi = actions[i, 1], i
    if bi != end:
        mem[M_COMBAT_ADDED] += 1
    return bi


# --- the chooser -----------------------------------------------------------------------------
@njit
def choose_automa(s, t, seat, actions, n, w, work):
    """The card decides what the solo rules decide: the section it asks for (a bonus of
    `card_bias` on that section's plan), its Move (which unit, where), its Gain line's
    top-row option and its combat dial and cards. What the solo rules leave open in a
    multi-player game (the section when another plan is clearly better, payments, the
    bottom action's benefit, encounters, Produce, resources of choice) is the greedy
    planner's, with the Automa's own weights."""
    me = s.game[G_DECIDER]
    mem = work.memory[seat]
    rng = work.rng
    deck = work.automa
    dist = work.dist
    buf = work.buf[0, BUF_TARGETS]
    level = int(w[W_LEVEL])
    level = 2 if level < 1 or level > 4 else level
    if s.game[G_ACTIVE] == me and (mem[M_INIT] == 0 or mem[M_TURN] != s.player[me, P_TURNS]):
        start_turn(mem, deck, rng, seat, level, s.player[me, P_TURNS])
    phase = s.game[G_PHASE]
    if phase == PH_COMBAT_DIAL:
        return _choose_dial(s, me, mem, deck, rng, seat, actions, n)
    if phase == PH_COMBAT_CARDS:
        return _choose_cards(s, mem, deck, rng, seat, actions, n)
    if n <= 1:
        return 0
    if phase == PH_SECTION or phase == PH_BOTTOM or phase == PH_END_TURN:
        r = _find(actions, n, A_REVEAL_OBJECTIVE)   # always reveal for a star
        if r >= 0:
            return r
    if phase == PH_SECTION:
        wanted = _choose_section(s, t, me, mem, deck, dist, buf, actions, n)
        if mem[M_FOCUS] == F_SKIP:
            return wanted
        chosen = best_plan(s, t, planner_of(me, seat, w, work), actions, n, SETTLE_TURN, wanted, w[W_CARD_BIAS])
        if chosen != wanted:
            mem[M_FOCUS] = F_NONE
        return chosen
    focus = mem[M_FOCUS]
    if phase == PH_TOP and focus != F_NONE:
        return _choose_top(s, t, me, mem, deck, dist, buf, actions, n)
    # The card moves one unit; the mat's Move allows more, which the planner moves.
    if phase == PH_MOVE_UNIT and focus == F_MOVE and s.game[G_MOVED_MASK] == 0:
        return _choose_unit(s, t, me, mem, deck, dist, buf, actions, n)
    if phase == PH_MOVE_STEP and focus == F_MOVE and _card_unit_moving(s):
        return _choose_step(s, mem, actions, n)
    if phase == PH_BOTTOM and focus == F_SKIP:
        return max(_find(actions, n, A_SKIP), 0)
    return choose_greedy(s, t, seat, actions, n, w, work)
