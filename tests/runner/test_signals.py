"""Logs and signals everywhere: a Dask worker's log records reach run.log (a local
cluster); `run --workers 1` stops at a signal without finishing the shard in play; and
`evaluate` and `tune` stop on SIGINT and SIGTERM with their workers, leaving none behind
(real subprocesses, as a terminal or a scheduler would stop them)."""
import os
import signal
import subprocess
import sys
import time

import psutil
import pytest
from click.testing import CliRunner

from cli.main import main

pytestmark = pytest.mark.slow
SCYTHE_SIM = [sys.executable, "-m", "cli.main"]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_dask_workers_log_records_reach_run_log(tmp_path):
    pytest.importorskip("dask.distributed")
    out = CliRunner().invoke(main, ["run", "--games", "8", "--shard-size", "4", "--players", "2", "--workers", "2",
                                    "--backend", "dask", "--name", "dask", "--out", str(tmp_path), "--quiet", "-v"])
    assert out.exit_code == 0, out.output
    lines = (tmp_path / "dask" / "run.log").read_text().splitlines()
    for shard in (0, 1):
        line = next(x for x in lines if f"shard {shard}: end, 4 games" in x)
        assert "MainProcess" not in line                 # written by the worker, carried back
        assert any(f"shard {shard}: start" in x for x in lines)
    assert "shard 1: end" in out.stderr                  # -v: on stderr as well


def _start(args, cwd):
    # SIGINT's default restored: a shell's background job (a CI step, say) starts with it ignored
    return subprocess.Popen(SCYTHE_SIM + args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=dict(os.environ, PYTHONPATH=ROOT),
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def _wait_for(condition, process, limit=900):
    """Wait until condition() holds (the kernel loads first: minutes when it compiles)."""
    deadline = time.monotonic() + limit
    while not condition():
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "the command never got going"
        time.sleep(0.2)


def _stop(process, signum, workers):
    process.send_signal(signum)
    try:
        _, err = process.communicate(timeout=60)        # a whole pool's work would take many minutes
    except subprocess.TimeoutExpired:
        process.kill()
        raise AssertionError("the command did not stop at the signal")
    _, alive = psutil.wait_procs(workers, timeout=10)
    assert not alive, "a worker was left behind"
    return process.returncode, [line for line in err.splitlines() if line.strip()]


@pytest.mark.parametrize("signum,code,word", [(signal.SIGTERM, 143, "terminated"), (signal.SIGINT, 130, "interrupted")])
def test_run_with_one_worker_stops_at_a_signal_not_at_the_end_of_the_shard(tmp_path, signum, code, word):
    process = _start(["run", "--games", "200000", "--shard-size", "200000", "--workers", "1", "--name", "one",
                      "--out", str(tmp_path), "--quiet"], tmp_path)
    log = tmp_path / "one" / "run.log"
    _wait_for(lambda: log.exists() and "shard 0: start" in log.read_text(), process)
    workers = psutil.Process(process.pid).children(recursive=True)
    assert workers                                      # one worker plays the shard; this process waits
    returncode, lines = _stop(process, signum, workers)
    assert returncode == code, lines
    assert lines[-1].startswith(f"{word}: 0 of 200,000 games are saved") and "scythe-sim run --resume" in lines[-1]


@pytest.mark.parametrize("command", [
    ["evaluate", "quality", "--games", "20000", "--workers", "2"],
    ["tune", "greedy", "--games", "4000", "--generations", "3", "--popsize", "4", "--workers", "2"],
], ids=["evaluate", "tune"])
@pytest.mark.parametrize("signum,code,word", [(signal.SIGTERM, 143, "terminated"), (signal.SIGINT, 130, "interrupted")])
def test_evaluate_and_tune_stop_with_their_workers(tmp_path, command, signum, code, word):
    out = tmp_path / "out.md" if command[0] == "evaluate" else tmp_path / "tuned.toml"
    process = _start(command + ["--out", str(out)], tmp_path)
    _wait_for(lambda: len(psutil.Process(process.pid).children()) >= 2, process)
    time.sleep(1.0)                                     # the workers are playing
    workers = psutil.Process(process.pid).children(recursive=True)
    returncode, lines = _stop(process, signum, workers)
    assert returncode == code, lines
    assert lines[-1] == f"{word}: {command[0]} stopped with its workers; nothing written", lines
    assert not out.exists()
