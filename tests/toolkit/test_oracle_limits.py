"""The Docker oracle runner applies a task's cpus and memory_mb as container limits."""

from __future__ import annotations

import os
from pathlib import Path

from taskkit.oracle_docker import resource_limits
from taskkit.task_model import TaskConfig

TASK = Path(__file__).parents[2] / "tasks" / "flight-delay-reschedule" / "task.toml"


def test_limits_follow_task_toml() -> None:
    config = TaskConfig.load(TASK)
    assert (config.environment.cpus, config.environment.memory_mb) == (2, 4096)
    limits = resource_limits(config)
    assert limits["mem_limit"] == "4096m"
    assert limits["nano_cpus"] == int(min(2, os.cpu_count() or 1) * 1e9)


def test_cpus_are_capped_at_the_host_count() -> None:
    config = TaskConfig.load(TASK)
    config.environment.cpus = 64
    assert resource_limits(config)["nano_cpus"] == (os.cpu_count() or 1) * 1_000_000_000
