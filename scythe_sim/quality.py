"""A strategy-quality report as `scythe-sim evaluate` prints it, for any game: tables,
targets marked PASS or FAIL, Markdown and a rich console view (scythe_sim/games/scythe/tools/evaluate.py
measures Scythe, scythe_sim/games/mls/tools/evaluate.py My Little Scythe)."""
from __future__ import annotations

import dataclasses
import math

import pyarrow as pa

from .errors import ConfigError
from .intervals import kendall_tau, wilson
from .runner.batch import play_ranges


@dataclasses.dataclass
class Table:
    key: str                   # section id: vs_random, vs_greedy1, mix, mix_stars, mix_abilities, mirror, ladder
    title: str
    columns: list
    rows: list                 # lists of strings, one per column
    note: str = ""


@dataclasses.dataclass
class Target:
    text: str
    measured: str
    passed: bool


@dataclasses.dataclass
class Report:
    games: int
    players: int
    seed: int
    tables: list
    targets: list
    metrics: dict              # the raw numbers, by section
    played: int = 0            # games played in all
    command: str = ""          # the command line shown in the Markdown (default: Scythe's)

    @property
    def passed(self) -> bool:
        return all(t.passed for t in self.targets)

    def table(self, key) -> Table:
        return next(t for t in self.tables if t.key == key)

    def markdown(self) -> str:
        command = self.command or f"scythe-sim evaluate quality --games {self.games} --players {self.players} --seed {self.seed}"
        out = ["# Strategy quality", "",
               f"`{command}`: "
               f"{self.games} games per line-up, {self.players} players, seats rotated. "
               "Win rates carry Wilson 95% intervals.", ""]
        for t in self.tables:
            out += [f"## {t.title}", "", "| " + " | ".join(t.columns) + " |",
                    "|" + "|".join("---" if i == 0 else "---:" for i in range(len(t.columns))) + "|"]
            out += ["| " + " | ".join(row) + " |" for row in t.rows]
            out += ([""] + [t.note] if t.note else []) + [""]
        out += ["## Targets", ""]
        out += [f"- **{'PASS' if t.passed else 'FAIL'}** {t.text}: {t.measured}" for t in self.targets]
        passed = sum(t.passed for t in self.targets)
        out += ["", f"{passed} of {len(self.targets)} targets pass.", ""]
        return "\n".join(out)

    def print(self, console=None):
        from rich.console import Console
        from rich.table import Table as RichTable

        console = console or Console()
        for t in self.tables:
            table = RichTable(title=t.title, caption=t.note or None)
            for i, column in enumerate(t.columns):
                table.add_column(column, justify="left" if i == 0 else "right")
            for row in t.rows:
                table.add_row(*row)
            console.print(table)
        table = RichTable(title="targets")
        for column in ("", "target", "measured"):
            table.add_column(column)
        for t in self.targets:
            table.add_row("[green]PASS[/]" if t.passed else "[red]FAIL[/]", t.text, t.measured)
        console.print(table)
        console.print(f"{sum(t.passed for t in self.targets)} of {len(self.targets)} targets pass")


def ranking_table(key, column, rates, labels, title, note) -> tuple:
    """(Table, Kendall tau): two line-ups' rankings of a column's groups side by side, by
    the first's rank (ties share a rank). rates: [{name: (wins, seats)}, {...}] in the
    column's order; labels: the line-ups' short names; the note ends with the tau."""
    shared = [n for n in rates[0] if n in rates[1]]
    score = [[rates[k][n][0] / rates[k][n][1] for n in shared] for k in range(2)]
    tau = kendall_tau(score[0], score[1])
    rows = []
    for i, name in enumerate(shared):
        row = [name]
        for k in range(2):
            wins, seats = rates[k][name]
            low, high = wilson(wins, seats)
            rank = 1 + sum(x > score[k][i] for x in score[k])
            row += [str(rank), f"{wins / seats:.1%}", f"{low:.1%} - {high:.1%}"]
        rows.append(row)
    rows.sort(key=lambda r: int(r[1]))
    columns = [column] + [f"{label} {what}" if what != "95% CI" else what
                          for label in labels for what in ("rank", "win rate", "95% CI")]
    return Table(key, f"{column} ranking: {title}", columns, rows, note=f"{note}; Kendall tau {tau:.2f}"), tau


def check_out(path, option="--out", example="quality.md"):
    """Refuse an output path that cannot be written, before any game is played."""
    import os
    from pathlib import Path

    p = Path(path).resolve()
    if p.is_dir():
        raise ConfigError(f"{option} {str(path)!r} is a folder: give a file name such as {example}")
    parent = next((q for q in p.parents if q.exists()), None)
    if parent is None or not parent.is_dir() or not os.access(parent, os.W_OK):
        raise ConfigError(f"cannot write {option} {str(path)!r}: {parent} is not a writable folder")


def write_markdown(report: Report, path) -> str:
    """Write the report's Markdown to path (its folder is created); returns the path."""
    import os

    try:
        folder = os.path.dirname(os.path.abspath(path))
        os.makedirs(folder, exist_ok=True)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(report.markdown())
    except OSError as exc:
        raise ConfigError(f"cannot write --out {str(path)!r}: {exc.strerror}") from None
    return str(path)


def play_blocks(blocks, workers=1, chunk=None) -> list:
    """[(games table, seats table, bad game ids), ...] per block, played through the
    runner's batch path in chunks on `workers` processes."""
    total = sum(config.games for _, _, config in blocks)
    chunk = chunk or max(1, min(250, math.ceil(total / (workers * 4))))
    jobs = [(config, a, min(a + chunk, config.games)) for _, _, config in blocks
            for a in range(0, config.games, chunk)]
    batches = iter(play_ranges(jobs, workers))
    out = []
    for _, _, config in blocks:
        parts = [next(batches) for _ in range(0, config.games, chunk)]
        bad = {a + k for a, part in zip(range(0, config.games, chunk), parts) for k, _, _ in part.bad}
        out.append(tuple(pa.concat_tables([p.tables[t] for p in parts]) for t in ("games", "seats"))
                   + (bad,))
    return out
