"""Imported tasks really run here, through the no-Docker oracle runner: claw-eval tasks on our
services (oracle 1.0, null agent below 0.5), a judge-only task reported as not scored (never a
failure), and WebArena tasks scored from the declared answer and final URL; and the real
Harbor loads and lints every imported task."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from taskkit.oracle import run_many
from taskkit.trial import TrialResult
from tests.tasks.harness import namespaces_allowed

pytestmark = pytest.mark.slow
needs_namespaces = pytest.mark.skipif(
    not namespaces_allowed(), reason="needs unshare --mount --net (root)"
)
CLAW_EVAL = [
    "claw-eval-t002-email-triage",
    "claw-eval-t901-meeting-reply",
    "claw-eval-t902-schedule-sync",
    "claw-eval-t904-spam-cleanup",
    "claw-eval-t905-weekly-summary",
    "claw-eval-t906-forward-invoice",
    "claw-eval-t910-add-contact",
]


def _run(out: Path, tasks: list[str], agents: list[str]) -> dict[tuple[str, str], TrialResult]:
    results = run_many([out / "tasks" / t for t in tasks], agents=agents, jobs=3, root=out)
    for result in results:
        if result.ok:
            shutil.rmtree(result.trial_dir, ignore_errors=True)
    return {(r.task, r.agent): r for r in results}


@needs_namespaces
def test_claw_eval_tasks_run_on_our_services(imported) -> None:
    out, _result = imported["claw-eval"]
    judged_only = ["claw-eval-t907-tone-review", "claw-eval-t150-project-progress-report"]
    results = _run(out, [*CLAW_EVAL, *judged_only], ["oracle", "null"])
    for task in CLAW_EVAL:
        oracle, null = results[(task, "oracle")], results[(task, "null")]
        assert oracle.reward == 1.0, (task, oracle.error, oracle.trial_dir)
        assert null.reward is not None and null.reward < 0.5, (task, null.reward)
    for task in judged_only:  # t150 on the todolist service's notes and tasks
        for agent in ("oracle", "null"):
            judged = results[(task, agent)]
            assert judged.not_scored and judged.ok and judged.reward is None, judged


@needs_namespaces
def test_webarena_answers_and_urls_are_scored_and_program_html_is_not(imported) -> None:
    out, _result = imported["webarena"]
    results = _run(out, ["webarena-0", "webarena-44", "webarena-118"], ["oracle", "null"])
    for task in ("webarena-0", "webarena-44"):
        assert results[(task, "oracle")].reward == 1.0
        assert results[(task, "null")].reward == 0.0
    assert results[("webarena-118", "oracle")].not_scored


def test_harbor_loads_and_lints_every_imported_task(imported) -> None:
    from taskkit.harbor_check import HarborUnavailable, check_tasks, ensure_harbor_venv

    try:
        python = ensure_harbor_venv()
    except HarborUnavailable as exc:
        pytest.fail(f"cannot build the Harbor venv: {exc}")
    tasks = [t for out, _result in imported.values() for t in sorted((out / "tasks").iterdir())]
    results = check_tasks(python, tasks)
    assert len(results) == len(tasks) == 85
    assert [(r.task, r.problems) for r in results if not r.ok] == []


def test_docker_runner_refuses_a_tasks_dir_without_a_binary_map(tmp_path: Path, capsys) -> None:
    from taskkit.cli import main

    (tmp_path / "tasks" / "t").mkdir(parents=True)
    assert main(["oracle", "--docker", "--tasks-dir", str(tmp_path / "tasks")]) == 2
    assert "metadata/task-binary-map.json" in capsys.readouterr().err


@pytest.mark.docker
def test_imported_claw_eval_task_in_the_docker_runner(imported) -> None:
    """An import's output is a task tree with its own registries: `oracle --docker
    --tasks-dir OUT/tasks` builds its images and runs it in containers."""
    from taskkit.cli import main
    from tests.tasks.test_docker_oracle import _docker_client

    _docker_client()
    out, _result = imported["claw-eval"]
    task = ["--tasks-dir", str(out / "tasks"), "--task", "claw-eval-t906-forward-invoice"]
    assert main(["oracle", "--docker", *task]) == 0  # oracle 1.0
    assert main(["oracle", "--docker", "--agent", "null", *task]) == 0  # null below 0.5
