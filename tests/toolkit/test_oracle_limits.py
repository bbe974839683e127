"""What the oracle runners take from task.toml: the Docker runner's cpus and memory_mb limits,
and an invalid task.toml refused with every error at its line."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from taskkit.cli import main
from taskkit.oracle_docker import resource_limits
from taskkit.task_load import TaskConfigError, load_task_config
from tests.toolkit.conftest import Scaffold

TASK = Path(__file__).parents[2] / "tasks" / "flight-delay-reschedule" / "task.toml"


def test_limits_follow_task_toml() -> None:
    config = load_task_config(TASK)
    assert (config.environment.cpus, config.environment.memory_mb) == (2, 4096)
    limits = resource_limits(config)
    assert limits["mem_limit"] == "4096m"
    assert limits["nano_cpus"] == int(min(2, os.cpu_count() or 1) * 1e9)


def test_cpus_are_capped_at_the_host_count() -> None:
    config = load_task_config(TASK)
    config.environment.cpus = 64
    assert resource_limits(config)["nano_cpus"] == (os.cpu_count() or 1) * 1_000_000_000


def test_an_invalid_task_toml_stops_the_oracle_with_every_error_and_its_line(
    scaffold: Scaffold, repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    task = scaffold("broken-config", "static")
    toml = task / "task.toml"
    text = toml.read_text().replace('difficulty = "medium"', 'difficulty = "brutal"')
    toml.write_text(text.replace("case_id = 1", "case_id = -3"))
    lines = toml.read_text().splitlines()
    difficulty = next(i for i, t in enumerate(lines, 1) if t.startswith("difficulty"))
    case_id = next(i for i, t in enumerate(lines, 1) if t.startswith("case_id"))
    with pytest.raises(TaskConfigError) as caught:
        load_task_config(toml)
    assert [p.line for p in caught.value.problems] == [difficulty, case_id]
    assert main(["--root", str(repo), "oracle", "--task", "broken-config"]) == 2
    err = capsys.readouterr().err
    assert f"{toml}:{difficulty}: metadata.difficulty: Input should be 'easy'" in err
    assert f"{toml}:{case_id}: metadata.case_id: Input should be greater than or equal to 0" in err
    assert "For further information" not in err
