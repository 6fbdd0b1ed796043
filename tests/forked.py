"""`python -c CODE ARGS` for the tests, in a process forked from one that imported cardgen.

A test that runs the real `cardgen` command in a process of its own (its exit code, its two
streams, a failure planted before it starts, a limit the kernel enforces) pays for a fresh
Python importing cardgen's modules each time: most of a CPU-second for a build, several
times what the build of a tiny game costs. Here each test process starts one server
(`python -m tests.forked`, on first use) that imports every cardgen module once and then
forks a child for each run: the child takes the run's working folder, environment,
`sys.argv` and standard streams, and executes the code as `python -c` does (in a fresh
`__main__`, an uncaught exception printed and exit 1, `SystemExit` its status, the
interpreter's own shutdown after). The server itself never runs any of cardgen, so each
child starts as a fresh process would, its modules imported and nothing done.

What a child does not share with a fresh process: its interpreter was started once for all
of them (the same hash seed, the standard streams' encoding and buffering chosen for pipes),
and it is a child of the server, not of the test. Tests about processes themselves (signals,
kills, process groups, `/proc`, what starting cardgen imports) start real ones.

Requests travel on a `SOCK_SEQPACKET` socket pair: the test sends the run (JSON) with four
descriptors (the run's own socket, stdin, stdout, stderr); the server forks, answers the
child's pid on the run's socket, and when the child ends its exit status and CPU seconds
(the child's and its reaped children's, from `wait4`)."""

from __future__ import annotations

import atexit
import contextlib
import gc
import importlib
import json
import os
import pkgutil
import selectors
import signal
import socket
import subprocess
import sys
import threading
import time
import types
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

_LIMIT = 1 << 20
"""The largest request (bytes of JSON: code, arguments, environment)."""


@dataclass(frozen=True)
class Finished:
    """A run that ended: what `subprocess.run(..., capture_output=True, text=True)` gives,
    and the CPU seconds the run took (its own and its reaped children's)."""

    args: list[str]
    returncode: int
    stdout: str
    stderr: str
    cpu: float

    def completed(self) -> subprocess.CompletedProcess[str]:
        """The run as `subprocess.run` returns it."""
        return subprocess.CompletedProcess(self.args, self.returncode, self.stdout, self.stderr)


class _Server:
    """This test process's one server for a Python (this one's, or a venv's): started on
    first use, ended when the process ends (its end of the socket pair closes, and the
    server leaves)."""

    def __init__(self, python: str) -> None:
        self.channel, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.process = subprocess.Popen(
            [python, "-m", "tests.forked", str(theirs.fileno())],
            pass_fds=[theirs.fileno()],
            cwd=Path(__file__).resolve().parent.parent,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,  # a pipe's buffering for the children's own stdout
        )
        theirs.close()
        self.lock = threading.Lock()
        self.owner = os.getpid()
        atexit.register(self.close)

    def close(self) -> None:
        """End the server (it leaves when its channel closes) and reap it; in a process
        forked from its owner, that has only a copy of the channel, nothing."""
        if os.getpid() != self.owner:
            return
        self.channel.close()
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:  # pragma: no cover - a server that hangs
            self.process.kill()
            self.process.wait()


_servers: dict[tuple[int, str], _Server] = {}


def _server(python: str) -> _Server:
    """The server of this process for `python` (a forked test process starts its own)."""
    key = (os.getpid(), python)
    if key not in _servers:
        _servers[key] = _Server(python)
    return _servers[key]


def run(
    code: str,
    args: Sequence[str | os.PathLike[str]] = (),
    *,
    cwd: str | os.PathLike[str] | None = None,
    env: Mapping[str, str] | None = None,
    timeout: float | None = None,
    python: str | os.PathLike[str] | None = None,
) -> Finished:
    """Run `python -c CODE ARGS` in a child of this process's server, in `cwd` with `env`
    (this process's own when None), stdin empty, both streams captured as text. Past
    `timeout` seconds the child is killed and `subprocess.TimeoutExpired` raised. `python`
    is the interpreter (another venv's, say) whose server forks the child: this one's when
    None."""
    interpreter = os.fspath(python) if python is not None else sys.executable
    argv = [str(a) for a in args]
    request = {
        "code": code,
        "argv": ["-c", *argv],
        "cwd": os.fspath(cwd) if cwd is not None else os.getcwd(),
        "env": dict(env) if env is not None else dict(os.environ),
    }
    payload = json.dumps(request).encode()
    assert len(payload) < _LIMIT, "request too large"
    mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    out_read, out_write = os.pipe()
    err_read, err_write = os.pipe()
    server = _server(interpreter)
    with open(os.devnull, "rb") as stdin:
        try:
            with server.lock:
                socket.send_fds(
                    server.channel,
                    [payload],
                    [theirs.fileno(), stdin.fileno(), out_write, err_write],
                )
        finally:
            for fd in (out_write, err_write):
                os.close(fd)
            theirs.close()
    with mine:
        status, cpu, out, err = _collect(mine, out_read, err_read, timeout, [interpreter, *argv])
    return Finished(
        [interpreter, "-c", code, *argv],
        os.waitstatus_to_exitcode(status),
        out.decode(errors="replace"),
        err.decode(errors="replace"),
        cpu,
    )


def _collect(
    answers: socket.socket, out: int, err: int, timeout: float | None, argv: list[str]
) -> tuple[int, float, bytes, bytes]:
    """Read both streams to their end and the child's pid, then its status and CPU."""
    deadline = None if timeout is None else time.monotonic() + timeout
    streams = {out: bytearray(), err: bytearray()}
    said: list[dict[str, float]] = []
    with selectors.DefaultSelector() as watch:
        for fd in streams:
            watch.register(fd, selectors.EVENT_READ)
        watch.register(answers, selectors.EVENT_READ)
        try:
            while len(watch.get_map()) > 0:
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    _kill(said)
                    raise subprocess.TimeoutExpired(argv, timeout or 0)
                for key, _ in watch.select(left):
                    if key.fileobj is answers:
                        message = answers.recv(4096)
                        if message:
                            said.append(json.loads(message))
                        else:
                            watch.unregister(answers)
                        continue
                    fd = int(key.fd)
                    chunk = os.read(fd, 65536)
                    if chunk:
                        streams[fd] += chunk
                    else:
                        watch.unregister(fd)
        finally:
            os.close(out)
            os.close(err)
    assert len(said) == 2, f"the fork server answered {said}"
    return int(said[1]["status"]), said[1]["cpu"], bytes(streams[out]), bytes(streams[err])


def _kill(said: list[dict[str, float]]) -> None:
    """Kill the child of a run that took too long (if it started)."""
    if said:
        with contextlib.suppress(ProcessLookupError):
            os.kill(int(said[0]["pid"]), signal.SIGKILL)


# The server's side: `python -m tests.forked FD`.


def _import_cardgen() -> None:
    """Import every cardgen module but the entry point, as a run would (and nothing of them
    is run)."""
    import cardgen

    for module in pkgutil.walk_packages(cardgen.__path__, "cardgen."):
        if module.name != "cardgen.entry":  # it sets sys.excepthook: the command's alone
            importlib.import_module(module.name)


def _serve(channel: socket.socket) -> dict[str, object] | None:
    """Fork a child for each request until the channel closes (None: the server leaves).
    In a child: its request, its descriptors already in place."""
    wake_read, wake_write = os.pipe()
    os.set_blocking(wake_write, False)
    signal.set_wakeup_fd(wake_write)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    running: dict[int, socket.socket] = {}
    with selectors.DefaultSelector() as watch:
        watch.register(channel, selectors.EVENT_READ)
        watch.register(wake_read, selectors.EVENT_READ)
        while True:
            for key, _ in watch.select():
                if key.fd == wake_read:
                    os.read(wake_read, 4096)
                    _reap(running)
                    continue
                payload, fds, _flags, _addr = socket.recv_fds(channel, _LIMIT, 4)
                if not payload:
                    for answers in running.values():
                        answers.close()
                    return None
                answers = socket.socket(fileno=fds[0])
                pid = os.fork()
                if pid == 0:
                    signal.set_wakeup_fd(-1)
                    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                    for fd in (wake_read, wake_write, channel.fileno()):
                        os.close(fd)
                    for others in running.values():
                        others.close()
                    answers.close()
                    for target, fd in enumerate(fds[1:]):
                        os.dup2(fd, target)
                        os.close(fd)
                    request: dict[str, object] = json.loads(payload)
                    return request
                for fd in fds[1:]:
                    os.close(fd)
                answers.send(json.dumps({"pid": pid}).encode())
                running[pid] = answers
                _reap(running)


def _reap(running: dict[int, socket.socket]) -> None:
    """Answer each child that ended with its status and CPU seconds."""
    while running:
        pid, status, usage = os.wait4(-1, os.WNOHANG)
        if pid == 0:
            return
        answers = running.pop(pid)
        cpu = usage.ru_utime + usage.ru_stime
        with contextlib.suppress(OSError):  # the test went away
            answers.send(json.dumps({"status": status, "cpu": cpu}).encode())
        answers.close()


def _run_request(request: dict[str, object]) -> int:
    """In the child: become the run (`python -c CODE ARGS` in its folder and environment)
    and run it; its exit status as Python's own would be (an uncaught Ctrl-C: SIGINT)."""
    env = request["env"]
    assert isinstance(env, dict)
    os.environ.clear()
    os.environ.update(env)
    os.chdir(str(request["cwd"]))
    argv = request["argv"]
    assert isinstance(argv, list)
    sys.argv[:] = argv
    extra = str(env.get("PYTHONPATH", "")).split(os.pathsep)
    sys.path[:1] = ["", *(p for p in extra if p and p not in sys.path)]  # as `python -c` has it
    main = types.ModuleType("__main__")
    sys.modules["__main__"] = main
    try:
        exec(compile(str(request["code"]), "<string>", "exec"), main.__dict__)
    except SystemExit as exc:
        from cardgen.cli import _exit_code  # what Python makes of `sys.exit(code)`

        return _exit_code(exc.code)
    except BaseException as exc:  # what Python prints for an exception that ends it
        trace = exc.__traceback__.tb_next if exc.__traceback__ else None  # from `<string>`
        sys.excepthook(type(exc), exc.with_traceback(trace), trace)
        if isinstance(exc, KeyboardInterrupt):
            return -signal.SIGINT
        return 1
    return 0


def _leave(status: int) -> None:
    """End the child as the interpreter ends (non-daemon threads joined, `atexit` run, the
    streams flushed) without taking every module down one by one, which costs a tenth of a
    CPU-second and shows nothing."""
    threading_shutdown = getattr(threading, "_shutdown", None)
    if threading_shutdown is not None:
        threading_shutdown()
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            status = status or 120  # as Python does when it cannot flush stdout
    if status < 0:
        signal.signal(-status, signal.SIG_DFL)
        os.kill(os.getpid(), -status)
    os._exit(status)


if __name__ == "__main__":
    _import_cardgen()
    gc.freeze()  # the modules' objects stay in pages the children share
    _request = _serve(socket.socket(fileno=int(sys.argv[1])))
    if _request is not None:
        _leave(_run_request(_request))
