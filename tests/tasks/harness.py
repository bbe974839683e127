"""Run a task's trials through the no-Docker oracle runner: the oracle, the null agent, its
first wrong solution (``tasks/<task>/wrong/``) and its first correct alternative
(``alternatives/``), each in its own namespaces, side by side."""

from __future__ import annotations

import shutil
import sys
import tomllib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from taskkit.agents import (
    ALTERNATIVE_PREFIX,
    WRONG_PREFIX,
    alternatives,
    browser_alternatives,
    wrong_solutions,
)
from taskkit.oracle import TrialResult, run_trial
from taskkit.registries import read_binary_map, task_dirs
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
JUDGED = {
    p.parent.name
    for p in (ROOT / "tasks").glob("*/task.toml")
    if "JUDGE_BASE_URL" in tomllib.loads(p.read_text()).get("verifier", {}).get("env", {})
}
"""The tasks whose verifier calls the LLM judge (``[verifier.env]`` passes it the judge)."""
JUDGE_KINDS = ("vendor-contract-brief", "finance-supplier-invoice-from-email")
"""One task of each way a verifier calls the judge (a rubric on a brief; what was written beside
an action, ``judged_agreement``): the suite proves on these that a judged task is not scored
without its judge and fails loudly when the judge is unreachable."""


DOCKER_SAMPLE = (
    "airline-cancelled-rebook",
    "chat-clarify-before-ordering",
    "crm-deal-won-invoice",
    "expense-receipt-from-email",
    "expense-report-csv",
    "health-dose-catchup",
    "helpdesk-callback-booking",
    "invitation-triage",
    "inventory-reorder-suppliers",
    "kb-postmortem-from-email",
    "shop-delivery-reminder",
    "social-plans-to-calendar",
    "todo-deadlines-from-email",
    "vendor-contract-brief",
)
"""The suite's sample of the Docker sweep (``invoke oracle --docker`` runs every task): every
service, a static task, a judged one, a multi-step one, an MCP one and one with faults
(``tests/tasks/test_tasks.py`` checks that it still covers them). The suite proves each task
once: these in containers (oracle, wrong), the others with the no-Docker runner (and these
tasks' null agent and first correct alternative, which prove nothing more in a container)."""
TASKS = tuple(sorted(p.name for p in task_dirs(ROOT)))
LOCAL_TRIALS = tuple(t for t in TASKS if t not in DOCKER_SAMPLE)
"""The tasks whose oracle, null agent and first wrong solution run without Docker in the suite
(``invoke oracle --wrong`` runs every task's whole set)."""
UI_SAMPLE = (
    "airline-cancelled-rebook",
    "chat-clarify-before-ordering",
    "crm-deal-won-invoice",
    "expense-policy-review",
    "health-dose-catchup",
    "helpdesk-callback-booking",
    "inventory-cycle-count",
    "kb-runbook-restore",
    "shop-duplicate-order-cancel",
    "social-prize-spam-block",
    "team-sync-scheduling",
    "todo-weekly-review-close",
)
"""The suite's sample of the UI sweep (``invoke oracle --ui`` runs every task): each service's
web UI in at least one task (``tests/tasks/test_ui_solutions.py`` checks that it still does)."""
BROWSER_ALTERNATIVES_SAMPLED = 3


def browser_alternative_sample(count: int = BROWSER_ALTERNATIVES_SAMPLED) -> list[str]:
    """The suite's sample of the correct alternatives that drive Chromium (``invoke oracle
    --browser-alternatives`` runs them all), as ``alternative:<name>`` agents of their tasks
    ("task/alternative:name"): in task name order, the first such alternative of each task
    that shares no service with a task taken before, ``count`` of them, so that a wording
    change in one service's pages breaks a sampled alternative before a release does."""
    taken: list[str] = []
    seen: set[str] = set()
    for task in TASKS:
        names = browser_alternatives(ROOT / "tasks" / task)
        services = set(read_binary_map(ROOT)[task].services)
        if not names or not services or services & seen:
            continue
        taken.append(f"{task}/{ALTERNATIVE_PREFIX}{names[0]}")
        seen |= services
        if len(taken) == count:
            break
    return taken


NULL_BAR = 0.25
"""The null agent scores below this on every task (issue 28's target; 0.5 is Harbor's pass)."""


def task_kinds(task: str) -> set[str]:
    """What a task exercises in an image: its services, and static, judged, multi-step, mcp,
    faults."""
    task_dir = ROOT / "tasks" / task
    seed = task_dir / "environment" / "seed.json"
    kinds = set(read_binary_map(ROOT)[task].services) or {"static"}
    kinds |= {"judged"} if task in JUDGED else set()
    kinds |= {"multi-step"} if (task_dir / "steps").is_dir() else set()
    kinds |= {"mcp"} if "mcp_servers" in (task_dir / "task.toml").read_text() else set()
    kinds |= {"faults"} if seed.is_file() and '"faults"' in seed.read_text() else set()
    return kinds


def trial(task: str, agent: str) -> TrialResult:
    """``agent``: "oracle", "null", "wrong" (the task's first wrong solution), "alternative"
    (its first correct alternative), or any agent of the runner ("alternative:<name>")."""
    extra = {}
    if task in JUDGED:
        extra = {
            "env": JUDGE_ENV,
            "sidecars": [[sys.executable, str(FAKE_JUDGE), str(JUDGE_PORT)]],
        }
    task_dir = ROOT / "tasks" / task
    if agent in ("wrong", "alternative"):
        names = (wrong_solutions if agent == "wrong" else alternatives)(task_dir)
        assert names, f"{task}: no {agent} solution to run (`invoke validate` says what it lacks)"
        agent = (WRONG_PREFIX if agent == "wrong" else ALTERNATIVE_PREFIX) + names[0]
    result = run_trial(task_dir, agent=agent, **extra)
    if result.trial_dir and not result.error:
        shutil.rmtree(result.trial_dir, ignore_errors=True)
    return result


def sample_trials(task: str) -> dict[str, TrialResult]:
    """The oracle, the null agent, the first wrong solution and (if any) the first alternative."""
    has_alternative = bool(alternatives(ROOT / "tasks" / task))
    agents = ("oracle", "null", "wrong", *(("alternative",) if has_alternative else ()))
    with ThreadPoolExecutor(max_workers=3) as pool:
        return dict(zip(agents, pool.map(lambda a: trial(task, a), agents), strict=True))
