"""Reading ``task.toml`` into a ``TaskConfig``, or every problem with its file and line.

The validator and every runner read a task through here, so an invalid ``task.toml`` gives
the same messages everywhere: each TOML or model error, at its line.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from taskkit.task_model import TaskConfig
from taskkit.toml_lines import key_lines, line_of


@dataclass(frozen=True)
class ConfigProblem:
    rule: str  # the validator's rule: toml-syntax or config-invalid
    message: str
    line: int | None


class TaskConfigError(ValueError):
    """An invalid task.toml; the message has one ``file:line: problem`` line per error."""

    def __init__(self, path: Path | str, problems: list[ConfigProblem]) -> None:
        self.path, self.problems = str(path), problems
        lines = [f"{self.path}:{p.line or 1}: {p.message}" for p in problems]
        super().__init__("\n".join(lines))


def loc_text(loc: tuple[Any, ...]) -> str:
    """``('steps', 0, 'agent', 'timeout_sec')`` -> ``steps[0].agent.timeout_sec``."""
    text = ""
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        elif part in ("str", "float", "int", "dict[str,float]", "Artifact"):
            continue  # pydantic's union branch names are noise in a field path
        else:
            text += f".{part}" if text else str(part)
    return text


def parse_task_toml(
    text: str,
) -> tuple[dict[str, Any] | None, TaskConfig | None, list[ConfigProblem]]:
    """The raw table (None if not TOML), the model (None if invalid) and every problem."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"at line (\d+)", str(exc))  # 3.11's error has no lineno
        return (
            None,
            None,
            [ConfigProblem("toml-syntax", str(exc), int(found[1]) if found else None)],
        )
    try:
        return raw, TaskConfig.model_validate(raw), []
    except ValidationError as exc:
        lines = key_lines(text)
        problems = []
        for error in exc.errors(include_url=False):
            where = loc_text(error["loc"])
            message = error["msg"].removeprefix("Value error, ")
            got = "" if error["type"] == "missing" else f"; got {error['input']!r:.80}"
            problems.append(
                ConfigProblem(
                    "config-invalid", f"{where or '(root)'}: {message}{got}", line_of(lines, where)
                )
            )
        return raw, None, problems


def load_task_config(path: Path) -> TaskConfig:
    """The task's config; ``TaskConfigError`` with every problem when it is invalid."""
    _raw, config, problems = parse_task_toml(path.read_text())
    if config is None:
        raise TaskConfigError(path, problems)
    return config
