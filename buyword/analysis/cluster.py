"""Where many seeded games are played: in this process, a local process pool, or Ray tasks.

`buyword sim` and `buyword train` hand their games here. Each game is a pure function of its
task (the seed fixes the bag and the die, the players' seeds follow from it), so every way of
running them gives the same results; only the time taken differs. Ray is an optional extra
(`buyword[cluster]`), imported only when asked for.
"""

from __future__ import annotations

import multiprocessing
import sys
from collections.abc import Callable, Generator, Iterator, Sequence
from types import ModuleType
from typing import TypeVar

Task = TypeVar("Task")
Result = TypeVar("Result")

#: What `--ray` means with no address: start (or join) a Ray on this machine.
LOCAL = "local"


class ClusterError(RuntimeError):
    """Ray was asked for but cannot be used (not installed, or no cluster at the address)."""


def run_tasks(play: Callable[[Task], Result], tasks: Sequence[Task], jobs: int = 1,
              ray: str | None = None) -> Generator[Result, None, None]:
    """`play(task)` for every task, yielding results as they finish (in any order).

    `ray`: None for this process (`jobs` 1) or a pool of `jobs` processes; `LOCAL` for a Ray
    started on this machine with `jobs` CPUs; otherwise the address of a Ray cluster
    ("auto", "ray://host:10001", ...). Raises ClusterError if Ray cannot be used.
    """
    if ray is not None:
        yield from _run_on_ray(play, tasks, jobs, ray)
        return
    if jobs <= 1:
        yield from map(play, tasks)
        return
    with Workers(jobs) as workers:
        yield from workers.unordered(play, tasks)


class Workers:
    """A local pool of `jobs` processes kept for many batches of tasks (forked where the
    system can, so they start with what this process has loaded: the word index, a Master).

    `run_tasks` uses one for a run; a game that hands out a batch of rollouts at every
    decision keeps one for the whole game (`buyword.analysis.spread`). Close it (or use `with`).
    """

    def __init__(self, jobs: int) -> None:
        """Start `jobs` processes."""
        context = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
        self.jobs = jobs
        self._pool = context.Pool(jobs)

    def unordered(self, play: Callable[[Task], Result], tasks: Sequence[Task]
                  ) -> Iterator[Result]:
        """`play(task)` for every task, yielding results as they finish (in any order)."""
        return self._pool.imap_unordered(play, tasks, chunksize=1)

    def map(self, play: Callable[[Task], Result], tasks: Sequence[Task]) -> list[Result]:
        """`play(task)` for every task, the results in the tasks' order."""
        return self._pool.map(play, tasks, chunksize=1)

    def start(self, play: Callable[[Task], Result], tasks: Sequence[Task]
              ) -> Callable[[], list[Result]]:
        """Start `play(task)` for every task, and return at once: calling the answer waits
        for the results, in the tasks' order (meanwhile this process may do its own share)."""
        pending = self._pool.map_async(play, tasks, chunksize=1)
        return lambda: pending.get()

    def close(self) -> None:
        """Stop the processes (a task still running is abandoned)."""
        self._pool.terminate()
        self._pool.join()

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _run_on_ray(play: Callable[[Task], Result], tasks: Sequence[Task], jobs: int,
                address: str) -> Iterator[Result]:
    """The tasks as Ray tasks, on a local Ray (`LOCAL`) or the cluster at `address`."""
    ray = import_ray()
    started = not ray.is_initialized()
    if started:
        try:
            if address == LOCAL:
                ray.init(num_cpus=max(1, jobs), include_dashboard=False,
                         log_to_driver=False, configure_logging=False)
            else:
                ray.init(address=address, log_to_driver=False, configure_logging=False)
        except (ConnectionError, RuntimeError, ValueError) as error:
            raise ClusterError(f"cannot join the Ray cluster at {address!r}: {error}") from None
    try:
        remote = ray.remote(play)
        waiting = [remote.remote(task) for task in tasks]
        while waiting:
            done, waiting = ray.wait(waiting, num_returns=1)
            yield ray.get(done[0])
    finally:
        if started:
            ray.shutdown()


def import_ray() -> ModuleType:
    """The `ray` module; ClusterError with a one-line hint if it is not installed."""
    try:
        import ray
    except ImportError:
        raise ClusterError("Ray is not installed: pip install 'buyword[cluster]'") from None
    return ray
