"""Learned value models as files: package data read at run time (no recompile), versioned.
Pure Python; the compiled value is strategies/learned/model.py. strategies/workspace.py
imports it (inside a function), so it is in Scythe's compile-cache key, which counts
every import of a compiled module (compiled/imports.py).

A model file (TOML; the shipped one is scythe_sim/games/scythe/data/learned_value.toml,
written by `scythe-sim learn`) holds:

- ``name``, ``version`` (the learning generation) and ``description``;
- ``features`` and ``phase_inputs``: the names it was fitted on, which must be the
  code's (learned/names.py), or the first of them (a model of an earlier feature list:
  the features added since weigh 0); a file of other features is refused, not misread;
- ``phase``: the phase as a linear function of the phase inputs (clipped to [0, 1]);
- ``[base]``: per phase knot ``k0``, ``k1``, ... (evenly spaced over [0, 1]), one
  coefficient per feature; ``[faction.<name>]`` and ``[mat.<name>]``: what a faction or
  a mat adds to them at each knot (none: nothing);
- ``[training]``: how it was made (free-form: command, games, paired strength).

The batch gets a stack of models (model.Learned): a weight row with ``learned`` = k
plays model k of the stack.
"""
import dataclasses
import functools
import hashlib
import pathlib

import numpy as np

from scythe_sim.errors import ConfigError
from scythe_sim.toml_file import read_toml

from .enums import FACTIONS, MATS
from .strategies.learned.model import Learned, new_learned
from .strategies.learned.names import FEATURES, N_FEATURES, N_PHASE_INPUTS, PHASE_INPUTS

SHIPPED = pathlib.Path(__file__).resolve().parent / "data" / "learned_value.toml"
# The model shipped at 29bb04a, frozen as a yardstick (the `fast` study): whatever model
# ships later, 29bb04a's greedy is greedy's weights row playing this one.
FROZEN_29BB04A = SHIPPED.with_name("learned_value_29bb04a.toml")
# Holdings a player is never worse off for having more of, all else equal: the sum of a
# model's base coefficient and what the player's faction and mat add is kept at 0 or
# above (coefficients(); learn_fit.py fits the base so). A fit to final margins alone
# gives some of them negative weights where more of them goes with weaker players (power
# and cards left unspent), and a planner would then throw them away.
ASSETS = ("coins", "score", "stars", "power", "combat_cards", "popularity", "upgrades", "mechs",
          "structures", "recruits", "workers", "territories", "resources", "objectives", "progress",
          "ready", "outlook", "factory_card")


@dataclasses.dataclass
class Model:
    name: str
    version: int
    phase: np.ndarray             # (N_PHASE_INPUTS,)
    base: np.ndarray              # (K, N_FEATURES)
    faction: dict                 # {faction name: (K, N_FEATURES)}
    mat: dict                     # {mat name: (K, N_FEATURES)}
    description: str = ""
    training: dict = dataclasses.field(default_factory=dict)

    @property
    def knots(self) -> int:
        return self.base.shape[0]

    def coefficients(self) -> np.ndarray:
        """(K, N_FACTIONS, N_MATS, N_FEATURES): base + faction + mat at every knot, the
        ASSETS' at 0 or above."""
        coef = np.repeat(np.repeat(self.base[:, None, None, :], len(FACTIONS), 1), len(MATS), 2)
        for name, add in self.faction.items():
            coef[:, FACTIONS.index(name)] += add[:, None, :]
        for name, add in self.mat.items():
            coef[:, :, MATS.index(name)] += add[:, None, :]
        assets = [FEATURES.index(f) for f in ASSETS]
        coef[..., assets] = np.maximum(coef[..., assets], 0.0)
        return coef


def read_model(path) -> Model:
    """The model of a file; a ConfigError names what is wrong with it."""
    path = pathlib.Path(path)
    data = read_toml(path, f"cannot read the learned model {path}", f"learned model {path} is not valid TOML")
    return _model(data, f"learned model {path}", path.stem)


@functools.lru_cache(maxsize=4)
def model_from_text(text, where="the config's learned model") -> Model:
    """The model of a file's text (a run config's `strategies.model`)."""
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        raise ConfigError(f"{where} is not valid TOML") from None
    return _model(data, where, "model")


def _model(data, where, default_name) -> Model:
    features = tuple(data.get("features", ()))
    if (not features or features != FEATURES[:len(features)]
            or tuple(data.get("phase_inputs", ())) != PHASE_INPUTS):
        raise ConfigError(f"{where} was fitted on other features than this scythe-sim computes: "
                          "learn it again (scythe-sim learn)")
    width = len(features)       # a model of an earlier feature list: the features added since weigh 0
    phase = _numbers(data.get("phase"), N_PHASE_INPUTS, f"{where}: phase")
    base = _knots(data.get("base"), f"{where}: [base]", width=width)
    tables = {}
    for kind, names in (("faction", FACTIONS), ("mat", MATS)):
        given = data.get(kind, {})
        if not isinstance(given, dict) or any(n not in names for n in given):
            raise ConfigError(f"{where}: [{kind}.<name>] tables name one of {', '.join(names)}")
        tables[kind] = {n: _knots(table, f"{where}: [{kind}.{n}]", base.shape[0], width)
                        for n, table in given.items()}
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise ConfigError(f"{where}: version must be a whole number")
    return Model(str(data.get("name", default_name)), version, phase, base, tables["faction"], tables["mat"],
                 str(data.get("description", "")), dict(data.get("training", {})))


def _numbers(values, count, where) -> np.ndarray:
    if (not isinstance(values, list) or len(values) != count
            or any(isinstance(v, bool) or not isinstance(v, (int, float)) for v in values)):
        raise ConfigError(f"{where} must be a list of {count} numbers")
    return np.asarray(values, np.float64)


def _knots(table, where, knots=None, width=N_FEATURES) -> np.ndarray:
    """(K, N_FEATURES) of a table of k0, k1, ... rows of `width` numbers (the features
    past them 0)."""
    if not isinstance(table, dict) or not table:
        raise ConfigError(f"{where} must hold rows k0, k1, ... of {width} numbers")
    count = knots if knots is not None else len(table)
    if sorted(table) != sorted(f"k{k}" for k in range(count)):
        raise ConfigError(f"{where} must hold the rows k0 .. k{count - 1}")
    rows = np.zeros((count, N_FEATURES))
    for k in range(count):
        rows[k, :width] = _numbers(table[f"k{k}"], width, f"{where} k{k}")
    return rows


def model_toml(model: Model) -> str:
    """The file of a model (read_model reads it back)."""
    def row(values):
        return "[" + ", ".join(_number(v) for v in values) + "]"

    lines = [f'name = "{model.name}"', f"version = {model.version}",
             f'description = "{model.description}"',
             "features = [" + ", ".join(f'"{f}"' for f in FEATURES) + "]",
             "phase_inputs = [" + ", ".join(f'"{f}"' for f in PHASE_INPUTS) + "]",
             f"phase = {row(model.phase)}", "", "[base]"]
    lines += [f"k{k} = {row(model.base[k])}" for k in range(model.knots)]
    for kind, tables in (("faction", model.faction), ("mat", model.mat)):
        for name, add in tables.items():
            lines += ["", f"[{kind}.{name}]"] + [f"k{k} = {row(add[k])}" for k in range(model.knots)]
    if model.training:
        lines += ["", "[training]"] + [f"{key} = {_value(v)}" for key, v in model.training.items()]
    return "\n".join(lines) + "\n"


def _number(v) -> str:
    return f"{float(v):.6g}"


def _value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    return '"' + str(v).replace("\\", "\\\\").replace('"', '\\"') + '"'


def stack(models) -> Learned:
    """The batch's models (None: the value 0, for a stack slot nobody plays)."""
    knots = max((m.knots for m in models if m is not None), default=1)
    coef = np.zeros((len(models), knots, len(FACTIONS), len(MATS), N_FEATURES), np.float64)
    phase = np.zeros((len(models), N_PHASE_INPUTS), np.float64)
    for i, m in enumerate(models):
        if m is None:
            continue
        if m.knots != knots:       # a model of fewer knots: its values at the stack's knots
            grid = np.linspace(0.0, 1.0, knots)
            own = np.linspace(0.0, 1.0, m.knots) if m.knots > 1 else None
            c = m.coefficients()
            coef[i] = c[0] if own is None else np.stack([_interpolate(c, own, z) for z in grid])
        else:
            coef[i] = m.coefficients()
        phase[i] = m.phase
    return new_learned(coef, phase)


def _interpolate(c, own, z):
    k = min(int(np.searchsorted(own, z, side="right")) - 1, len(own) - 2)
    a = (z - own[k]) / (own[k + 1] - own[k])
    return c[k] + a * (c[k + 1] - c[k])


@functools.lru_cache(maxsize=1)
def shipped_model():
    """The model the shipped weights play (`learned` = 1), or None before one was learned."""
    return read_model(SHIPPED) if SHIPPED.exists() else None


def default_learned() -> Learned:
    """The stack every batch gets unless told otherwise: the shipped model alone."""
    return stack([shipped_model()])


def config_learned(config):
    """The model stack a run config's players play: its own model file's (strategies.model),
    or None (the shipped one)."""
    return stack([model_from_text(config.model)]) if config.model else None


def config_identity(config) -> dict:
    """{name, version, sha256} of the model a run config's players play."""
    if not config.model:
        return shipped_identity()
    m = model_from_text(config.model)
    return {"name": m.name, "version": m.version, "sha256": hashlib.sha256(config.model.encode()).hexdigest()}


def shipped_identity() -> dict:
    """{name, version, sha256} of the shipped model file, for run manifests (None fields
    before one was learned)."""
    if not SHIPPED.exists():
        return {"name": None, "version": None, "sha256": None}
    m = shipped_model()
    return {"name": m.name, "version": m.version,
            "sha256": hashlib.sha256(SHIPPED.read_bytes()).hexdigest()}
