"""When a Dask run loses part of its cluster. The slow tests start a real cluster on
127.0.0.1 (a scheduler and two workers, each its own process): a worker killed with
SIGKILL in the middle of a run loses nothing (the run finishes on the other worker with
the same files, byte for byte, as an undisturbed run), and a scheduler that goes away
stops the run with one line and a resume hint, after which `--resume` on a new cluster
completes the same files."""
import concurrent.futures
import json
import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scythe_sim.runner.run import execute
from scythe_sim.runner.scheduler import BackendLost, lost_cluster_stops

from .test_runner import config

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ENV = dict(os.environ, PYTHONPATH=ROOT)
# random play keeps the games cheap; enough shards that a kill lands mid-run
RUN = {"name": "d", "games": 60000, "seed": 11, "players": [3, 4], "shard_size": 1000}
TOTAL = RUN["games"] // RUN["shard_size"]
LIMIT = 150          # seconds any one step of a test may wait


def _spawn(args, log):
    with open(log, "w") as err:
        return subprocess.Popen([sys.executable, *args], cwd=os.path.dirname(log), env=ENV,
                                stdout=subprocess.DEVNULL, stderr=err)


def _wait_for(condition, processes, what):
    deadline = time.monotonic() + LIMIT
    while not condition():
        for process in processes:
            assert process.poll() is None, f"{process.args} ended: see its log"
        assert time.monotonic() < deadline, f"waited {LIMIT} s for {what}"
        time.sleep(0.1)


class Cluster:
    """`dask scheduler` and `dask worker` processes (no nanny: a killed worker stays dead)
    on 127.0.0.1, started in `where` and all ended on exit."""

    def __init__(self, where, workers=2):
        self.where, self.n = where, workers
        self.where.mkdir(parents=True, exist_ok=True)
        self.processes = []

    def __enter__(self):
        info = self.where / "scheduler.json"
        self.scheduler = _spawn(["-m", "dask", "scheduler", "--host", "127.0.0.1", "--port", "0",
                                 "--no-dashboard", "--scheduler-file", str(info)], str(self.where / "scheduler.log"))
        self.processes.append(self.scheduler)
        _wait_for(lambda: info.exists() and info.stat().st_size > 0, self.processes, "the scheduler")
        self.address = json.loads(info.read_text())["address"]
        self.workers = [_spawn(["-m", "dask", "worker", self.address, "--nthreads", "1", "--no-nanny",
                                "--no-dashboard", "--host", "127.0.0.1", "--local-directory", str(self.where),
                                "--death-timeout", "60"], str(self.where / f"worker{k}.log"))
                        for k in range(self.n)]
        self.processes += self.workers
        _wait_for(lambda: self.connected() == self.n, self.processes, "the workers")
        return self

    def connected(self):
        return sum("Registered to:" in (self.where / f"worker{k}.log").read_text() for k in range(self.n))

    def __exit__(self, *exc):
        for process in self.processes:
            if process.poll() is None:
                process.kill()
        for process in self.processes:
            process.wait(timeout=30)
        return False


def _run_cli(cluster, out, *extra):
    return subprocess.Popen([sys.executable, "-m", "cli.main", "run", "--backend", "dask", "--scheduler",
                             cluster.address, "--out", str(out), "--quiet", *extra], cwd=str(out.parent),
                            env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _config_file(tmp_path):
    path = tmp_path / "run.toml"
    path.write_text("".join(f"{k} = {json.dumps(v)}\n" for k, v in RUN.items())
                    + '[strategies]\nseats = ["random"]\n')
    return path


def _shards_done(run_dir):
    try:
        return len(json.loads((run_dir / "manifest.json").read_text())["shards"])
    except (OSError, ValueError, KeyError):
        return 0


def _files(run_dir):
    """Every Parquet part file of the run, by its path in the run, with its bytes."""
    return {str(p.relative_to(run_dir)): p.read_bytes() for p in sorted(run_dir.glob("*/*.parquet"))}


@pytest.fixture(scope="module")
def undisturbed(tmp_path_factory):
    """The same run played on local processes, undisturbed: its part files and the
    manifest's record of them."""
    run_dir = Path(execute(config(tmp_path_factory.mktemp("undisturbed"), **RUN), workers=1).run_dir)
    return _files(run_dir), _manifest_files(run_dir)


def _manifest_files(run_dir):
    """Each shard's files as the manifest records them (rows, bytes, sha256)."""
    shards = json.loads((run_dir / "manifest.json").read_text())["shards"]
    return {k: e["files"] for k, e in shards.items()}


def _assert_same_output(run_dir, undisturbed):
    files, manifest = undisturbed
    assert (run_dir / "_SUCCESS").exists()
    assert _files(run_dir) == files, "the part files differ from the undisturbed run's"
    assert _manifest_files(run_dir) == manifest
    hidden = [p.name for p in run_dir.glob("*/.*")]
    assert not hidden, f"files left behind: {hidden}"


def _ended(process):
    """(exit code, stderr) of a command, killed if it outlives LIMIT seconds."""
    try:
        _, err = process.communicate(timeout=LIMIT)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    return process.returncode, err


def _run_losing(tmp_path, victim):
    """The run on a new cluster, with `victim(cluster)` killed by SIGKILL once a few shards
    are published: (run folder, shards published at the kill, exit code, stderr, the
    scheduler's address)."""
    out = tmp_path / "out"
    out.mkdir()
    run_dir = out / RUN["name"]
    with Cluster(tmp_path / "cluster") as cluster:
        run = _run_cli(cluster, out, str(_config_file(tmp_path)))
        survivors = [process for process in cluster.processes if process is not victim(cluster)]
        try:
            _wait_for(lambda: _shards_done(run_dir) >= 3, [run, *cluster.processes], "the first shards")
            victim(cluster).send_signal(signal.SIGKILL)
            victim(cluster).wait(timeout=30)
            done = _shards_done(run_dir)
        finally:
            code, err = _ended(run)
        # the rest of the cluster outlives a killed worker; Dask's workers stop themselves
        # within a second of losing their scheduler, before or after the run ends
        if victim(cluster) is not cluster.scheduler:
            assert all(process.poll() is None for process in survivors)
    assert done < TOTAL - 2, "the run had finished before the kill: give it more games"
    return run_dir, code, err, cluster.address


@pytest.mark.slow
def test_a_worker_killed_mid_run_loses_nothing(tmp_path, undisturbed):
    run_dir, code, err, _ = _run_losing(tmp_path, lambda cluster: cluster.workers[0])
    assert code == 0, err
    _assert_same_output(run_dir, undisturbed)


@pytest.mark.slow
def test_a_lost_scheduler_stops_the_run_with_one_line_and_resume_completes_it(tmp_path, undisturbed):
    run_dir, code, err, address = _run_losing(tmp_path, lambda cluster: cluster.scheduler)
    lines = [line for line in err.splitlines() if line.strip()]
    assert code == 1, err
    assert len(lines) == 1, err
    assert lines[0].startswith(f"error: lost the Dask scheduler at {address}: "), lines[0]
    assert f"of {RUN['games']:,} games are saved" in lines[0] and "resume with: scythe-sim run --resume" in lines[0]
    assert not (run_dir / "_SUCCESS").exists()
    assert 3 <= _shards_done(run_dir) < TOTAL
    assert f"the run stops: lost the Dask scheduler at {address}" in (run_dir / "run.log").read_text()
    with Cluster(tmp_path / "cluster2") as cluster:
        code, err = _ended(_run_cli(cluster, run_dir.parent, "--resume", "--name", RUN["name"]))
    assert code == 0, err
    _assert_same_output(run_dir, undisturbed)


def test_a_cancelled_shard_is_a_lost_scheduler_and_distributed_logs_as_before_after():
    pytest.importorskip("distributed")
    client_log = logging.getLogger("distributed.client")
    before = client_log.handlers[:], client_log.propagate
    with pytest.raises(BackendLost, match="^lost the Dask scheduler at tcp://127.0.0.1:1$"):
        with lost_cluster_stops("at tcp://127.0.0.1:1"):
            assert client_log.handlers == [] and client_log.propagate     # into the run's log
            raise concurrent.futures.CancelledError("scheduler-connection-lost")
    assert (client_log.handlers, client_log.propagate) == before
    from distributed.comm.core import CommClosedError

    with pytest.raises(BackendLost, match="^lost the Dask scheduler of the local cluster$"):
        with lost_cluster_stops("of the local cluster"):        # a submit that finds the connection closed
            raise CommClosedError("in <TCP (closed)>: Stream is closed")
    with pytest.raises(ValueError):                     # anything else passes through
        with lost_cluster_stops("of the local cluster"):
            raise ValueError("a bug")
