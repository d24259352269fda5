"""The CI balance check (.github/workflows/balance.yml) is real: its shape (two checkouts,
the kernel cache, the cached base run, `check`, the Markdown in the job summary), and
its commands run here on a small budget. The base and candidate "checkouts" are this
one (configs and a scythe-sim of this install), so the check is an A/A check and
decides equivalence; the steps that would install or re-stamp the sources are left out."""
import os
import stat
import subprocess
import sys

import pytest
import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WORKFLOW = os.path.join(ROOT, ".github", "workflows", "balance.yml")
NOT_HERE = ("fixed source times", "install")          # they would touch this checkout
SMALL = {"MIN_EFFECT": "10", "MAX_GAMES": "200", "ROUND": "100", "CONFIRM": "4"}


def load():
    with open(WORKFLOW, encoding="utf-8") as fh:
        return yaml.safe_load(fh)


def test_the_workflow_checks_out_both_sides_caches_and_summarises():
    workflow = load()
    job = workflow["jobs"]["balance"]
    steps = job["steps"]
    checkouts = [s.get("with", {}) for s in steps if s.get("uses", "").startswith("actions/checkout")]
    assert checkouts == [{"ref": "main", "path": "base"}, {"path": "candidate"}]
    caches = {s["with"]["path"]: s["with"] for s in steps if s.get("uses", "").startswith("actions/cache")}
    assert "hashFiles('base/scythe_sim/**/*.py', 'candidate/scythe_sim/**/*.py')" in caches[".numba-cache"]["key"]
    assert "steps.base.outputs.key" in caches["runs"]["key"] and job["env"]["NUMBA_CACHE_DIR"].endswith(".numba-cache")
    check = next(s["run"] for s in steps if s.get("name") == "check")
    assert "scythe-sim check" in check and "--format markdown" in check and "GITHUB_STEP_SUMMARY" in check
    assert "--base-sim base/.venv/bin/scythe-sim" in check and "--out runs" in check
    # a decided shift is re-tested by the reference player; its artefact (exit 5) passes
    assert '--confirm "$CONFIRM"' in check and 'if [ "$status" -eq 5 ]; then status=0; fi' in check
    assert list(workflow.get("on", workflow.get(True))) == ["pull_request"]       # yaml reads `on` as True


def _checkout(path):
    """A stand-in checkout: this one's configs and a scythe-sim of this install."""
    os.makedirs(os.path.join(path, ".venv", "bin"))
    os.symlink(os.path.join(ROOT, "configs"), os.path.join(path, "configs"))
    sim = os.path.join(path, ".venv", "bin", "scythe-sim")
    with open(sim, "w") as fh:
        fh.write(f'#!/bin/sh\nexec "{sys.executable}" -m cli.main "$@"\n')
    os.chmod(sim, os.stat(sim).st_mode | stat.S_IEXEC)


@pytest.mark.slow
def test_the_workflow_commands_run_locally_on_a_small_budget(tmp_path):
    job = load()["jobs"]["balance"]
    for side in ("base", "candidate"):
        _checkout(str(tmp_path / side))
    output, summary = tmp_path / "github_output", tmp_path / "summary.md"
    env = {**os.environ, **{k: str(v) for k, v in job["env"].items() if k != "NUMBA_CACHE_DIR"}, **SMALL,
           "GITHUB_OUTPUT": str(output), "GITHUB_STEP_SUMMARY": str(summary)}
    ran = []
    for step in job["steps"]:
        if "run" not in step or step.get("name") in NOT_HERE:
            continue
        script = step["run"]
        if output.exists():
            for line in output.read_text().splitlines():
                name, _, value = line.partition("=")
                script = script.replace(f"${{{{ steps.base.outputs.{name} }}}}", value)
        assert "${{" not in script, script
        done = subprocess.run(["bash", "-e", "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True,
                              timeout=900)
        assert done.returncode == 0, (step.get("name"), done.stdout, done.stderr)
        ran.append(step.get("name"))
    assert ran == ["base key", "check", "keep the base run only"]
    key = output.read_text().strip().removeprefix("key=")
    assert os.listdir(tmp_path / "runs") == [key]          # the base run, kept for the cache
    text = summary.read_text()
    assert text.startswith("**EQUIVALENT: 0 of 14 groups shifted") and "| faction " in text, text
    assert "| mat " in text and f"base key: {key}" in text
