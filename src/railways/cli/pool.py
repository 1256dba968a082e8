"""Run independent tasks (bot games) in this process, a process pool, or on Ray.

Every task depends only on its arguments (a game's seed), so where it runs changes
nothing in its result; callers order the results by seed before using them.
Ray is an optional extra (``pip install railways[ray]``): ``use_ray`` starts a local
Ray for the run, ``ray_address`` joins an existing cluster (``auto`` or host:port).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any, TypeVar

import click

T = TypeVar("T")
R = TypeVar("R")

RAY_HELP = "Run the games on a local Ray started for this run (needs the 'ray' extra)."
RAY_ADDRESS_HELP = "Run the games on the Ray cluster at this address ('auto' or host:port)."


def run_tasks(
    fn: Callable[[T], R],
    tasks: Sequence[T],
    jobs: int = 1,
    use_ray: bool = False,
    ray_address: str | None = None,
) -> Iterator[R]:
    """``fn(task)`` for every task, yielded as each finishes (in any order)."""
    if use_ray or ray_address is not None:
        yield from _on_ray(fn, tasks, jobs, ray_address)
        return
    if jobs <= 1 or len(tasks) <= 1:
        for task in tasks:
            yield fn(task)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(fn, task) for task in tasks]
        for future in as_completed(futures):
            yield future.result()


def import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise click.ClickException(
            "--ray and --ray-address need Ray: pip install 'railways[ray]'"
        ) from None
    return ray


def _on_ray(
    fn: Callable[[T], R], tasks: Sequence[T], jobs: int, address: str | None
) -> Iterator[R]:
    ray = import_ray()
    started = False
    if not ray.is_initialized():
        if address is not None:
            ray.init(address=address, log_to_driver=False)
        else:  # a local Ray: --jobs CPUs if given, else all of this machine's
            cpus = jobs if jobs > 1 else None
            ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False)
        started = True
    try:
        remote = ray.remote(fn)
        pending = [remote.remote(task) for task in tasks]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])
    finally:
        if started:
            ray.shutdown()
