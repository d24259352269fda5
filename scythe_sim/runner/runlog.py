"""run.log: what a run did, in its own folder. While a run plays, the records of the
`scythe_sim` loggers at INFO and above (each shard's start and end, warnings) are
appended to RUN_DIR/run.log; forked workers' records reach it through
multiprocessing-logging, which wraps the root logger's handlers when the pool starts
(batch.forked_pool); Dask workers' records travel back with each shard's result
(`logged` on the worker, `emit` in the client), since a Dask worker, on this machine or
another, has no handler of the client's. With verbose they are also printed on stderr.
The file is opened at the first record, so a run refused before it starts writes nothing."""
import contextlib
import logging
import os
import sys
import threading

LOG_NAME = "run.log"
FORMAT = "%(asctime)s %(processName)s %(levelname)s %(name)s: %(message)s"


def _wraps(handler, mine):
    """True when handler is one of mine or multiprocessing-logging's wrapper of one."""
    while handler is not None:
        if handler in mine:
            return True
        handler = getattr(handler, "sub_handler", None)
    return False


@contextlib.contextmanager
def run_log(run_dir, verbose=False):
    handlers = [logging.FileHandler(os.path.join(run_dir, LOG_NAME), encoding="utf-8", delay=True)]
    if verbose:
        handlers.append(logging.StreamHandler(sys.stderr))
    root, package = logging.getLogger(), logging.getLogger("scythe_sim")
    for handler in handlers:
        handler.setFormatter(logging.Formatter(FORMAT))
        handler.setLevel(logging.INFO)
        root.addHandler(handler)
    level = package.level
    package.setLevel(logging.INFO)
    logging.captureWarnings(True)         # Python warnings (e.g. the JIT's) go to the log too
    try:
        yield
    finally:
        logging.captureWarnings(False)
        package.setLevel(level)
        for handler in list(root.handlers):
            if _wraps(handler, handlers):
                root.removeHandler(handler)
                handler.close()
        for handler in handlers:
            handler.close()


class _Collector(logging.Handler):
    """Keeps the records of one thread (a Dask worker may play several shards at once)."""

    def __init__(self):
        super().__init__(logging.INFO)
        self.thread, self.records = threading.get_ident(), []

    def emit(self, record):
        if record.thread == self.thread:
            self.records.append({**record.__dict__, "msg": record.getMessage(), "args": None,
                                 "exc_info": None, "exc_text": None})


def logged(function, *args):
    """(function(*args), [record dicts]): what it logged to the `scythe_sim` loggers at INFO
    and above, for the client to `emit` (a shard on a Dask worker)."""
    package = logging.getLogger("scythe_sim")
    collector, level = _Collector(), package.level
    package.addHandler(collector)
    package.setLevel(logging.INFO)
    try:
        return function(*args), collector.records
    finally:
        package.removeHandler(collector)
        package.setLevel(level)


def emit(records):
    """Hand records made in another process to this process's handlers (run.log, -v)."""
    for record in records:
        logging.getLogger(record["name"]).handle(logging.makeLogRecord(record))
