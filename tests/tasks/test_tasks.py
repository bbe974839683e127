"""The real task set under tasks/: every task scores 1.0 with its oracle, below 0.25 with the
null agent and below 1.0 with a plausible wrong solution (tasks/<task>/wrong/), through the
no-Docker oracle runner, except the Docker sample, proven the same way in containers
(test_docker_oracle.py); the set covers what the benchmark promises; the validator, the
registries and Harbor accept it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from mock_services.core.base.clock import DEFAULT_NOW, parse_absolute, resolve_datetime
from taskkit import registries
from taskkit.agents import UI_SCRIPT, alternatives, helper_modules
from tests.helpers import namespaces_allowed
from tests.tasks.harness import (
    DOCKER_SAMPLE,
    JUDGE_KINDS,
    JUDGED,
    LOCAL_TRIALS,
    NULL_BAR,
    ROOT,
    TASKS,
    sample_trials,
    task_kinds,
    trial,
)

needs_namespaces = pytest.mark.skipif(
    not namespaces_allowed(), reason="needs `ip` and unshare --mount --net (root or CAP_SYS_ADMIN)"
)


def _config(task: str) -> dict:
    return tomllib.loads((ROOT / "tasks" / task / "task.toml").read_text())


def _dockerfile_pattern(task: str) -> str:
    text = (ROOT / "tasks" / task / "environment" / "Dockerfile").read_text()
    if "ARG OPENCLAW_BASE_IMAGE" in text:
        return "knowledge"
    if "COPY . /workspace/environment/" in text:
        return "static"
    return "fullstack" if "curl -fsS" in text else "service"


def _evaluation(task: str) -> set[str]:
    tests = ROOT / "tasks" / task
    files = {p.name for p in tests.rglob("tests/*")}
    kinds = set()
    if "verify.py" in files:
        kinds.add("verify.py")
    if "evaluate.py" in files and "run_benchmark.sh" in files:
        kinds.add("evaluate.py")
    if {"llm_judge.py", "rubric.json", "answer_key.json", "deterministic_checks.py"} <= files:
        kinds.add("llm-judge")
    return kinds


def _detail(result) -> str:
    steps = "; ".join(f"{s.name}: {s.rewards} {s.error or ''}" for s in result.steps)
    return f"{result.agent}: reward {result.reward}, error {result.error}; {steps}"


# --- the promises of the task set (fast) ------------------------------------------------------


def test_the_set_covers_patterns_factors_and_evaluations() -> None:
    assert len(TASKS) >= 12
    patterns = {_dockerfile_pattern(t) for t in TASKS}
    assert patterns == {"static", "service", "fullstack", "knowledge"}
    evaluations = set().union(*(_evaluation(t) for t in TASKS))
    assert evaluations == {"verify.py", "evaluate.py", "llm-judge"}
    metadata = {t: _config(t)["metadata"] for t in TASKS}
    assert sum(m["factor_a1"] for m in metadata.values()) >= 3
    assert sum(m["factor_a2"] for m in metadata.values()) >= 2
    assert sum(m["factor_c1"] or m["factor_c2"] for m in metadata.values()) >= 2
    assert any(_config(t).get("steps") for t in TASKS)
    services = set().union(*(registries.read_binary_map(ROOT)[t].services for t in TASKS))
    assert {"shop", "airline", "email", "calendar", "expense", "health", "social"} <= services


def test_fault_tasks_declare_faults_and_cross_service_tasks_span_services() -> None:
    binary_map = registries.read_binary_map(ROOT)
    for task in TASKS:
        metadata = _config(task)["metadata"]
        seed_path = ROOT / "tasks" / task / "environment" / "seed.json"
        seed = json.loads(seed_path.read_text()) if seed_path.exists() else {}
        has_faults = any(isinstance(v, dict) and v.get("faults") for v in seed.values())
        assert has_faults == bool(metadata["factor_c1"] or metadata["factor_c2"]), task
        if metadata["factor_a1"]:
            assert len(binary_map[task].services) >= 2, task


def test_the_docker_sample_covers_every_service_and_kind_of_task() -> None:
    everything = set().union(*(task_kinds(task) for task in TASKS))
    sampled = set().union(*(task_kinds(task) for task in DOCKER_SAMPLE))
    assert set(DOCKER_SAMPLE) <= set(TASKS), f"not tasks: {set(DOCKER_SAMPLE) - set(TASKS)}"
    assert sampled == everything, f"no sampled task exercises {sorted(everything - sampled)}"


@pytest.mark.process  # runs a subprocess
def test_validate_passes_on_the_whole_tree() -> None:
    """Besides the task format, what the benchmark asks of each of its tasks (``invoke validate``:
    its blind set of 8 wrong solutions and 2 alternatives, its UI solution, its README's
    sections, its checks by operation rather than route)."""
    done = subprocess.run(
        [sys.executable, "-m", "taskkit", "validate", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    findings = json.loads(done.stdout)
    findings = findings.get("findings", findings) if isinstance(findings, dict) else findings
    shown = "\n".join(
        f"{f['file']}:{f.get('line') or ''} {f['severity']} [{f['rule']}] {f['message']}"
        for f in findings
    )
    assert findings == [] and done.returncode == 0, f"expected no findings, got:\n{shown}"


@pytest.mark.process  # runs a subprocess
def test_registries_agree_with_the_tasks() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "taskkit", "registry", "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


# --- the trials (slow: each runs the task three times in private namespaces) ------------------


@pytest.mark.process  # runs a subprocess
@pytest.mark.slow
@needs_namespaces
@pytest.mark.parametrize("task", LOCAL_TRIALS)
def test_oracle_null_and_wrong_solution(task: str) -> None:
    results = sample_trials(task)
    oracle, null, wrong = results["oracle"], results["null"], results["wrong"]
    assert oracle.error is None and oracle.reward == 1.0, _detail(oracle)
    assert null.reward is not None and null.reward < NULL_BAR, _detail(null)
    assert wrong.reward is not None and wrong.reward < 1.0, _detail(wrong)
    assert wrong.error is None or "min_reward" not in wrong.error, _detail(wrong)
    if "alternative" in results:  # another channel or order: the same outcome, full marks
        alternative = results["alternative"]
        assert alternative.error is None and alternative.reward == 1.0, _detail(alternative)


@pytest.mark.process  # runs a subprocess
@pytest.mark.slow
@needs_namespaces
@pytest.mark.parametrize("task", DOCKER_SAMPLE)
def test_the_docker_samples_null_agent_and_first_correct_alternative(task: str) -> None:
    """The Docker sample's oracle and wrong solution run in containers; its null agent (no
    script to run in one) and its first correct alternative here."""
    agents = ("null", *(("alternative",) if alternatives(ROOT / "tasks" / task) else ()))
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = dict(zip(agents, pool.map(lambda a: trial(task, a), agents), strict=True))
    null = results["null"]
    assert null.reward is not None and null.reward < NULL_BAR, _detail(null)
    if "alternative" in results:
        alternative = results["alternative"]
        assert alternative.error is None and alternative.reward == 1.0, _detail(alternative)


def test_every_task_is_proven_once_in_the_suite() -> None:
    assert tuple(sorted([*LOCAL_TRIALS, *DOCKER_SAMPLE])) == TASKS


def test_the_judge_sample_holds_each_way_of_judging() -> None:
    ways = {
        task: "rubric" if (ROOT / "tasks" / task / "tests" / "llm_judge.py").exists() else "beside"
        for task in JUDGED
    }
    assert set(JUDGE_KINDS) <= JUDGED, f"not judged: {set(JUDGE_KINDS) - JUDGED}"
    assert {ways[t] for t in JUDGE_KINDS} == set(ways.values()), ways


@pytest.mark.process  # runs a subprocess
@pytest.mark.slow
@needs_namespaces
@pytest.mark.parametrize("task", JUDGE_KINDS)
def test_judge_task_without_a_judge_is_not_scored_and_judge_local_scores_it(
    task: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from taskkit.cli import main

    for name in ("JUDGE_BASE_URL", "JUDGE_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    assert main(["oracle", "--task", task]) == 0  # not scored is no failure
    out = capsys.readouterr().out
    assert "not scored: JUDGE_BASE_URL and JUDGE_API_KEY not set: the LLM judge needs them" in out
    assert "FAIL" not in out and "0.000" not in out
    assert main(["oracle", "--task", task, "--judge", "local"]) == 0  # the stand-in, offline
    assert re.search(rf"{task}\s+oracle\s+1\.000", capsys.readouterr().out)


@pytest.mark.process  # runs a subprocess
@pytest.mark.slow
@needs_namespaces
@pytest.mark.parametrize("task", JUDGE_KINDS)
def test_judge_task_reports_an_unreachable_judge_as_a_verifier_failure(task: str) -> None:
    from taskkit.oracle import run_trial

    # a judge URL on the trial's loopback where nothing listens: retried, then a crash with why
    env = {"JUDGE_BASE_URL": "http://127.0.0.1:9/v1", "JUDGE_API_KEY": "k"}
    result = run_trial(ROOT / "tasks" / task, agent="oracle", env=env)
    trial_dir = Path(result.trial_dir)
    meta = json.loads((trial_dir / "verifier" / "main" / "reward_meta.json").read_text())
    assert result.reward == 0.0 and "unreachable" in meta["_meta_error"]
    subprocess.run(["rm", "-rf", str(trial_dir)], check=False)


@pytest.mark.harbor  # runs the real Harbor (.venv-harbor)
@pytest.mark.slow
def test_harbor_accepts_every_task() -> None:
    from taskkit.harbor_check import HarborUnavailable, check_tasks, ensure_harbor_venv

    try:
        python = ensure_harbor_venv()
    except HarborUnavailable as exc:
        pytest.fail(f"cannot build the Harbor venv: {exc}")
    results = check_tasks(python, [ROOT / "tasks" / t for t in TASKS])
    assert len(results) == len(TASKS)
    assert [(r.task, r.problems) for r in results if not r.ok] == []


def _chat_messages(messages: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for message in messages:
        yield message
        yield from _chat_messages(message.get("replies", []))


@pytest.mark.parametrize("task", TASKS)
def test_no_seeded_chat_message_is_posted_after_the_seeds_now(task: str) -> None:
    """A clock time in a relative date ("-0d 14:35") is in the seed's zone: a request stamped
    14:35 EST on a morning whose "Today" is 10:00 EST had its live replies stamped before it."""
    path = ROOT / "tasks" / task / "environment" / "seed.json"
    seed = json.loads(path.read_text()) if path.exists() else {}
    tz = ZoneInfo(seed.get("timezone", "UTC"))
    now = parse_absolute(seed["now"], tz=tz) if "now" in seed else DEFAULT_NOW
    late = [
        f"{conversation.get('name') or 'a dm'}: {message['author']} at {message['created_at']!r} "
        f"({resolve_datetime(message['created_at'], now, tz).astimezone(tz):%a %d %b %H:%M %Z})"
        for conversation in seed.get("chat", {}).get("conversations", [])
        for message in _chat_messages(conversation.get("messages", []))
        if "created_at" in message and resolve_datetime(message["created_at"], now, tz) > now
    ]
    assert not late, f"{path}: messages after now ({now.astimezone(tz):%a %d %b %H:%M %Z}): {late}"


AGENT_FOLDERS = ("solution", "wrong", "alternatives")
IMPORT = re.compile(r"^\s*(?:import|from)\s+([A-Za-z_]\w*)", re.MULTILINE)


def _image_modules(extras: set[str]) -> set[str]:
    """The top-level modules the agent's Python in a task image has: the standard library and
    the distributions the image installs (``liveclaw-mock-services[<extras>]`` and what they
    require, as this environment resolves them)."""
    from importlib import metadata

    from packaging.requirements import Requirement

    wanted, seen = [("liveclaw-mock-services", extras)], set()
    while wanted:
        name, extras = wanted.pop()
        key = name.lower().replace("_", "-")
        if key in seen:
            continue
        seen.add(key)
        for line in metadata.requires(name) or []:
            requirement = Requirement(line)
            marker = requirement.marker
            if marker is None or any(marker.evaluate({"extra": e}) for e in extras | {""}):
                wanted.append((requirement.name, set(requirement.extras)))
    by_module = metadata.packages_distributions()
    installed = {m for m, dists in by_module.items() if {d.lower() for d in dists} & seen}
    dists = {d.lower().replace("_", "-") for ds in by_module.values() for d in ds}
    assert "requests" in seen and "requests" in dists, "the agent extra installs requests"
    return set(sys.stdlib_module_names) | installed


def test_every_agent_script_imports_only_what_the_task_image_has() -> None:
    """A solution, wrong solution or alternative runs in the image as the agent: a module the
    host has and the image lacks fails it there (17 UI alternatives once, with requests). A UI
    solution runs in the image with Chromium, which adds the ``browser`` extra."""
    in_every_image, with_chromium = _image_modules({"agent"}), _image_modules({"agent", "browser"})
    missing = []
    for task in TASKS:
        for folder in AGENT_FOLDERS:
            for script in sorted((ROOT / "tasks" / task / folder).rglob("*")):
                if script.suffix not in (".sh", ".py"):
                    continue
                # uploaded beside it (PYTHONPATH=$(dirname $0)), its folder's and the task's
                # other script folder's
                uploaded = helper_modules(ROOT / "tasks" / task, str(script), script)
                beside = {module.stem for module in uploaded}
                available = with_chromium if script.name == UI_SCRIPT else in_every_image
                for module in IMPORT.findall(script.read_text()):
                    if module not in available and module not in beside:
                        missing.append(f"{script.relative_to(ROOT)}: {module}")
    assert not missing, "modules the task image lacks:\n" + "\n".join(sorted(set(missing)))
