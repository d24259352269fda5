"""`scythe-sim learn`: the learned value of a position, by self-play generations."""
import dataclasses
import shlex
import sys

import click

from .common import records, signed_points
from .study_check import checked_study, play_checked


@dataclasses.dataclass(frozen=True)
class Fit:
    """How each generation's model is fitted: --knots, --win-bonus, --target, --td-lambda,
    --penalties, --teacher and --agree-games, as given."""
    knots: int
    win_bonus: float
    target: str
    td_lambda: float
    penalties: str
    teacher: str
    agree_games: int


@click.command()
@click.option("--generations", type=int, default=4, show_default=True, help="Generations to have played in all.")
@click.option("--games", type=int, default=3000, show_default=True, help="Games recorded per generation.")
@click.option("--eval-games", type=int, default=2000, show_default=True,
              help="Paired games deciding each generation (and as many against greedy2).")
@click.option("--seed", type=int, default=1, show_default=True, help="Root seed of every game set.")
@click.option("--players", type=int, default=4, show_default=True, help="Players per game.")
@click.option("--player", default="greedy", show_default=True, metavar="greedy|search",
              help="Who plays a candidate model in the paired games deciding it: greedy, or search (expert "
                   "iteration: the reference learns from its own games, its field by default; a search game "
                   "is slow, so use a few hundred --games and --eval-games).")
@click.option("--field", default=None,
              help="Who plays the recorded games: a mix, a strategy, or a comma list of them (default,greedy1) "
                   "[default: default; with --player search: search].")
@click.option("--knots", type=int, default=5, show_default=True, help="Phase knots of the model.")
@click.option("--win-bonus", type=float, default=0.0, show_default=True,
              help="Coins a win adds to the final margin the model fits.")
@click.option("--target", default="margin", show_default=True, metavar="margin|td",
              help="What each seat-turn is fitted to: its game's final margin, or (td) the value of the "
                   "seat's next turn under the previous fit, refitted a few times.")
@click.option("--td-lambda", type=float, default=0.0, show_default=True,
              help="With --target td: 0 the next turn's value (TD(0)) .. 1 the final margin (lambda-returns).")
@click.option("--penalties", default="auto", show_default=True, metavar="auto|BASE,SHARED",
              help="Ridge penalties (per seat-turn, standardised features) toward the prior on the base "
                   "weights and on what a faction or mat adds; auto: those fitting the held-out games best.")
@click.option("--teacher", default="none", show_default=True, metavar="none|search",
              help="search: the games are the search player's, and the model is fitted to rank each "
                   "decision's plans as its rollouts do (use a few hundred --games: a search game is slow).")
@click.option("--agree-games", type=int, default=60, show_default=True,
              help="With --teacher: further teaching games whose decisions judge how often the fast "
                   "player's first choice is the search's.")
@click.option("--out", default="results/learn", show_default=True, metavar="DIR",
              help="Folder of the run: each generation's model, learn.json and report.md.")
@click.option("--study", metavar="STUDY", default=None,
              help="Then play this declared study (e.g. agreement, or FILE.toml) with the kept model, as "
                   "`evaluate STUDY --set model=MODEL` does; its report goes beside the model.")
@click.option("--resume", is_flag=True, help="Continue the run in --out from its last finished generation.")
@click.option("--workers", type=int, default=None, help="Worker processes (default: every core).")
@records(fit=Fit)
def learn(generations, games, eval_games, seed, players, player, field, fit, out, resume, workers, study):
    """Learn the value of a position from self-play (approximate value iteration): each
    generation records its games, fits a model by phase, faction and mat, and keeps it
    only when paired games show it stronger (docs/players/learned.md, "The learned value")."""
    import os

    from scythe_sim.games.scythe.tools.learn import (REPORT, Settings, check, learn as run_learn, start_state,
                                                     starts_from_shipped)
    from scythe_sim.runner.batch import Terminated, stop_on_signals

    player = player.strip().lower()
    field = field if field is not None else "search" if player == "search" else "default"
    settings = Settings(generations=generations, games=games, eval_games=eval_games, seed=seed, players=players,
                        field=",".join(part.strip() for part in field.lower().split(",")), knots=fit.knots,
                        win_bonus=float(fit.win_bonus), target=fit.target.strip().lower(),
                        td_lambda=float(fit.td_lambda), penalties=fit.penalties.strip().lower().replace(" ", ""),
                        teacher=fit.teacher.strip().lower(), agree_games=fit.agree_games, out=out, player=player)
    check(settings)
    workers = workers if workers is not None else (os.cpu_count() or 1)
    checked = checked_study(study, workers) if study else None
    start_state(settings, resume)          # a bad --out or --resume: one line before any work
    again = (f"scythe-sim learn --resume --out {shlex.quote(out)} --generations {generations} --games {games} "
             f"--eval-games {eval_games} --seed {seed} --players {players} --player {player} "
             f"--field {shlex.quote(field)} "
             f"--knots {fit.knots} --win-bonus {fit.win_bonus:g} --target {fit.target} --td-lambda {fit.td_lambda:g} "
             f"--penalties {fit.penalties} --teacher {fit.teacher} --agree-games {fit.agree_games}"
             + (f" --study {shlex.quote(study)}" if study else ""))
    try:
        with stop_on_signals(), _Progress(sys.stdout.isatty()) as progress:
            state = run_learn(settings, workers=workers, resume=resume, progress=progress)
    except (KeyboardInterrupt, Terminated) as exc:
        from scythe_sim.games.scythe.tools.learn import saved_generations

        done = saved_generations(out)
        word = "interrupted" if isinstance(exc, KeyboardInterrupt) else "terminated"
        click.echo(f"{word}: {done} generation(s) are saved in {out}; resume with: {again}", err=True)
        sys.exit(130 if isinstance(exc, KeyboardInterrupt) else 143)
    for g in state["generations"]:
        d, low, high, _ = g["paired"]["difference"]
        r2 = g["data"]["r2"]
        final = g["data"].get("r2_final", r2)
        fits = f"{r2:.3f}" if settings.target == "margin" else f"{r2:.3f} of its target, {final:.3f} of the margin"
        if "teaching" in g:
            a = g["teaching"]
            fits = f"{r2:.3f} of the siblings' differences"
            click.echo(f"generation {g['generation']}: fast player's first choice is the search's: "
                       f"{a['student_incumbent']:.1%} before ({a['decisions']:,} decisions, "
                       f"{_verdict(a['student_incumbent'], a['decisions'])}), {a['student_candidate']:.1%} with "
                       f"the candidate ({a['held_decisions']:,} held-out, "
                       f"{_verdict(a['student_candidate'], a['held_decisions'])}; target "
                       f"{AGREEMENT_TARGET:.0%} over {AGREEMENT_DECISIONS:,} decisions or more)")
        click.echo(f"generation {g['generation']}: held-out R2 {fits}; candidate vs incumbent "
                   f"{signed_points(d)} (95% CI {signed_points(low)} to {signed_points(high)}), vs 3 greedy2 "
                   f"{g['yardstick']['win_rate']:.1%}; {'kept' if g['kept'] else 'not kept'}")
    kept = state["incumbent"]
    stands = "the shipped model" if starts_from_shipped(settings) else "the hand-weighted value"
    click.echo(f"kept model: {os.path.join(out, kept) if kept else f'none ({stands} stands)'}; "
               f"report: {os.path.join(out, REPORT)}")
    if checked is not None:
        if kept:
            play_checked(checked, study, "model", os.path.join(out, kept), os.path.join(out, kept))
        else:
            click.echo(f"study {checked.study.name} not played: no generation was kept")


AGREEMENT_TARGET, AGREEMENT_DECISIONS = 0.60, 5000     # the fast player's first choice is the search's


def _verdict(share, decisions):
    if decisions < AGREEMENT_DECISIONS:
        return "too few decisions to judge"
    return "PASS" if share >= AGREEMENT_TARGET else "FAIL"


class _Progress:
    """A rich bar per stage of a generation on a terminal; one line per stage otherwise."""

    def __init__(self, show):
        self.show, self.bar, self.task, self.key = show, None, None, None

    def __enter__(self):
        return self.update

    def update(self, gen, stage, done, total):
        if not self.show:
            if done == total:
                click.echo(f"generation {gen}: {stage} games {done:,}/{total:,}")
            return
        if self.bar is None:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

            self.bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                TimeElapsedColumn())
            self.bar.start()
        if self.key != (gen, stage):
            self.key = (gen, stage)
            self.task = self.bar.add_task(f"generation {gen} {stage}", total=total)
        self.bar.update(self.task, completed=done)

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.stop()
        return False
