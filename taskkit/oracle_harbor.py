"""``invoke oracle --harbor``: the real ``harbor run -p tasks/<task> -a oracle -e docker`` (or
``-a nop``, Harbor's null agent) per task, rewards and stage timings read back from Harbor's
own ``result.json``.

Harbor has two agents that need no model: ``oracle`` (runs ``solution/solve.sh``) and ``nop``.
Any other agent of ours (a wrong solution, a script by path) runs as Harbor's oracle on a staged
copy of the task whose ``solution/`` (per step: ``steps/<s>/solution/``) holds that agent's
script; the copy keeps the task's folder name, so its image and its ``FROM`` are the task's.

Harbor's docker environment runs ``docker compose build`` on ``tasks/<task>/environment/``
(whose FROM is our per-task base, so the image builder makes it first), ``up --wait`` (gated
on ``[environment.healthcheck]``, i.e. ``/opt/mock/bin/healthcheck``), uploads ``solution/``
and runs ``solve.sh`` as ``[agent].user``, uploads ``tests/`` and runs ``test.sh`` as
``[verifier].user``, then reads ``/logs/verifier/reward.json`` (else ``reward.txt``) through its
bind mount of ``/logs``. It needs the Docker Compose v2 CLI plugin: ``.ci/install-compose-v2``
installs it from Debian's packages; ``ensure_compose_v2()`` runs that script when missing.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Collection
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from taskkit.agents import (
    NULL,
    ORACLE,
    SCRIPT_FOLDERS,
    planned_trials,
    solution_folder,
    ui_not_scored,
)
from taskkit.harbor_check import ensure_harbor_venv, harbor_env
from taskkit.harbor_results import read_trial
from taskkit.images.layout import DEFAULT_TAG, image_tag, namespaced_dockerfile
from taskkit.oracle_docker import build_for_agents
from taskkit.oracle_report import runner_main
from taskkit.runview.record import HARBOR_JOBS, mark_harbor_job
from taskkit.task_load import load_task_config
from taskkit.trial import (
    TrialResult,
    frozen_tasks,
    unscorable_reason,
)
from taskkit.trial import table as trial_table

ROOT = Path(__file__).resolve().parent.parent
INSTALL_COMPOSE = ROOT / ".ci" / "install-compose-v2"
STAGES = ["env_init", "agent", "verifier", "total"]


class HarborRunError(RuntimeError):
    pass


def compose_v2_available() -> bool:
    try:
        done = subprocess.run(
            ["docker", "compose", "version", "--short"], capture_output=True, text=True, timeout=30
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    major = done.stdout.strip().lstrip("v").split(".")[0]
    return done.returncode == 0 and major.isdigit() and int(major) >= 2


def ensure_compose_v2(install: bool = True) -> None:
    """Make sure ``docker compose`` (v2) works; install it with ``.ci/install-compose-v2``."""
    if compose_v2_available():
        return
    if not install:
        raise HarborRunError(f"`docker compose` (v2) is missing; run {INSTALL_COMPOSE} (as root)")
    done = subprocess.run([str(INSTALL_COMPOSE)], capture_output=True, text=True, check=False)
    if done.returncode != 0 or not compose_v2_available():
        raise HarborRunError(f"{INSTALL_COMPOSE} failed:\n{(done.stderr or done.stdout)[-2000:]}")


def staged_task(task_dir: Path, agent: str, staging: Path) -> Path:
    """The task folder Harbor runs for ``agent``: the task itself for oracle and null, else a
    copy (without ``wrong/`` and ``alternatives/``) whose solution folders hold the agent's
    scripts. Under an image namespace (``LIVECLAW_IMAGE_NAMESPACE``) it is always a copy whose
    Dockerfile names the namespace's per-task base, which is what the image builder made."""
    namespaced = image_tag() != DEFAULT_TAG
    if agent in (ORACLE, NULL) and not namespaced:
        return task_dir
    config = load_task_config(task_dir / "task.toml")
    copy = staging / uuid.uuid4().hex[:8] / task_dir.name
    ignored = shutil.ignore_patterns(*SCRIPT_FOLDERS.values())
    shutil.copytree(task_dir, copy, ignore=ignored, symlinks=True)
    dockerfile = copy / "environment" / "Dockerfile"
    if namespaced and dockerfile.is_file():
        dockerfile.write_text(namespaced_dockerfile(dockerfile.read_text(), task_dir.name))
    if agent in (ORACLE, NULL):
        return copy
    for step in [s.name for s in config.steps] if config.steps else [None]:
        source = solution_folder(task_dir, agent, step, staging / "scripts" / copy.parent.name)
        target = (copy / "steps" / step if step else copy) / "solution"
        if source is not None and source.resolve() != (target.resolve()):
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(source, target)
    return copy


def run_task(
    task_dir: Path,
    *,
    agent: str = "oracle",
    jobs_dir: Path,
    env: dict[str, str] | None = None,
    harbor: Path | None = None,
    timeout: float = 1800,
) -> TrialResult:
    """``harbor run -p <task> -a oracle|nop -e docker`` for one task and one of our agents (its
    images must exist; ``harbor``: the Harbor CLI, made once by the caller)."""
    config = load_task_config(task_dir / "task.toml")
    reason = ui_not_scored(task_dir, agent) or unscorable_reason(
        config, {**os.environ, **(env or {})}
    )
    if reason:  # no web UI to drive; or Harbor would stop at the unset variable
        return TrialResult(task_dir.name, agent, not_scored=reason)
    harbor = harbor or ensure_harbor_venv().parent / "harbor"
    job_name = f"{task_dir.name}-{_slug(agent)}-{uuid.uuid4().hex[:6]}"
    staging = Path(tempfile.mkdtemp(prefix="harbor-agent-"))
    command = [
        str(harbor),
        "run",
        "-p",
        str(staged_task(task_dir, agent, staging)),
        "-a",
        "nop" if agent == NULL else "oracle",
        "-e",
        "docker",
        "-n",
        "1",
        "-o",
        str(jobs_dir),
        "--job-name",
        job_name,
        "-y",
        "-q",
    ]
    (jobs_dir / f"{job_name}.log").parent.mkdir(parents=True, exist_ok=True)
    with (jobs_dir / f"{job_name}.log").open("w") as log:
        try:
            subprocess.run(
                command,
                stdout=log,
                stderr=subprocess.STDOUT,
                env=harbor_env(env),
                timeout=timeout,
                check=False,
            )
        except subprocess.TimeoutExpired:
            return TrialResult(task_dir.name, agent, error=f"harbor run timed out ({timeout}s)")
        finally:
            shutil.rmtree(staging, ignore_errors=True)
            mark_harbor_job(jobs_dir / job_name, agent)
    result = read_trial(jobs_dir / job_name, task_dir.name, agent)
    if result.reward is None and result.error is None:
        result.error = f"no reward; see {jobs_dir / job_name}.log"
    return result


def run_many(
    tasks: list[Path],
    *,
    agents: list[str],
    jobs: int = 2,
    root: Path = ROOT,
    env: dict[str, str] | None = None,
    keep: bool = True,
    jobs_dir: Path | None = None,
    record: Path | None = None,
    done: Collection[tuple[str, str]] = (),
) -> list[TrialResult]:
    """Shared state first (Compose v2, Harbor's venv, the per-task base images), then one
    ``harbor run`` per (task, agent), ``jobs`` at a time; ``"wrong"`` among ``agents`` stands
    for each wrong solution of each task. Harbor's job folders (``jobs_dir``) always stay: a
    failed trial's message points into them, so ``keep`` is accepted and changes nothing;
    ``record``: the run folder whose ``harbor-jobs/`` holds them (the viewer reads them there);
    ``done``: the (task name, agent) trials a resumed run holds already, not run again."""
    ensure_compose_v2()
    harbor = ensure_harbor_venv().parent / "harbor"  # once: parallel trials must not race for it
    # tasks outside tasks/ (dataset builds) run FROM an image they name: nothing to build
    ours = [t for t in tasks if t.parent == root / "tasks"]
    built = build_for_agents(ours, agents, root=root, jobs=jobs) if ours else {}
    if record is not None:
        jobs_dir = record / HARBOR_JOBS
    jobs_dir = jobs_dir or Path(tempfile.mkdtemp(prefix="harbor-jobs-"))

    def one(pair: tuple[Path, str]) -> TrialResult:
        task_dir, agent = pair
        _seconds_built, error = built.get(task_dir.name, (0.0, None))
        if error:
            return TrialResult(task_dir.name, agent, error=error)
        return run_task(task_dir, agent=agent, jobs_dir=jobs_dir, env=env, harbor=harbor)

    with frozen_tasks(tasks) as copies, ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        pairs = planned_trials(copies, agents, done)
        return list(pool.map(one, pairs))


def _slug(agent: str) -> str:
    """An agent as a job-name part (a path agent by its file name)."""
    name = Path(agent).stem if agent.startswith("/") else agent
    return "".join(c if c.isalnum() or c in "-_" else "-" for c in name)[:40]


def table(results: list[TrialResult]) -> str:
    return trial_table(results, STAGES)


def main(args: Any) -> int:
    try:
        return runner_main(args, run_many, table)
    except HarborRunError as exc:
        print(f"oracle --harbor: {exc}")
        return 2
