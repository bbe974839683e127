"""Run by the Harbor venv's Python (not ours): load each task with Harbor's ``Task`` and
``TaskConfig`` and print one JSON line per task. Imports Harbor and the standard library only."""

import json
import sys
import warnings
from pathlib import Path
from typing import Any


def probe(task_dir: str) -> dict[str, Any]:
    from harbor.models.task.task import Task

    result: dict[str, Any] = {"task": task_dir, "problems": []}
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            task = Task(Path(task_dir))
        result["name"] = task.name
        result["steps"] = [s.name for s in task.config.steps or []]
        result["network_mode"] = task.config.environment.network_mode.value
        result["mcp_servers"] = [
            server.model_dump(mode="json") for server in task.config.environment.mcp_servers
        ]
        if not Task.is_valid_dir(task_dir):
            result["problems"].append("Task.is_valid_dir() is False")
    except Exception as exc:
        result["problems"].append(f"Task(): {type(exc).__name__}: {exc}")
    return result


if __name__ == "__main__":
    for directory in sys.argv[1:]:
        print(json.dumps(probe(directory)))
