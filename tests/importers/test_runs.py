"""The real Harbor loads and lints every imported task; the Docker runner needs a binary map.
(claw-eval's runs through the no-Docker runner: test_claw_eval.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.slow


@pytest.mark.harbor  # runs the real Harbor (.venv-harbor)
def test_harbor_loads_and_lints_every_imported_task(imported) -> None:
    from taskkit.harbor_check import HarborUnavailable, check_tasks, ensure_harbor_venv

    try:
        python = ensure_harbor_venv()
    except HarborUnavailable as exc:
        pytest.fail(f"cannot build the Harbor venv: {exc}")
    tasks = [t for out, _result in imported.values() for t in sorted((out / "tasks").iterdir())]
    results = check_tasks(python, tasks)
    written = sum(len(result.tasks) for _out, result in imported.values())
    assert len(results) == len(tasks) == written > 80
    assert [(r.task, r.problems) for r in results if not r.ok] == []


def test_docker_runner_refuses_a_tasks_dir_without_a_binary_map(tmp_path: Path, capsys) -> None:
    from taskkit.cli import main

    (tmp_path / "tasks" / "t").mkdir(parents=True)
    assert main(["oracle", "--docker", "--tasks-dir", str(tmp_path / "tasks")]) == 2
    assert "metadata/task-binary-map.json" in capsys.readouterr().err
