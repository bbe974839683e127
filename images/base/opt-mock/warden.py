"""The task container's main process once it is ready (root): runs the image's command and
guards what the agent must not reach, until that command ends.

``/opt/mock/entrypoint.sh`` execs it as ``warden.py [options] SUPERVISOR... COMMAND...``, the
first ``--supervisor-argc`` words being the command that started the service supervisor (whose
pid it inherits). Every ``--interval`` seconds it:

- restarts the supervisor if it died (with backoff); the services die with their supervisor,
  so a new one never meets an old generation;
- keeps ``/logs`` and ``/logs/verifier`` root-owned and closed to others, and removes what the
  agent put there (a reward written before the verifier runs, a link, another user's file);
- keeps ``/tests`` root's alone (0700), so the checks a runner uploads are never readable by
  an agent process that is still alive;
- raises the agent's processes to the OOM killer's first choice.

It holds each service port reserved for the ``mock`` user from the start, so no other user
can bind one even while its service restarts. If the warden itself ever dies, the container's
main process is gone and the container stops: never a container whose guard silently left.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import pwd
import signal
import sys
import time
from pathlib import Path

from mock_services.sandbox import (
    SESSION_ENDED_MARK,
    close_tests_dir,
    guard_verifier_dir,
    raise_oom_score,
    reserve_port,
)

MAX_BACKOFF_SECONDS = 5.0
STABLE_AFTER_SECONDS = 30.0


def say(message: str) -> None:
    print(f"{time.strftime('%H:%M:%S')} warden: {message}", file=sys.stderr, flush=True)


class Supervisor:
    """The service supervisor: adopted at start, restarted with backoff when it dies."""

    def __init__(self, argv: list[str], pid: int | None, log: Path) -> None:
        self.argv, self.pid, self.log = argv, pid, log
        self.started_at = time.monotonic()
        self.backoff = 0.2
        self.restart_at: float | None = None

    def exited(self, pid: int, code: int) -> None:
        now = time.monotonic()
        if now - self.started_at > STABLE_AFTER_SECONDS:
            self.backoff = 0.2
        say(f"the service supervisor (pid {pid}) exited with {code}; restarting it")
        self.pid, self.restart_at = None, now + self.backoff
        self.backoff = min(self.backoff * 2, MAX_BACKOFF_SECONDS)

    def tick(self) -> None:
        if self.argv and self.pid is None and time.monotonic() >= (self.restart_at or 0):
            self.pid = spawn(self.argv, self.log)
            self.started_at = time.monotonic()
            say(f"restarted the service supervisor (pid {self.pid})")

    def stop(self) -> None:
        if self.pid is not None:
            with contextlib.suppress(ProcessLookupError, ChildProcessError):
                os.kill(self.pid, signal.SIGTERM)
                os.waitpid(self.pid, 0)
            self.pid = None


def spawn(argv: list[str], log: Path | None = None) -> int:
    pid = os.fork()
    if pid == 0:
        try:
            if log is not None:
                fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
                os.dup2(fd, 1)
                os.dup2(fd, 2)
            os.execvp(argv[0], argv)
        finally:
            os._exit(127)
    return pid


def guard(agent_uid: int) -> None:
    """One round of the agent-facing guards; a failure is said and tried again next round."""
    try:
        close_tests_dir()
        removed = guard_verifier_dir(session_ended=SESSION_ENDED_MARK.exists())
        if removed:
            say(f"removed from /logs/verifier: {', '.join(removed)}")
        raise_oom_score(agent_uid)
    except OSError as exc:
        say(f"guarding failed this round: {exc}")


def parse(argv: list[str]) -> tuple[argparse.Namespace, list[str], list[str]]:
    parser = argparse.ArgumentParser(prog="warden.py")
    parser.add_argument("--agent-user", default="node")
    parser.add_argument("--service-user", default="mock")
    parser.add_argument("--port", type=int, action="append", default=[])
    parser.add_argument("--supervisor-pid", type=int)
    parser.add_argument("--supervisor-log", type=Path)
    parser.add_argument("--supervisor-argc", type=int, default=0)
    parser.add_argument("--interval", type=float, default=0.1)
    parser.add_argument("words", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    words = args.words[1:] if args.words[:1] == ["--"] else args.words
    supervisor, command = words[: args.supervisor_argc], words[args.supervisor_argc :]
    return args, supervisor, command or ["sleep", "infinity"]


def main(argv: list[str]) -> int:
    args, supervisor_argv, command = parse(argv)
    agent_uid = pwd.getpwnam(args.agent_user).pw_uid
    service_uid = pwd.getpwnam(args.service_user).pw_uid
    reserved = [reserve_port(port, service_uid) for port in args.port]
    supervisor = Supervisor(supervisor_argv, args.supervisor_pid, args.supervisor_log)
    signals: list[int] = []

    def forward(signum: int, _frame: object) -> None:
        signals.append(signum)

    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, forward)
    main_pid = spawn(command)
    say(f"guarding; {len(reserved)} port(s) reserved, command pid {main_pid}")
    exit_code = 0
    while True:
        if signals:
            # Stopping: the supervisor got the signal too (same process group) and is not
            # restarted any more.
            supervisor.argv = []
            with contextlib.suppress(ProcessLookupError):
                os.kill(main_pid, signals.pop())
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            pid, status = 0, 0
        if pid == main_pid:
            exit_code = os.waitstatus_to_exitcode(status)
            exit_code = 128 - exit_code if exit_code < 0 else exit_code  # killed by a signal
            break
        if pid and pid == supervisor.pid:
            supervisor.exited(pid, os.waitstatus_to_exitcode(status))
        if pid:
            continue  # reap every child before sleeping
        supervisor.tick()
        guard(agent_uid)
        time.sleep(args.interval)
    say(f"the command exited with {exit_code}; stopping the services")
    supervisor.stop()
    return exit_code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
