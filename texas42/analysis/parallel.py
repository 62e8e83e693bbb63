"""Many independent jobs on every core, or on a Dask cluster: the one map under the
matches, the odds tables and the benchmarks.

Results come back in the order of the jobs, whoever ran them, so a seeded experiment gives
the same result with 1, 2 or 40 workers, provided each job depends on its arguments alone
(the computer players do: their guesses are seeded from their seed and what they see).

>>> run_jobs(abs, [-3, 1, -2], workers=1)
[3, 1, 2]
>>> run_jobs(abs, [-3, 1, -2], workers=2)
[3, 1, 2]

Nothing here is imported by the engine or the explorers: the browser's Python has no
processes, and there ``workers`` falls back to one. The cluster is Dask's
(``dask.distributed``, the optional extra ``texas42[cluster]``), never a scheduler of ours.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from ..errors import InputError

J = TypeVar("J")
R = TypeVar("R")

def cpu_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system has one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # macOS, Windows, the browser
        return max(1, os.cpu_count() or 1)


def check_workers(workers: object) -> int | None:
    """``workers`` as given to :func:`run_jobs`: ``None`` (every core) or a count >= 1.

    >>> check_workers(0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    texas42.errors.InputError: workers must be a whole number of at least 1 ..., not 0
    """
    if workers is None:
        return None
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise InputError(
            f"workers must be a whole number of at least 1 (or None for every core), "
            f"not {workers!r}",
            rule="workers",
        )
    return workers


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``--workers N`` and ``--dask ADDRESS``, the same in every command and benchmark
    that runs many jobs (pass ``args.workers`` and ``args.dask`` to :func:`run_jobs`)."""
    parser.add_argument("--workers", type=int, default=None, metavar="N",
                        help=f"processes to run on (default: every core, {cpu_cores()} here)")
    parser.add_argument("--dask", metavar="ADDRESS", default=None,
                        help="run on the Dask cluster whose scheduler is at ADDRESS, e.g. "
                        "tcp://10.0.0.5:8786 (needs texas42[cluster])")


def run_jobs(
    fn: Callable[[J], R],
    jobs: Sequence[J],
    *,
    workers: int | None = None,
    dask: Any = None,
    on_result: Callable[[int, R], None] | None = None,
) -> list[R]:
    """``[fn(job) for job in jobs]``, in that order, run on ``workers`` processes
    (``None``: every core; 1: here, in this process) or on the Dask cluster at ``dask``
    (a scheduler address such as ``"tcp://10.0.0.5:8786"``, or a ``distributed.Client``).

    ``fn`` and the jobs must pickle (a module-level function and plain data or players).
    ``on_result(i, result)`` is called here, in the jobs' order, as results arrive.
    """
    count = check_workers(workers)
    jobs = list(jobs)
    if dask is not None:
        results = _on_dask(fn, jobs, dask)
    elif count == 1 or len(jobs) < 2 or sys.platform == "emscripten":
        results = map(fn, jobs)
    else:
        results = _on_pool(fn, jobs, min(count or cpu_cores(), len(jobs)))
    out: list[R] = []
    for i, r in enumerate(results):
        out.append(r)
        if on_result is not None:
            on_result(i, r)
    return out


def _on_pool(fn: Callable[[J], R], jobs: list[J], workers: int) -> Iterator[R]:
    from concurrent.futures import ProcessPoolExecutor

    if workers < 2:
        yield from map(fn, jobs)
        return
    # Several jobs per message (fewer round trips), small enough that the cores stay
    # busy to the end when jobs differ in length.
    chunk = max(1, len(jobs) // (workers * 8))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(fn, jobs, chunksize=chunk)


def _on_dask(fn: Callable[[J], R], jobs: list[J], where: Any) -> Iterator[R]:
    try:
        from distributed import Client
    except ImportError as exc:  # the optional extra is not installed
        raise InputError(
            "running on a Dask cluster needs dask.distributed: "
            "pip install 'texas42[cluster]'",
            rule="dask",
        ) from exc
    own = not isinstance(where, Client)
    if own and not isinstance(where, str):
        raise InputError(f"dask must be a scheduler address or a Client, not {where!r}",
                         rule="dask")
    client = Client(where) if own else where  # type: ignore[no-untyped-call]
    try:
        # pure=False: two equal jobs are two runs (a job may be repeated on purpose).
        futures = client.map(fn, jobs, pure=False)
        for future in futures:
            yield future.result()
    finally:
        if own:
            client.close()
