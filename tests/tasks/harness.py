"""Run a task's trials through the no-Docker oracle runner: the oracle, the null agent and
its first wrong solution (``tasks/<task>/wrong/``), each in its own namespaces, the three of a
task side by side."""

from __future__ import annotations

import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from taskkit.agents import WRONG_PREFIX, wrong_solutions
from taskkit.oracle import TrialResult, run_trial
from taskkit.stand_in_judge import docker_host_address, interface_ipv4  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]
FAKE_JUDGE = ROOT / "taskkit" / "stand_in_judge.py"
JUDGE_PORT = 8808
JUDGE_ENV = {
    "JUDGE_BASE_URL": f"http://127.0.0.1:{JUDGE_PORT}/v1",
    "JUDGE_API_KEY": "test-judge-key",
    "JUDGE_MODEL_ID": "fake-judge",
}
# Tasks whose verifier calls the LLM judge: a stand-in OpenAI-compatible server runs inside
# the trial's network namespace, where the verifier can reach it on loopback.
JUDGED = {p.parent.parent.name for p in (ROOT / "tasks").glob("*/tests/llm_judge.py")}


def namespaces_allowed() -> bool:
    done = subprocess.run(["unshare", "--mount", "--net", "true"], capture_output=True, check=False)
    return done.returncode == 0


def trial(task: str, agent: str) -> TrialResult:
    """``agent``: "oracle", "null" or "wrong" (the task's first wrong solution)."""
    extra = {}
    if task in JUDGED:
        extra = {
            "env": JUDGE_ENV,
            "sidecars": [[sys.executable, str(FAKE_JUDGE), str(JUDGE_PORT)]],
        }
    task_dir = ROOT / "tasks" / task
    if agent == "wrong":
        agent = WRONG_PREFIX + wrong_solutions(task_dir)[0]
    result = run_trial(task_dir, agent=agent, **extra)
    if result.trial_dir and not result.error:
        shutil.rmtree(result.trial_dir, ignore_errors=True)
    return result


def three_trials(task: str) -> dict[str, TrialResult]:
    agents = ("oracle", "null", "wrong")
    with ThreadPoolExecutor(max_workers=3) as pool:
        return dict(zip(agents, pool.map(lambda a: trial(task, a), agents), strict=True))
