"""The oracle runner in real containers (``invoke oracle --docker``), through the Docker SDK.

Seed 000's lifecycle per task: build (the image builder: base, per-task base and task image,
reused by content hash) -> env init (a container from ``liveclawbench-<task>:latest`` started
with its own entrypoint; we wait on the readiness it marks, ``/opt/mock/bin/healthcheck``,
polled, no blind sleep) -> agent (``solution/solve.sh`` copied in and run as ``[agent].user``
with the env Harbor's oracle agent gets; nothing for the null agent) -> verifier init
(``tests/`` uploaded only now to ``/tests``, ``/logs/verifier`` created) -> ``bash
/tests/test.sh`` as ``[verifier].user`` -> reward read back (``reward.json`` first, as Harbor)
-> cleanup (the container is removed, also on failure).

The stages inside the container are ``taskkit.trial.run_steps`` (shared with the no-Docker
runner, multi-step gates and aggregation included); this module is the ``TrialEnv`` over a
container and the build / start / cleanup around it. Containers have their own network
namespaces, so the services' fixed ports never clash and ``--jobs N`` is safe.
"""

from __future__ import annotations

import io
import json
import os
import tarfile
import tempfile
import time
import uuid
from collections.abc import Collection
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict
from pathlib import Path
from typing import Any

import docker.errors
from rich.console import Console

from taskkit.agents import (
    check_agent,
    drives_a_browser,
    expand_agents,
    planned_trials,
    ui_not_scored,
)
from taskkit.images.contexts import IMAGE_DATA_DIR
from taskkit.images.docker_build import DOCKER_UNREACHABLE, docker_client
from taskkit.images.layout import Layout, task_base_image, task_image
from taskkit.images.runner import BuildOptions, build
from taskkit.oracle_report import runner_main
from taskkit.runview.record import OUTPUTS
from taskkit.task_load import load_task_config
from taskkit.task_model import TaskConfig
from taskkit.trial import TrialResult, finish_trial, frozen_tasks, resolve_env, run_steps
from taskkit.trial import table as trial_table

ROOT = Path(__file__).resolve().parent.parent
STAGES = ["build", "env_init", "agent", "verifier", "cleanup", "total"]
LABEL = "org.liveclawbench.oracle"
TRIAL_LABEL = f"{LABEL}.trial"
"""The trial folder a container ran for: a checkout's run tells its containers from another's
on the same daemon."""
READY_TIMEOUT = 60.0


class DockerEnv:
    """``TrialEnv`` over a running container (``docker exec`` / ``put_archive``)."""

    def __init__(self, container: Any) -> None:
        self.container = container

    def _exec(self, command: list[str], user: str | int = "root", **kwargs: Any) -> Any:
        return self.container.exec_run(command, user=str(user), **kwargs)

    def put_dir(self, source: Path, target: str) -> None:
        self._exec(["mkdir", "-p", target])
        buffer = io.BytesIO()
        with tarfile.open(fileobj=buffer, mode="w") as tar:
            for path in sorted(source.rglob("*")):
                info = tar.gettarinfo(str(path), arcname=str(path.relative_to(source)))
                info.uid = info.gid = 0
                info.uname = info.gname = "root"
                if path.is_file():
                    with path.open("rb") as handle:
                        tar.addfile(info, handle)
                else:
                    tar.addfile(info)
        self.container.put_archive(target, buffer.getvalue())

    def clear(self, path: str) -> None:
        self._exec(["sh", "-c", 'mkdir -p "$1" && find "$1" -mindepth 1 -delete', "sh", path])

    def end_agent_phase(self, *, final: bool) -> None:
        """Nothing here: the image's ``tests/test.sh`` hands over to ``end-agent-session``."""

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
        if timeout:
            command = ["timeout", "-k", "5", str(max(1, int(timeout))), *command]
        done = self._exec(command, user=user or "root", environment=env, workdir=cwd)
        with log.open("ab") as handle:
            handle.write(done.output or b"")
        return done.exit_code

    def read_text(self, path: str) -> str | None:
        """The file at ``path``, or None where there is none: copied out as an archive, not
        read from an exec's output, which a loaded daemon has returned empty (a whole
        reward.json read as "")."""
        try:
            stream, _ = self.container.get_archive(path)
            archive = b"".join(stream)
        except docker.errors.NotFound:
            return None
        except DOCKER_UNREACHABLE as exc:
            raise RuntimeError(f"could not copy {path} out of the container: {exc}") from exc
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            member = tar.next()
            handle = tar.extractfile(member) if member is not None and member.isfile() else None
            return handle.read().decode() if handle is not None else None

    def fetch_dir(self, path: str, destination: Path) -> None:
        try:
            stream, _ = self.container.get_archive(path.rstrip("/") + "/.")
            archive = b"".join(stream)
        except DOCKER_UNREACHABLE as exc:  # the trial fails saying so, never loses them quietly
            raise RuntimeError(f"could not copy {path} out of the container: {exc}") from exc
        destination.mkdir(parents=True, exist_ok=True)
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(destination, filter="data")


def _fetch_outputs(env: DockerEnv, trial: Path) -> None:
    """Copy the agent's output folders (``OUTPUTS``) out of the container into ``trial``: a
    folder the task never had holds no output; a link out of it (the agent's) is not kept."""
    for path, folder in OUTPUTS.items():
        try:
            env.fetch_dir(path, trial / folder)
        except tarfile.FilterError:
            continue
        except RuntimeError as exc:
            if not isinstance(exc.__cause__, docker.errors.NotFound):
                raise


def build_task_images(
    tasks: list[str], *, root: Path = ROOT, jobs: int = 2, slim: bool = True
) -> dict[str, tuple[float, str | None]]:
    """Build (or reuse) the images of ``tasks``: per task, (seconds, error or None)."""
    layout = Layout.for_repo(
        tasks_dir=root / "tasks", map_path=root / "metadata" / "task-binary-map.json"
    )
    console = Console(stderr=True, quiet=True)
    report = build(BuildOptions(tasks=tasks, jobs=jobs, slim=slim, quiet=True), layout, console)
    outcomes = {o.tag: o for o in report.outcomes}
    result = {}
    for task in tasks:
        chain = [outcomes.get(task_base_image(task)), outcomes.get(task_image(task))]
        seconds = round(sum(o.seconds for o in chain if o), 3)
        failed = [o for o in chain if o is None or o.result not in ("built", "reused")]
        error = None
        if failed:
            error = "; ".join(
                f"{o.tag}: {o.result} (see {o.log})" if o else "image not in the build plan"
                for o in failed
            )
        result[task] = (seconds, error)
    return result


def wait_until_ready(container: Any, timeout: float) -> None:
    """Wait for the readiness the entrypoint marks (``/opt/mock/bin/healthcheck``, polled every
    0.1 s). An image whose user is not root (seed 000's Pattern 4, ``USER node``) has no
    services (its entrypoint refuses them) and cannot mark readiness: it is ready once its
    command runs, i.e. once the container runs and answers an exec."""
    user = (container.image.attrs.get("Config") or {}).get("User") or "root"
    as_root = user.split(":")[0] in ("root", "0")
    probe = ["/opt/mock/bin/healthcheck"] if as_root else ["true"]
    deadline = time.monotonic() + timeout
    while True:
        container.reload()
        if container.status in ("exited", "dead"):
            logs = container.logs(tail=40).decode(errors="replace")
            raise RuntimeError(f"the container exited before it was ready; its log:\n{logs}")
        if container.status == "running" and container.exec_run(probe).exit_code == 0:
            return
        if time.monotonic() > deadline:
            logs = container.logs(tail=40).decode(errors="replace")
            raise TimeoutError(f"not ready after {timeout:.0f}s; the container's log:\n{logs}")
        time.sleep(0.1)


def resource_limits(config: TaskConfig) -> dict[str, Any]:
    """``[environment]`` cpus and memory_mb as Docker limits, as Harbor applies them.

    Docker refuses more CPUs than the host has, so the CPU limit is capped at the host's count.
    """
    limits: dict[str, Any] = {}
    environment = config.environment
    if environment.cpus:
        limits["nano_cpus"] = int(min(environment.cpus, os.cpu_count() or 1) * 1e9)
    if environment.memory_mb:
        limits["mem_limit"] = f"{environment.memory_mb}m"
    return limits


def run_trial(
    task_dir: Path,
    *,
    agent: str = "oracle",
    build_seconds: float = 0.0,
    env: dict[str, str] | None = None,
    keep: bool = False,
    client: Any = None,
    record: Path | None = None,
) -> TrialResult:
    """One trial of a task whose image exists (``build_task_images`` first).

    ``env`` overrides host variables that fill ``[verifier.env]``/``[solution.env]`` references
    (e.g. ``JUDGE_BASE_URL`` of a judge the container can reach).
    """
    check_agent(task_dir, agent)
    if reason := ui_not_scored(task_dir, agent):
        return TrialResult(task_dir.name, agent, not_scored=reason)
    client = client or docker_client()
    task = task_dir.name
    result = TrialResult(task, agent)
    result.stages["build"] = build_seconds
    trial = Path(tempfile.mkdtemp(prefix=f"oracle-docker-{task}-"))
    result.trial_dir = str(trial)
    container = None
    started_all = time.monotonic()
    try:
        config = load_task_config(task_dir / "task.toml")
        started = time.monotonic()
        host_env = {**os.environ, **env} if env else None
        container = client.containers.create(
            task_image(task),
            name=f"oracle-{task}-{uuid.uuid4().hex[:8]}",
            labels={LABEL: task, TRIAL_LABEL: str(trial)},
            # [environment.env], as Harbor sets it on the container (e.g. the judge's endpoint
            # for the services' model personas, which the entrypoint passes on to them)
            environment=resolve_env(config.environment.env, host_env),
            security_opt=["no-new-privileges"],
            **resource_limits(config),
        )
        container.start()  # the image's entrypoint and command, as Harbor's compose runs them
        ready_timeout = READY_TIMEOUT
        if config.environment.healthcheck and config.environment.healthcheck.start_period_sec:
            ready_timeout = max(ready_timeout, config.environment.healthcheck.start_period_sec)
        wait_until_ready(container, ready_timeout)
        result.stages["env_init"] = round(time.monotonic() - started, 3)
        run_steps(DockerEnv(container), task_dir, config, result, trial, host_env=host_env)
    except Exception as exc:
        result.error = f"{type(exc).__name__}: {exc}"
    finally:
        started = time.monotonic()
        if container is not None:
            try:
                try:
                    (trial / "container.log").write_bytes(container.logs())
                    if record is not None:  # the audit logs and the agent's outputs, for the run
                        DockerEnv(container).fetch_dir(IMAGE_DATA_DIR, trial / "mock-data")
                        _fetch_outputs(DockerEnv(container), trial)
                finally:  # whatever the copies did, the container goes
                    container.remove(force=True)
            except Exception as exc:  # the trial's result stands; say what was left
                result.error = result.error or f"cleanup: {exc}"
        result.stages["cleanup"] = round(time.monotonic() - started, 3)
        result.stages["total"] = round(time.monotonic() - started_all + build_seconds, 3)
        (trial / "result.json").write_text(json.dumps(asdict(result), indent=2))
    finish_trial(result, trial, keep, record)
    return result


def build_for_agents(
    tasks: list[Path], agents: list[str], *, root: Path, jobs: int, slim: bool = True
) -> dict[str, tuple[float, str | None]]:
    """``build_task_images`` for the trials of ``agents`` on ``tasks``: with Chromium (not
    ``slim``) when one of them drives a browser (the UI solution, a web-UI alternative)."""
    wanted = [(t, a) for t in tasks for a in expand_agents(t, agents)]
    slim = slim and not any(drives_a_browser(t, a) for t, a in wanted)
    return build_task_images([t.name for t in tasks], root=root, jobs=jobs, slim=slim)


def run_many(
    tasks: list[Path],
    *,
    agents: list[str],
    jobs: int = 2,
    root: Path = ROOT,
    slim: bool = True,
    env: dict[str, str] | None = None,
    keep: bool = False,
    record: Path | None = None,
    done: Collection[tuple[str, str]] = (),
) -> list[TrialResult]:
    """Build every task's images once, then every (task, agent) trial, ``jobs`` at a time
    (``"wrong"`` among ``agents``: each wrong solution of each task; ``keep``: every trial
    folder stays; ``record``: the run folder each trial is written into). An agent that
    drives a browser (the UI solution, a web-UI alternative in Chromium) needs the images with
    Chromium (and Playwright): ``slim`` is then off. ``done``: the (task name, agent) trials a
    resumed run holds already, not run again."""
    built = build_for_agents(tasks, agents, root=root, jobs=jobs, slim=slim)

    def one(pair: tuple[Path, str]) -> TrialResult:
        task_dir, agent = pair
        seconds, error = built[task_dir.name]
        if error:
            return TrialResult(task_dir.name, agent, stages={"build": seconds}, error=error)
        return run_trial(
            task_dir, agent=agent, build_seconds=seconds, env=env, keep=keep, record=record
        )

    with frozen_tasks(tasks) as copies, ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        pairs = planned_trials(copies, agents, done)
        return list(pool.map(one, pairs))


def table(results: list[TrialResult]) -> str:
    return trial_table(results, STAGES)


def main(args: Any) -> int:
    return runner_main(args, run_many, table)
