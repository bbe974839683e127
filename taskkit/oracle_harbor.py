"""``invoke oracle --harbor``: the real ``harbor run -p tasks/<task> -a oracle -e docker`` (or
``-a nop``, Harbor's null agent) per task, rewards and stage timings read back from Harbor's
own ``result.json``.

Harbor's docker environment runs ``docker compose build`` on ``tasks/<task>/environment/``
(whose FROM is our per-task base, so the image builder makes it first), ``up --wait`` (gated
on ``[environment.healthcheck]``, i.e. ``/opt/mock/bin/healthcheck``), uploads ``solution/``
and runs ``solve.sh`` as ``[agent].user``, uploads ``tests/`` and runs ``test.sh`` as
``[verifier].user``, then reads ``/logs/verifier/reward.json`` (else ``reward.txt``) through its
bind mount of ``/logs``. It needs the Docker Compose v2 CLI plugin: ``.ci/install-compose-v2``
installs it from Debian's packages; ``ensure_compose_v2()`` runs that script when missing.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict
from datetime import datetime
from pathlib import Path
from typing import Any

from taskkit.oracle_report import chosen_tasks
from taskkit.trial import StepResult, TrialResult
from taskkit.trial import table as trial_table

ROOT = Path(__file__).resolve().parent.parent
INSTALL_COMPOSE = ROOT / ".ci" / "install-compose-v2"
STAGES = ["env_init", "agent", "verifier", "total"]
HARBOR_AGENT = {"oracle": "oracle", "null": "nop"}


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


def _seconds(span: dict[str, Any] | None) -> float:
    if not span or not span.get("started_at") or not span.get("finished_at"):
        return 0.0
    start = datetime.fromisoformat(span["started_at"].replace("Z", "+00:00"))
    end = datetime.fromisoformat(span["finished_at"].replace("Z", "+00:00"))
    return round((end - start).total_seconds(), 3)


def read_trial(job_dir: Path, task: str, agent: str) -> TrialResult:
    """A ``TrialResult`` from the single trial of a Harbor job directory."""
    results = sorted(p for p in job_dir.glob("*/result.json"))
    result = TrialResult(task, agent, trial_dir=str(job_dir))
    if not results:
        result.error = f"Harbor wrote no trial result under {job_dir} (see its job.log)"
        return result
    data = json.loads(results[0].read_text())
    rewards = (data.get("verifier_result") or {}).get("rewards") or {}
    if "reward" in rewards:
        result.reward = float(rewards["reward"])
    step_seconds = {"agent": 0.0, "verifier": 0.0}
    for step in data.get("step_results") or []:
        step_rewards = (step.get("verifier_result") or {}).get("rewards") or {}
        stages = {
            "agent": _seconds(step.get("agent_execution")),
            "verifier": _seconds(step.get("verifier")),
        }
        for stage, seconds in stages.items():
            step_seconds[stage] += seconds
        reward = step_rewards.get("reward")
        result.steps.append(
            StepResult(step.get("step_name") or "step", reward, step_rewards, stages)
        )
    if not result.steps:
        result.steps.append(StepResult("main", result.reward, rewards))
    exception = data.get("exception_info")
    if exception:
        kind = exception.get("exception_type", "error")
        result.error = f"{kind}: {exception.get('exception_message', '')}".strip()
    result.stages = {
        "env_init": _seconds(data.get("environment_setup")),
        "agent": _seconds(data.get("agent_execution")) or round(step_seconds["agent"], 3),
        "verifier": _seconds(data.get("verifier")) or round(step_seconds["verifier"], 3),
        "total": _seconds(data),
    }
    return result


def run_task(
    task_dir: Path,
    *,
    agent: str = "oracle",
    jobs_dir: Path,
    env: dict[str, str] | None = None,
    harbor: Path | None = None,
    timeout: float = 1800,
) -> TrialResult:
    """``harbor run -p <task> -a oracle|nop -e docker`` for one task (its images must exist)."""
    from taskkit.harbor_check import ensure_harbor_venv

    harbor = harbor or ensure_harbor_venv().parent / "harbor"
    job_name = f"{task_dir.name}-{agent}-{uuid.uuid4().hex[:6]}"
    command = [
        str(harbor),
        "run",
        "-p",
        str(task_dir),
        "-a",
        HARBOR_AGENT[agent],
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
                env={**os.environ, **(env or {})},
                timeout=timeout,
                check=False,
            )
        except subprocess.TimeoutExpired:
            return TrialResult(task_dir.name, agent, error=f"harbor run timed out ({timeout}s)")
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
    jobs_dir: Path | None = None,
) -> list[TrialResult]:
    """Compose v2 and the per-task base images first, then one ``harbor run`` per
    (task, agent), ``jobs`` at a time."""
    from taskkit.oracle_docker import build_task_images

    ensure_compose_v2()
    # tasks outside tasks/ (dataset builds) run FROM an image they name: nothing to build
    ours = [t.name for t in tasks if t.parent == root / "tasks"]
    built = build_task_images(ours, root=root, jobs=jobs) if ours else {}
    jobs_dir = jobs_dir or Path(tempfile.mkdtemp(prefix="harbor-jobs-"))

    def one(pair: tuple[Path, str]) -> TrialResult:
        task_dir, agent = pair
        _seconds_built, error = built.get(task_dir.name, (0.0, None))
        if error:
            return TrialResult(task_dir.name, agent, error=error)
        return run_task(task_dir, agent=agent, jobs_dir=jobs_dir, env=env)

    pairs = [(t, a) for t in tasks for a in agents]
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        return list(pool.map(one, pairs))


def main(args: Any) -> int:
    root = args.root
    chosen = chosen_tasks(args)
    missing = [str(p) for p in chosen if not (p / "task.toml").exists()]
    if missing or not chosen:
        print(f"oracle: no such task: {', '.join(missing) or args.tasks_dir}")
        return 2
    try:
        results = run_many(chosen, agents=[args.agent], jobs=args.jobs, root=root)
    except HarborRunError as exc:
        print(f"oracle --harbor: {exc}")
        return 2
    print(
        json.dumps([asdict(r) for r in results], indent=2)
        if args.json
        else trial_table(results, STAGES)
    )
    if results:
        print(f"Harbor job directories: {Path(results[0].trial_dir).parent}")
    return 0 if all(r.ok for r in results) else 1
