"""A run's progress within a shard: the compiled batch loop counts each game as it ends,
a local pool's workers count in shared memory, and the parent's bar shows the games
done of the total and the time left, a resumed run starting at its saved games."""
import io
import threading

from rich.console import Console

from cli.progress import ProgressBar, time_left
from scythe_sim.runner import progress as runner_progress
from scythe_sim.runner import run as runner_run
from scythe_sim.runner.batch import forked_pool, play_range
from scythe_sim.runner.config import parse_config
from scythe_sim.runner.manifest import read_manifest
from scythe_sim.runner.progress import SharedCounts, counter
from scythe_sim.runner.run import execute


def _config(tmp_path=None, **fields):
    # the planner, not random play: its games are slow enough to be seen one by one
    data = {"name": "p", "games": 24, "seed": 11, "players": 2, "shard_size": 24,
            "strategies": {"seats": ["greedy"]}, **fields}
    if tmp_path is not None:
        data["output"] = str(tmp_path)
    return parse_config(data)


def _watched(play, count):
    """Run play() in a thread (the compiled loop releases the GIL) while this thread reads
    count() as fast as it can; the values seen, in order."""
    seen = [count()]
    worker = threading.Thread(target=play)
    worker.start()
    while worker.is_alive():
        value = count()
        if value != seen[-1]:
            seen.append(value)
    worker.join()
    seen.append(count())
    return seen


def test_the_batch_loop_counts_each_game_as_it_ends():
    # My Little Scythe's games are many times quicker: enough of them that the batch
    # outlasts the watcher's first reads on any machine
    for game, games in (("scythe", 24), ("my_little_scythe", 480)):
        cfg = _config(game=game, games=games, shard_size=games)
        cfg.spec.warm()
        before = int(counter()[0])
        seen = _watched(lambda: play_range(cfg, 0, cfg.games), lambda: int(counter()[0]) - before)
        assert seen[-1] == cfg.games, (game, seen)                 # each game once
        assert seen == sorted(seen)
        assert any(0 < n < cfg.games for n in seen), (game, seen)  # counted before the batch returned


def test_a_pool_s_workers_count_their_games_where_the_parent_reads_them():
    cfg = _config(games=30)
    counts = SharedCounts(2)
    with forked_pool(2, cfg.spec.warm, counts) as pool:
        futures = [pool.submit(play_range, cfg, start, start + 10) for start in (0, 10, 20)]
        seen = _watched(lambda: [f.result() for f in futures], counts.total)
    assert seen[-1] == 30 and seen == sorted(seen)
    assert any(0 < n < 30 for n in seen), seen
    assert (counts.counts() > 0).all()            # a slot a worker


def test_a_run_s_bar_moves_within_a_shard(tmp_path, monkeypatch):
    monkeypatch.setattr(runner_run, "POLL_SECONDS", 0.01)
    cfg = _config(tmp_path)                       # one shard of 24 games
    out = io.StringIO()
    seen = []
    with ProgressBar(True, cfg.games, console=Console(file=out, force_terminal=True, width=120)) as update:
        def spy(done, total):
            seen.append(done)
            update(done, total)
        execute(cfg, workers=1, progress=spy)
    assert seen[0] == 0 and seen[-1] == 24 and seen == sorted(seen)
    within = [n for n in seen if 0 < n < 24]
    assert within, seen                           # per shard only would show 0, then 24
    text = out.getvalue()
    assert f"games {within[0]} of 24" in text and "ETA" in text, text


def test_a_resumed_run_s_bar_starts_at_its_saved_games(tmp_path):
    cfg = _config(tmp_path, games=12, shard_size=4, strategies={"seats": ["random"]})

    def stop(done, total):          # after the first shard landed
        if read_manifest(str(cfg.run_dir()))["shards"]:
            raise KeyboardInterrupt
    try:
        execute(cfg, workers=1, progress=stop)
    except KeyboardInterrupt:
        pass
    seen = []
    execute(cfg, workers=1, resume=True, progress=lambda done, total: seen.append(done))
    saved = seen[0]
    assert saved % 4 == 0 and 4 <= saved < 12 and seen[-1] == 12
    out = io.StringIO()
    bar = ProgressBar(True, 12, console=Console(file=out, force_terminal=True, width=120))
    with bar as update:
        update(saved, 12)
        assert bar.bar.tasks[0].completed == saved
        assert f"games {saved} of 12" in out.getvalue() and "ETA -:--:--" in out.getvalue()


def test_time_left_reads_as_an_eta():
    assert time_left(0, 5.0) == "done"
    assert time_left(100, 0.0) == "ETA -:--:--"
    assert time_left(3900, 1.0) == "ETA 1:05:00"
    assert time_left(130, 2.0) == "ETA 0:01:05"


def test_the_poll_reads_the_counts_a_few_times_a_second():
    assert 0.05 <= runner_progress.POLL_SECONDS <= 1.0
