"""Strategy weights: one float row per strategy, read from configs/strategies/<name>.toml.

A file names its weights under ``[weights]``; ``based_on = "greedy"`` starts from another
strategy's file, so a persona lists only what it changes. Tuning needs no recompile: the
rows are an argument of the compiled batch (``params[strategy_id]``).
"""
import functools
import pathlib
import tomllib

import numpy as np

from ..errors import ConfigError
from . import N_STRATEGY_PARAMS, STRATEGIES

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
)
(W_SCORE, W_STAR, W_POWER, W_COMBAT_CARD, W_POPULARITY, W_UPGRADE, W_MECH, W_STRUCTURE,
 W_RECRUIT, W_WORKER, W_TERRITORY, W_RESOURCE, W_OBJECTIVE, W_READY, W_ENCOUNTER, W_FACTORY,
 W_AGGRESSION, W_CAUTION, W_SPREAD, W_APPROACH, W_PRODUCE_BIAS, W_PLAN_SECTIONS, W_NOISE,
 W_LEVEL, W_CARD_BIAS, W_LOOKAHEAD, W_OUTLOOK, W_CARGO, W_FACTORY_PICK, W_PROGRESS) = range(len(WEIGHTS))
assert len(WEIGHTS) <= N_STRATEGY_PARAMS

CONFIG_DIR = pathlib.Path(__file__).resolve().parents[2] / "configs" / "strategies"


def _read(path: pathlib.Path, seen=()) -> dict:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(f"cannot read strategy weights {path}: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"strategy weights {path} is not valid TOML: {exc}") from None
    unknown = set(data) - {"based_on", "weights", "description"}
    if unknown:
        raise ConfigError(f"strategy weights {path}: unknown key {sorted(unknown)[0]!r} "
                          "(use description, based_on and [weights])")
    weights = {}
    base = data.get("based_on")
    if base is not None:
        if base not in STRATEGIES or base in seen:
            raise ConfigError(f"strategy weights {path}: based_on = {base!r} is not another strategy's file")
        weights.update(_read(CONFIG_DIR / f"{base}.toml", seen + (path.stem,)))
    table = data.get("weights", {})
    if not isinstance(table, dict):
        raise ConfigError(f"strategy weights {path}: [weights] must be a table of numbers")
    for key, value in table.items():
        if key not in WEIGHTS:
            raise ConfigError(f"strategy weights {path}: unknown weight {key!r} (known: {', '.join(WEIGHTS)})")
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ConfigError(f"strategy weights {path}: weight {key!r} must be a number, not {value!r}")
        weights[key] = float(value)
    return weights


def weight_row(path) -> np.ndarray:
    """The float row of one weights file (weights it does not name are 0)."""
    row = np.zeros(N_STRATEGY_PARAMS, np.float64)
    for key, value in _read(pathlib.Path(path)).items():
        row[WEIGHTS.index(key)] = value
    return row


@functools.lru_cache(maxsize=8)
def _default_params(folder: str) -> np.ndarray:
    params = np.zeros((len(STRATEGIES), N_STRATEGY_PARAMS), np.float64)
    for i, name in enumerate(STRATEGIES):
        path = pathlib.Path(folder) / f"{name}.toml"
        if path.exists():
            params[i] = weight_row(path)
        elif name != "random":
            raise ConfigError(f"strategy weights {path} are missing: reinstall scythe-sim from its "
                              "repository (pip install -e .)")
    return params


def load_params(overrides=None) -> np.ndarray:
    """(len(STRATEGIES), N_STRATEGY_PARAMS) float64: every strategy's weights from
    configs/strategies, with {strategy name: weights file} overrides."""
    params = _default_params(str(CONFIG_DIR)).copy()
    for name, path in (overrides or {}).items():
        if name not in STRATEGIES:
            raise ConfigError(f"weights given for unknown strategy {name!r}: choose one of {', '.join(STRATEGIES)}")
        params[STRATEGIES.index(name)] = weight_row(path)
    return params
