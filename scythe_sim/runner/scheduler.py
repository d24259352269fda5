"""Checking a Dask scheduler address before the Dask client connects to it, and what a
run says when the cluster goes away under it.

The client waits minutes on an address that accepts connections but says nothing (an
HTTP server), and reads whatever another server sends as a frame length (a MemoryError).
A Dask scheduler speaks first: on every new connection it sends its handshake, framed
by an 8-byte length. So: connect, and expect those 8 bytes, with a plausible length,
within the connect timeout.
"""
import concurrent.futures
import contextlib
import logging
import socket
import struct
import time
import urllib.parse

from ..errors import ConfigError

log = logging.getLogger(__name__)

CONNECT_TIMEOUT = 10          # seconds, for the probe and for the Dask client
_MAX_HANDSHAKE = 1 << 24      # a scheduler's handshake is a few hundred bytes


def check_scheduler(address, timeout=CONNECT_TIMEOUT):
    """ConfigError in one line unless a Dask scheduler answers at a tcp:// address (other
    protocols, e.g. tls://, are left to the client)."""
    parsed = urllib.parse.urlsplit(address if "://" in address else f"tcp://{address}")
    if parsed.scheme != "tcp":
        return
    try:
        host, port = parsed.hostname, parsed.port
    except ValueError:
        host = port = None
    if not host or not port:
        raise ConfigError(f"--scheduler {address!r} is not an address: give tcp://host:port, "
                          "e.g. tcp://10.0.0.5:8786")
    fix = "check the address and that `dask scheduler` runs there"
    deadline = time.monotonic() + timeout
    try:
        with socket.create_connection((host, port), timeout=timeout) as sock:
            header = b""
            while len(header) < 8:
                sock.settimeout(max(0.1, deadline - time.monotonic()))
                chunk = sock.recv(8 - len(header))
                if not chunk:
                    break
                header += chunk
    except socket.timeout:
        raise ConfigError(f"no Dask scheduler answered at {address} within {timeout} s: {fix}") from None
    except OSError as exc:
        raise ConfigError(f"cannot reach the Dask scheduler at {address}: {exc.strerror or exc}; "
                          f"{fix}") from None
    if len(header) < 8 or not 0 < struct.unpack("<Q", header)[0] < _MAX_HANDSHAKE:
        raise ConfigError(f"the server at {address} is not a Dask scheduler (it does not speak Dask's "
                          f"protocol): {fix}")


class BackendLost(RuntimeError):
    """A Dask run lost its cluster: the scheduler went away (the client's futures are
    cancelled), or workers died again and again playing one shard (Dask's KilledWorker).
    The published shards stay in the manifest; `--resume` completes the run."""


@contextlib.contextmanager
def lost_cluster_stops(where):
    """Around a Dask run: a lost scheduler or a shard that keeps killing its workers is a
    BackendLost naming `where` ("at <address>", or "of the local cluster"), and
    distributed's own warnings and errors go to the run's log (run.log, and stderr with -v)
    instead of stderr, so a stopped run prints one line; run.log records why it stopped.
    A lost worker is Dask's to handle: the scheduler gives its shards to another worker."""
    from distributed import KilledWorker
    from distributed.comm.core import CommClosedError

    with _distributed_log(handlers=[], propagate=True, level=logging.WARNING):
        try:
            yield
        except (concurrent.futures.CancelledError, CommClosedError):
            # the futures are cancelled, or a submit or wait finds the connection closed
            # (an OSError, which must not pass for the disk's: cli/progress.py)
            lost = BackendLost(f"lost the Dask scheduler {where}")
        except KilledWorker as exc:
            lost = BackendLost(f"Dask workers died playing one shard again and again ({exc})")
        else:
            return
    log.error("the run stops: %s", lost)
    raise lost


def close_quietly(*closables):
    """Close a Dask client (and its local cluster). A client whose scheduler went away logs
    its abandoned reconnection as an error while it closes, after the run has said in one
    line what happened, so distributed's log goes nowhere meanwhile."""
    with _distributed_log(handlers=[logging.NullHandler()], propagate=False, level=logging.NOTSET):
        for closable in closables:
            if closable is not None:
                closable.close()


@contextlib.contextmanager
def _distributed_log(handlers, propagate, level):
    """distributed's loggers that have handlers of their own (its logging config gives
    "distributed" and "distributed.client" each a stderr handler and no propagation) with
    these handlers and propagation, and at least this level, restored on exit."""
    loggers = [logging.getLogger(name) for name in list(logging.root.manager.loggerDict)
               if name.split(".")[0] == "distributed"]
    saved = [(x, x.handlers[:], x.propagate, x.level) for x in loggers if x.handlers]
    for logger, _, _, old_level in saved:
        logger.handlers, logger.propagate = list(handlers), propagate
        logger.setLevel(max(level, old_level))
    try:
        yield
    finally:
        for logger, old_handlers, old_propagate, old_level in saved:
            logger.handlers, logger.propagate = old_handlers, old_propagate
            logger.setLevel(old_level)
