"""What checks read: one task directory (parsed once) and the repository around it."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from mock_services.registry import SERVICE_MODULES
from taskkit import registries
from taskkit.images.binary_map import BinaryMapError, TaskImageSpec
from taskkit.images.contexts import IMAGE_DATA_DIR
from taskkit.task_load import parse_task_toml
from taskkit.task_model import TaskConfig
from taskkit.toml_lines import key_lines, line_of
from taskkit.validate.findings import Finding, finding
from taskkit.validate.policy import PolicyError, TaskPolicy, read_policy


@dataclass
class RepoContext:
    """Facts shared by every task: registries, the binary map, the known services."""

    root: Path

    @cached_property
    def binary_map(self) -> dict[str, TaskImageSpec]:
        """{} when the map is invalid: the registry check reports why."""
        try:
            return registries.read_binary_map(self.root)
        except BinaryMapError:
            return {}

    @cached_property
    def known_services(self) -> tuple[str, ...]:
        return tuple(SERVICE_MODULES)

    @cached_property
    def _policy_read(self) -> tuple[TaskPolicy, str | None]:
        """The repository's policy, read once; the format alone and why when its table is
        invalid (the runner reports it)."""
        try:
            return read_policy(self.root), None
        except PolicyError as error:
            return TaskPolicy(), str(error)

    @property
    def policy(self) -> TaskPolicy:
        """What the repository asks of its own tasks."""
        return self._policy_read[0]

    @property
    def policy_error(self) -> str | None:
        return self._policy_read[1]


@dataclass
class TaskContext:
    """One task directory; files are read once and parse errors become findings."""

    path: Path
    repo: RepoContext
    findings: list[Finding] = field(default_factory=list)
    raw: dict[str, Any] | None = None
    config: TaskConfig | None = None
    _texts: dict[str, str | None] = field(default_factory=dict)
    _syntax_errors: dict[str, SyntaxError | None] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.path.name

    def rel(self, relative: str) -> str:
        """A file name as findings show it: relative to the repository root."""
        try:
            return (self.path / relative).relative_to(self.repo.root).as_posix()
        except ValueError:
            return (self.path / relative).as_posix()

    def text(self, relative: str) -> str | None:
        if relative not in self._texts:
            try:
                with open(os.path.join(self.path, relative), errors="replace") as handle:
                    self._texts[relative] = handle.read()
            except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
                self._texts[relative] = None
        return self._texts[relative]

    def syntax_error(self, relative: str) -> SyntaxError | None:
        """Why a Python file of the task does not compile, or None (also when it is absent)."""
        if relative not in self._syntax_errors:
            try:
                compile(self.text(relative) or "", relative, "exec", dont_inherit=True)
                self._syntax_errors[relative] = None
            except SyntaxError as error:  # IndentationError and TabError included
                self._syntax_errors[relative] = error
        return self._syntax_errors[relative]

    def exists(self, relative: str) -> bool:
        return os.path.exists(os.path.join(self.path, relative))

    def report(self, rule: str, relative: str, message: str, line: int | None = None) -> None:
        self.findings.append(finding(rule, self.rel(relative), message, task=self.name, line=line))

    def report_repo(self, rule: str, file: str, message: str, line: int | None = None) -> None:
        """A finding in a repository file (a registry) about this task."""
        self.findings.append(finding(rule, file, message, task=self.name, line=line))

    @cached_property
    def toml_lines(self) -> dict[str, int]:
        return key_lines(self.text("task.toml") or "")

    def toml_line(self, dotted: str) -> int | None:
        return line_of(self.toml_lines, dotted)

    def load_config(self) -> None:
        """Parse task.toml; TOML and model errors become findings."""
        text = self.text("task.toml")
        if text is None:
            return
        self.raw, self.config, problems = parse_task_toml(text)
        for problem in problems:
            self.report(problem.rule, "task.toml", problem.message, line=problem.line)

    @property
    def tests_dirs(self) -> list[str]:
        """Folders whose files the verifier runs: tests/ and every step's tests/."""
        dirs = ["tests"]
        if self.config and self.config.steps:
            dirs += [f"steps/{s.name}/tests" for s in self.config.steps]
        return [d for d in dirs if (self.path / d).is_dir()]

    @cached_property
    def _tests_files(self) -> list[str]:
        found = []
        for directory in self.tests_dirs:
            base = self.path / directory
            for folder, _dirs, files in os.walk(base):
                prefix = os.path.relpath(folder, self.path).replace(os.sep, "/")
                found += [f"{prefix}/{name}" for name in files]
        return sorted(found)

    def verifier_files(self, suffixes: tuple[str, ...] = (".py", ".sh", ".json")) -> list[str]:
        return [f for f in self._tests_files if f.endswith(suffixes)]

    @property
    def data_dir(self) -> str:
        """Where the per-task image puts the service DBs (the image builder's constant)."""
        return IMAGE_DATA_DIR
