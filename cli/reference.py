"""docs/cli.md, the command reference, generated from the click commands themselves so it
cannot drift from them (tests/cli/test_reference.py compares the file with `render()`).

    python -m cli.reference            # rewrite docs/cli.md
    python -m cli.reference --check    # exit 1 when docs/cli.md is out of date
"""
import sys
from pathlib import Path

import click

from .main import main

PAGE = Path(__file__).resolve().parent.parent / "docs" / "cli.md"
WIDTH = 100          # the help text's width, whatever the terminal running this

INTRO = """# Command reference

Generated from the commands' own help by `python -m cli.reference` (do not edit by hand;
tests/cli/test_reference.py fails when it drifts). Every command answers `-h` with the
same text, an example and its defaults. A mistake in the input (a config, a flag, a run
folder) is one line naming the problem and the fix, with exit code 2 and nothing written;
`report`, `compare` and `replay` first check every shard file of a run against its
manifest (size and sha256; `--no-verify` skips the sha256) and name a damaged one
instead of reading on. Ctrl-C (exit 130) and SIGTERM (exit 143) stop `run`, `evaluate`,
`tune` and `learn` with their workers; `run` and `learn` keep what they published and
print the `--resume` command. Run configs: docs/configs.md; the tables: docs/schema.md; a run in a notebook:
docs/analysis.md.

## The commands in short

- `--game NAME` on `run`, `play`, `bench` and `evaluate`: `scythe` (the default) or
  `my_little_scythe`, with that game's default config, strategies and rules; an option
  the game lacks (`--factions`, `--expansion`, `--mix`...) is refused in one line.
- `scythe-sim list strategies|rules|variants|tiles [--game NAME]` — the names the other
  commands take, each with its one-line meaning and range (yardsticks apart from the
  players); a mistyped name anywhere is refused with the nearest ones ("did you mean").
- `--min-effect` is in percentage points in `compare` and `check` alike (2 = two points of
  win rate); a value below 1 is refused with the points meant.
- `scythe-sim replay RUN_DIR --game ID` — re-simulate one stored game, print it and
  check it against its rows.
- `scythe-sim play --seed N --players K [--factions a,b,..] [--mats x,y,..]
  [--strategies greedy,automa,..] [--mix default]` — one game, readable decision by
  decision, then the score table naming each seat's strategy; without `--strategies`
  the seats are drawn from the default strategy mix (`--strategy` still works);
  `--variant wind_gambit` / `all_out_war`, `--resolution TILE` and `--rule KEY=VALUE`
  play it as a run would.
- `scythe-sim bench [--mix default] [--no-baseline] [--perf-map]` — games/s
  per core (random play, or a named strategy mix timed beside the frozen baseline mix
  `greedy1` with the ratio of the two; `--no-baseline` skips it) and JIT compile time;
  `--perf-map` lets `perf` name the compiled functions (docs/PERFORMANCE.md has the
  figures and the commands).
- `scythe-sim evaluate STUDY [--games N] [--players 4] [--seed S] [--workers W] [--out FILE.md]
  [--set KEY=VALUE]` — a study, its targets marked PASS or FAIL (docs/STRATEGIES.md);
  without STUDY the game's studies with their parameters and defaults. `quality`: each
  strategy against random players, `greedy` against the frozen baseline `greedy1`, the
  default mix (length, scores, margins, bottom actions, star kinds, how often each
  ability is used), mirror matches and a ladder; `--set expansion=true` deals Albion and
  Togawa at any player count. `mix-counts --set counts=4,5,6,7` plays the default mix
  alone at each count: ability use and every faction's win rate. `ablation`: the same
  deals played again with each faction ability, mech ability (for one faction at a
  time), the Factory or the encounters switched off, each ability's effect on its
  faction's win rate with a paired interval and a Holm-corrected p-value, and how often
  it is used (docs/STRATEGIES.md, "Ability ablation"). The others: `verdicts`,
  `reference-verdicts`, `agreement`, `speed`, `search`, `fast`, `wind-gambit`.
- `scythe-sim tune STRATEGY [--field default|NAME] [--games N] [--generations G]
  [--popsize P] [--seed S] [--params a,b] [--faction-params a] [--out FILE.toml]` —
  self-play tuning of a strategy's weights with CMA-ES on paired games against a field,
  on every core; writes a weights file (with `[faction.<name>]` tables when fitted)
  and a report with a paired validation (docs/players/greedy.md, "Tuning").
- `scythe-sim warmup` — compile or load the kernel cache.
- `scythe-sim price [--games N] [--rounds N] [--check TABLE]` — the starting coins that
  bring each faction, mat and faction x mat pair to parity, fitted from a run's games;
  `run --prices TABLE` plays with a table (docs/price.md).
- A Python API: `scythe_sim.Game` (`new`, `from_dict`/`to_dict`, `legal_actions`,
  `step`, `score`, a text board, `repr`, and `suggest("greedy")`: the move a named
  strategy would make now, without changing the game) — see docs/position-format.md.
- Every command answers `-h` with an example and its defaults. `scythe-sim run -v`
  prints the run's log (each shard's start and end, warnings, from every worker) on
  stderr; it always goes to `RUN_DIR/run.log`.
- `--format json` on `run` (its answer: the run's folder, games, rules, win rates with
  their intervals and parity), `list` (the rows), `report`, `compare` and `check`: one
  JSON object on stdout. `run --quiet` prints only the run's folder, one line on stdout.

## Exit codes

| code | meaning |
|---|---|
| 0 | done; `compare --fail`: no group shifted; `check`: every group equivalent (or `--plan`) |
| 1 | `compare --fail`: a group shifted; `check`: a shift found (with `--confirm`: and confirmed by the reference player); `evaluate --fail`: a target failed; `replay`: the game does not match its stored rows; `run`: a worker killed from outside (out of memory) or the Dask scheduler lost |
| 2 | a mistake in the input (a config, a flag, a run folder) or an OS error (disk full, no permission): one line naming it and the fix, nothing written |
| 3 | `check`: undecided when `--max-games` ran out |
| 4 | a simulator bug: `run` stopped on a game that broke a rule of the simulator (its reproducer named; `--keep-going` leaves such games out and exits 0), or `replay` of such a game still fails |
| 5 | `check --confirm`: the fast players' shift is not confirmed by the reference player (their artefact) |
| 6 | `check --confirm`: the reference player's re-test of the shift is undecided (give more `--confirm` games) |
| 130 | Ctrl-C (`run`, `check`, `evaluate`, `tune`, `learn`, and the reference games of `report`, `compare`, `check --confirm`: what is published is kept) |
| 143 | SIGTERM (`run`, `evaluate`, `tune`, `learn`) |

## What `--out` is

| command | `--out` | default |
|---|---|---|
| `run` | the parent folder of runs: the run goes to `DIR/<name>` | `results` (the config's `output`) |
| `report` | the report's own folder (index.md, index.html, figures, tables) | `<run>/report`; several runs: `<first run>/report-vs-<the others>` |
| `check` | where the check keeps each config's runs, as `DIR/<key>`, reused by later checks | `results/check` |
| `evaluate` | a Markdown file of the report | none: printed only |
| `tune` | the tuned weights file (`--report` the Markdown beside it) | `results/tune/STRATEGY.toml` |
| `learn` | the learning run's folder | `results/learn` |

## Shell completion

Commands, options and the game's names complete on Tab: variants (`--variant`), house
rules (`--rule <Tab>`; in zsh and fish also the tile after `--rule resolution=`, which
bash splits off at the `=`), strategies (`--strategies`, `--strategy-pool`, also after a
comma), resolution tiles (`play --resolution`) and the kinds of `list`; `--game` given
first completes that game's names. Add one line to the shell's start-up file:

```sh
eval "$(_SCYTHE_SIM_COMPLETE=bash_source scythe-sim)"     # bash: ~/.bashrc
eval "$(_SCYTHE_SIM_COMPLETE=zsh_source scythe-sim)"      # zsh: ~/.zshrc
_SCYTHE_SIM_COMPLETE=fish_source scythe-sim | source      # fish: ~/.config/fish/config.fish
```
"""


def _help(command, name=None):
    """The command's --help text, as `scythe-sim NAME -h` prints it (the group's settings,
    such as shown defaults, included)."""
    group = click.Context(main, info_name="scythe-sim", terminal_width=WIDTH, max_content_width=WIDTH,
                          **main.context_settings)
    if name is None:
        return main.get_help(group)
    return command.get_help(click.Context(command, info_name=name, parent=group))


def render() -> str:
    out = [INTRO, "| command | what it does |", "|---|---|"]
    for name in sorted(main.commands):
        out.append(f"| [`{name}`](#scythe-sim-{name}) | {main.commands[name].get_short_help_str(200)} |")
    out += ["", "## scythe-sim", "", "```text", _help(main), "```", ""]
    for name in sorted(main.commands):
        out += [f"## scythe-sim {name}", "", "```text", _help(main.commands[name], name), "```", ""]
    return "\n".join(out)


if __name__ == "__main__":
    text = render()
    if "--check" in sys.argv[1:]:
        sys.exit(0 if PAGE.read_text(encoding="utf-8") == text else 1)
    PAGE.write_text(text, encoding="utf-8")
    print(f"wrote {PAGE}")
