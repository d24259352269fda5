"""The rule variants' report sections, registered in one place: the shared report,
comparison and run answer call these hooks and never name a variant. A section module
(war_report.py, wind_gambit_report.py) is found by its name, analysis/<variant>_report.py
for each folder of scythe_sim/games/scythe/variants/, and imported on first use, as the
runner loads a game's spec, so that the shared modules import none of them (a section
module imports the shared ones it draws with).

A section module gives the hooks it needs, each optional:
- run_sections(report, run, prefix): its sections, opening the run's part
- standard_label(run): the name of the run's standard games when they are not the
  whole story ("... before the war"), else None
- same_standard_games(report, base, run, pairing): True when the two runs play the same
  standard games with the same winners (the section says why in the report)
- compare_sections(report, base, run, pairing): its part of a run against the first
- base_hint(run): summary lines for a run reported alone
- answer_lines(run): its result in sentences, for the run's answer
- outcome_missing(outcome, role, run): why the run cannot compare that outcome, or None
- outcome_note(base, candidate, outcome, pairing): a line on what a comparison means
- outcome_rates(run, outcome, by): the variant's outcome's win rates over its decided
  games (the notebook's win_rates), or None for another outcome
"""
import functools
import importlib
import importlib.util

from scythe_sim.games.scythe.variants.hooks import variants


@functools.cache
def _modules():
    """analysis/<variant>_report.py of every variant folder that has one, in variant order."""
    names = (f"analysis.{name}_report" for name in variants())
    return tuple(importlib.import_module(name) for name in names if importlib.util.find_spec(name))


def each(hook, *args) -> list:
    """The answers of every section module that gives `hook`, in registration order."""
    return [getattr(module, hook)(*args) for module in _modules() if hasattr(module, hook)]


def first(hook, *args):
    """The first answer of `hook` that is not None (or empty), else None."""
    for answer in each(hook, *args):
        if answer:
            return answer
    return None
