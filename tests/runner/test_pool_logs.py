"""A forked pool's workers log to the parent's handlers, and a process that opens pool
after pool (evaluate's blocks, tune's generations) keeps no handler thread of them."""
import logging
import threading

from scythe_sim.runner.batch import forked_pool


def _log_in_worker(message):
    logging.getLogger("scythe_sim.test").warning(message)
    return message


class _Keep(logging.Handler):
    def __init__(self):
        super().__init__(logging.INFO)
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


def test_worker_records_reach_the_parent_and_pools_leave_no_thread_behind():
    keep = _Keep()
    root = logging.getLogger()
    root.addHandler(keep)
    try:
        before = threading.active_count()
        for k in range(4):
            with forked_pool(2, lambda: None) as pool:
                assert pool.submit(_log_in_worker, f"from worker {k}").result(timeout=60) == f"from worker {k}"
            assert keep in root.handlers                  # unwrapped again, still open
        assert threading.active_count() <= before + 1      # the executor's own thread may linger a moment
        assert {f"from worker {k}" for k in range(4)} <= set(keep.messages)
    finally:
        root.removeHandler(keep)
