"""What `scythe-sim check` reads at each look (analysis/check.py) and prints
(analysis/check_view.py), on synthetic runs with known deals: the first N games of a
run, pairing required, one seat a game per group, a planted shift found in looks over
growing prefixes, the verdict as text, Markdown and JSON, and a plan."""
import json

import pytest

from analysis.check import check_groupings, look_sums, open_pair, plan_rows, verdict_rows
from analysis.check_view import render, render_plan
from analysis.runs import AnalysisError, Run
from scythe_sim.sequential import SequentialCheck
from tests.analysis.test_analysis import BASE, fake_run
from tests.analysis.test_paired import replay_deals


@pytest.fixture(scope="module")
def pair(tmp_path_factory):
    root = tmp_path_factory.mktemp("check")
    base = fake_run(root / "base", 3000, BASE, seed=1)
    return base, replay_deals(base, root / "boosted", crimea_boost=0.25), fake_run(root / "other", 3000, BASE, seed=2)


def test_a_look_reads_the_first_games_of_paired_runs_only(pair):
    base, boosted, other = pair
    a, b, pairing = open_pair(base, boosted, 1000)
    assert pairing.paired and a.manifest["games"] == 1000 and a.games().collect().height == 1000
    sums = look_sums(a, b, [("faction",), ("faction", "mat")])
    faction_seats = sum(n for (by, _), (n, _, _) in sums.items() if by == "faction")
    assert faction_seats == 4000 and ("faction,mat", "crimea / agricultural") in sums
    n, total, total_sq = sums[("faction", "crimea")]
    assert total > 0 and total_sq >= abs(total) and n > 500
    with pytest.raises(AnalysisError, match="do not deal the same games .*different seeds 1 and 2"):
        open_pair(base, other, 1000)
    with pytest.raises(AnalysisError, match="holds 3,000 games, not 4,000"):
        open_pair(base, boosted, 4000)


def test_a_grouping_must_give_a_game_one_seat_at_most(pair):
    run = Run(pair[0])
    check_groupings(run, [("faction",), ("mat",), ("faction", "mat"), ("seat",)])
    with pytest.raises(AnalysisError, match="--by strategy: a game seats 4 players of one group"):
        check_groupings(run, [("strategy",)])
    with pytest.raises(AnalysisError, match="no seat column 'personality'"):
        check_groupings(run, [("personality",)])


def test_looks_over_growing_prefixes_find_the_planted_shift_and_print_it(pair):
    base, boosted, _ = pair
    check = SequentialCheck(0.05, 0.02)
    for games in (500, 1000, 2000, 3000):
        a, b, _ = open_pair(base, boosted, games)
        check.look(games, look_sums(a, b, [("faction",)]))
        if check.shifted:
            break
    rows = {r["group"]: r for r in verdict_rows(check)}
    assert rows["crimea"]["decision"] == "shifted" and rows["crimea"]["games"] == games < 3000
    assert all(r["decision"] != "shifted" for g, r in rows.items() if g != "crimea")
    result = {"base": base, "candidate": boosted, "base_key": None, "candidate_key": None, "games": games,
              "rounds": 2, "max_games": 3000, "alpha": 0.05, "min_effect_pp": 2.0, "notes": ["paired: ..."],
              "rows": verdict_rows(check), "outcome": check.outcome()}
    text = render(result)
    assert text.startswith("SHIFTED: 1 of 5 groups shifted by at least 2 pp")
    table = text.splitlines()
    header = next(i for i, line in enumerate(table) if line.startswith("group"))
    assert table[header].split() == ["group", "difference", "interval", "games", "p", "(Holm)", "mde", "decision"]
    assert table[header + 1].startswith("faction crimea") and table[header + 1].endswith("shifted")
    markdown = render(result, "markdown")
    assert "| group | difference | interval | games | p (Holm) | mde | decision |" in markdown
    assert json.loads(render(result, "json"))["rows"][0]["by"] == "faction"


def _pilot_plan(pair):
    """The plan from a 1,000-game pilot of the pair, by faction."""
    base, boosted, _ = pair
    check = SequentialCheck(0.05, 0.02)
    a, b, _ = open_pair(base, boosted, 1000)
    check.look(1000, look_sums(a, b, [("faction",)]))
    return plan_rows(check, 1000)


def test_a_plan_from_a_pilot(pair):
    plan = _pilot_plan(pair)
    crimea = next(r for r in plan["rows"] if r["group"] == "crimea")
    assert crimea["decided_as"] == "shifted" and crimea["games_to_decide"] <= plan["games_needed"]
    assert plan["games_if_no_shift"] > 0
    text = render_plan({"notes": [], "min_effect_pp": 2.0, **plan})
    assert text.startswith("plan from a pilot of 1,000 games: the check stops at its first shift (the default) "
                           "after about")
    assert text.splitlines()[1].startswith("--every-group (every group decided, 80% each): about")


def test_a_plan_gives_the_games_to_the_first_shift_where_the_check_stops(pair):
    plan = _pilot_plan(pair)
    shifted = [r["games_to_decide"] for r in plan["rows"] if r["decided_as"] == "shifted" and r["games_to_decide"]]
    assert plan["games_to_first_shift"] == min(shifted) <= plan["games_needed"]
    lines = render_plan({"notes": [], "min_effect_pp": 2.0, **plan}).splitlines()
    assert lines[0] == (f"plan from a pilot of 1,000 games: the check stops at its first shift (the default) after "
                        f"about {min(shifted):,} games a side ({plan['first_shift_group']}, 80%)")
