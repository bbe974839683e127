"""One trial model, two environments: the stages of seed 000's lifecycle that happen inside a
task's environment (agent, verifier init, verification, reward read back, multi-step gates and
aggregation), written once against a small ``TrialEnv`` interface.

``taskkit.oracle`` implements it on the host, inside private namespaces (``LocalEnv``);
``taskkit.oracle_docker`` implements it on a real container through the Docker SDK
(``DockerEnv``). Both runners build the environment and start its services their own way, then
hand it to ``run_steps``.
"""

from __future__ import annotations

import json
import math
import os
import re
import shutil
import tempfile
import time
from collections.abc import Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from mock_services.verify.reward import NOT_SCORED_KEY
from taskkit.agents import ALTERNATIVE_PREFIX, NULL, ORACLE, UI, WRONG_PREFIX, solution_folder
from taskkit.runview.record import record_trial
from taskkit.task_model import Step, TaskConfig

PASS_SCORE = 1.0
NULL_LIMIT = 0.5
NULL_AGENTS = (NULL, "nop")
"""The agents that do nothing: ours, and Harbor's ``nop``."""
VERIFIER_DIR = "/logs/verifier"


@dataclass
class StepResult:
    name: str
    reward: float | None
    rewards: dict[str, float] = field(default_factory=dict)
    stages: dict[str, float] = field(default_factory=dict)
    error: str | None = None
    goals: list[str] = field(default_factory=list)
    not_scored: str | None = None  # why this step could not be scored here
    details: dict[str, str] = field(default_factory=dict)  # checkpoint -> why it scored so

    @property
    def checkpoints(self) -> dict[str, float]:
        """Per-checkpoint scores of reward.json (every number but the reward)."""
        return {k: v for k, v in self.rewards.items() if k != "reward"}


def scored_as_expected(agent: str, reward: float) -> bool | None:
    """Whether ``reward`` is what ``agent`` should earn: full marks for the oracle, the UI
    solution and each correct alternative, below 0.5 for the null agent (Harbor's ``nop``
    too), below full marks for a wrong solution; None for any other agent."""
    if agent in (ORACLE, UI) or agent.startswith(ALTERNATIVE_PREFIX):
        return reward >= PASS_SCORE
    if agent in NULL_AGENTS:
        return reward < NULL_LIMIT
    if agent.startswith(WRONG_PREFIX):
        return reward < PASS_SCORE
    return None


@dataclass
class TrialResult:
    task: str
    agent: str
    reward: float | None = None
    stages: dict[str, float] = field(default_factory=dict)
    steps: list[StepResult] = field(default_factory=list)
    error: str | None = None
    trial_dir: str = ""
    not_scored: str | None = None  # why the trial could not be scored here (not a failure)

    @property
    def ok(self) -> bool:
        """The oracle, the UI solution and each correct alternative score 1.0, the null agent
        below 0.5, a wrong solution below 1.0; any other agent only has to be scored. A trial
        that cannot be scored here is no failure."""
        if self.not_scored is not None:
            return True
        if self.reward is None:
            return False
        expected = scored_as_expected(self.agent, self.reward)
        return True if expected is None else expected

    @property
    def kept(self) -> bool:
        """Its trial folder stays for a look: a failed trial, or one with an error."""
        return not self.ok or self.error is not None

    @classmethod
    def from_json(cls, text: str) -> TrialResult:
        """A result as its ``result.json`` holds it (``asdict`` of one, as a trial writes it)."""
        data = json.loads(text)
        steps = [StepResult(**step) for step in data.pop("steps", [])]
        return cls(**data, steps=steps)


def finish_trial(result: TrialResult, trial: Path, keep: bool, record: Path | None = None) -> None:
    """Write the trial into the run folder ``record`` (if any), then delete the trial folder
    unless asked to ``keep`` it or the trial is ``kept``."""
    if record is not None:
        record_trial(result, trial, record)
    if not keep and not result.kept:
        shutil.rmtree(trial, ignore_errors=True)


@contextmanager
def frozen_tasks(tasks: list[Path]) -> Iterator[list[Path]]:
    """Copies of ``tasks`` taken at the start of a run, which every trial of the run uses: an
    edit to a task's files (its ``tests/``) during the run reaches none of its later trials.
    Each copy keeps its task's folder name; all are deleted when the run ends."""
    scratch = Path(tempfile.mkdtemp(prefix="oracle-run-"))
    try:
        copies = [scratch / str(index) / task.name for index, task in enumerate(tasks)]
        for task, copy in zip(tasks, copies, strict=True):
            shutil.copytree(task, copy, symlinks=True)
        yield copies
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


class TrialEnv(Protocol):
    """What a trial needs from its environment (paths are the container's absolute paths)."""

    def put_dir(self, source: Path, target: str) -> None:
        """Copy the contents of a host folder into ``target`` (created when missing)."""

    def clear(self, path: str) -> None:
        """Make ``path`` an empty directory."""

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
        """Run a command (``cwd`` None: the environment's working directory) as ``user`` with
        ``env`` added to the environment's own; append its output to ``log``; the exit code
        (124 on timeout)."""

    def end_agent_phase(self, *, final: bool) -> None:
        """After the agent, before its checks arrive: no process of the agent's is left and
        ``/logs/verifier`` is empty; on the ``final`` step the services' agent phase ends too.
        (In a task image ``tests/test.sh`` does it, through ``end-agent-session``.)"""

    def read_text(self, path: str) -> str | None:
        """A file's text, or None when it does not exist."""

    def fetch_dir(self, path: str, destination: Path) -> None:
        """Copy a folder of the environment to the host."""


_ENV_REF = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}")


def resolve_env(table: dict[str, str], source: Mapping[str, str] | None = None) -> dict[str, str]:
    """Fill ``${VAR}`` / ``${VAR:-default}`` references as Harbor does, from the host env."""
    env = os.environ if source is None else source

    def value(match: re.Match[str]) -> str:
        return env.get(match[1]) or match[2] or ""

    return {key: _ENV_REF.sub(value, raw) for key, raw in table.items()}


def unscorable_reason(config: TaskConfig, host_env: dict[str, str] | None = None) -> str | None:
    """Why Harbor cannot run the task here, or None: a ``${VAR}`` (without a default) of its
    ``[verifier.env]`` or ``[environment.env]`` that is unset, such as the LLM judge's
    ``JUDGE_BASE_URL`` (the verifier's judge, or the services' model-played personas: Harbor
    stops at it and writes no trial result)."""
    source = os.environ if host_env is None else host_env
    tables = [
        config.verifier.env,
        config.environment.env,
        *(s.verifier.env for s in config.steps or []),
    ]
    needed = {
        m[1]
        for table in tables
        for raw in table.values()
        for m in _ENV_REF.finditer(raw)
        if m[2] is None
    }
    missing = sorted(name for name in needed if not source.get(name))
    if not missing:
        return None
    if any(name.startswith("JUDGE_") for name in missing):
        return (
            f"LLM judge not configured: set {', '.join(missing)} "
            "(or run `invoke oracle --judge local`, the stand-in judge)"
        )
    return f"[verifier.env] needs {', '.join(missing)}, unset here"


def not_scored_reason(meta_text: str | None) -> str | None:
    """The reason a verifier of the SDK gave for not scoring (``NotScorable``), if any."""
    return json.loads(meta_text).get(NOT_SCORED_KEY) if meta_text else None


def parse_rewards(json_text: str | None, txt_text: str | None) -> dict[str, float]:
    """As Harbor: reward.json when it exists (finite numbers only), else reward.txt."""
    if json_text is not None:
        data = json.loads(json_text)
        bad = {
            k: v
            for k, v in data.items()
            if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v)
        }
        if bad:
            raise ValueError(f"reward.json holds non-numbers Harbor rejects: {bad}")
        return data
    if txt_text is not None:
        return {"reward": float(txt_text)}
    raise FileNotFoundError(f"no {VERIFIER_DIR}/reward.txt or reward.json after test.sh")


def _step(
    env: TrialEnv,
    task_dir: Path,
    config: TaskConfig,
    step: Any,
    agent: str,
    trial: Path,
    agent_env: dict[str, str],
    host_env: dict[str, str] | None,
    final: bool,
) -> StepResult:
    base = task_dir / "steps" / step.name if step else task_dir
    result = StepResult(step.name if step else "main", None)
    agent_timeout = (step.agent.timeout_sec if step else None) or config.agent.timeout_sec
    agent_user = (step.agent.user if step else None) or config.agent.user
    started = time.monotonic()
    # Nothing of an earlier step's verifier (its tests, its reward and checkpoint notes) is left
    # for this step's agent to read; Harbor empties both folders between steps too.
    env.clear("/tests")
    env.clear(VERIFIER_DIR)
    solution = solution_folder(task_dir, agent, step.name if step else None, trial / "agent")
    if solution is not None:
        env.clear("/solution")
        env.put_dir(solution, "/solution")
        # as Harbor's oracle agent: the agent's env, DEBIAN_FRONTEND, then [solution.env]
        solution_env = {
            **agent_env,
            "DEBIAN_FRONTEND": "noninteractive",
            **resolve_env(config.solution.env, host_env),
        }
        code = env.run(
            ["bash", "/solution/solve.sh"],
            user=agent_user,
            env=solution_env,
            timeout=agent_timeout,
            log=trial / "agent.log",
        )
        if code != 0:
            result.error = f"solve.sh exited {code} (see {trial / 'agent.log'})"
    env.end_agent_phase(final=final)
    result.stages["agent"] = round(time.monotonic() - started, 3)

    started = time.monotonic()
    env.clear("/tests")  # tests/ reaches the environment only now, after the agent
    if (task_dir / "tests").is_dir():
        env.put_dir(task_dir / "tests", "/tests")  # shared helpers first, the step's over them
    if step and (base / "tests").is_dir():
        env.put_dir(base / "tests", "/tests")
    env.clear(VERIFIER_DIR)
    verifier_tables = {**config.verifier.env, **(step.verifier.env if step else {})}
    verifier_env = resolve_env(verifier_tables, host_env)
    verifier_timeout = (step.verifier.timeout_sec if step else None) or config.verifier.timeout_sec
    verifier_user = (step.verifier.user if step else None) or config.verifier.user or "root"
    env.run(
        ["bash", "/tests/test.sh"],
        user=verifier_user,
        env=verifier_env,
        timeout=verifier_timeout,
        log=trial / "verifier.log",
        cwd="/",
    )
    try:
        result.rewards = parse_rewards(
            env.read_text(f"{VERIFIER_DIR}/reward.json"),
            env.read_text(f"{VERIFIER_DIR}/reward.txt"),
        )
        meta = env.read_text(f"{VERIFIER_DIR}/reward_meta.json")
        result.reward = float(result.rewards["reward"])
        result.goals = goal_checkpoints(meta)
        result.details = checkpoint_details(meta)
        result.not_scored = not_scored_reason(meta)
        if result.not_scored:
            result.reward, result.rewards = None, {}
    except (OSError, ValueError, KeyError) as exc:
        result.error = f"{type(exc).__name__}: {exc} (see {trial / 'verifier.log'})"
    result.stages["verifier"] = round(time.monotonic() - started, 3)
    env.fetch_dir(VERIFIER_DIR, trial / "verifier" / result.name)
    return result


def goal_checkpoints(meta_text: str | None) -> list[str]:
    """The goal checkpoints a verifier of the SDK names in reward_meta.json."""
    return [name for name, entry in _meta_checkpoints(meta_text).items() if entry.get("goal")]


def checkpoint_details(meta_text: str | None) -> dict[str, str]:
    """Why each checkpoint scored as it did, as a verifier of the SDK says in reward_meta.json."""
    entries = _meta_checkpoints(meta_text).items()
    return {name: str(entry["detail"]) for name, entry in entries if entry.get("detail")}


def _meta_checkpoints(meta_text: str | None) -> dict[str, Any]:
    return json.loads(meta_text).get("_meta_checkpoints", {}) if meta_text else {}


def gate_passed(step: Any, result: StepResult) -> bool:
    if step.min_reward is None:
        return True
    gates = step.min_reward if isinstance(step.min_reward, dict) else {"reward": step.min_reward}
    return all(result.rewards.get(k, float("-inf")) >= v for k, v in gates.items())


def aggregate(config: TaskConfig, steps: list[StepResult]) -> float | None:
    scored = [s.reward for s in steps if s.reward is not None]
    if not scored:
        return None
    if config.multi_step_reward_strategy == "final":
        return scored[-1]
    # Harbor's "mean": over the steps that produced a result (an aborted trial's later steps
    # do not count)
    return sum(scored) / len(scored)


def run_steps(
    env: TrialEnv,
    task_dir: Path,
    config: TaskConfig,
    result: TrialResult,
    trial: Path,
    agent_env: dict[str, str] | None = None,
    host_env: dict[str, str] | None = None,
) -> None:
    """The agent and verifier stages of every step, with ``min_reward`` gates; fills
    ``result`` (stage seconds summed over the steps, the aggregated reward). ``host_env``
    (default: ``os.environ``) fills the ``${VAR}`` references of ``[verifier.env]`` and
    ``[solution.env]`` (an unset variable resolves to empty: a verifier
    that then cannot score says so, and ``result.not_scored`` carries its reason)."""
    steps: Sequence[Step | None] = config.steps or [None]
    for index, step in enumerate(steps, start=1):
        final = index == len(steps)
        outcome = _step(
            env, task_dir, config, step, result.agent, trial, agent_env or {}, host_env, final
        )
        result.steps.append(outcome)
        if outcome.not_scored:
            result.not_scored = outcome.not_scored
            return
        for stage, seconds in outcome.stages.items():
            result.stages[stage] = round(result.stages.get(stage, 0) + seconds, 3)
        if outcome.error and result.error is None:
            result.error = f"{outcome.name}: {outcome.error}"
        if step is not None and not gate_passed(step, outcome):
            break
    result.reward = aggregate(config, result.steps)


def table(results: list[TrialResult], stages: list[str]) -> str:
    """The closing table: task, agent, reward and the seconds of each stage."""
    width = max([7] + [len(r.agent) for r in results])
    head = f"{'task':<32} {'agent':<{width}} {'reward':>7}  "
    lines = [head + " ".join(f"{n:>9}" for n in stages)]
    for r in results:
        reward = "n/s" if r.not_scored else "-" if r.reward is None else f"{r.reward:.3f}"
        timings = " ".join(f"{r.stages.get(n, 0):>8.2f}s" for n in stages)
        mark = "  NOT SCORED" if r.not_scored else "" if r.ok else "  FAIL"
        lines.append(f"{r.task:<32} {r.agent:<{width}} {reward:>7}  {timings}{mark}")
        if r.not_scored:
            lines.append(f"    not scored: {r.not_scored}")
        if r.error:
            lines.append(f"    error: {r.error.strip().splitlines()[-1]}")
        if not r.ok:
            lines += failed_checkpoints(r)
        if r.kept and r.trial_dir:
            lines.append(f"    trial kept: {r.trial_dir}")
    return "\n".join(lines)


def free_credit(scores: Mapping[str, float], goals: Collection[str]) -> list[str]:
    """Free credit, the one definition ``invoke oracle``'s null report, ``invoke validate
    --free-credit`` and the viewer's matrix share: of a null agent's step (``scores``: its
    scored checkpoints; ``goals``: which are goals), the checkpoints that add to its reward on
    the untouched seed. That is every one scoring above 0, except that once a goal is missed
    the goals add nothing (the reward is capped at a share of the secondary ones alone), so a
    goal passed for free then earns nothing."""
    missed = any(scores.get(goal, 0) < 1 for goal in goals)
    return [n for n, s in scores.items() if s > 0 and not (missed and n in goals)]


def failed_checkpoints(result: TrialResult) -> list[str]:
    """A failed trial's checkpoints that scored below 1, each with why (its detail)."""
    several = len(result.steps) > 1
    lines = []
    for step in result.steps:
        for name, score in step.checkpoints.items():
            if score >= PASS_SCORE:
                continue
            label = f"{step.name}.{name}" if several else name
            why = step.details.get(name) or "no detail (see verifier.log)"
            lines.append(f"    failed checkpoint {label} {score:g}: {why}")
    return lines
