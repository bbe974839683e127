"""The oracle runner without Docker: the seed's trial lifecycle, stage by stage, per task.

build (emulated COPY) -> env init (seed, start the services, wait for health) -> agent
(``solution/solve.sh`` for the oracle, nothing for the null agent) -> verifier init (``tests/``
uploaded only now) -> ``tests/test.sh`` -> reward read back (reward.json first, as Harbor) ->
cleanup.

Tasks are written for a container: absolute paths such as ``/workspace``, ``/tests``,
``/logs/verifier``, ``/home/node`` and ``/var/lib/mock-data``, and services on their fixed
ports. So each trial runs in its own Linux mount and network namespaces (``unshare --mount
--net``): every one of those paths is a bind mount of a folder of the trial's scratch
directory, and the services listen on their real ports on the trial's private loopback. The
task files are exactly those Docker runs, trials cannot see each other (``--jobs N`` is safe),
and the host is untouched: the trial runs chrooted in the host's ``/`` under a throw-away
overlay, so mount points and stray writes vanish with it. It needs root (or CAP_SYS_ADMIN),
as Docker does.

As in the task image, the agent alone is unprivileged: ``node`` where the host has that user,
else ``AGENT_FALLBACK_ID``; it runs in a mount namespace of its own where the host's secrets and
the task's future are hidden (``taskkit.agent_jail``). The trial has its own PID namespace, so
before each verifier every process of the agent's uid in it is killed (``end_agent_phase``).
"""

from __future__ import annotations

import functools
import json
import os
import pwd
import shlex
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Collection
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from mock_services.core.base.keys import DELIVERY_TOKEN_VARIABLE
from mock_services.core.base.settings import Settings
from mock_services.core.data.world_marks import mark_data_dir
from mock_services.core.serve.process import ServiceProcess, start_together
from mock_services.core.serve.seeding import seed_trial
from mock_services.registry import get_spec
from mock_services.sandbox import SAFE_PATH, clear_verifier_dir, end_processes, verifier_environment
from mock_services.verify.outputs import AGENT_USER_VARIABLE, DEFAULT_AGENT_USER
from taskkit import agent_jail as jailer_module
from taskkit import registries
from taskkit.agent_jail import JailSpec, Keep
from taskkit.agents import check_agent, planned_trials, ui_not_scored
from taskkit.dockerfile import copy_sources, instructions
from taskkit.oracle_report import runner_main
from taskkit.runview.record import OUTPUTS
from taskkit.task_load import load_task_config
from taskkit.task_model import TaskConfig
from taskkit.trial import (  # noqa: F401  (StepResult, TrialResult: this module's API too)
    NULL_LIMIT,
    PASS_SCORE,
    StepResult,
    TrialResult,
    finish_trial,
    frozen_tasks,
    resolve_env,
    run_steps,
)
from taskkit.trial import table as trial_table

ROOT = Path(__file__).resolve().parent.parent
# container path -> folder of the trial directory bound onto it
MOUNTS = {
    "/workspace": "workspace",
    "/home/node": "home",
    "/logs": "logs",
    "/tests": "tests",
    "/solution": "solution",
    "/var/lib/mock-data": "mock-data",
}
ROOT_ONLY = ("/tests", "/var/lib/mock-data")
"""Mapped folders the agent cannot enter (0700 root): the checks, the live DBs and secrets."""
AGENT_FOLDERS = ("/workspace/environment", "/workspace/output", "/logs/agent")
"""The agent's folders (besides its home), as the base image makes them."""
AGENT_FALLBACK_ID = 65534
"""The agent's uid and gid on a host without a ``node`` user (Debian's ``nobody``/``nogroup``;
no passwd entry is needed: ``$MOCK_AGENT_USER`` then gives the number)."""
AGENT_HOME = "/home/node"
HIDDEN_FROM_AGENT = {"/tmp": 0o1777, "/var/tmp": 0o1777, "/dev/shm": 0o1777, "/root": 0o711}
HIDDEN_FROM_AGENT |= {"/home": 0o755, "/tests": 0o700}
"""Host folders the agent sees as empty tmpfs (mode), besides the checkouts and the task."""
CHECKOUT_MODE = 0o711  # the agent may pass through to what is bound back, never list
SYSTEM_FOLDERS = frozenset(
    {"bin", "boot", "dev", "etc", "lib", "lib32", "lib64", "libx32", "proc", "run", "sbin"}
    | {"sys", "usr", "var"}
    | {Path(target).parts[1] for target in MOUNTS}
)
"""The top-level folders of ``/`` the agent sees (the system's and the trial's own); every
other one (``/work``, ``/srv``, ``/opt``, ``/mnt``: other checkouts, copies of tasks, recorded
runs) is an empty tmpfs to it, like the checkouts."""
JAILER = str(Path(jailer_module.__file__).resolve())
"""``taskkit/agent_jail.py``, which the agent's commands run under (it imports no ``taskkit``)."""
AGENT_VARIABLES_KEPT = ("LANG", "LC_ALL", "LC_CTYPE", "TERM", "TZ")
"""The runner's variables an agent gets (a container's agent has the image's locale); nothing
else of the runner's environment (a judge's key, a token) reaches it."""


@dataclass(frozen=True)
class AgentIdentity:
    """Who the agent runs as here, and how ``$MOCK_AGENT_USER`` names it."""

    uid: int
    gid: int
    name: str


def agent_identity() -> AgentIdentity:
    """``node`` where the host has it (as the task image), else ``AGENT_FALLBACK_ID``."""
    try:
        entry = pwd.getpwnam(DEFAULT_AGENT_USER)
    except KeyError:
        return AgentIdentity(AGENT_FALLBACK_ID, AGENT_FALLBACK_ID, str(AGENT_FALLBACK_ID))
    return AgentIdentity(entry.pw_uid, entry.pw_gid, DEFAULT_AGENT_USER)


@functools.cache
def warn_not_isolated() -> None:
    """Say once per run that, without root, the agent runs as the runner's own user."""
    print(
        "oracle: not running as root: the agent runs as this user, unisolated (no private "
        "mounts for it, nothing killed before the verifier)",
        file=sys.stderr,
    )


# --- host side -------------------------------------------------------------------------------


def run_trial(
    task_dir: Path,
    *,
    agent: str = "oracle",
    root: Path = ROOT,
    keep: bool = False,
    env: dict[str, str] | None = None,
    sidecars: list[list[str]] | None = None,
    record: Path | None = None,
) -> TrialResult:
    """Run one trial in fresh namespaces; returns its reward and stage timings. ``agent`` is
    named as ``taskkit.agents`` says; an unknown one raises ``UnknownAgent``; ``record``: a
    run folder the trial's calls, checkpoints and logs are written into (``runview.record``).

    ``env`` adds variables to the trial (e.g. ``JUDGE_BASE_URL`` for ``[verifier.env]``);
    ``sidecars`` are commands started inside the trial's network namespace before the services
    (e.g. a stand-in OpenAI-compatible judge on the trial's loopback) and stopped at cleanup.
    """
    check_agent(task_dir, agent)
    if reason := ui_not_scored(task_dir, agent):
        return TrialResult(task_dir.name, agent, not_scored=reason)
    trial = Path(tempfile.mkdtemp(prefix=f"oracle-{task_dir.name}-"))
    spec = {
        "task_dir": str(task_dir.resolve()),
        "root": str(root.resolve()),
        "trial": str(trial),
        "agent": agent,
        "sidecars": sidecars or [],
    }
    (trial / "spec.json").write_text(json.dumps(spec))
    if os.geteuid() != 0:
        warn_not_isolated()
    command = [
        "unshare",
        "--mount",
        "--net",
        "--pid",
        "--fork",
        "--mount-proc",
        "--propagation",
        "private",
        "--",
        sys.executable,
        "-m",
        "taskkit.oracle",
        "--inside",
        str(trial / "spec.json"),
    ]
    env = {**os.environ, **(env or {}), "PYTHONPATH": str(ROOT)}
    started = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False, cwd=ROOT)
    result_path = trial / "result.json"
    if result_path.exists():
        result = TrialResult.from_json(result_path.read_text())
    else:
        result = TrialResult(
            task_dir.name,
            agent,
            error=f"trial process exited {done.returncode}: {(done.stderr or done.stdout)[-1500:]}",
        )
    result.stages["total"] = round(time.monotonic() - started, 3)
    result.trial_dir = str(trial)
    finish_trial(result, trial, keep, record)
    return result


def run_many(
    tasks: list[Path],
    *,
    agents: list[str],
    jobs: int,
    root: Path = ROOT,
    sidecars: list[list[str]] | None = None,
    env: dict[str, str] | None = None,
    keep: bool = False,
    record: Path | None = None,
    done: Collection[tuple[str, str]] = (),
) -> list[TrialResult]:
    """Every (task, agent) trial, ``jobs`` at a time; ``"wrong"`` among ``agents`` stands for
    each wrong solution of each task; ``sidecars`` run inside every trial, ``env`` adds to its
    variables; ``keep``: every trial folder stays (``TrialResult.trial_dir``); ``record``: the
    run folder each trial is written into; ``done``: the (task name, agent) trials a resumed
    run holds already, not run again."""

    def one(pair: tuple[Path, str]) -> TrialResult:
        return run_trial(
            pair[0], agent=pair[1], root=root, sidecars=sidecars, env=env, keep=keep, record=record
        )

    with frozen_tasks(tasks) as copies, ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        pairs = planned_trials(copies, agents, done)
        return list(pool.map(one, pairs))


def table(results: list[TrialResult]) -> str:
    return trial_table(results, ["env_init", "agent", "verifier", "total"])


def main(args: Any) -> int:
    sidecars = [shlex.split(command) for command in getattr(args, "sidecar", None) or []]
    return runner_main(args, run_many, table, sidecars=sidecars)


# --- inside the trial's namespaces ------------------------------------------------------------


def _sh(*command: str) -> None:
    subprocess.run(command, check=True, capture_output=True)


def _host_mounts() -> list[str]:
    """The outermost mount points other than ``/`` (``/proc``, ``/dev``, ``/sys``, ...); not
    namespace files (``nsfs``, e.g. Docker's ``/run/docker/netns/*``), which a trial never uses."""
    points: list[str] = []
    for line in Path("/proc/self/mountinfo").read_text().splitlines():
        fields = line.split()
        if fields[fields.index("-") + 1] == "nsfs":
            continue
        point = fields[4].encode().decode("unicode_escape")  # mountinfo writes a space as \040
        if point != "/" and not any(point.startswith(p.rstrip("/") + "/") for p in points):
            points = [p for p in points if not p.startswith(point.rstrip("/") + "/")]
            points.append(point)
    return points


def _enter_private_root(trial: Path) -> None:
    """Move into a root of the trial's own: the host's ``/`` under a throw-away overlay (its
    writes, the mount points included, land in a tmpfs), the host's other mounts bound in,
    each folder of ``MOUNTS`` bound onto its container path; then ``chroot`` into it. The
    host's file system is left exactly as it was."""
    _sh("ip", "link", "set", "lo", "up")
    scratch, root = trial / ".overlay", trial / ".root"
    scratch.mkdir()
    root.mkdir()
    _sh("mount", "-t", "tmpfs", "tmpfs", str(scratch))
    (scratch / "upper").mkdir()
    (scratch / "work").mkdir()
    layers = f"lowerdir=/,upperdir={scratch}/upper,workdir={scratch}/work"
    _sh("mount", "-t", "overlay", "overlay", "-o", layers, str(root))
    for point in _host_mounts():
        _sh("mount", "--rbind", point, f"{root}{point}")
    _sh("mount", "--bind", str(trial), f"{root}{trial}")  # results reach the host
    for target, folder in MOUNTS.items():
        source = trial / folder
        source.mkdir(parents=True, exist_ok=True)
        source.chmod(0o700 if target in ROOT_ONLY else 0o755)
        Path(f"{root}{target}").mkdir(parents=True, exist_ok=True)
        _sh("mount", "--bind", str(source), f"{root}{target}")
    installed = isolated_package_dir()
    if installed is not None and installed != ROOT / "mock_services":
        _sh("mount", "--bind", str(ROOT / "mock_services"), f"{root}{installed}")
    os.chdir(root)
    os.chroot(".")
    os.chdir("/")


def isolated_package_dir() -> Path | None:
    """Where an isolated Python (``python3 -I``, as every verifier runs) imports
    ``mock_services`` from: the installed package, which may be another checkout than this one
    (a git worktree). The trial binds this checkout's package there, so the verifier reads
    with the SDK of the checkout under test, as the task image ships it."""
    probe = (
        "import mock_services, os; print(os.path.dirname(os.path.realpath(mock_services.__file__)))"
    )
    done = subprocess.run(
        ["python3", "-I", "-c", probe], capture_output=True, text=True, check=False, cwd="/"
    )
    found = done.stdout.strip()
    return Path(found) if done.returncode == 0 and found else None


def _dockerfile_copies(task_dir: Path) -> tuple[list[tuple[str, str]], str]:
    """COPY sources and destinations of environment/Dockerfile, and its last WORKDIR."""
    path = task_dir / "environment" / "Dockerfile"
    copies: list[tuple[str, str]] = []
    workdir = "/"
    if not path.exists():
        return copies, workdir
    for _line, instruction, arguments in instructions(path.read_text()):
        if instruction == "COPY" and "--from" not in arguments:
            sources = copy_sources(arguments)
            destination = arguments.split()[-1].strip("\"'[]")
            copies += [(s, destination) for s in sources]
        elif instruction == "WORKDIR":
            workdir = arguments.strip()
    return copies, workdir


def _build(task_dir: Path) -> str:
    """What docker build would put in the mapped paths: the COPY instructions, emulated."""
    copies, workdir = _dockerfile_copies(task_dir)
    environment = task_dir / "environment"
    for source, destination in copies:
        src = (environment / source).resolve()
        if not src.is_relative_to(environment.resolve()):
            continue
        if src.is_dir():
            shutil.copytree(
                src,
                destination,
                dirs_exist_ok=True,
                ignore=shutil.ignore_patterns("Dockerfile", "seed.json"),
            )
        elif destination.endswith("/"):
            Path(destination).mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, destination)
        else:
            shutil.copy2(src, destination)
    for folder in (*OUTPUTS, *AGENT_FOLDERS, "/home/node/.openclaw/workspace", "/logs/verifier"):
        Path(folder).mkdir(parents=True, exist_ok=True)
    return workdir if Path(workdir).is_dir() else "/"


def _give_to_agent(agent: AgentIdentity) -> None:
    """The agent's home (all of it) and its folders (not what was copied into them) become the
    agent's, as in the base image; the rest stays root's."""
    for path in [Path(AGENT_HOME), *Path(AGENT_HOME).rglob("*")]:
        os.chown(path, agent.uid, agent.gid, follow_symlinks=False)
    for folder in AGENT_FOLDERS:
        os.chown(folder, agent.uid, agent.gid)


def _start_services(task_dir: Path, root: Path, config: TaskConfig | None = None) -> list[Any]:
    """Seed every service of the task's binary-map entry, start them all at once (as the image's
    entrypoint does) on their real ports with the task's ``[environment.env]`` (as Harbor sets it
    on the container: e.g. the judge's endpoint, which ``--judge local`` puts in this process's
    environment, for the services' model-played personas), and mark the start of the agent
    phase."""
    entry = registries.read_binary_map(root).get(task_dir.name)
    if entry is None or not entry.services:
        return []
    services = list(entry.services)
    specs = {name: get_spec(name) for name in services}
    settings = Settings(data_dir=Path("/var/lib/mock-data"))
    seed_trial(specs, task_dir / entry.seed if entry.seed else None, settings, task_dir.name)
    env = resolve_env(config.environment.env) if config is not None else {}
    env = {k: v for k, v in env.items() if v}
    # the trial's own mail-delivery credential, in the root-only data folder (the host's stays
    # the host's)
    env[DELIVERY_TOKEN_VARIABLE] = str(settings.data_dir / "secrets" / "delivery.token")
    processes = [
        ServiceProcess(name, spec.port, settings.data_dir, env=env) for name, spec in specs.items()
    ]
    start_together(processes)
    mark_data_dir(settings.data_dir, "arm", services)  # as the image's entrypoint does
    return processes


def _python_path(base: str) -> str:
    """``base`` with the folder of the Python running the trial first: its ``python3`` has the
    package (the host's ``PATH`` may reach it through a folder hidden from the agent)."""
    return f"{Path(sys.executable).parent}:{base}"


def _checkouts(root: Path, installed: Path | None) -> list[Path]:
    """This checkout (and ``root``, the tasks' own), every worktree of its repository (other
    branches' tasks and solutions) and the checkout the ``installed`` package comes from."""
    found = {ROOT, root}
    done = subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "list", "--porcelain"],
        capture_output=True,
        text=True,
        check=False,
    )
    found |= {Path(line[9:]) for line in done.stdout.splitlines() if line.startswith("worktree ")}
    if installed is not None:
        found.add(installed.parent)
    return sorted(found)


def _non_system_folders(root: Path) -> list[Path]:
    """The top-level folders under ``root`` that are not ``SYSTEM_FOLDERS`` (a symlink to one,
    ``/bin`` -> ``usr/bin``, is left alone: what it points to decides)."""
    return sorted(
        path
        for path in root.iterdir()
        if path.is_dir() and not path.is_symlink() and path.name not in SYSTEM_FOLDERS
    )


def agent_jail(agent: AgentIdentity, task_dir: Path, root: Path, workdir: str) -> JailSpec:
    """What the agent's commands see: the hidden host folders, the checkouts and the task's
    folder as empty tmpfs; its home, the trial's Python and the package bound back."""
    installed = isolated_package_dir()
    hide = {str(path): CHECKOUT_MODE for path in _non_system_folders(Path("/"))}
    hide |= HIDDEN_FROM_AGENT  # their own modes (/tmp stays writable)
    hide |= {str(path): CHECKOUT_MODE for path in _checkouts(root, installed)}
    hide[str(task_dir)] = 0o700
    pythons = {Path(sys.prefix), Path(sys.base_prefix), Path(sys.executable).resolve().parent}
    keep = [Keep(source=str(p), target=str(p)) for p in sorted(pythons)]
    package = ROOT / "mock_services"
    keep.append(Keep(source=str(package), target=str(package)))
    if installed is not None and installed != package:
        keep.append(Keep(source=str(installed), target=str(installed)))
    keep.append(Keep(source=AGENT_HOME, target=AGENT_HOME, read_only=False))
    return JailSpec(uid=agent.uid, gid=agent.gid, hide=hide, keep=keep, cwd=workdir)


class LocalEnv:
    """``TrialEnv`` on the host, inside the trial's namespaces: the agent (any user but root)
    runs as ``jail.uid`` in its own mount namespace; the verifier as root, with root's
    environment."""

    def __init__(self, workdir: str, agent: AgentIdentity, jail: JailSpec | None) -> None:
        self.workdir = workdir
        self.agent = agent
        self.jail = jail  # None: the runner is not root, the agent runs as it

    def put_dir(self, source: Path, target: str) -> None:
        if source.is_dir():
            shutil.copytree(source, target, dirs_exist_ok=True)

    def clear(self, path: str) -> None:
        Path(path).mkdir(parents=True, exist_ok=True)
        for child in Path(path).iterdir():
            shutil.rmtree(child) if child.is_dir() else child.unlink()

    def end_agent_phase(self, *, final: bool) -> None:
        """As the image's ``end-agent-session``: kill every process of the agent's uid (all
        are in this trial's PID namespace, a ``setsid`` one too), empty ``/logs/verifier``
        (root's, 0755), and on the ``final`` step mark the end of the agent phase in every
        service DB (a left-behind writer would get 409 ``agent_phase_ended``)."""
        if self.jail is None:
            return
        survivors = end_processes(self.agent.uid)
        if survivors:
            raise RuntimeError(f"agent processes survived the end of its phase: {survivors}")
        clear_verifier_dir()
        if final:
            try:
                mark_data_dir(Path("/var/lib/mock-data"), "end")
            except (OSError, ValueError, sqlite3.Error) as exc:  # a still world scores as it is
                print(f"oracle: marking the end of the agent phase: {exc}", file=sys.stderr)

    def run(
        self,
        command: list[str],
        *,
        user: str | int | None,
        env: dict[str, str],
        timeout: float | None,
        log: Path,
        cwd: str | None = None,
    ) -> int:
        named = {AGENT_USER_VARIABLE: self.agent.name}
        as_root = user in (None, "root", 0, "0")
        if as_root:
            base = verifier_environment(dict(os.environ), {})
            full_env = {**base, "PATH": _python_path(SAFE_PATH), **named, **env}
        else:
            home = {"HOME": AGENT_HOME, "USER": self.agent.name, "LOGNAME": self.agent.name}
            path = {"PATH": _python_path(os.environ.get("PATH", SAFE_PATH))}
            kept = {name: os.environ[name] for name in AGENT_VARIABLES_KEPT if name in os.environ}
            full_env = {**kept, **home, **path, **named, **env}
            if self.jail is not None:
                jail = self.jail.model_copy(update={"cwd": cwd or self.workdir})
                # by its file, with -P: the runner's PYTHONPATH (which reached this package)
                # is not the agent's
                jailer = [sys.executable, "-P", JAILER, jail.model_dump_json(), "--"]
                command = [*jailer, *command]
        with log.open("ab") as handle:
            try:
                return subprocess.run(
                    command,
                    cwd=cwd or self.workdir,
                    env=full_env,
                    stdout=handle,
                    stderr=subprocess.STDOUT,
                    timeout=timeout,
                    check=False,
                ).returncode
            except subprocess.TimeoutExpired:
                handle.write(f"\n[oracle] timed out after {timeout}s\n".encode())
                return 124

    def read_text(self, path: str) -> str | None:
        return Path(path).read_text() if Path(path).is_file() else None

    def fetch_dir(self, path: str, destination: Path) -> None:
        shutil.copytree(path, destination, dirs_exist_ok=True)


def inside(spec_path: Path) -> None:
    spec = json.loads(spec_path.read_text())
    task_dir, root, trial = Path(spec["task_dir"]), Path(spec["root"]), Path(spec["trial"])
    result = TrialResult(task_dir.name, spec["agent"])
    processes: list[Any] = []
    sidecars: list[subprocess.Popen[bytes]] = []
    try:
        config = load_task_config(task_dir / "task.toml")
        _enter_private_root(trial)
        sidecars = [
            subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for command in spec.get("sidecars", [])
        ]
        started = time.monotonic()
        workdir = _build(task_dir)
        isolated = os.geteuid() == 0
        agent = (
            agent_identity()
            if isolated
            else AgentIdentity(os.getuid(), os.getgid(), str(os.getuid()))
        )
        if isolated:
            _give_to_agent(agent)
        processes = _start_services(task_dir, root, config)
        result.stages["env_init"] = round(time.monotonic() - started, 3)
        jail = agent_jail(agent, task_dir, root, workdir) if isolated else None
        run_steps(LocalEnv(workdir, agent, jail), task_dir, config, result, trial)
    except Exception as exc:
        result.error = f"{type(exc).__name__}: {exc}"
    finally:
        for process in processes:
            process.stop()
        for sidecar in sidecars:
            sidecar.terminate()
            sidecar.wait(timeout=10)
        (trial / "result.json").write_text(json.dumps(asdict(result), indent=2))


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--inside":
        inside(Path(sys.argv[2]))
    else:
        sys.exit("usage: python -m taskkit oracle [--task NAME ...] (this module runs trials)")
