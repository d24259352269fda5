"""README: read in two minutes (under 80 lines), its two set-up commands the main job and
the tests CI runs on a fresh clone (.ci/run), every link and figure present."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_is_short():
    assert len(README.splitlines()) < 80


def test_its_set_up_commands_are_the_main_job_and_the_tests_ci_runs():
    block = re.search(r"## Set up\n\n```bash\n(.*?)```", README, re.S).group(1).splitlines()
    assert block == [
        "python3 -m venv .venv && . .venv/bin/activate && pip install -e . && scythe-sim run",
        'python3 -m venv .venv && . .venv/bin/activate && pip install -e ".[test]" && python -m pytest -q -n auto',
    ]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert 'pip install --quiet -e ".[test]"' in ci and "python -m pytest -q -n auto" in ci


def test_every_link_and_figure_exists_and_the_figures_place_is_marked():
    for target in re.findall(r"\]\(([^)#]+)\)", README):
        assert (ROOT / target).exists(), target
    assert README.count("<!-- figures:") == 1 and README.count("<!-- /figures -->") == 1
