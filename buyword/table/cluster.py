"""Where many seeded games are played: in this process, a local process pool, or Ray tasks.

`buyword sim` and `buyword train` hand their games here. Each game is a pure function of its
task (the seed fixes the bag and the die, the players' seeds follow from it), so every way of
running them gives the same results; only the time taken differs. Ray is an optional extra
(`buyword[cluster]`), imported only when asked for.
"""

from __future__ import annotations

import multiprocessing
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

Task = TypeVar("Task")
Result = TypeVar("Result")

#: What `--ray` means with no address: start (or join) a Ray on this machine.
LOCAL = "local"


class ClusterError(RuntimeError):
    """Ray was asked for but cannot be used (not installed, or no cluster at the address)."""


def run_tasks(play: Callable[[Task], Result], tasks: Sequence[Task], jobs: int = 1,
              ray: str | None = None) -> Iterator[Result]:
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
    context = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
    with context.Pool(jobs) as pool:
        yield from pool.imap_unordered(play, tasks, chunksize=1)


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


def import_ray():  # noqa: ANN201 (ray's module has no type to name without importing it)
    """The `ray` module; ClusterError with a one-line hint if it is not installed."""
    try:
        import ray
    except ImportError:
        raise ClusterError("Ray is not installed: pip install 'buyword[cluster]'") from None
    return ray
