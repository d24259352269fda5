"""Checking a Dask scheduler address before the Dask client connects to it.

The client waits minutes on an address that accepts connections but says nothing (an
HTTP server), and reads whatever another server sends as a frame length (a MemoryError).
A Dask scheduler speaks first: on every new connection it sends its handshake, framed
by an 8-byte length. So: connect, and expect those 8 bytes, with a plausible length,
within the connect timeout.
"""
import socket
import struct
import time
import urllib.parse

from ..errors import ConfigError

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
