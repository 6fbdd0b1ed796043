"""`tests.forked`: a run in a child of the fork server is what `python -c CODE ARGS` gives
in a fresh process: its exit status, both streams, its folder and environment, Python's own
answer to an uncaught exception or Ctrl-C, a timeout that kills it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests import forked


@pytest.mark.parametrize(
    ("code", "status", "err"),
    [
        ("import sys; sys.exit(3)", 3, ""),
        ("import sys; sys.exit('no')", 1, "no\n"),
        ("raise SystemExit", 0, ""),
        ("pass", 0, ""),
        ("import os; os._exit(7)", 7, ""),
    ],
)
def test_the_exit_status_is_pythons(code: str, status: int, err: str) -> None:
    done = forked.run(code)
    fresh = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert (done.returncode, done.stderr) == (fresh.returncode, fresh.stderr) == (status, err)


def test_streams_arguments_folder_and_environment_are_the_runs(tmp_path: Path) -> None:
    code = (
        "import os, sys\n"
        "print(sys.argv, os.getcwd(), os.environ.get('FORKED_TEST'), sys.path[0] == '')\n"
        "sys.stderr.write('x' * 200000)\n"
    )
    done = forked.run(code, ["a", tmp_path], cwd=tmp_path, env={"FORKED_TEST": "yes"})
    assert done.stdout == f"['-c', 'a', '{tmp_path}'] {tmp_path} yes True\n"
    assert done.stderr == "x" * 200000  # more than a pipe holds, read while it runs
    assert done.cpu > 0


def test_an_uncaught_exception_and_ctrl_c_end_it_as_python_does() -> None:
    failed = forked.run("raise ValueError('boom')")
    assert failed.returncode == 1
    assert failed.stderr.startswith("Traceback (most recent call last):\n")
    assert failed.stderr.endswith("ValueError: boom\n") and "forked.py" not in failed.stderr
    code = "import os, signal; os.kill(os.getpid(), signal.SIGINT)"
    stopped = forked.run(code)
    fresh = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    # Ctrl-C as this process takes it (pytest-xdist's workers ignore it: so do their children)
    assert stopped.returncode == fresh.returncode
    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
        assert stopped.returncode == -signal.SIGINT
        assert stopped.stderr.endswith("KeyboardInterrupt\n")


def test_past_its_timeout_it_is_killed(tmp_path: Path) -> None:
    mark = tmp_path / "pid"
    code = f"import os, time; open({str(mark)!r}, 'w').write(str(os.getpid())); time.sleep(60)"
    with pytest.raises(subprocess.TimeoutExpired):
        forked.run(code, timeout=5)
    pid = int(mark.read_text())
    with pytest.raises(ProcessLookupError):
        for _ in range(6000):  # reaped by the server once killed
            os.kill(pid, 0)
            time.sleep(0.01)
