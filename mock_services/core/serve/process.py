"""Start a service as a real server process on a real port and wait until it is healthy.

Used by tests, benchmarks and the no-Docker oracle runner; containers use the entrypoint.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from mock_services.core.base.errors import SeedOutdated
from mock_services.core.base.lifecycle import die_with_parent

PROBE_SECONDS = 0.02
"""How long a wait for ``/health`` sleeps between probes (``start_together``: per pending
server, so many starting servers on a busy machine are not also flooded with probes)."""
STOP_SECONDS = 12.0
"""How long a stopping server may take (its workers starting, then ending, granian killing any
that hangs after ``WORKER_KILL_SECONDS``) before its process group is killed; granian ends in a
tenth of a second, and a loaded machine needs the rest."""
WORKER_STARTED = b"Started worker-"
"""What granian logs once a worker serves."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class ServiceStartError(RuntimeError):
    """A service that did not become healthy; the message carries its log tail."""


def health_refusal(refused: urllib.error.HTTPError) -> tuple[str, str]:
    """The error code of a refused ``/health`` call and its answer in words."""
    try:
        error = json.loads(refused.read() or b"{}").get("error") or {}
    except (ValueError, OSError, AttributeError):
        error = {}
    code = str(error.get("code", ""))
    message = error.get("message") or refused.reason
    return code, f"/health answered {refused.code} {code or refused.reason}: {message}"


@dataclass
class ServiceProcess:
    service: str
    port: int
    data_dir: Path
    workers: int = 1
    threads: int = 2
    log_path: Path | None = None
    tied_to_parent: bool = False  # the server is killed when this process dies
    env: dict[str, str] = field(default_factory=dict)  # set for the server, over ours
    cwd: Path | None = None  # the server's working directory (``python -m`` imports from it first)
    _proc: subprocess.Popen[bytes] | None = field(default=None, repr=False)
    _log_start: int = field(default=0, repr=False)  # where this run's log begins
    last_answer: str = field(default="it never answered", init=False, repr=False)
    """What ``/health`` last refused with, for the error of a server that never turned healthy."""

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int | None:
        """The server's process id while it runs (granian's main process; workers are its
        children), else None."""
        return self._proc.pid if self._proc is not None and self._proc.poll() is None else None

    @property
    def admin_token(self) -> str:
        return (self.data_dir / "secrets" / "admin.token").read_text().strip()

    def start(self, timeout: float = 20.0) -> ServiceProcess:
        start_together([self], timeout)
        return self

    def launch(self) -> None:
        """Start the server's process without waiting for it (``start_together`` waits)."""
        self.log_path = self.log_path or self.data_dir / f"{self.service.replace(':', '_')}.log"
        log = open(self.log_path, "ab")  # noqa: SIM115 - the child owns it for its lifetime
        self._log_start = log.tell()
        env = {**os.environ, "MOCK_DATA_DIR": str(self.data_dir), **self.env}
        self._proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "mock_services.cli",
                "serve",
                self.service,
                "--port",
                str(self.port),
                "--workers",
                str(self.workers),
                "--threads",
                str(self.threads),
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            env=env,
            cwd=self.cwd,
            start_new_session=True,
            preexec_fn=partial(die_with_parent, os.getpid()) if self.tied_to_parent else None,
        )
        log.close()

    def healthy(self) -> bool:
        """One look at ``/health``: True once it answers 200. Raises ``ServiceStartError`` when
        the server has exited, or answers that its DB must be seeded again (no wait helps)."""
        if self._proc is not None and self._proc.poll() is not None:
            raise ServiceStartError(
                f"{self.service} exited with {self._proc.returncode}:\n{self.log_tail()}"
            )
        try:
            with urllib.request.urlopen(self.url + "/health", timeout=1) as response:
                return bool(response.status == 200)
        except urllib.error.HTTPError as refused:
            code, self.last_answer = health_refusal(refused)
            if code == SeedOutdated.code:
                raise self.not_healthy(self.last_answer) from None
        except (urllib.error.URLError, http.client.HTTPException, OSError):
            pass  # not listening yet; an HTTPException is a probe that connected to itself
        return False

    def not_healthy(self, answer: str) -> ServiceStartError:
        """The error of a server that did not turn healthy, with ``answer`` (its last answer)
        and its log's tail."""
        return ServiceStartError(
            f"{self.service} is not healthy on port {self.port}: {answer}\n"
            f"the end of its log {self.log_path}:\n{self.log_tail()}"
        )

    def exit_code(self) -> int | None:
        """The process's exit code once it ended; None while it runs (or before it started)."""
        return None if self._proc is None else self._proc.poll()

    def log_tail(self, lines: int = 30) -> str:
        if self.log_path is None or not self.log_path.exists():
            return "(no log)"
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])

    def stop(self) -> None:
        if self._proc is None or self._proc.poll() is not None:
            return
        deadline = time.monotonic() + STOP_SECONDS
        # granian waits forever on a worker told to stop while it was still starting (most
        # stops right after the first answer, with two workers): let them all start first
        while (
            self._proc.poll() is None
            and not self._workers_started()
            and time.monotonic() < deadline
        ):
            time.sleep(0.02)
        self._proc.terminate()
        try:
            self._proc.wait(timeout=max(deadline - time.monotonic(), 0.5))
        except subprocess.TimeoutExpired:
            os.killpg(self._proc.pid, signal.SIGKILL)
            self._proc.wait()

    def _workers_started(self) -> bool:
        if self.log_path is None or not self.log_path.exists():
            return True
        with open(self.log_path, "rb") as log:
            log.seek(self._log_start)
            return log.read().count(WORKER_STARTED) >= self.workers

    def __enter__(self) -> ServiceProcess:
        return self.start()

    def __exit__(self, *_exc: object) -> None:
        self.stop()


def start_together(processes: Sequence[ServiceProcess], timeout: float = 20.0) -> None:
    """Start every server at once (as the image's entrypoint does), then poll each one's
    ``/health`` until all answer 200. A server fails as soon as it exits or refuses for good,
    or when ``timeout`` seconds pass with none of the rest turning healthy (so a slow machine
    starting many is not a failure while they keep coming up); then every one is stopped and
    the error names it, its last answer and its log's tail."""
    try:
        for process in processes:
            process.launch()
        pending, progress = list(processes), time.monotonic()
        while pending:
            up = [process for process in pending if process.healthy()]
            if up:
                pending, progress = [p for p in pending if p not in up], time.monotonic()
            elif time.monotonic() - progress > timeout:
                late = pending[0]
                raise late.not_healthy(f"after {timeout:.0f}s, {late.last_answer}")
            else:  # about 50 probes a second in all, however many are pending
                time.sleep(PROBE_SECONDS * len(pending))
    except BaseException:
        for process in processes:
            process.stop()
        raise
