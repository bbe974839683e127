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
and the host is untouched apart from empty mount-point folders. It needs root (or
CAP_SYS_ADMIN), as Docker does.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from taskkit import registries
from taskkit.task_model import TaskConfig

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
PASS_SCORE = 1.0
NULL_LIMIT = 0.5


@dataclass
class StepResult:
    name: str
    reward: float | None
    rewards: dict[str, float] = field(default_factory=dict)
    stages: dict[str, float] = field(default_factory=dict)
    error: str | None = None


@dataclass
class TrialResult:
    task: str
    agent: str
    reward: float | None = None
    stages: dict[str, float] = field(default_factory=dict)
    steps: list[StepResult] = field(default_factory=list)
    error: str | None = None
    trial_dir: str = ""

    @property
    def ok(self) -> bool:
        if self.reward is None:
            return False
        return self.reward >= PASS_SCORE if self.agent == "oracle" else self.reward < NULL_LIMIT


# --- host side -------------------------------------------------------------------------------


def run_trial(
    task_dir: Path,
    *,
    agent: str = "oracle",
    root: Path = ROOT,
    keep: bool = False,
    env: dict[str, str] | None = None,
    sidecars: list[list[str]] | None = None,
) -> TrialResult:
    """Run one trial in fresh namespaces; returns its reward and stage timings.

    ``env`` adds variables to the trial (e.g. ``JUDGE_BASE_URL`` for ``[verifier.env]``);
    ``sidecars`` are commands started inside the trial's network namespace before the services
    (e.g. a stand-in OpenAI-compatible judge on the trial's loopback) and stopped at cleanup.
    """
    trial = Path(tempfile.mkdtemp(prefix=f"oracle-{task_dir.name}-"))
    for path in MOUNTS:
        Path(path).mkdir(parents=True, exist_ok=True)  # mount points on the host
    spec = {
        "task_dir": str(task_dir.resolve()),
        "root": str(root.resolve()),
        "trial": str(trial),
        "agent": agent,
        "sidecars": sidecars or [],
    }
    (trial / "spec.json").write_text(json.dumps(spec))
    command = [
        "unshare",
        "--mount",
        "--net",
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
        data = json.loads(result_path.read_text())
        result = TrialResult(**{k: v for k, v in data.items() if k != "steps"})
        result.steps = [StepResult(**s) for s in data["steps"]]
    else:
        result = TrialResult(
            task_dir.name,
            agent,
            error=f"trial process exited {done.returncode}: {(done.stderr or done.stdout)[-1500:]}",
        )
    result.stages["total"] = round(time.monotonic() - started, 3)
    result.trial_dir = str(trial)
    if not keep and result.ok:
        shutil.rmtree(trial, ignore_errors=True)
    return result


def run_many(tasks: list[Path], *, agent: str, jobs: int, root: Path = ROOT) -> list[TrialResult]:
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        return list(pool.map(lambda t: run_trial(t, agent=agent, root=root), tasks))


def table(results: list[TrialResult]) -> str:
    names = ["env_init", "agent", "verifier", "total"]
    lines = [f"{'task':<32} {'agent':<7} {'reward':>7}  " + " ".join(f"{n:>9}" for n in names)]
    for r in results:
        reward = "-" if r.reward is None else f"{r.reward:.3f}"
        timings = " ".join(f"{r.stages.get(n, 0):>8.2f}s" for n in names)
        lines.append(f"{r.task:<32} {r.agent:<7} {reward:>7}  {timings}{'' if r.ok else '  FAIL'}")
        if r.error:
            lines.append(f"    error: {r.error.strip().splitlines()[-1]}  ({r.trial_dir})")
    return "\n".join(lines)


def main(args: argparse.Namespace) -> int:
    root = args.root
    chosen = [root / "tasks" / name for name in args.task] or registries.task_dirs(root)
    missing = [str(p) for p in chosen if not (p / "task.toml").exists()]
    if missing:
        print(f"oracle: no such task: {', '.join(missing)}", file=sys.stderr)
        return 2
    results = run_many(chosen, agent=args.agent, jobs=args.jobs, root=root)
    if args.json:
        print(json.dumps([asdict(r) for r in results], indent=2))
    else:
        print(table(results))
    return 0 if all(r.ok for r in results) else 1


# --- inside the trial's namespaces ------------------------------------------------------------


def _sh(*command: str) -> None:
    subprocess.run(command, check=True, capture_output=True)


def _bind_mounts(trial: Path) -> None:
    _sh("ip", "link", "set", "lo", "up")
    for target, folder in MOUNTS.items():
        source = trial / folder
        source.mkdir(parents=True, exist_ok=True)
        _sh("mount", "--bind", str(source), target)


def _dockerfile_copies(task_dir: Path) -> tuple[list[tuple[str, str]], str]:
    """COPY sources and destinations of environment/Dockerfile, and its last WORKDIR."""
    from taskkit.validate.checks_docker import _copy_sources, instructions

    path = task_dir / "environment" / "Dockerfile"
    copies, workdir = [], "/"
    if not path.exists():
        return copies, workdir
    for _line, instruction, arguments in instructions(path.read_text()):
        if instruction == "COPY" and "--from" not in arguments:
            sources = _copy_sources(arguments)
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
    for folder in (
        "/workspace/output",
        "/workspace/environment",
        "/home/node/.openclaw/output",
        "/home/node/.openclaw/workspace",
    ):
        Path(folder).mkdir(parents=True, exist_ok=True)
    return workdir if Path(workdir).is_dir() else "/"


def _start_services(task_dir: Path, root: Path) -> list[Any]:
    """Seed every service of the task's binary-map entry and start it on its real port."""
    from mock_services.core.process import ServiceProcess
    from mock_services.core.seeding import read_seed_file, seed_service, split_task_seed
    from mock_services.core.settings import Settings
    from mock_services.registry import get_spec

    entry = registries.read_binary_map(root).get(task_dir.name)
    services = list(entry.services) if entry else []
    if not services:
        return []
    specs = {name: get_spec(name) for name in services}
    settings = Settings(data_dir=Path("/var/lib/mock-data"))
    header_now, timezone, sections = None, "UTC", {}
    if entry.seed:
        seed_path = task_dir / entry.seed
        header, sections = split_task_seed(read_seed_file(seed_path), specs, str(seed_path))
        header_now, timezone = header.now, header.timezone
    for name, spec in specs.items():
        document = sections.get(name, spec.default_seed())
        clock = {"now": header_now, "timezone": timezone} if header_now else {}
        seed_service(spec, document, settings, source=f"{task_dir.name}:{name}", **clock)
    processes = [ServiceProcess(name, spec.port, settings.data_dir) for name, spec in specs.items()]
    for process in processes:
        process.start()
    return processes


_ENV_REF = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}")


def _resolve_env(table: dict[str, str]) -> dict[str, str]:
    def value(match: re.Match[str]) -> str:
        return os.environ.get(match[1], match[2] or "")

    return {key: _ENV_REF.sub(value, raw) for key, raw in table.items()}


def _run(
    command: list[str], *, cwd: str, env: dict[str, str], timeout: float | None, log: Path
) -> int:
    with log.open("ab") as handle:
        try:
            return subprocess.run(
                command,
                cwd=cwd,
                env=env,
                stdout=handle,
                stderr=subprocess.STDOUT,
                timeout=timeout,
                check=False,
            ).returncode
        except subprocess.TimeoutExpired:
            handle.write(f"\n[oracle] timed out after {timeout}s\n".encode())
            return 124


def _read_rewards() -> dict[str, float]:
    """As Harbor: reward.json when it exists (numbers only), else reward.txt."""
    directory = Path("/logs/verifier")
    if (directory / "reward.json").exists():
        data = json.loads((directory / "reward.json").read_text())
        bad = {
            k: v for k, v in data.items() if isinstance(v, bool) or not isinstance(v, int | float)
        }
        if bad:
            raise ValueError(f"reward.json holds non-numbers Harbor rejects: {bad}")
        return data
    if (directory / "reward.txt").exists():
        return {"reward": float((directory / "reward.txt").read_text())}
    raise FileNotFoundError("no /logs/verifier/reward.txt or reward.json after test.sh")


def _upload(source: Path, target: str) -> None:
    if source.is_dir():
        shutil.copytree(source, target, dirs_exist_ok=True)


def _clear(path: str) -> None:
    for child in Path(path).iterdir():
        shutil.rmtree(child) if child.is_dir() else child.unlink()


def _step(
    task_dir: Path, config: TaskConfig, step: Any, agent: str, workdir: str, trial: Path
) -> StepResult:
    base = task_dir / "steps" / step.name if step else task_dir
    result = StepResult(step.name if step else "main", None)
    env = {**os.environ, "HOME": "/home/node"}
    agent_timeout = (step.agent.timeout_sec if step else None) or config.agent.timeout_sec
    started = time.monotonic()
    if agent == "oracle" and (base / "solution" / "solve.sh").exists():
        _clear("/solution")
        _upload(base / "solution", "/solution")
        env_solution = {**env, **_resolve_env(config.solution.env)}
        code = _run(
            ["bash", "/solution/solve.sh"],
            cwd=workdir,
            env=env_solution,
            timeout=agent_timeout,
            log=trial / "agent.log",
        )
        if code != 0:
            result.error = f"solve.sh exited {code} (see {trial / 'agent.log'})"
    result.stages["agent"] = round(time.monotonic() - started, 3)

    started = time.monotonic()
    _clear("/tests")
    _upload(task_dir / "tests", "/tests")  # shared helpers first, the step's tests over them
    if step:
        _upload(base / "tests", "/tests")
    Path("/logs/verifier").mkdir(parents=True, exist_ok=True)
    _clear("/logs/verifier")
    verifier_env = {
        **env,
        **_resolve_env({**config.verifier.env, **(step.verifier.env if step else {})}),
    }
    verifier_timeout = (step.verifier.timeout_sec if step else None) or config.verifier.timeout_sec
    _run(
        ["bash", "/tests/test.sh"],
        cwd="/",
        env=verifier_env,
        timeout=verifier_timeout,
        log=trial / "verifier.log",
    )
    try:
        result.rewards = _read_rewards()
        result.reward = float(result.rewards["reward"])
    except (OSError, ValueError, KeyError) as exc:
        result.error = f"{type(exc).__name__}: {exc} (see {trial / 'verifier.log'})"
    result.stages["verifier"] = round(time.monotonic() - started, 3)
    shutil.copytree("/logs/verifier", trial / "verifier" / result.name, dirs_exist_ok=True)
    return result


def _gate_passed(step: Any, result: StepResult) -> bool:
    if step.min_reward is None:
        return True
    gates = step.min_reward if isinstance(step.min_reward, dict) else {"reward": step.min_reward}
    return all(result.rewards.get(k, float("-inf")) >= v for k, v in gates.items())


def _aggregate(config: TaskConfig, steps: list[StepResult]) -> float | None:
    scored = [s for s in steps if s.reward is not None]
    if not scored:
        return None
    if config.multi_step_reward_strategy == "final":
        return scored[-1].reward
    # Harbor's "mean": over the steps that produced a result (an aborted trial's later steps
    # do not count)
    return sum(s.reward for s in scored) / len(scored)


def inside(spec_path: Path) -> None:
    spec = json.loads(spec_path.read_text())
    task_dir, root, trial = Path(spec["task_dir"]), Path(spec["root"]), Path(spec["trial"])
    result = TrialResult(task_dir.name, spec["agent"])
    processes: list[Any] = []
    sidecars: list[subprocess.Popen[bytes]] = []
    try:
        config = TaskConfig.load(task_dir / "task.toml")
        _bind_mounts(trial)
        sidecars = [
            subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for command in spec.get("sidecars", [])
        ]
        started = time.monotonic()
        workdir = _build(task_dir)
        processes = _start_services(task_dir, root)
        result.stages["env_init"] = round(time.monotonic() - started, 3)
        for step in config.steps or [None]:
            outcome = _step(task_dir, config, step, spec["agent"], workdir, trial)
            result.steps.append(outcome)
            for stage, seconds in outcome.stages.items():
                result.stages[stage] = round(result.stages.get(stage, 0) + seconds, 3)
            if outcome.error and result.error is None:
                result.error = f"{outcome.name}: {outcome.error}"
            if step is not None and not _gate_passed(step, outcome):
                break
        result.reward = _aggregate(config, result.steps)
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
