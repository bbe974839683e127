"""Fixtures of the toolkit tests: a throwaway repository with scaffolded tasks."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from taskkit.scaffold import ScaffoldOptions, new_task
from taskkit.validate import Finding, Report, validate

LONG_INSTRUCTION = (
    "# Change my booking\n\nMy flight to Lisbon was moved. Find the airline's notice in my "
    "mailbox, move the matching calendar event to the new departure time and tell everyone "
    "invited that the meeting moves too. Leave all other events and mails as they are.\n"
)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "tasks").mkdir(parents=True)
    return root


Scaffold = Callable[..., Path]


@pytest.fixture
def scaffold(repo: Path) -> Scaffold:
    """``scaffold("name", "service", services=[...], ...)``: a task with a real instruction."""

    def make(name: str, pattern: str = "service", *, stub: bool = False, **options) -> Path:
        task = new_task(repo, ScaffoldOptions(name, pattern, **options))
        if not stub:
            for instruction in task.rglob("instruction.md"):
                instruction.write_text(LONG_INSTRUCTION)
        return task

    return make


def only(report: Report, rule: str) -> list[Finding]:
    return [f for f in report.findings if f.rule == rule]


def rules(report: Report) -> set[str]:
    return {f.rule for f in report.findings}


def check(repo: Path) -> Report:
    return validate(repo)
