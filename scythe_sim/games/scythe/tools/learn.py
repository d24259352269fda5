"""Approximate value iteration by self-play behind `scythe-sim learn` (docs/players/learned.md,
"The learned value"), or with `--teacher search` the fast value fitted to the search's
rankings (learn_teach.py; docs/players/learned.md, "Learning from the search").

Generation k: the incumbent (the hand-weighted value before any model is kept) plays
`games` games of the field, every seat recording its view at each turn's end
(strategies/learned/record.py); a candidate model is fitted to those seat-turns and
their games' outcomes (learn_fit.py); then paired games decide: the candidate in one
seat against the incumbent's greedy in the others, and the very same games with the
incumbent in that seat. The candidate is kept (becomes the incumbent) only when the
paired difference of win shares is above 0 with its 95% interval. A yardstick set
gives the candidate's win rate against three greedy2 seats (the issue's target).

With `player = "search"` (expert iteration) the reference player learns from its own
games: the data games are search games (every search seat valuing its leaves and
rollouts with the incumbent), and the paired games put the candidate in a search seat
(strategies.SEARCH_TUNING_SLOT) among search seats playing the incumbent, so a
generation is kept only when the search with it beats the search without it head to head.

Every finished generation is saved in the output folder (its model, learn.json with
every generation's figures, report.md), so an interrupted run resumes from the last
finished generation and plays on exactly as it would have: a model is used as read back
from its file, and every game set is drawn from (seed, generation, purpose) alone.
"""
from __future__ import annotations

import dataclasses
import json
import os
import pathlib
import time


from scythe_sim.errors import ConfigError
from scythe_sim.intervals import paired_difference, wilson

from ..strategies import STRATEGIES
from ..learned_models import model_toml, read_model, shipped_model, stack
from ..strategies.weights import W_LEARNED
from .learn_data import CANDIDATE, INCUMBENT, Player, candidate_slot, field_pool, game_set, learned_params
from .learn_fit import TARGETS, fit_model, hand_prior
from .learn_teach import TEACHER, first_choice_agreement, fit_ranking, student_agreement, student_row
from .learn_report import report_markdown

STATE = "learn.json"
REPORT = "report.md"
DATA, PAIRED, YARDSTICK, AGREEMENT = range(4)     # the purposes of a generation's game sets
YARDSTICK_FIELD = "greedy2"
# the settings a resumed run must share with the run it continues (generations may grow)
_SHARED = ("games", "eval_games", "seed", "players", "player", "field", "knots", "win_bonus", "target", "td_lambda",
           "penalties", "teacher", "agree_games")
TEACHERS = ("none", TEACHER)
PLAYERS = ("greedy", "search")      # who plays a candidate model in the paired games


@dataclasses.dataclass(frozen=True)
class Settings:
    generations: int = 4
    games: int = 3000          # data games per generation
    eval_games: int = 2000     # paired games per generation (and yardstick games)
    seed: int = 1
    players: int = 4
    field: str = "default"     # who plays the data games: a mix or a strategy
    knots: int = 5             # phase knots of the model
    win_bonus: float = 0.0     # coins a win adds to the margin fitted
    target: str = "margin"     # what a seat-turn is fitted to: the final margin, or "td" (learn_fit.TARGETS)
    td_lambda: float = 0.0     # with "td": 0 the next turn's value (TD(0)) .. 1 the final margin
    penalties: str = "auto"    # ridge penalties "BASE,SHARED" (per row, standardised), or chosen on held-out games
    teacher: str = "none"      # "search": fit to rank each decision's plans as the search's rollouts do
    agree_games: int = 60      # with a teacher: its games whose decisions judge the agreement
    out: str = "results/learn"
    player: str = "greedy"     # who plays the candidate in the paired games: greedy, or search (expert iteration)


def check(settings: Settings):
    """Refuse bad settings with one line naming the fix (ConfigError)."""
    from ..lineup import lineup

    top = lineup().max_players
    for key, lo, hi in (("generations", 1, 1000), ("games", 10, 10 ** 7), ("eval_games", 10, 10 ** 7),
                        ("players", 2, top), ("knots", 1, 20)):
        value = getattr(settings, key)
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise ConfigError(f"--{key.replace('_', '-')} must be a whole number {lo}..{hi}, got {value!r}")
    if isinstance(settings.seed, bool) or not isinstance(settings.seed, int) or not 0 <= settings.seed < 2 ** 63:
        raise ConfigError(f"--seed must be a whole number 0 or more, got {settings.seed!r}")
    if not isinstance(settings.win_bonus, (int, float)) or not 0 <= settings.win_bonus <= 1000:
        raise ConfigError(f"--win-bonus must be a number of coins 0..1000, got {settings.win_bonus!r}")
    if settings.target not in TARGETS:
        raise ConfigError(f"--target must be one of {', '.join(TARGETS)}, got {settings.target!r}")
    if (isinstance(settings.td_lambda, bool) or not isinstance(settings.td_lambda, (int, float))
            or not 0 <= settings.td_lambda <= 1):
        raise ConfigError(f"--td-lambda must be a number 0..1, got {settings.td_lambda!r}")
    if settings.target != "td" and settings.td_lambda != 0:
        raise ConfigError("--td-lambda applies only with --target td")
    penalty_pair(settings.penalties)
    field_pool(settings.field)
    if settings.teacher not in TEACHERS:
        raise ConfigError(f"--teacher must be one of {', '.join(TEACHERS)}, got {settings.teacher!r}")
    if settings.teacher != "none" and settings.target != "margin":
        raise ConfigError("--target applies without --teacher: a teacher's rankings are the target")
    if starts_from_shipped(settings) and shipped_model() is not None and settings.knots != shipped_model().knots:
        raise ConfigError(f"--knots must be the shipped model's ({shipped_model().knots}) with --teacher or "
                          "--player search: the fit is a step from it")
    agree = settings.agree_games
    if isinstance(agree, bool) or not isinstance(agree, int) or not 1 <= agree <= 10 ** 6:
        raise ConfigError(f"--agree-games must be a whole number 1..1000000, got {agree!r}")
    if settings.players > 5:
        raise ConfigError("--players must be 2..5: the learned model is fitted on the base five factions")
    if settings.player not in PLAYERS:
        raise ConfigError(f"--player must be one of {', '.join(PLAYERS)}, got {settings.player!r}")
    if settings.player != "greedy" and settings.teacher != "none":
        raise ConfigError("--player search learns from the search's own games: drop --teacher")


def penalty_pair(text):
    """(base, shared) of --penalties "BASE,SHARED", or None for "auto"; a ConfigError names the fix."""
    if text == "auto":
        return None
    try:
        pair = tuple(float(v) for v in str(text).split(","))
    except ValueError:
        pair = ()
    if len(pair) != 2 or not all(0 < v <= 1e6 for v in pair):
        raise ConfigError(f"--penalties must be auto or two numbers BASE,SHARED in (0, 1e6], got {text!r}")
    return pair


def _state_path(settings):
    return pathlib.Path(settings.out) / STATE


def start_state(settings: Settings, resume: bool) -> dict:
    """The run's state: new, or (resume) the saved one, whose settings must match."""
    path = _state_path(settings)
    if not resume:
        if path.exists():
            raise ConfigError(f"{settings.out} holds a learning run: add --resume to continue it, "
                              "or choose another --out")
        return {"settings": dataclasses.asdict(settings), "generations": [], "incumbent": None}
    if not path.exists():
        raise ConfigError(f"--resume: {settings.out} holds no learning run ({STATE} missing): "
                          "drop --resume to start one")
    try:
        state = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raise ConfigError(f"--resume: {path} is unreadable: start again in another --out") from None
    saved = state.get("settings", {})
    made_before = dataclasses.asdict(Settings())      # a run saved before a setting existed had its default
    for key in _SHARED:
        made = saved.get(key, made_before[key])
        if made != getattr(settings, key):
            raise ConfigError(f"--resume: the run in {settings.out} was made with --{key.replace('_', '-')} "
                              f"{made!r}, not {getattr(settings, key)!r}: give the same, or "
                              "choose another --out")
    state["settings"]["generations"] = settings.generations
    return state


def _save(settings, state, text_files):
    """Write the generation's files, then the state (each published with os.replace)."""
    folder = pathlib.Path(settings.out)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for name, text in list(text_files.items()) + [(STATE, json.dumps(state, indent=1) + "\n")]:
            tmp = folder / f".{name}.tmp"
            tmp.write_text(text, encoding="utf-8")
            os.replace(tmp, folder / name)
    except OSError as exc:
        raise ConfigError(f"cannot write in {settings.out!r}: {exc.strerror}") from None


def saved_generations(out) -> int:
    """Generations finished and saved in the run folder `out` (0: none, or no run)."""
    try:
        return len(json.loads((pathlib.Path(out) / STATE).read_text(encoding="utf-8"))["generations"])
    except (OSError, ValueError, KeyError, TypeError):
        return 0


def starts_from_shipped(settings) -> bool:
    """A run whose first incumbent is the shipped model (what the search's leaves are
    valued with): with a teacher, and when the search learns (--player search)."""
    return settings.teacher != "none" or settings.player == "search"


def incumbent_model(settings, state):
    """The model kept last; before any, None (the hand-weighted value), or the shipped
    model when the run starts from it (starts_from_shipped)."""
    name = state.get("incumbent")
    if name is None:
        return shipped_model() if starts_from_shipped(settings) else None
    return read_model(pathlib.Path(settings.out) / name)


def learn(settings: Settings, workers=1, resume=False, progress=None) -> dict:
    """Run the generations still to play; returns the state. progress(generation,
    stage, games done, games of the stage) as chunks of games finish."""
    import contextlib

    from ..strategies.weights import load_params

    check(settings)
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise ConfigError(f"--workers must be 1 or more, got {workers!r}")
    state = start_state(settings, resume)
    base = load_params()
    if base.shape[0] > len(STRATEGIES):
        raise ConfigError("scythe-sim learn plays the shipped weights without [faction.<name>] tables")
    pool_context = contextlib.nullcontext(None)
    if workers > 1 and len(state["generations"]) < settings.generations:
        from scythe_sim.runner.batch import forked_pool

        from .bench import warm

        pool_context = forked_pool(workers, warm)
    with pool_context as pool:
        try:
            for gen in range(len(state["generations"]) + 1, settings.generations + 1):
                _generation(settings, state, base, gen, workers, pool, progress)
        except BaseException:
            if pool is not None:
                from scythe_sim.runner.batch import stop_pool

                stop_pool(pool)      # Ctrl-C, SIGTERM or an error: no worker plays on
            raise
    return state


def _generation(settings, state, base, gen, workers, pool, progress):
    start = time.perf_counter()
    incumbent = incumbent_model(settings, state)
    has = incumbent is not None

    def player(stage, total):
        done = [0]

        def landed(games):
            done[0] += games
            if progress is not None:
                progress(gen, stage, done[0], total)
        return Player(settings.players, workers, pool, landed)

    fixed = penalty_pair(settings.penalties)
    if settings.teacher == "none":
        pool_names = field_pool(settings.field)
        data = game_set(settings.seed, gen, DATA, settings.games, settings.players, pool_names)
        played = player("data", settings.games)
        rows, outcomes = played.recorded(learned_params(base, has, learns=settings.player), stack([incumbent]), data)
        # a step from the incumbent, or (generation 1) from the hand-weighted value in coins
        prior = incumbent if has else hand_prior(base[STRATEGIES.index("greedy")])
        fit = fit_model(rows, outcomes, settings.knots, settings.win_bonus, version=gen, prior=prior,
                        target=settings.target, td_lambda=settings.td_lambda,
                        base=fixed[0] if fixed else None, shared=fixed[1] if fixed else None)
    else:
        data = game_set(settings.seed, gen, DATA, settings.games, settings.players, (TEACHER,))
        played = player("teaching", settings.games)
        params = learned_params(base, True)
        rows = played.taught(params, stack([incumbent]), student_row(params, INCUMBENT), data)
        fit = fit_ranking(rows, incumbent, settings.knots, version=gen, penalties=fixed)
    fit.model.description = (f"learned value, generation {gen} of scythe-sim learn (seed {settings.seed}): "
                             f"{target_words(settings)}, by phase, faction and mat")
    name = f"gen-{gen:03d}.toml"
    folder = pathlib.Path(settings.out)
    _save(settings, state, {name: model_toml(fit.model)})
    candidate = read_model(folder / name)      # as a resumed run will read it
    teaching = None
    if settings.teacher != "none":
        teaching = _agreement(settings, gen, base, (incumbent, candidate), rows, player)

    models = stack([incumbent, candidate])
    slot = candidate_slot(settings.player)
    with_candidate = learned_params(base, has, candidate_of=settings.player, learns=settings.player)
    with_incumbent = with_candidate.copy()
    with_incumbent[slot, W_LEARNED] = INCUMBENT if has else 0.0
    paired = game_set(settings.seed, gen, PAIRED, settings.eval_games, settings.players, (settings.player,), slot)
    p = player("paired", 2 * settings.eval_games)
    w1, m1 = p.measured(with_candidate, models, paired)
    w0, m0 = p.measured(with_incumbent, models, paired)
    diff = w1 - w0
    d, low, high, pv = paired_difference(len(diff), float(diff.sum()), float((diff ** 2).sum()))
    yard = game_set(settings.seed, gen, YARDSTICK, settings.eval_games, settings.players, (YARDSTICK_FIELD,), slot)
    y = player("yardstick", settings.eval_games)
    wy, my = y.measured(with_candidate, models, yard)
    kept = low > 0
    entry = {
        "generation": gen, "model": name, "incumbent": state.get("incumbent"),
        "data": {"games": settings.games, "rows": fit.rows, "r2": fit.r2, "r2_final": fit.r2_final,
                 "rmse": fit.rmse, "penalties": list(fit.penalties), "bad": played.bad},
        "paired": {"games": len(diff), "candidate": _rate(w1, m1), "incumbent": _rate(w0, m0),
                   "difference": [d, low, high, pv], "bad": p.bad},
        "yardstick": {"field": YARDSTICK_FIELD, **_rate(wy, my), "bad": y.bad},
        "kept": bool(kept), "seconds": time.perf_counter() - start,
    }
    if teaching is not None:
        entry["teaching"] = teaching
    state["generations"].append(entry)
    if kept:
        state["incumbent"] = name
    kept_model = incumbent_model(settings, state) if state.get("incumbent") else None
    _save(settings, state, {REPORT: report_markdown(state, kept_model)})


def _agreement(settings, gen, base, models, taught, player) -> dict:
    """How often the fast player's first choice is the search's: the incumbent's over the
    teaching games' decisions (it was not fitted on them), the candidate's over the
    decisions of `agree_games` further teaching games; and how often each model's value
    ranks the plan the search chose first among its candidates."""
    incumbent, candidate = models
    games = game_set(settings.seed, gen, AGREEMENT, settings.agree_games, settings.players, (TEACHER,))
    params = learned_params(base, True)
    held = player("agreement", settings.agree_games).taught(params, stack([incumbent, candidate]),
                                                           student_row(params, CANDIDATE), games)
    before, seen = student_agreement(taught)
    after, decisions = student_agreement(held)
    return {"decisions": seen, "rows": int(len(taught)), "student_incumbent": before,
            "held_decisions": decisions, "student_candidate": after,
            "ranking_incumbent": first_choice_agreement(incumbent, held),
            "ranking_candidate": first_choice_agreement(candidate, held)}


def target_words(settings) -> str:
    """What the candidates are fitted to, in words."""
    if settings.teacher != "none":
        return f"the {settings.teacher} player's rankings of each decision's plans (siblings' differences)"
    final = f"final margin + {settings.win_bonus:g} x win"
    if settings.target == "td":
        return f"TD(lambda {settings.td_lambda:g}) returns toward the {final}"
    return final


def _rate(win, margin) -> dict:
    low, high = wilson(float(win.sum()), len(win))
    return {"win_rate": float(win.mean()), "low": low, "high": high, "margin": float(margin.mean()),
            "games": int(len(win))}
