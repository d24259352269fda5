"""Peak resident memory of this process, for the run summary and `scythe-sim bench`
(kept apart from the shard code so that reading it imports nothing heavy)."""
import resource


def peak_rss_mb():
    """This process's peak resident memory so far, in MB (Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
