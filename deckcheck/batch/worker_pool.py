"""The worker processes of a batch, and how they stop when the batch stops early.

Ctrl-C in a terminal sends SIGINT to every process of the job, the workers included. A
worker that took it would die with a traceback of its own (`Process SpawnProcess-1:` and
a KeyboardInterrupt in whatever it was importing or checking) and the parent would meet a
broken pool. So the interrupt is the parent's alone: workers start with SIGINT blocked,
which they keep (a fresh interpreter keeps the signal mask it is started with), and the
parent, interrupted, drops the chunks no worker has begun and waits for the ones in hand
(one chunk each, MAX_CHUNK decks at most), so no worker is left running after it; a
second Ctrl-C during that wait is ignored.
SIGTERM (`kill`, a cancelled CI job) stops a batch the same way: by default it would end
the parent alone and leave the workers waiting for work for ever.

A worker imports nothing from the folder the batch runs in (`_no_working_folder_on_path`).
"""
from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any, TypeVar

T = TypeVar("T")


@contextmanager
def worker_pool(workers: int, initializer: Callable[..., None], initargs: tuple[Any, ...]) -> Iterator[ProcessPoolExecutor]:
    """A pool of `workers` processes, each running `initializer(*initargs)` on start.
    Leaving the block early (an interrupt, a reader gone, an error) cancels the chunks not
    yet started before waiting for the workers to end."""
    # Workers are fresh interpreters ("spawn"), not forks: a fork would start as a copy of
    # the parent, every registration of the batch included, and its memory would grow
    # with the batch (docs/speed.md, Batch).
    context = multiprocessing.get_context("spawn")
    with _no_working_folder_on_path():
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=initializer, initargs=initargs)
        terminated = _stop_on_sigterm()
        try:
            yield pool
        except BaseException:
            with _ctrl_c_ignored():
                pool.shutdown(wait=True, cancel_futures=True)
            raise
        else:
            pool.shutdown(wait=True)
        finally:
            if terminated is not None:
                signal.signal(signal.SIGTERM, terminated)


# Python 3.11+: a Python started with it set puts no working folder first on sys.path.
_SAFE_PATH = "PYTHONSAFEPATH"


@contextmanager
def _no_working_folder_on_path() -> Iterator[None]:
    """Inside the block, the processes started (each worker, and multiprocessing's resource
    tracker) put no working folder on sys.path. Each starts as `python -c "from
    multiprocessing.spawn import ..."`, and `-c` puts the working folder first: a
    `multiprocessing/` folder (or a `pickle.py`) where the batch runs, a pull request's
    checkout, was imported by every worker and ran its code. A worker's path is the
    parent's (multiprocessing hands it over before anything of deckcheck is imported).
    Workers start during the pool's life, at a `submit`, so the variable is set for all of
    it; the parent's environment is as it was afterwards. Python 3.10 ignores it.

    Batches that overlap (check_source in two threads of a server) share one setting: the
    first in saves what it finds, the last out puts it back. Each restoring its own saved
    value removed it under the other's pool and, the last to end putting back the first's
    "1", left it set in the process for good."""
    global _previous, _pools
    with _safe_path_lock:
        if _pools == 0:
            _previous = os.environ.get(_SAFE_PATH)
        _pools += 1
        os.environ[_SAFE_PATH] = "1"
    try:
        yield
    finally:
        with _safe_path_lock:
            _pools -= 1
            if _pools == 0:
                if _previous is None:
                    os.environ.pop(_SAFE_PATH, None)
                else:
                    os.environ[_SAFE_PATH] = _previous


_safe_path_lock = threading.Lock()
_pools = 0  # worker pools inside _no_working_folder_on_path now
_previous: str | None = None  # PYTHONSAFEPATH as the first of them found it


@contextmanager
def _ctrl_c_ignored() -> Iterator[None]:
    """SIGINT ignored inside the block, on the main thread (the only one that may set a
    handler). A second Ctrl-C while an interrupted batch waits for its workers would break
    that wait: the batch would end with workers still running, and concurrent.futures
    would print `Exception ignored ... Bad file descriptor` at exit. The batch is already
    stopping, so the second one has nothing left to ask. Ignored rather than blocked: a
    blocked signal would go to another thread of the process, the pool's own."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.SIG_DFL if previous is None else previous)  # None: set outside Python


class Terminated(SystemExit):
    """SIGTERM reached the batch: it stops as for Ctrl-C, with the shell's 128 + 15."""


def _stop_on_sigterm() -> Any:
    """Make SIGTERM (`kill PID`, `timeout`, a CI job cancelled, `docker stop`) stop the
    batch like Ctrl-C, through the pool's shutdown, and return the handler it replaced;
    None when it replaced none. Its default ends the parent at once, and the workers,
    which hold both ends of their task queue, would wait for tasks for ever. Only where
    nobody chose a handler (a program that runs batches may have its own) and only on the
    main thread, the one Python runs handlers on."""
    if threading.current_thread() is not threading.main_thread() or signal.getsignal(signal.SIGTERM) != signal.SIG_DFL:
        return None

    def stop(number: int, frame: object) -> None:
        raise Terminated(128 + number)

    return signal.signal(signal.SIGTERM, stop)


def submit(pool: ProcessPoolExecutor, function: Callable[..., T], *args: Any) -> Future[T]:
    """`pool.submit(function, *args)` with SIGINT blocked meanwhile: a submit may start a
    worker, which then keeps SIGINT blocked. An interrupt that comes during the submit waits
    for it and reaches the parent right after (blocked, not ignored, so none is lost)."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows: no signal masks (nor SIGINT to the group)
        return pool.submit(function, *args)
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        return pool.submit(function, *args)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)
