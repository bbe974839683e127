"""Checks across tasks: unique case ids and agreement with the three registries."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from taskkit import registries
from taskkit.validate.context import TaskContext
from taskkit.validate.findings import Finding, finding


def check_case_ids(contexts: list[TaskContext]) -> None:
    owners: dict[int, list[TaskContext]] = defaultdict(list)
    for ctx in contexts:
        if ctx.config and ctx.config.metadata.case_id is not None:
            owners[ctx.config.metadata.case_id].append(ctx)
    for case_id, tasks in owners.items():
        if len(tasks) < 2:
            continue
        names = sorted(t.name for t in tasks)
        for ctx in tasks:
            ctx.report(
                "duplicate-case-id",
                "task.toml",
                f"case_id {case_id} is also used by {', '.join(n for n in names if n != ctx.name)}",
                line=ctx.toml_line("metadata.case_id"),
            )


def check_registries(contexts: list[TaskContext], root: Path, every_task: bool) -> list[Finding]:
    """Where registry.json, cases_registry.csv and task-binary-map.json disagree with the tasks
    (``registries.check``); when only some tasks are validated, only their rows count."""
    facts = [
        registries.TaskFacts(
            ctx.name,
            ctx.config.metadata.case_id if ctx.config else None,
            ctx.config,
            ctx.path.relative_to(root).as_posix(),
        )
        for ctx in contexts
    ]
    names = {ctx.name for ctx in contexts}
    return [
        finding(
            "registry-mismatch",
            m.file,
            f"{m.task}: {m.message}",
            task=m.task if m.task in names else None,
        )
        for m in registries.check(root, facts)
        if every_task or m.task in names
    ]
