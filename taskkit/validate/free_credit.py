"""``invoke validate --free-credit``: run each task's null agent (a runner the caller gives) and
flag every checkpoint it earns on the untouched seed, and a null agent that scores 0.5 or more.

Opt-in, because it runs trials (seconds per task) where the other checks only read files."""

from __future__ import annotations

from pathlib import Path

from taskkit.agents import NULL
from taskkit.runners import RunMany
from taskkit.trial import NULL_LIMIT, TrialResult, free_credit
from taskkit.validate.findings import Finding, finding


def _verifier_path(task_dir: Path, step: str, root: Path) -> str:
    base = task_dir / "steps" / step if (task_dir / "steps" / step).is_dir() else task_dir
    return str((base / "tests" / "verify.py").relative_to(root))


def free_credit_findings(result: TrialResult, task_dir: Path, root: Path) -> list[Finding]:
    """What one null-agent trial says about its task."""
    task = task_dir.name
    found: list[Finding] = []
    if result.not_scored:  # e.g. the LLM judge is not configured: nothing to learn here
        return found
    if result.reward is None or result.reward >= NULL_LIMIT:
        what = f"scores {result.reward:.3f}" if result.reward is not None else "gave no score"
        found.append(
            finding(
                "null-agent-scores",
                str((task_dir / "task.toml").relative_to(root)),
                f"the null agent {what} (expected below {NULL_LIMIT})"
                + (f": {result.error}" if result.error else ""),
                task=task,
            )
        )
    for step in result.steps:
        for name in free_credit(step.checkpoints, step.goals):
            found.append(
                finding(
                    "free-credit",
                    _verifier_path(task_dir, step.name, root),
                    f"checkpoint {name!r} earns {step.checkpoints[name]:g} on the untouched "
                    "seed: the null agent did nothing",
                    task=task,
                )
            )
    return found


def check_free_credit(
    tasks: list[Path], root: Path, run_many: RunMany, jobs: int = 2
) -> list[Finding]:
    """What each task's null agent earns in a trial of ``run_many`` (a runner's)."""
    results = run_many(tasks, agents=[NULL], jobs=jobs, root=root)
    return [
        f
        for task, r in zip(tasks, results, strict=True)
        for f in free_credit_findings(r, task, root)
    ]
