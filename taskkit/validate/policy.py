"""What a repository asks of its own tasks beyond the task format (``[tool.taskkit.policy]`` in
its ``pyproject.toml``): how many wrong solutions and correct alternatives each carries, whether
a task with web UIs needs a UI solution, which sections its README has. A repository without
the table asks the format alone."""

from __future__ import annotations

import tomllib
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

POLICY_TABLE = "tool.taskkit.policy"


class TaskPolicy(BaseModel):
    model_config = ConfigDict(extra="forbid")

    min_wrong: int = Field(0, ge=0)
    min_alternatives: int = Field(0, ge=0)
    ui_solution: bool = False
    readme_sections: list[str] = []


class PolicyError(ValueError):
    """The policy table is not one: the message names the file, the field and what was expected."""


def read_policy(root: Path) -> TaskPolicy:
    path = root / "pyproject.toml"
    if not path.is_file():
        return TaskPolicy()
    try:
        table = tomllib.loads(path.read_text()).get("tool", {}).get("taskkit", {}).get("policy")
    except tomllib.TOMLDecodeError as error:
        raise PolicyError(f"{path}: not valid TOML: {error}") from error
    try:
        return TaskPolicy.model_validate(table or {})
    except ValidationError as error:
        first = error.errors()[0]
        field = ".".join(str(part) for part in first["loc"])
        raise PolicyError(
            f"{path}: [{POLICY_TABLE}] {field}: {first['msg']} (got {first.get('input')!r})"
        ) from error
