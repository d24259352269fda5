"""Strategies: njit choosers that read the state and answer one decision at a time.

``choose(strategy_id, s, t, seat, actions, n, params, work) -> index in [0, n)``;
strategies never write the state. ``params`` holds the strategies' rows of tunable
weights (scythe_sim/games/scythe/data/strategies/<name>.toml, see weights.py: ``params[strategy_id]``, or a
row per faction of the seat when a weights file has ``[faction.<name>]`` tables) and ``work`` the
Workspace (workspace.py): each seat's random stream and memory, scratch states for
planning, precomputed board distances and the Automa deck.

The personas (economist, rusher, warmonger, objective) are the greedy planner with
weight sets of their own; the Automa is a card-driven chooser of its own. ``greedy1`` is the greedy planner as
it was before multi-turn planning (its weights, with every newer term at 0): the frozen
baseline the stronger strategies are measured against. ``greedy2`` is the planner with
the hand-weighted value as it stood before the learned value (issue 27): its weights are
greedy's of 2026-11-24 with `learned` = 0, the second frozen baseline. ``search`` is the
reference tier (search.py): at each turn start it values the planner's best whole-turn
plans by rollouts in which every seat plays on, from its own view of the game.
"""
STRATEGIES = ("random", "greedy", "economist", "rusher", "warmonger", "objective", "automa",
              "greedy1", "greedy2", "search")
(STRATEGY_RANDOM, STRATEGY_GREEDY, STRATEGY_ECONOMIST, STRATEGY_RUSHER, STRATEGY_WARMONGER,
 STRATEGY_OBJECTIVE, STRATEGY_AUTOMA, STRATEGY_GREEDY1, STRATEGY_GREEDY2, STRATEGY_SEARCH) = range(len(STRATEGIES))
N_STRATEGIES = len(STRATEGIES)
N_STRATEGY_PARAMS = 72   # width of the per-strategy float parameter rows
# Weight-row slots: one per strategy, plus two candidates' rows past the named strategies:
# TUNING_SLOT, played by the greedy planner (tools/tune.py, tools/learn.py), and
# SEARCH_TUNING_SLOT, played by the reference player `search` (tools/learn.py's
# `--player search`: a model gated head to head inside the search's leaves and rollouts).
TUNING_SLOT = N_STRATEGIES
SEARCH_TUNING_SLOT = N_STRATEGIES + 1
N_SLOTS = N_STRATEGIES + 2


def strategy_id(name: str) -> int:
    from scythe_sim.errors import ConfigError

    key = str(name).strip().lower()
    if key not in STRATEGIES:
        raise ConfigError(f"unknown strategy {name!r}: choose one of {', '.join(STRATEGIES)}")
    return STRATEGIES.index(key)
