"""Stopping a pool (Ctrl-C, SIGTERM, an error) ends everything the interpreter's exit
waits for. A worker killed halfway through sending its result must not leave the pool's
manager thread reading the rest of that message for ever, nor a worker killed while
logging leave this process's log queue thread waiting for its lock (either way the
command would print its last line, then hang at exit)."""
import os
import struct
import sys
import time

import pytest

from scythe_sim.runner.batch import forked_pool

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DECLARED_SIZE = 1_000_000
SENT = b"the first bytes of a result"


def _send_half_a_result(ready_path):
    """In a worker: write the start of a result message onto the pool's result pipe, as
    a worker killed in the middle of sending a large batch leaves it, then wait."""
    frame = sys._getframe()
    while frame.f_code.co_name != "_process_worker":
        frame = frame.f_back
    results = frame.f_locals["result_queue"]
    os.write(results._writer.fileno(), struct.pack("!i", DECLARED_SIZE) + SENT)
    open(ready_path, "w").close()
    time.sleep(600)


def test_a_worker_killed_while_sending_its_result_leaves_no_thread_reading(tmp_path):
    ready = tmp_path / "ready"
    with pytest.raises(KeyboardInterrupt):
        with forked_pool(2, lambda: None) as pool:
            pool.submit(_send_half_a_result, str(ready))
            manager, results = pool._executor_manager_thread, pool._result_queue   # started by the first submit
            deadline = time.monotonic() + 60
            while not ready.exists():
                assert time.monotonic() < deadline, "the worker never started"
                time.sleep(0.05)
            time.sleep(0.5)                                          # the manager thread is reading it
            raise KeyboardInterrupt
    try:
        manager.join(timeout=20)
        assert not manager.is_alive(), "the pool's manager thread still reads a result nobody sends"
    finally:
        writer = results._writer
        if manager.is_alive() and not writer.closed:                 # finish the message, so pytest can exit
            os.write(writer.fileno(), b"\0" * (DECLARED_SIZE - len(SENT)))
            manager.join(timeout=20)


PARENT_LOGS_AFTER_A_WORKER_TOOK_THE_LOG_LOCK = '''
import logging, os, sys, time
from scythe_sim.runner.batch import forked_pool

def take_the_log_lock(ready):
    for handler in logging.getLogger().handlers:      # the pool's forwarding handlers
        handler.queue._wlock.acquire()                # as a worker killed while logging leaves it
    open(ready, "w").close()
    time.sleep(600)

logging.getLogger().addHandler(logging.NullHandler())
try:
    with forked_pool(1, lambda: None) as pool:
        pool.submit(take_the_log_lock, sys.argv[1])
        while not os.path.exists(sys.argv[1]):
            time.sleep(0.05)
        logging.getLogger("scythe_sim.test").warning("from the parent")   # waits for the lock
        time.sleep(0.5)
        raise KeyboardInterrupt
except KeyboardInterrupt:
    print("stopped")
'''


def test_a_worker_killed_while_logging_does_not_hang_the_exit(tmp_path):
    import subprocess

    process = subprocess.Popen([sys.executable, "-c", PARENT_LOGS_AFTER_A_WORKER_TOOK_THE_LOG_LOCK,
                                str(tmp_path / "ready")], stdout=subprocess.PIPE, text=True,
                               env=dict(os.environ, PYTHONPATH=ROOT))
    try:
        out, _ = process.communicate(timeout=90)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        raise AssertionError("the process hung at exit, waiting to send a record nobody can take") from None
    assert process.returncode == 0 and out.strip() == "stopped"
