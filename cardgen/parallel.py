"""Process pools for the stages that run on every core (drawing cards, making sheets).

Fork where the platform has it (workers start at once, with the parent's imports), spawn
elsewhere. Work is handed out and collected in order, so results are those of a serial run.

Workers never outlive the command that started them:

- A thread in each worker waits for its parent to end, however it ends (`kill -9`
  included), then lets a file being written finish (`cardgen.write.WRITING`) and ends the
  worker. It watches the sentinel multiprocessing gives every child (on Linux and macOS a
  pipe whose other end only the parent holds, on Windows the parent's process handle) and,
  on Linux and macOS, the worker's parent id too (it changes when the parent is gone), at
  most `WATCH_INTERVAL` seconds apart.
- Workers ignore Ctrl-C: a terminal sends it to every process of the command, and only the
  main one answers it (one line, exit 130: `cardgen.failures`). On Linux and macOS the
  signal is blocked while a worker is forked, so none reaches it before it ignores them;
  on Windows a Ctrl-C in the moment a worker starts may still reach it.
- Leaving a pool's `with` block on an exception (Ctrl-C included) cancels the work not yet
  started instead of waiting for it; the workers end once their task is done.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.connection
import multiprocessing.context
import multiprocessing.process
import os
import signal
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from types import TracebackType
from typing import Any

WATCH_INTERVAL = 0.2
"""Seconds between two looks at the parent's id (the sentinel wakes the watcher at once)."""
LEAVE_WAIT = 30.0
"""Seconds an orphaned worker waits for a file being written before it ends anyway."""


def cores() -> int:
    return max(1, os.cpu_count() or 1)


def _watch_parent() -> None:
    """In a worker: end it when its parent ends (see the module's docstring)."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return
    sentinel, pid = parent.sentinel, parent.pid

    def watch() -> None:
        while not multiprocessing.connection.wait([sentinel], WATCH_INTERVAL):
            if os.name != "nt" and os.getppid() != pid:
                break
        from cardgen import write

        write.WRITING.acquire(timeout=LEAVE_WAIT)  # never leave a temporary file behind
        os._exit(1)

    threading.Thread(target=watch, name="cardgen-parent-watch", daemon=True).start()


class _Worker(multiprocessing.process.BaseProcess):
    """A pool worker that ignores Ctrl-C and ends with its parent."""

    def run(self) -> None:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        if hasattr(signal, "pthread_sigmask"):  # blocked while forked: see `_ForkWorker`
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        _watch_parent()
        super().run()


class _SpawnWorker(_Worker, multiprocessing.context.SpawnProcess):
    pass


class _SpawnContext(multiprocessing.context.SpawnContext):
    Process = _SpawnWorker


if sys.platform != "win32":

    class _ForkWorker(_Worker, multiprocessing.context.ForkProcess):
        def start(self) -> None:
            """Fork with Ctrl-C blocked: the worker inherits the blocked signal and ignores
            it before unblocking; the parent gets a Ctrl-C of that moment right after."""
            before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
            try:
                super().start()
            finally:
                signal.pthread_sigmask(signal.SIG_SETMASK, before)

    class _ForkContext(multiprocessing.context.ForkContext):
        Process = _ForkWorker


def _context() -> multiprocessing.context.BaseContext:
    if sys.platform != "win32" and "fork" in multiprocessing.get_all_start_methods():
        return _ForkContext()
    return _SpawnContext()


class _Pool(ProcessPoolExecutor):
    """A process pool whose `with` block, left on an exception, does not wait for the work
    not yet started (it is cancelled)."""

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> bool | None:
        if kind is None or issubclass(kind, GeneratorExit):  # a generator closed: no failure
            return super().__exit__(kind, error, trace)
        with contextlib.suppress(Exception):
            self.shutdown(wait=False, cancel_futures=True)
        return None


def process_pool(
    workers: int,
    initializer: Callable[..., None] | None = None,
    initargs: tuple[Any, ...] = (),
) -> ProcessPoolExecutor:
    return _Pool(workers, mp_context=_context(), initializer=initializer, initargs=initargs)
