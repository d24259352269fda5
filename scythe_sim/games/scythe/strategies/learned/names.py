"""Names and column indices of the learned value's inputs (no numba: weights.py, the
learning tool and the model files read them).

Every feature is computed from what the player itself may know: its own cards,
objectives and coins, and the public board (opponents' coins may be kept hidden, so
none of them is read; their stars are public)."""

FEATURES = (
    "bias",          # 1: the model's intercept for the phase, faction and mat
    "coins",         # coins in hand
    "score",         # projected final coins: coins, stars/territories/resource pairs at the current tier, structure bonus
    "stars",         # stars placed
    "power",         # power, up to the track's top
    "combat_cards",  # combat cards in hand, up to 8
    "popularity",    # popularity
    "upgrades",      # upgrades done
    "mechs",         # mechs deployed
    "structures",    # structures built
    "recruits",      # recruits enlisted
    "workers",       # workers on the board
    "territories",   # territories controlled (the Factory counts 3)
    "resources",     # resource tokens on controlled territories
    "objectives",    # own objective cards whose condition holds while an objective star is open
    "progress",      # the fulfilled share of the best open objective card
    "ready",         # per open bottom action, the share of its cost held
    "outlook",       # coins the end-game popularity tier is heading for (value.py popularity_outlook)
    "factory_card",  # 1 with a Factory card
    "star_lead",     # own stars minus the most stars of any opponent (public)
    "power_lead",    # own power minus the most power of any opponent (public)
    "payable",       # sections p may choose next turn whose bottom action the resources it holds pay
    "bottom_next",   # 1 when at least one of them is (next turn can be a bottom-row turn)
)
(F_BIAS, F_COINS, F_SCORE, F_STARS, F_POWER, F_COMBAT_CARDS, F_POPULARITY, F_UPGRADES, F_MECHS,
 F_STRUCTURES, F_RECRUITS, F_WORKERS, F_TERRITORIES, F_RESOURCES, F_OBJECTIVES, F_PROGRESS,
 F_READY, F_OUTLOOK, F_FACTORY_CARD, F_STAR_LEAD, F_POWER_LEAD, F_PAYABLE, F_BOTTOM_NEXT) = range(len(FEATURES))
N_FEATURES = len(FEATURES)

# How far the game has come, from public information: the phase z in [0, 1] is a fitted
# linear function of these (clipped), 0 at the start and 1 at the end.
PHASE_INPUTS = ("bias", "round", "leader_stars", "mean_stars")
(PI_BIAS, PI_ROUND, PI_LEADER_STARS, PI_MEAN_STARS) = range(len(PHASE_INPUTS))
N_PHASE_INPUTS = len(PHASE_INPUTS)

# A recorded seat-turn (record.py): who and when, the phase inputs, then the features.
RECORD_HEAD = ("game", "seat", "faction", "mat", "players", "turn")
(RC_GAME, RC_SEAT, RC_FACTION, RC_MAT, RC_PLAYERS, RC_TURN) = range(len(RECORD_HEAD))
RC_PHASE0 = len(RECORD_HEAD)                     # + PI_*
RC_FEATURE0 = RC_PHASE0 + N_PHASE_INPUTS          # + F_*
RECORD_WIDTH = RC_FEATURE0 + N_FEATURES

# A teaching row (`scythe-sim learn --teacher search`, record.py teach_decision): one per
# candidate plan the search valued at a turn's start, the RECORD layout (the phase inputs
# of the position decided at, the features of the plan's turn end), then what the search
# made of it: its rollouts' mean value and count, whether it was the plan chosen, and
# whether the student (the fast player's row) chose the same section at that decision.
TEACH_TAIL = ("value", "rollouts", "chosen", "student_agrees")
(TC_VALUE, TC_ROLLOUTS, TC_CHOSEN, TC_STUDENT) = range(RECORD_WIDTH, RECORD_WIDTH + len(TEACH_TAIL))
TEACH_WIDTH = RECORD_WIDTH + len(TEACH_TAIL)
