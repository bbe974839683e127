"""Keep a task's mock services running: start each, restart one that exits, stop all on SIGTERM.

Started by ``/opt/mock/entrypoint.sh`` as the ``mock`` user:
``supervise.py LOG_DIR name|ref|port|seed ...``. Each service is ``mock-services serve <ref>``,
run in a child forked from this process after it imported the package once (a "zygote"): the
CLI, granian and the core every worker's app is built on (Flask, SQLAlchemy, pydantic, the
WSGI entry), so five services cost one import of them instead of five, which is most of a
container's time to ready (five services: 3.0 s to 1.7 s).
Each runs in its own session so that a signal meant for the container reaches this supervisor
only, which then stops them in order; each dies with this supervisor (the kernel's parent-death
signal), so a restarted supervisor never meets an old generation of its services. Data lives
in SQLite under ``MOCK_DATA_DIR``, so a restarted service keeps it.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

import granian  # noqa: F401 (imported once here, inherited by every service's server)

import mock_services.wsgi  # noqa: F401 (the core each worker builds its app on: Flask, ORM, ...)
from mock_services import cli  # imported once here, inherited by every service
from mock_services.core.base.lifecycle import die_with_parent

STOP_GRACE_SECONDS = 5.0
MAX_BACKOFF_SECONDS = 5.0
STABLE_AFTER_SECONDS = 30.0


@dataclass
class Service:
    name: str
    ref: str
    port: int
    log_path: Path
    pid: int | None = None
    started_at: float = 0.0
    backoff: float = 0.2
    restart_at: float | None = None

    def start(self) -> None:
        workers = os.environ.get("MOCK_WORKERS", "1")
        argv = ["serve", self.ref, "--port", str(self.port), "--workers", workers]
        parent_pid = os.getpid()
        self.pid = os.fork()
        if self.pid == 0:
            _run_in_child(argv, self.log_path, parent_pid)
        self.started_at = time.monotonic()
        self.restart_at = None

    def poll(self) -> int | None:
        """The exit code once the service's main process has ended, else None."""
        if self.pid is None:
            return None
        pid, status = os.waitpid(self.pid, os.WNOHANG)
        if pid == 0:
            return None
        self.pid = None
        return os.waitstatus_to_exitcode(status)

    def signal_group(self, signum: int, pgid: int | None = None) -> None:
        target = pgid or self.pid
        if target is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(target, signum)


def _run_in_child(argv: list[str], log_path: Path, parent_pid: int) -> None:
    """``mock-services <argv>`` in this forked child; never returns."""
    code = 1
    try:
        die_with_parent(parent_pid)
        os.setsid()
        for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(signum, signal.SIG_DFL)
        log = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.dup2(log, 1)
        os.dup2(log, 2)
        os.close(log)
        os.close(null)
        sys.argv = ["mock-services", *argv]
        code = cli.main(argv)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    except BaseException:
        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code or 0)


def say(message: str) -> None:
    print(f"{time.strftime('%H:%M:%S')} supervise: {message}", flush=True)


def parse(log_dir: Path, entries: list[str]) -> list[Service]:
    services = []
    for entry in entries:
        name, ref, port, _seed = entry.split("|")
        services.append(Service(name, ref, int(port), log_dir / f"{name}.log"))
    return services


def stop_all(services: list[Service]) -> None:
    groups = {service.name: service.pid for service in services if service.pid is not None}
    for service in services:
        service.signal_group(signal.SIGTERM)
    deadline = time.monotonic() + STOP_GRACE_SECONDS
    while time.monotonic() < deadline and any(s.poll() is None and s.pid for s in services):
        time.sleep(0.05)
    for service in services:
        if service.pid is not None:
            say(f"{service.name} did not stop in {STOP_GRACE_SECONDS:.0f}s; killing it")
        service.signal_group(signal.SIGKILL, groups.get(service.name))


def supervise(services: list[Service]) -> None:
    stopping = False

    def request_stop(signum: int, _frame: object) -> None:
        nonlocal stopping
        stopping = True
        say(f"got signal {signum}; stopping the services")

    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, request_stop)
    groups: dict[str, int] = {}
    for service in services:
        service.start()
        groups[service.name] = service.pid
        say(f"started {service.name} on port {service.port} (pid {service.pid})")
    while not stopping:
        now = time.monotonic()
        for service in services:
            if service.restart_at is None:
                code = service.poll()
                if code is None or stopping:
                    continue
                # Leftover workers of a crashed server would keep its port: clear its group.
                service.signal_group(signal.SIGKILL, groups[service.name])
                if now - service.started_at > STABLE_AFTER_SECONDS:
                    service.backoff = 0.2
                service.restart_at = now + service.backoff
                say(f"{service.name} exited with {code}; restarting in {service.backoff:.1f}s")
                service.backoff = min(service.backoff * 2, MAX_BACKOFF_SECONDS)
            elif now >= service.restart_at:
                service.start()
                groups[service.name] = service.pid
                say(f"restarted {service.name} (pid {service.pid})")
        time.sleep(0.1)
    stop_all(services)
    say("stopped")


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print("usage: supervise.py LOG_DIR name|ref|port|seed ...", file=sys.stderr)
        return 2
    supervise(parse(Path(argv[0]), argv[1:]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
