"""Harbor's trial folders read back as our results: the reward and each step's checkpoints from
its ``result.json``, the verifier's own record (``verifier/reward_meta.json``) where Harbor kept
it, and the stage timings. The Harbor runner, the viewer and a resumed run read them alike."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

from taskkit.trial import (
    StepResult,
    TrialResult,
    checkpoint_details,
    goal_checkpoints,
    not_scored_reason,
)


def _seconds(span: dict[str, Any] | None) -> float:
    if not span or not span.get("started_at") or not span.get("finished_at"):
        return 0.0
    start = datetime.fromisoformat(span["started_at"].replace("Z", "+00:00"))
    end = datetime.fromisoformat(span["finished_at"].replace("Z", "+00:00"))
    return round((end - start).total_seconds(), 3)


def read_trial(job_dir: Path, task: str, agent: str) -> TrialResult:
    """A ``TrialResult`` from the single trial of a Harbor job directory."""
    results = sorted(p for p in job_dir.glob("*/result.json"))
    if not results:
        result = TrialResult(task, agent, trial_dir=str(job_dir))
        result.error = f"Harbor wrote no trial result under {job_dir} (see its job.log)"
        return result
    return read_trial_folder(results[0].parent, task, agent, trial_dir=job_dir)


def read_trial_folder(
    folder: Path, task: str, agent: str, trial_dir: Path | None = None
) -> TrialResult:
    """A ``TrialResult`` from one of Harbor's trial folders (its ``result.json`` and
    ``verifier/reward_meta.json``)."""
    result = TrialResult(task, agent, trial_dir=str(trial_dir or folder))
    data = json.loads((folder / "result.json").read_text())
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
    meta = folder / "verifier" / "reward_meta.json"
    meta_text = meta.read_text() if meta.exists() else None  # the one Harbor kept
    if not result.steps:
        goals, details = goal_checkpoints(meta_text), checkpoint_details(meta_text)
        result.steps.append(
            StepResult("main", result.reward, rewards, goals=goals, details=details)
        )
    result.not_scored = not_scored_reason(meta_text)
    if result.not_scored:  # the verifier said why it could not score: not a 0
        result.reward = None
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
