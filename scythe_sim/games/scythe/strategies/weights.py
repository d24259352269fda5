"""Strategy weights: one float row per strategy, read from scythe_sim/games/scythe/data/strategies/<name>.toml.

A file names its weights under ``[weights]``; ``based_on = "greedy"`` starts from another
strategy's file, so a persona lists only what it changes. ``[faction.<name>]`` tables
override some weights for the seats playing that faction (a file's own tables: based_on
inherits [weights] only). Tuning needs no recompile: the rows are an argument of the
compiled batch.

The layout of ``params`` (float64, 2-D; dispatch.param_row reads it):
- without per-faction rows, row ``strategy_id`` is the strategy's weights (at most
  N_SLOTS rows: the strategies, then the candidate slots of the planner and the search);
- with them, ``N_SLOTS * (1 + N_FACTIONS)`` rows: block 0 is as above, block 1 + f holds
  every slot's full row for the seats playing faction f. A game without any override
  gets the first layout, so it plays exactly as before faction rows existed.
"""
import functools
import pathlib

import numpy as np

from scythe_sim.errors import ConfigError
from scythe_sim.runner.weights_file import WeightsFormat, missing_weights, read_weights_file

from . import N_SLOTS, N_STRATEGY_PARAMS, STRATEGIES
from .learned.names import FEATURES
from .view import FACTIONS

WEIGHTS = (
    # --- the value of a position (value.py) ------------------------------------------
    "score",        # projected final coins: coins, stars/territories/resource pairs at the current tier, structure bonus
    "star",         # per star, besides its coins (a star also brings the end nearer)
    "power",        # per power (up to 16)
    "combat_card",  # per combat card in hand
    "popularity",   # per popularity (besides its tier in the score)
    "upgrade",      # per upgrade done (6 for the star)
    "mech",         # per mech deployed (4)
    "structure",    # per structure built (4)
    "recruit",      # per recruit enlisted (4)
    "worker",       # per worker on the board (8)
    "territory",    # per territory controlled, besides its coins
    "resource",     # per resource token controlled, besides its coins
    "objective",    # per own objective card whose condition holds (a star within reach)
    "ready",        # per bottom action whose cost p holds in resources (partly: pro rata)
    # --- the movement and combat heuristics (tactics.py) --------------------------------
    "encounter",    # the character reaching an encounter token
    "factory",      # the character reaching the Factory before a Factory card is kept
    "aggression",   # a fight judged winnable (a combat star, the territory)
    "caution",      # strength the strategy wants above the opponent's best before it fights
    "spread",       # a worker reaching a territory not yet held
    "approach",     # per step a character or mech comes nearer its goal
    "produce_bias", # preference for Produce territories whose resource the next bottom action needs
    # --- planning --------------------------------------------------------------------
    "plan_sections",  # 1: choose the section by playing each one's turn on a copy of the state
    "noise",          # random jitter added to each candidate's value (0: deterministic play)
    # --- the Automa ------------------------------------------------------------------
    "level",        # Automa difficulty 1-4 (Autometta, Automa, Automaszyna, Ultimaszyna)
    "card_bias",    # Automa: value added to the plan of the section its card asks for
    # --- multi-turn planning (0 in greedy1: the planner as it was) ------------------------
    "lookahead",    # 0-1: a section's value blends its turn's end (0) with the best next turn's (1)
    "outlook",      # per coin the end-game popularity tier is heading for is worth (value.py)
    "cargo",        # 1: mechs carry workers, units carry resources they would leave unheld
    "factory_pick", # 1: keep the Factory card whose top action is worth most (0: the first offered)
    "progress",     # per own objective card, times its fulfilled share (objective_progress)
    "ahead_sections",  # with lookahead: the next turn is looked at for this many best sections by their own turn
    "ahead_options",   # ... and for this many best top-row options (0: an option is judged by its own turn)
    # --- The Wind Gambit (0: as before; no effect without the variant's rules) ------------
    "airship",      # 1: the airship flies with purpose (airship.py, wind_gambit/standing.py); 0: the simple rules
    "resolution",   # per coin of lead once a resolution tile's end is triggered (wind_gambit/standing.py)
    # --- the learned value (issue 27; 0: the hand-weighted value above, as before) -------------
    "learned",      # 0: value.py's hand-weighted sum; k >= 1: the learned value of the batch's model k
                    # (strategies/learned; model 1 is data/learned_value.toml)
) + tuple(f"style_{name}" for name in FEATURES)   # with `learned`: added to the model's coefficient of
                                                  # that feature (a persona's style on top of the value)
WEIGHTS += (
    # --- the reference player `search` (search.py; no effect on the other strategies) ----------
    "search_candidates",  # the planner's best whole-turn plans (section, top-row option, bottom-row choice) searched at a turn start
    "search_rollouts",    # rollouts per decision, shared among the candidates by sequential halving
    "search_horizon",     # rounds every seat plays on after the candidate's turn (0: to the game's end)
    "search_bottom",      # 1: a plan includes its bottom-row choice (the action or not, where both are open)
    # --- the war search (war/search.py; All Out War only; 0: the war policy alone) --------------
    "war_search_candidates",  # the war policy's best rows searched at a war decision (below 2: no search)
    "war_search_rollouts",    # rollouts per war decision, shared among the candidates by sequential halving
    "war_search_horizon",     # the deciding faction's war turns a rollout plays on to (at least 1)
    # --- the planner's look-ahead, pruned (greedy.py best_plan; 0: every contender looks) -------
    "ahead_margin",  # coins: the contenders look one turn further only when the best leads the next by less
    "plan_width",    # rows of a long list (not sections) played out at a decision (0: greedy.py MAX_PLANNED)
)
W_STYLE0 = WEIGHTS.index(f"style_{FEATURES[0]}")   # + the feature's index (learned/names.py F_*)
(W_SCORE, W_STAR, W_POWER, W_COMBAT_CARD, W_POPULARITY, W_UPGRADE, W_MECH, W_STRUCTURE,
 W_RECRUIT, W_WORKER, W_TERRITORY, W_RESOURCE, W_OBJECTIVE, W_READY, W_ENCOUNTER, W_FACTORY,
 W_AGGRESSION, W_CAUTION, W_SPREAD, W_APPROACH, W_PRODUCE_BIAS, W_PLAN_SECTIONS, W_NOISE,
 W_LEVEL, W_CARD_BIAS, W_LOOKAHEAD, W_OUTLOOK, W_CARGO, W_FACTORY_PICK, W_PROGRESS,
 W_AHEAD_SECTIONS, W_AHEAD_OPTIONS, W_AIRSHIP, W_RESOLUTION, W_LEARNED) = range(W_STYLE0)
W_SEARCH_CANDIDATES, W_SEARCH_ROLLOUTS, W_SEARCH_HORIZON, W_SEARCH_BOTTOM = (WEIGHTS.index(name) for name in (
    "search_candidates", "search_rollouts", "search_horizon", "search_bottom"))
W_WAR_SEARCH_CANDIDATES, W_WAR_SEARCH_ROLLOUTS, W_WAR_SEARCH_HORIZON = (WEIGHTS.index(name) for name in (
    "war_search_candidates", "war_search_rollouts", "war_search_horizon"))
W_AHEAD_MARGIN, W_PLAN_WIDTH = WEIGHTS.index("ahead_margin"), WEIGHTS.index("plan_width")
assert len(WEIGHTS) <= N_STRATEGY_PARAMS

CONFIG_DIR = pathlib.Path(__file__).resolve().parents[1] / "data" / "strategies"


def _check_level(key, value, path, where):
    if key == "level" and value not in range(1, 5):
        raise ConfigError(f"strategy weights {path}: {where} level = {value!r}: the Automa's level is "
                          "1 (Autometta), 2 (Automa), 3 (Automaszyna) or 4 (Ultimaszyna)")


FORMAT = WeightsFormat(weights=WEIGHTS, bases=STRATEGIES, folder=CONFIG_DIR, keyed="faction",
                       keys=tuple(FACTIONS), check=_check_level)


def _row(weights: dict) -> np.ndarray:
    row = np.zeros(N_STRATEGY_PARAMS, np.float64)
    for key, value in weights.items():
        row[WEIGHTS.index(key)] = value
    return row


def weight_rows(path) -> tuple:
    """(row, {faction id: row}) of one weights file: its float row (weights it does not
    name are 0) and the full row of each faction it overrides."""
    weights, overrides = read_weights_file(FORMAT, path)
    if not any(weights.values()) and not any(any(o.values()) for o in overrides.values()):
        raise ConfigError(f"strategy weights {path} hold no weights (every weight is 0 or missing): a "
                          "strategy with no weights plays at random; give [weights] values")
    return _row(weights), {f: _row({**weights, **o}) for f, o in sorted(overrides.items())}


def weight_row(path) -> np.ndarray:
    """The float row of one weights file (weights it does not name are 0)."""
    return weight_rows(path)[0]


def with_faction_rows(base, rows) -> np.ndarray:
    """params of base rows (one per slot, at most N_SLOTS) and {(slot, faction id): row}:
    base itself when rows is empty, else the per-faction layout (module docstring)."""
    base = np.asarray(base, np.float64)
    if not rows:
        return base
    params = np.zeros((N_SLOTS * (1 + len(FACTIONS)), base.shape[1]), np.float64)
    for block in range(1 + len(FACTIONS)):
        params[block * N_SLOTS:block * N_SLOTS + base.shape[0]] = base
    for (slot, faction), row in rows.items():
        params[N_SLOTS * (1 + faction) + slot, :len(row)] = row
    return params


def faction_rows(params) -> dict:
    """{(slot, faction id): row} of the per-faction rows of params that differ from the
    slot's own row (empty without per-faction rows)."""
    params = np.asarray(params, np.float64)
    if params.shape[0] <= N_SLOTS:
        return {}
    return {(slot, f): params[N_SLOTS * (1 + f) + slot].copy()
            for f in range(len(FACTIONS)) for slot in range(N_SLOTS)
            if not np.array_equal(params[N_SLOTS * (1 + f) + slot], params[slot])}


@functools.lru_cache(maxsize=8)
def _default_rows(folder: str) -> tuple:
    params = np.zeros((len(STRATEGIES), N_STRATEGY_PARAMS), np.float64)
    rows = {}
    for i, name in enumerate(STRATEGIES):
        path = pathlib.Path(folder) / f"{name}.toml"
        if path.exists():
            params[i], by_faction = weight_rows(path)
            rows.update({(i, f): row for f, row in by_faction.items()})
        elif name != "random":
            raise missing_weights(path)
    return params, rows


def load_params(overrides=None) -> np.ndarray:
    """Every strategy's weights from scythe_sim/games/scythe/data/strategies, with {strategy name: weights
    file} overrides: (len(STRATEGIES), N_STRATEGY_PARAMS) float64, or the per-faction
    layout when a file has [faction.<name>] tables."""
    base, rows = _default_rows(str(CONFIG_DIR))
    base, rows = base.copy(), dict(rows)
    for name, path in (overrides or {}).items():
        if name not in STRATEGIES:
            raise ConfigError(f"weights given for unknown strategy {name!r}: choose one of {', '.join(STRATEGIES)}")
        i = STRATEGIES.index(name)
        base[i], by_faction = weight_rows(path)
        rows = {key: row for key, row in rows.items() if key[0] != i}
        rows.update({(i, f): row for f, row in by_faction.items()})
    return with_faction_rows(base, rows)
