"""Games counted while a shard plays: the run's progress between two shards' landings.

The compiled batch loop plays a whole shard in one call, so it reports nothing to Python
on the way; instead it adds one to a counter (an int64 array of one element, the spec's
`played`) as each game's results are recorded. Every process plays with its own counter,
`counter()`. The workers of a local pool count in the slots of one array in shared memory
(`SharedCounts`, one slot a worker, taken as the worker starts), which the parent reads a
few times a second without asking them (`POLL_SECONDS`, run.py). A counter only ever
grows: it counts every game the process played, over all its shards. Any other process
(one playing in line, a Dask worker) counts in a private array that nobody else reads,
and its games show as its shards land.

Counting never touches a game: the counter is written after a game's results, and read
by nobody inside the loop, so the results are the same with or without a reader.
"""
import multiprocessing

import numpy as np

POLL_SECONDS = 0.25          # how often the waiting parent reads the counts

_own = np.zeros(1, np.int64)  # this process's counter, until a pool gives it a slot


def counter():
    """This process's counter of games played (int64, one element): what batch.play_range
    hands the compiled batch loop."""
    return _own


class SharedCounts:
    """A slot of games played per worker of a pool, in shared memory: made by the parent
    before the workers start (forked with them, or handed to them when spawned); each
    worker takes the next free slot as its counter (`join`, from the pool's initializer);
    `total()` is the games every worker counted so far."""

    def __init__(self, slots):
        self.slots = slots
        self._raw = multiprocessing.RawArray("q", slots)     # zeroed
        self._taken = multiprocessing.Value("i", 0)

    def counts(self):
        return np.frombuffer(self._raw, dtype=np.int64)

    def total(self) -> int:
        return int(self.counts().sum())

    def join(self):
        """In a worker as it starts: count this process's games in the next free slot (a
        worker beyond the slots keeps its private counter)."""
        global _own
        with self._taken.get_lock():
            slot = self._taken.value
            self._taken.value += 1
        if slot < self.slots:
            _own = self.counts()[slot:slot + 1]
