"""Games played as Ray tasks on a local Ray give exactly the results of the process pool."""

from __future__ import annotations

import pytest

from buyword.analysis.sim import run_games

ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'buyword[cluster]')")


@pytest.mark.slow
def test_a_local_ray_plays_the_same_games_as_the_process_pool(tmp_path):
    tables = [("greedy",)]  # the quickest player: the time goes to starting Ray
    # The worker reads the word index from a cache file the parent writes, not build it. One
    # Ray worker (a Ray of one CPU) is enough to show the tasks run there, and starts sooner.
    on_ray = {r.seed: r.money
              for r in run_games(tables, 3, 11, jobs=1, ray="local", cache_dir=tmp_path)}
    in_pool = {r.seed: r.money for r in run_games(tables, 3, 11, jobs=2)}
    assert set(on_ray) == {11, 12, 13}
    assert on_ray == in_pool
    assert not ray.is_initialized()  # the Ray it started is shut down again
    assert list(tmp_path.glob("words-*.index"))
