"""Process pools for the stages that run on every core (drawing cards, making sheets).

Fork where the platform has it (workers start at once, with the parent's imports), spawn
elsewhere. Work is handed out and collected in order, so results are those of a serial run.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any


def cores() -> int:
    return max(1, os.cpu_count() or 1)


def process_pool(
    workers: int,
    initializer: Callable[..., None] | None = None,
    initargs: tuple[Any, ...] = (),
) -> ProcessPoolExecutor:
    context = multiprocessing.get_context(
        "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    )
    return ProcessPoolExecutor(
        workers, mp_context=context, initializer=initializer, initargs=initargs
    )
