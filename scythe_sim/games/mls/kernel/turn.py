"""The turn: choosing an action space, the stages that follow it, the grand finale and the
next player. ``advance`` is called after every applied row: it finds the next decision
from the state (pending rejuvenation, a trophy the active player now meets, a fight in
progress, the token queue, a quest card, the mover, then the turn's stage) and takes
every step that has a single possible answer on the way. A trophy is placed the moment
its requirement is met (rulebook: using the pies or spells afterwards "does not undo the
trophy"), at the start of the turn for one met before it."""
from scythe_sim.compiled.jit import njit, njit_entry

from ..layout import (ACTION_SECTION, ACT_BAKE, END_FINALE,
                      END_TURN_CAP, ERR_UNKNOWN_STAGE, FX_CATAPULT, FX_MAKE_REPEAT,
                      FX_MOVE_FRIENDSHIP, FX_MOVE_PIES, FX_MOVE_REPEAT, G_ACTIVE, G_CATAPULT_DONE,
                      G_DECIDER, G_DEF_TROPHY, G_DELIVER_KIND, G_DELIVERED,
                      G_DICE_N, G_DICE_NEXT, G_END_REASON, G_ERROR, G_FIGHT_SPACE, G_FIGHT_STEP,
                      G_FIGHTS_MASK, G_FINALE, G_FINALE_LEFT, G_GAME_OVER, G_LOOK_N,
                      G_MOVE_ENDED, G_MOVED_MASK, G_MOVER, G_N_PLAYERS, G_PHASE, G_QUEST_CARD,
                      G_REJUV_MASK, G_REJUV_PENDING, G_ROUND, G_STAGE, G_TROPHY_TAKEN, G_TURN,
                      N_SPACES, P_LAST_ACTION, P_TROPHIES, P_TURNS,
                      PH_ACTION, PH_CATAPULT, PH_DEF_TROPHY, PH_DIAL, PH_FIGHT_PICK, PH_GAME_OVER,
                      PH_GIVE_TARGET, PH_MOVE_PICK, PH_MOVE_STEP, PH_PAY, PH_POWER_PICK,
                      PH_POWER_PILE, PH_QUEST_OPTION, PH_QUEST_PICK, PH_REJUVENATE,
                      PH_SEEK_PLACE, PH_SPELL, PH_TROPHY, PH_GAIN, TOKEN_QUEST,
                      ST_ACTION, ST_BAKE, ST_CATAPULT, ST_CONJURE, ST_FIGHTS, ST_MOVE, ST_POWER,
                      ST_QUESTS, ST_SEEK, ST_TROPHIES)
from ..tables import F_REJUV_PIES, F_REJUV_SPELLS, R_TROPHIES_TO_WIN, R_TURN_CAP
from .board import (add_friendship, add_pies, anyone_at, draw_spell, fx, held, own_space, own_spaces,
                    spells_available, supply)
from .fight import (FIGHT_ATK_SPELLS, FIGHT_DEF_SPELLS, FIGHT_RESOLVE, end_spells, fight_count,
                    fighter, find_fights, resolve_fight, spells_step_open, start_fight)
from .make import gain_bake, gain_conjure, make_possible
from .move import move_pending
from .quest import start_quest
from .seek import skip_die
from .tokens import apply_gain, apply_give_target, apply_pay, paying, queue_phase
from .trophies import any_claimable


# --- actions ---------------------------------------------------------------------------
@njit
def action_allowed(s, t, p, a):
    """A different action space than last turn (a Power Up tile may allow repeating its
    section), and for Make the full cost payable and the full benefit available."""
    last = s.player[p, P_LAST_ACTION]
    if a == last:
        section = ACTION_SECTION[a]
        repeat = (fx(s, t, p, FX_MOVE_REPEAT) if section == 0
                  else fx(s, t, p, FX_MAKE_REPEAT) if section == 2 else 0)
        if repeat <= 0:
            return False
    if a >= ACT_BAKE:
        return make_possible(s, t, p, a)
    return True


# --- turns -----------------------------------------------------------------------------
@njit
def start_turn(s, t, p):
    s.game[G_ACTIVE] = p
    s.game[G_DECIDER] = p
    s.game[G_PHASE] = PH_ACTION
    s.game[G_STAGE] = ST_ACTION
    s.game[G_TURN] += 1
    if p == 0:
        s.game[G_ROUND] += 1
    s.player[p, P_TURNS] += 1
    s.game[G_TROPHY_TAKEN] = 0
    s.game[G_REJUV_MASK] = 0
    s.game[G_REJUV_PENDING] = -1
    s.game[G_MOVED_MASK] = 0
    s.game[G_MOVE_ENDED] = 0
    s.game[G_MOVER] = -1
    s.game[G_DELIVER_KIND] = -1
    s.game[G_DELIVERED] = 0
    s.game[G_FIGHTS_MASK] = 0
    s.game[G_FIGHT_SPACE] = -1
    s.game[G_CATAPULT_DONE] = 0
    s.game[G_DEF_TROPHY] = -1
    s.game[G_QUEST_CARD] = -1


@njit
def game_over(s, reason):
    s.game[G_GAME_OVER] = 1
    s.game[G_END_REASON] = reason
    s.game[G_PHASE] = PH_GAME_OVER
    s.game[G_DECIDER] = s.game[G_ACTIVE]


@njit
def end_turn(s, t):
    """The grand finale begins when a turn ends with a player on 4 trophies: every other
    player without 4 takes one final turn, in turn order; then the game ends."""
    n = s.game[G_N_PLAYERS]
    p = s.game[G_ACTIVE]
    win = t.rules[R_TROPHIES_TO_WIN]
    if s.game[G_FINALE] == 0:
        mask = 0
        someone = False
        for q in range(n):
            if s.player[q, P_TROPHIES] >= win:
                someone = True
            else:
                mask |= 1 << q
        if someone:
            s.game[G_FINALE] = 1
            s.game[G_FINALE_LEFT] = mask
    if s.game[G_FINALE] == 1:
        for i in range(1, n + 1):
            q = (p + i) % n
            if (s.game[G_FINALE_LEFT] >> q) & 1:
                s.game[G_FINALE_LEFT] &= ~(1 << q)
                if s.player[q, P_TROPHIES] < win:
                    start_turn(s, t, q)
                    return
        game_over(s, END_FINALE)
        return
    q = (p + 1) % n
    if q == 0 and s.game[G_ROUND] >= t.rules[R_TURN_CAP]:
        game_over(s, END_TURN_CAP)
        return
    start_turn(s, t, q)


# --- after a Move ----------------------------------------------------------------------
@njit
def catapult_open(s, t, p):
    if fx(s, t, p, FX_CATAPULT) <= 0 or s.game[G_CATAPULT_DONE] == 1:
        return False
    return held(s, t, p) > 0


@njit
def move_gains(s, t, p):
    add_pies(s, t, p, fx(s, t, p, FX_MOVE_PIES))
    add_friendship(s, t, p, fx(s, t, p, FX_MOVE_FRIENDSHIP))


# --- single-answer steps -----------------------------------------------------------------
@njit
def _only_one(s, t, p, what, res):
    """The one own space fitting `what` (0: holds res, 1: any, 2: holds a quest token),
    -1 when none, -2 when both Seekers' spaces fit (a choice to make)."""
    found = -1
    for x in own_spaces(s, t, p):
        if x < 0:
            continue
        if what == 0 and s.space_res[x, res] == 0:
            continue
        if what == 2 and s.quest_token[x] == 0:
            continue
        if found >= 0:
            return -2
        found = x
    return found


@njit
def _only_target(s, t):
    """The one space of an opponent's Seeker, -1 when there are several."""
    p = s.game[G_ACTIVE]
    found = -1
    for q in range(s.game[G_N_PLAYERS]):
        if q == p:
            continue
        for k in range(2):
            x = s.seeker_loc[q, k]
            if x >= 0 and x != found and own_space(s, t, q, k) >= 0:
                if found >= 0:
                    return -1
                found = x
    return found


@njit
def _place_count(s, t):
    """Spaces the next die's token may go to (seek.legal_place without rows)."""
    i = s.game[G_DICE_NEXT]
    token, region = s.dice[i, 0], s.dice[i, 1]
    if supply(s, t, token) <= 0:
        return 0
    c = 0
    for j in range(t.region_spaces.shape[1]):
        x = t.region_spaces[region, j]
        if token != TOKEN_QUEST or (s.quest_token[x] == 0 and not anyone_at(s, x)):
            c += 1
    return c


@njit
def _set(s, phase, decider):
    s.game[G_PHASE] = phase
    s.game[G_DECIDER] = decider


@njit
def advance(s, t):
    """Move the game on to its next decision (see the module note)."""
    for _ in range(1000):
        if s.game[G_GAME_OVER] == 1:
            s.game[G_PHASE] = PH_GAME_OVER
            return
        p = s.game[G_ACTIVE]
        if s.game[G_REJUV_PENDING] >= 0:
            q = s.game[G_REJUV_PENDING]
            if spells_available(s) > 0:
                _set(s, PH_REJUVENATE, q)
                return
            rejuvenate(s, t, q, 1)
            continue
        if any_claimable(s, t, p):   # a trophy is placed the moment its requirement is met
            _set(s, PH_TROPHY, p)
            return
        if s.game[G_FIGHT_SPACE] >= 0:
            step = s.game[G_FIGHT_STEP]
            if step == FIGHT_RESOLVE:
                resolve_fight(s, t)
                continue
            if step == FIGHT_ATK_SPELLS or step == FIGHT_DEF_SPELLS:
                if spells_step_open(s):
                    _set(s, PH_SPELL, fighter(s))
                    return
                end_spells(s)
                continue
            _set(s, PH_DIAL, fighter(s))
            return
        if s.game[G_DEF_TROPHY] >= 0:
            _set(s, PH_DEF_TROPHY, s.game[G_DEF_TROPHY])
            return
        phase = queue_phase(s, t)
        if phase == PH_PAY:
            x = _only_one(s, t, p, 0, paying(s)[0])
            if x >= 0:
                apply_pay(s, x)
                continue
            _set(s, PH_PAY, p)
            return
        if phase == PH_GIVE_TARGET:
            x = _only_target(s, t)
            if x >= 0:
                apply_give_target(s, x)
                continue
            _set(s, PH_GIVE_TARGET, p)
            return
        if phase == PH_GAIN:
            x = _only_one(s, t, p, 1, 0)
            if x >= 0:
                apply_gain(s, x)
                continue
            _set(s, PH_GAIN, p)
            return
        if s.game[G_QUEST_CARD] >= 0:
            _set(s, PH_QUEST_OPTION, p)
            return
        if s.game[G_LOOK_N] > 0:
            _set(s, PH_POWER_PICK, p)
            return
        if s.game[G_MOVER] >= 0:
            _set(s, PH_MOVE_STEP, p)
            return
        stage = s.game[G_STAGE]
        if stage == ST_ACTION:
            _set(s, PH_ACTION, p)
            return
        if stage == ST_MOVE:
            if move_pending(s):
                _set(s, PH_MOVE_PICK, p)
                return
            find_fights(s, t)
            s.game[G_STAGE] = ST_FIGHTS
        elif stage == ST_FIGHTS:
            c = fight_count(s)
            if c == 0:
                s.game[G_STAGE] = ST_QUESTS
            elif c == 1:
                for x in range(N_SPACES):
                    if (s.game[G_FIGHTS_MASK] >> x) & 1:
                        start_fight(s, t, x)
                        break
            else:
                _set(s, PH_FIGHT_PICK, p)
                return
        elif stage == ST_QUESTS:
            x = _only_one(s, t, p, 2, 0)
            if x == -1:
                s.game[G_STAGE] = ST_CATAPULT
            elif x >= 0:
                start_quest(s, t, x)
            else:
                _set(s, PH_QUEST_PICK, p)
                return
        elif stage == ST_CATAPULT:
            if catapult_open(s, t, p):
                _set(s, PH_CATAPULT, p)
                return
            move_gains(s, t, p)
            s.game[G_STAGE] = ST_TROPHIES
        elif stage == ST_SEEK:
            if s.game[G_DICE_NEXT] >= s.game[G_DICE_N]:
                s.game[G_STAGE] = ST_TROPHIES
            elif _place_count(s, t) == 0:
                skip_die(s)
            else:
                _set(s, PH_SEEK_PLACE, p)
                return
        elif stage == ST_BAKE:
            gain_bake(s, t, p)
            s.game[G_STAGE] = ST_TROPHIES
        elif stage == ST_CONJURE:
            gain_conjure(s, t, p)
            s.game[G_STAGE] = ST_TROPHIES
        elif stage == ST_POWER:
            _set(s, PH_POWER_PILE, p)
            return
        elif stage == ST_TROPHIES:
            end_turn(s, t)   # the next turn's first decision (a trophy still met comes first)
        else:
            s.game[G_ERROR] = ERR_UNKNOWN_STAGE
            return


@njit
def rejuvenate(s, t, q, choice):
    """Rejuvenation (rulebook BASE CAMPS): 1 spell (choice 0) or 2 pies (choice 1), and
    the action token leaves the mat (any action next turn). Once per turn per player."""
    if choice == 0:
        for _ in range(t.facts[F_REJUV_SPELLS]):
            draw_spell(s, q)
    else:
        add_pies(s, t, q, t.facts[F_REJUV_PIES])
    s.player[q, P_LAST_ACTION] = -1
    s.game[G_REJUV_MASK] |= 1 << q
    s.game[G_REJUV_PENDING] = -1



@njit_entry
def resume_turn(s, t, p):
    """Start player p's turn on a state built from a position and find its first decision."""
    start_turn(s, t, p)
    advance(s, t)
