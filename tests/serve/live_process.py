"""`cardgen serve` in a subprocess for the tests: started on a free port without a browser,
its URL read from its output, its change feed followed, stopped with Ctrl-C."""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

CARDGEN = Path(sys.executable).parent / "cardgen"


class LiveProcess:
    """A running `cardgen serve GAME --no-open --port 0` and what it printed."""

    def __init__(self, project: Path, game: str = "tiny") -> None:
        self.lines: list[str] = []
        self.process = subprocess.Popen(
            [str(CARDGEN), "serve", game, "--no-open", "--port", "0", "--project", str(project)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        assert self.process.stdout is not None
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                raise AssertionError(f"cardgen serve ended: {self.stop()}")
            self.lines.append(line.rstrip("\n"))
            if line.startswith("http://"):
                self.url = line.strip()
                break
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def get(self, path: str) -> Any:
        """The JSON at `path` of the server."""
        with urllib.request.urlopen(self.url.rstrip("/") + path, timeout=60) as answer:
            return json.loads(answer.read())

    def events(self) -> queue.Queue[dict[str, Any]]:
        """The `build` events of the change feed from now on, as they come."""
        found: queue.Queue[dict[str, Any]] = queue.Queue()
        since = self.get("/api/state")["generation"]
        answer = urllib.request.urlopen(f"{self.url}api/events?since={since}", timeout=30)

        def follow() -> None:
            with answer:
                for raw in answer:
                    line = raw.decode("utf-8")
                    if line.startswith("data: "):
                        found.put(json.loads(line[6:]))

        threading.Thread(target=follow, daemon=True).start()
        return found

    def wait_for(
        self, test: Callable[[dict[str, Any]], bool], seconds: float = 15
    ) -> dict[str, Any]:
        """The state once `test` holds for it (polled)."""
        deadline = time.monotonic() + seconds
        while True:
            state: dict[str, Any] = self.get("/api/state")
            if test(state):
                return state
            if time.monotonic() > deadline:
                raise AssertionError(f"not seen in {seconds}s: {state}\n" + "\n".join(self.lines))
            time.sleep(0.1)

    def stop(self) -> tuple[int, str]:
        """Ctrl-C (SIGINT to its group); its exit code and stderr."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGINT)
        try:
            code = self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            code = self.process.wait()
        assert self.process.stderr is not None
        return code, self.process.stderr.read()
