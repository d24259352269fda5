"""scythe-sim installs as a package: the wheel, installed in a fresh virtual environment,
runs a short default run, a My Little Scythe run and a report from a folder outside the
repository. An editable install hides a file read from the repository instead of the
package (the default weights were once read from configs/ that way), so this test
builds and installs the real wheel.

The installed package shares the compile cache of the session: its sources are the same
bytes, and the cache is keyed by bytes and by a file's place inside the package
(compiled/locator.py), so it loads what the tests before it compiled instead of
compiling the kernel a second time."""
import os
import pathlib
import shutil
import subprocess
import sys
import zipfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow

MLS_CONFIG = """\
name = "mls"
game = "my_little_scythe"
games = 40
seed = 3
players = 3
shard_size = 20
output = "results"

[strategies]
pool = ["planner", "deliverer"]
"""


def _run(args, cwd, env, timeout=1800):
    out = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert out.returncode == 0, f"{' '.join(map(str, args))} failed:\n{out.stdout[-3000:]}\n{out.stderr[-3000:]}"
    return out.stdout


def _tracked():
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    return [name for name in out.decode().split("\0") if name and (ROOT / name).is_file()]


def _source_copy(to):
    """The files git tracks, copied: the build leaves its build/ folder there, not in
    the checkout, and sees nothing a developer left untracked."""
    for name in _tracked():
        (to / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, to / name)
    return to


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    dist = tmp_path_factory.mktemp("dist")
    source = _source_copy(tmp_path_factory.mktemp("source"))
    # pip builds the wheel in an isolated environment from pyproject.toml, as a user's would
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(dist), str(source)], cwd=source,
         env=dict(os.environ))
    wheels = list(dist.glob("scythe_sim-*.whl"))
    assert len(wheels) == 1
    return wheels[0]


def test_the_wheel_carries_every_games_data_and_default_weights(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for data in ("scythe", "mls"):
        folder = ROOT / "scythe_sim" / "games" / data / "data"
        for path in folder.rglob("*.toml"):
            assert path.relative_to(ROOT).as_posix() in names, f"{path.relative_to(ROOT)} is not in the wheel"
    sources = {name for name in _tracked() if name.endswith(".py")
               and name.split("/")[0] in ("scythe_sim", "cli", "analysis")}
    assert sources <= names, sorted(sources - names)[:5]
    assert "scythe_sim/games/scythe/data/strategies/greedy.toml" in names
    assert not [n for n in names if n.startswith(("tests/", "configs/", "docs/"))]


def test_the_installed_wheel_runs_outside_the_repository(wheel, tmp_path):
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", str(venv)], cwd=tmp_path, env=dict(os.environ))
    python = venv / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    _run([str(python), "-m", "pip", "install", "--quiet", str(wheel)], cwd=tmp_path, env=env)
    work = tmp_path / "elsewhere"
    work.mkdir()
    where = _run([str(python), "-c", "import scythe_sim; print(scythe_sim.__file__)"], cwd=work, env=env)
    assert str(venv) in where and str(ROOT) not in where

    scythe_sim = shutil.which("scythe-sim", path=env["PATH"])
    assert scythe_sim and scythe_sim.startswith(str(venv))
    _run([scythe_sim, "run", "--games", "24", "--workers", "1", "--shard-size", "12", "--quiet"],
         cwd=work, env=env)
    assert (work / "results" / "default" / "_SUCCESS").exists()
    (work / "mls.toml").write_text(MLS_CONFIG)
    _run([scythe_sim, "run", "mls.toml", "--workers", "1", "--quiet"], cwd=work, env=env)
    assert (work / "results" / "mls" / "_SUCCESS").exists()
    out = _run([scythe_sim, "report", "results/default"], cwd=work, env=env)
    assert "report:" in out and (work / "results" / "default" / "report" / "index.md").exists()
