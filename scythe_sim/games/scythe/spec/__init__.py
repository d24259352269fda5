"""Scythe as the runner sees it: its GameSpec (runner/spec.py), registered on import.

Everything Scythe-specific the runner needs lives here: result tables (results.py),
per-game plans and the balanced design (deals.py), config checks (checks.py), and
playing, ruleset, provenance and replay (answers.py); the command line's
parts beside it (GameTools).
"""
from scythe_sim.runner.spec import GameSpec, GameTools, Reference, Setup, Weights, register

from ..strategies import STRATEGIES
from ..strategies.mixes import MIXES
from ..strategies.weights import load_params
from ..tables import RULE_NAMES, build_tables, rule_value
from . import answers as spec

# The rule variants a run config may name (variant = "..."), and the rules each sets.
VARIANTS = ("base", "all_out_war", "wind_gambit")
VARIANT_RULES = {"all_out_war": (("all_out_war", 1),), "wind_gambit": (("wind_gambit", 1),)}
# The default runs (configs/default.toml, all_out_war.toml, wind_gambit.toml, and a run
# given no config) deal all seven factions and mats, so runs of one seed stay paired.
DEFAULT_RULES = {variant: (("expansion_factions", 1),) for variant in VARIANTS}
REFERENCE_SEAT_SECONDS = ((3, 0.56), (4, 0.66), (5, 0.81))
from .checks import check_config
from .deals import plan_games
from .names import YARDSTICKS, listing
from .results import TABLES

SPEC = register(GameSpec(
    name="scythe",
    setup=Setup(
        variants=VARIANTS,
        rule_names=RULE_NAMES,
        strategies=STRATEGIES,
        default_strategies=MIXES["default"],
        assignments=("random", "fixed", "balanced"),
        seat_lists=("factions", "mats"),
        yardsticks=YARDSTICKS,
        variant_rules=VARIANT_RULES,
        default_rules=DEFAULT_RULES,
        rule_value=rule_value,
        price_keys=("faction", "mat"),
    ),
    weights=Weights(defaults=load_params, read=spec.weight_rows, keyed=spec.seat_weights,
                    with_keyed=spec.with_seat_weights),
    build_tables=build_tables,
    check_config=check_config,
    plan_games=plan_games,
    play=spec.play,
    ruleset=spec.ruleset,
    provenance=spec.provenance,
    replay=spec.replay,
    failure=spec.failure,
    warm=spec.warm,
), GameTools(
    tables=TABLES,
    compiled_package="scythe",
    commands={"play": "scythe_sim.games.scythe.playthrough", "bench": "scythe_sim.games.scythe.tools.bench",
              "evaluate": "scythe_sim.games.scythe.tools.studies"},
    options={"run": ("factions", "mats"), "play": ("factions", "mats", "expansion", "resolution", "mix"),
             "bench": ("mix", "mix_alias", "baseline", "profile", "perf_map")},
    listing=listing,
    balance_groups=(("faction",), ("mat",)),
    # search plays every variant (the war phase with its war search); CPU seconds per
    # searching seat per game, measured at each count (docs/reference-check.md)
    reference=Reference("search", REFERENCE_SEAT_SECONDS),
))
