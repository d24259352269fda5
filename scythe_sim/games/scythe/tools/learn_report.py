"""The report of a `scythe-sim learn` run (report.md in its folder): the settings, every
generation's fit and paired strength, and the kept model's weights by phase, faction
and mat."""
from __future__ import annotations

import numpy as np

from ..strategies.learned.names import FEATURES
from .learn_fit import TD_SWEEPS


def _pct(x):
    return f"{x:.1%}"


def report_markdown(state: dict, model) -> str:
    s = state["settings"]
    target, td_lambda = s.get("target", "margin"), s.get("td_lambda", 0.0)
    # the first incumbent: the shipped model with a teacher or when the search learns
    # (learn.starts_from_shipped), the hand-weighted value otherwise
    first = ("the shipped model" if s.get("teacher", "none") != "none" or s.get("player", "greedy") == "search"
             else "the hand-weighted value")
    lines = ["# Learning the value of a position", "",
             f"`scythe-sim learn --generations {s['generations']} --games {s['games']} "
             f"--eval-games {s['eval_games']} --seed {s['seed']} --players {s['players']} --field {s['field']} "
             f"--knots {s['knots']} --win-bonus {s['win_bonus']:g} --target {target} "
             f"--td-lambda {td_lambda:g} --penalties {s.get('penalties', 'auto')}"
             + (f" --teacher {s['teacher']} --agree-games {s['agree_games']}" if s.get("teacher", "none") != "none" else "")
             + "`", "",
             ("With a teacher, each generation's data are instead the teaching games and the candidate is "
              "fitted to the search's rankings (Agreement with the search, below). " if s.get("teacher", "none") != "none"
              else "") +
             f"Each generation: the incumbent's players ({first} until a model is kept) "
             f"play {s['games']} games of the field `{s['field']}`, each seat recording its own view at the "
             "end of each of its turns; a candidate is fitted to the final margin over the best other "
             f"seat{' + ' + format(s['win_bonus'], 'g') + ' x win' if s['win_bonus'] else ''}"
             + (f", then refitted {TD_SWEEPS} times to the TD(lambda {td_lambda:g}) returns under the last fit "
                "(the held-out R2 is of those returns; R2 margin: of the final margin)" if target == "td" else "")
             + "; then "
             f"{s['eval_games']} paired games: the candidate's {s.get('player', 'greedy')} in one seat (rotated) "
             f"against three incumbent {s.get('player', 'greedy')} seats, and the same games with the incumbent "
             "in that seat. Kept when the "
             "paired difference is above 0 with its 95% interval. Yardstick: the candidate in one seat "
             "against three greedy2 seats (parity 25% at 4 players).", "",
             "## Generations", "",
             "| generation | played by | seat-turns | held-out R2 | R2 margin | RMSE (coins) | candidate "
             "| incumbent in its seat | paired difference (95% CI) | p | vs 3 greedy2 (95% CI) | kept | s |",
             "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|"]
    for g in state["generations"]:
        d, low, high, p = g["paired"]["difference"]
        y = g["yardstick"]
        lines.append(
            f"| {g['generation']} | {g['incumbent'] or first.removeprefix('the ')} | {g['data']['rows']:,} | "
            f"{g['data']['r2']:.3f} | {g['data'].get('r2_final', g['data']['r2']):.3f} | {g['data']['rmse']:.1f} | {_pct(g['paired']['candidate']['win_rate'])} | "
            f"{_pct(g['paired']['incumbent']['win_rate'])} | {d:+.1%} ({low:+.1%} .. {high:+.1%}) | {p:.3g} | "
            f"{_pct(y['win_rate'])} ({_pct(y['low'])} - {_pct(y['high'])}) | {'yes' if g['kept'] else 'no'} | "
            f"{g['seconds']:.0f} |")
    lines += _teaching(state)
    bad = sum(g["data"]["bad"] + g["paired"]["bad"] + g["yardstick"]["bad"] for g in state["generations"])
    lines += ["", f"Games stopped on a simulator bug: {bad}.", ""]
    if model is None:
        lines += [f"No candidate was kept: {first} stands.", ""]
        return "\n".join(lines)
    lines += [f"## The kept model: {state['incumbent']} (version {model.version})", "",
              "Coefficients in coins of final margin per unit of the feature (learned/names.py), at each "
              "phase knot (0: the game's start, 1: its end; between knots a coefficient moves linearly). "
              "Phase = clip(" + " + ".join(f"{c:.4g} x {n}" for c, n in
                                           zip(model.phase, ("1", "round", "leader's stars", "mean stars")))
              + ", 0, 1).", "", "### Base (every faction and mat)", ""]
    lines += _table(model.base)
    for kind, tables in (("faction", model.faction), ("mat", model.mat)):
        if not tables:
            continue
        lines += ["", f"### What each {kind} adds", "",
                  f"Per {kind}: the features whose added coefficient is largest at some knot "
                  "(in coins per unit; the full tables are in the model file).", ""]
        for name, add in tables.items():
            lines += [f"**{name}**", ""] + _table(add, top=6) + [""]
    return "\n".join(lines) + "\n"


def _teaching(state) -> list:
    """With a teacher: the agreement of each generation's fast player with the search."""
    taught = [g for g in state["generations"] if "teaching" in g]
    if not taught:
        return []
    lines = ["", "## Agreement with the search", "",
             "The search played every seat of the teaching games and valued each turn start's candidate "
             "plans by rollouts; each model is fitted to those values' differences between the plans of one "
             "decision (held-out R2 above is of them). First choice: greedy with the model, without noise, "
             "chose the search's section (the incumbent over the teaching games, which it was not fitted "
             "on; the candidate over further games). Ranking: the model valued the search's chosen plan "
             "first among its candidates (over the further games).", "",
             "| generation | decisions | incumbent first choice | held-out decisions | candidate first choice "
             "| incumbent ranking | candidate ranking |",
             "|---:|---:|---:|---:|---:|---:|---:|"]
    for g in taught:
        a = g["teaching"]
        lines.append(f"| {g['generation']} | {a['decisions']:,} | {_pct(a['student_incumbent'])} | "
                     f"{a['held_decisions']:,} | {_pct(a['student_candidate'])} | "
                     f"{_pct(a['ranking_incumbent'])} | {_pct(a['ranking_candidate'])} |")
    return lines


def _table(coef, top=None) -> list:
    knots = coef.shape[0]
    grid = np.linspace(0.0, 1.0, knots)
    order = range(len(FEATURES))
    if top is not None:
        order = sorted(order, key=lambda f: -np.abs(coef[:, f]).max())[:top]
    out = ["| feature | " + " | ".join(f"z={z:.2f}" for z in grid) + " |",
           "|---|" + "---:|" * knots]
    out += [f"| {FEATURES[f]} | " + " | ".join(f"{coef[k, f]:+.3g}" for k in range(knots)) + " |" for f in order]
    return out
