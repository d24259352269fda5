"""Stopping a pool (Ctrl-C, SIGTERM, an error) ends everything the interpreter's exit
waits for: a worker killed halfway through sending its result must not leave the pool's
manager thread reading the rest of that message for ever (the command would print its
last line, then hang at exit)."""
import os
import struct
import sys
import time

import pytest

from scythe_sim.runner.batch import forked_pool

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
