"""Reading trusts nothing, and stopping loses nothing: report, compare and replay check a
run against its manifest and name the damaged shard; unpublished files are hidden from
directory readers; SIGTERM and Ctrl-C stop the workers and --resume completes the same
tables; OS errors and an address with no Dask scheduler are one line, exit 2."""
import errno
import http.server
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time

import psutil
import pyarrow.dataset as ds
import pytest
from click.testing import CliRunner

from analysis.runs import Run
from cli.main import main
from scythe_sim.errors import ConfigError
from scythe_sim.runner import shard
from scythe_sim.runner.parquet import temporary_name
from scythe_sim.runner.run import execute
from scythe_sim.runner.scheduler import check_scheduler
from scythe_sim.runner.verify import DamagedRunError

from .test_runner import assert_same_tables, config


def _run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def _one_line(result, *words, code=2):
    assert result.exit_code == code, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    for word in words:
        assert word in lines[0], lines[0]


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    return execute(config(tmp_path_factory.mktemp("runs"), games=24, shard_size=8), workers=1).run_dir


def _damaged_copy(finished, tmp_path, damage):
    import shutil

    run_dir = tmp_path / "copy"
    shutil.copytree(finished, run_dir)
    damage(run_dir / "seats" / "part-000001.parquet")
    return str(run_dir)


def _flip_a_byte(path):
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))


DAMAGES = {
    "missing": (lambda p: p.unlink(), "shard 1 is damaged", "is missing"),
    "truncated": (lambda p: p.write_bytes(p.read_bytes()[:100]), "shard 1 is damaged", "bytes, the manifest"),
    "changed": (_flip_a_byte, "shard 1 is damaged", "sha256"),
}


@pytest.mark.parametrize("kind", sorted(DAMAGES))
def test_report_compare_and_replay_name_the_damaged_shard(finished, tmp_path, kind):
    damage, *words = DAMAGES[kind]
    run_dir = _damaged_copy(finished, tmp_path, damage)
    _one_line(_run("replay", run_dir, "--game", 1, "--quiet"), *words)
    _one_line(_run("compare", finished, run_dir), *words)
    _one_line(_run("report", run_dir, "--out", tmp_path / "report"), *words)
    assert not (tmp_path / "report").exists()


@pytest.mark.slow
def test_no_verify_skips_only_the_hash_and_unreadable_parquet_is_one_line(finished, tmp_path):
    run_dir = _damaged_copy(finished, tmp_path, lambda p: p.write_bytes(b"\0" * p.stat().st_size))
    with pytest.raises(DamagedRunError, match="sha256"):
        Run(run_dir)
    # --no-verify reads on, and the unreadable file is one line too
    _one_line(_run("replay", run_dir, "--game", 9, "--quiet", "--no-verify"), "unreadable")


def test_a_part_file_the_manifest_does_not_list_is_refused(finished, tmp_path):
    run_dir = _damaged_copy(finished, tmp_path, lambda p: None)
    os.link(os.path.join(run_dir, "seats", "part-000000.parquet"),
            os.path.join(run_dir, "seats", "part-000007.parquet"))
    _one_line(_run("replay", run_dir, "--game", 1), "part-000007.parquet is not a shard")


def test_unpublished_files_are_hidden_from_directory_readers(finished, tmp_path):
    run_dir = _damaged_copy(finished, tmp_path, lambda p: None)
    stale = temporary_name(os.path.join(run_dir, "seats", "part-000003.parquet"))
    assert os.path.basename(stale).startswith(".")
    with open(stale, "wb") as fh:
        fh.write(b"PAR1 half written")
    assert ds.dataset(os.path.join(run_dir, "seats")).to_table().num_rows == Run(run_dir).seats().collect().height


def test_a_full_disk_is_one_line_with_a_resume_hint(tmp_path, monkeypatch):
    def full(table, path):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), path)
    monkeypatch.setattr(shard, "write_table", full)
    result = _run("run", "--games", 4, "--players", 2, "--strategies", "random", "--out", tmp_path,
                  "--name", "full", "--workers", 1, "--quiet")
    _one_line(result, "No space left on device", "resume with: scythe-sim run --resume")


# --- signals ------------------------------------------------------------------------------
def _start(tmp_path, workers):
    cfg = tmp_path / "run.toml"
    cfg.write_text('name = "s"\ngames = 3000\nseed = 3\nplayers = 4\nshard_size = 30\n'
                   f'output = "{tmp_path / "out"}"\n[strategies]\nseats = ["random"]\n')
    proc = subprocess.Popen([sys.executable, "-m", "cli.main", "run", str(cfg), "--workers", str(workers),
                             "--quiet"], stderr=subprocess.PIPE, text=True)
    manifest = tmp_path / "out" / "s" / "manifest.json"
    deadline = time.time() + 600
    while time.time() < deadline and proc.poll() is None:
        try:
            if len(json.loads(manifest.read_text())["shards"]) >= 3:
                break
        except (OSError, ValueError):
            pass
        time.sleep(0.05)
    assert proc.poll() is None, "the run finished before it could be stopped: give it more games"
    return cfg, proc


def _parts(run_dir):
    return sorted(n for t in ("games", "seats") for n in os.listdir(run_dir / t))


@pytest.mark.slow
@pytest.mark.parametrize("signum,code,word", [(signal.SIGTERM, 143, "terminated"),
                                              (signal.SIGINT, 130, "interrupted")])
def test_a_signal_stops_the_workers_and_resume_completes_the_same_tables(tmp_path, signum, code, word):
    cfg, proc = _start(tmp_path, workers=2)
    workers = psutil.Process(proc.pid).children(recursive=True)
    assert workers
    proc.send_signal(signum)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == code, err
    assert err.strip().splitlines()[-1].startswith(f"{word}: ") and "--resume" in err
    gone, alive = psutil.wait_procs(workers, timeout=10)
    assert not alive
    run_dir = tmp_path / "out" / "s"
    parts = _parts(run_dir)
    time.sleep(2)
    assert _parts(run_dir) == parts and not (run_dir / "_SUCCESS").exists()
    out = _run("run", "--resume", "--out", tmp_path / "out", "--name", "s", "--workers", 1, "--quiet")
    assert out.exit_code == 0, out.output
    whole = _run("run", cfg, "--out", tmp_path / "whole", "--workers", 2, "--quiet")
    assert whole.exit_code == 0, whole.output
    assert_same_tables(run_dir, tmp_path / "whole" / "s")
    assert not any(name.startswith(".") for t in ("games", "seats") for name in os.listdir(run_dir / t))


def _sigterm_is_default():
    return signal.getsignal(signal.SIGTERM) == signal.SIG_DFL


def test_a_worker_ends_at_sigterm_whatever_handler_the_parent_holds():
    # A forked worker that kept the parent's handler turned stop_pool's terminate() into an
    # exception it could swallow inside a logging call and play on, and the run hung.
    from cli.progress import StoppedBySignals
    from scythe_sim.runner.batch import forked_pool

    with StoppedBySignals(None):
        assert not _sigterm_is_default()
        with forked_pool(2, lambda: None) as pool:
            assert all(pool.submit(_sigterm_is_default).result() for _ in range(4))


@pytest.mark.slow
def test_a_worker_killed_from_outside_is_one_line_with_a_resume_hint(tmp_path):
    cfg, proc = _start(tmp_path, workers=2)
    workers = psutil.Process(proc.pid).children(recursive=True)
    for worker in workers:
        worker.kill()
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 1, err
    assert err.strip().splitlines()[-1].startswith("error: a worker process ended abruptly") and "--resume" in err


# --- Dask scheduler addresses -------------------------------------------------------------
def _serve(handler):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@pytest.mark.slow
def test_an_http_server_is_not_taken_for_a_dask_scheduler():
    server = _serve(http.server.SimpleHTTPRequestHandler)
    try:
        start = time.monotonic()
        with pytest.raises(ConfigError, match="no Dask scheduler answered"):
            check_scheduler(f"tcp://127.0.0.1:{server.server_address[1]}", timeout=2)
        assert time.monotonic() - start < 5
        result = _run("run", "--games", 2, "--backend", "dask", "--quiet",
                      "--scheduler", f"tcp://127.0.0.1:{server.server_address[1]}")
        _one_line(result, "no Dask scheduler answered")
    finally:
        server.shutdown()


def test_a_server_that_talks_first_but_not_dask_is_refused():
    listener = socket.create_server(("127.0.0.1", 0))

    def banner():
        conn, _ = listener.accept()
        conn.sendall(b"SSH-2.0-OpenSSH_9.6\r\n")
        time.sleep(1)
        conn.close()
    threading.Thread(target=banner, daemon=True).start()
    with pytest.raises(ConfigError, match="is not a Dask scheduler"):
        check_scheduler(f"tcp://127.0.0.1:{listener.getsockname()[1]}", timeout=5)
    listener.close()


def test_an_unroutable_address_fails_within_the_timeout():
    start = time.monotonic()
    with pytest.raises(ConfigError, match="Dask scheduler"):
        check_scheduler("tcp://10.255.255.1:8786", timeout=2)
    assert time.monotonic() - start < 5


def test_a_real_scheduler_passes_the_check():
    from dask.distributed import LocalCluster

    with LocalCluster(n_workers=0, processes=False, dashboard_address=None) as cluster:
        check_scheduler(cluster.scheduler_address, timeout=5)
