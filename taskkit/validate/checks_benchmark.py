"""What the benchmark asks of verifiers and of a repository's own tasks, beyond the task format:
checks by operation, not route; and for a task of the repository's ``tasks/`` (not an imported
one) what its policy asks (``policy.py``): a blind set of wrong solutions and alternatives, a UI
solution, the README's sections."""

from __future__ import annotations

import re

from taskkit.agents import alternatives, has_web_ui, other_channel_only, wrong_solutions
from taskkit.validate.context import TaskContext

ROUTE_CHECKS = re.compile(
    r"(?<!\bos)(?<!\bsys)\.path\b|\bcalls\(|never_called\(|route_matches"
    r"|[\"'](?:GET|POST|PUT|PATCH|DELETE) /"
)
"""A verifier line that reads a route, a path or a call: it misses the same action done through
a web form or an MCP tool (an alternative through the UI scored 0.49 so)."""


def check_verifier_routes(ctx: TaskContext) -> None:
    for relative in ctx.verifier_files((".py",)):
        for number, line in enumerate((ctx.text(relative) or "").splitlines(), start=1):
            match = None if line.lstrip().startswith("#") else ROUTE_CHECKS.search(line)
            if match:
                ctx.report(
                    "verifier-by-route",
                    relative,
                    f"{match.group(0).strip()!r} in {line.strip()!r}: expected a check by "
                    "operation (performed, never_performed, attempted)",
                    line=number,
                )


def is_own_task(ctx: TaskContext) -> bool:
    """A task written for this benchmark: in the repository's ``tasks/``, not imported."""
    imported = ctx.config is not None and ctx.config.metadata.imported is not None
    return ctx.path.parent == ctx.repo.root / "tasks" and not imported


def check_own_task(ctx: TaskContext) -> None:
    if not is_own_task(ctx):
        return
    policy = ctx.repo.policy
    wrong, right = len(wrong_solutions(ctx.path)), len(alternatives(ctx.path))
    if wrong < policy.min_wrong or right < policy.min_alternatives:
        ctx.report(
            "blind-set",
            "wrong/" if wrong < policy.min_wrong else "alternatives/",
            f"{wrong} wrong solutions and {right} correct alternatives, expected at least "
            f"{policy.min_wrong} and {policy.min_alternatives}",
        )
    config = ctx.config
    if policy.ui_solution and config and has_web_ui(ctx.path) and not other_channel_only(config):
        for base in [f"steps/{step.name}/" for step in config.steps or []] or [""]:
            if not ctx.exists(f"{base}solution/ui.py"):
                ctx.report(
                    "ui-solution-missing",
                    f"{base}solution/ui.py",
                    "the task's services have web UIs, and no UI solution does it through them",
                )
    readme = ctx.text("README.md")
    if readme is not None:
        headings = {line[3:].strip() for line in readme.splitlines() if line.startswith("## ")}
        missing = [section for section in policy.readme_sections if section not in headings]
        if missing:
            ctx.report(
                "readme-sections",
                "README.md",
                f"no section {', '.join(repr('## ' + s) for s in missing)}; expected each of "
                f"{', '.join(policy.readme_sections)}",
            )
