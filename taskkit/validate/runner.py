"""Run every check over a repository's tasks (or chosen task directories)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from taskkit import registries
from taskkit.runners import RunMany
from taskkit.validate import (
    checks_benchmark,
    checks_config,
    checks_criteria,
    checks_docker,
    checks_files,
    checks_isolation,
    checks_repo,
    checks_ui,
    checks_verifier,
)
from taskkit.validate.context import RepoContext, TaskContext
from taskkit.validate.findings import Report, finding
from taskkit.validate.free_credit import check_free_credit

Check = Callable[[TaskContext], None]

TASK_CHECKS: tuple[Check, ...] = (
    checks_files.check_names,
    checks_files.check_required_files,
    checks_files.check_executable,
    checks_files.check_agent_python,
    checks_files.check_multi_step,
    checks_files.check_stubs,
    checks_files.check_test_scripts,
    checks_ui.check_ui_solution,
    checks_config.check_unknown_keys,
    checks_config.check_legacy_keys,
    checks_config.check_required_fields,
    checks_config.check_keywords,
    checks_config.check_network,
    checks_config.check_secrets,
    checks_docker.check_dockerfile,
    checks_isolation.check_dockerfile_env,
    checks_isolation.check_dockerfile_workdir,
    checks_isolation.check_verifier_python,
    checks_isolation.check_verifier_reads,
    checks_verifier.check_instruction_leak,
    checks_verifier.check_environment_copies,
    checks_verifier.check_data_paths,
    checks_verifier.check_services,
    checks_verifier.check_seed_logins,
    checks_verifier.check_seed_notifications,
    checks_verifier.check_mcp_servers,
    checks_verifier.check_judge,
    checks_criteria.check_verifier_syntax,
    checks_criteria.check_readme_criteria,
    checks_criteria.check_readme_case_id,
    checks_criteria.check_readme_solutions,
    checks_criteria.check_multi_step_gates,
    checks_benchmark.check_verifier_routes,
    checks_benchmark.check_own_task,
)


def validate_task(ctx: TaskContext) -> None:
    ctx.load_config()
    for check in TASK_CHECKS:
        check(ctx)


def validate(
    root: Path, tasks: Iterable[Path] | None = None, *, null_runner: RunMany | None = None
) -> Report:
    """Validate ``tasks`` (default: every ``root/tasks/*``) and the registries around them;
    ``null_runner``: also run each task's null agent with it (see ``free_credit.py``)."""
    root = root.resolve()
    repo = RepoContext(root)
    chosen = [Path(t).resolve() for t in tasks] if tasks else registries.task_dirs(root)
    contexts = [TaskContext(path, repo) for path in chosen]
    for ctx in contexts:
        validate_task(ctx)
    chosen_set = {ctx.path for ctx in contexts}
    in_repo = [ctx for ctx in contexts if ctx.path.parent == root / "tasks"]
    # case ids are unique within a task set: tasks/ here, a build-dataset output elsewhere
    siblings = registries.task_dirs(root) if in_repo else []
    others = [TaskContext(p, repo) for p in siblings if p not in chosen_set]
    for other in others:
        other.load_config()
    checks_repo.check_case_ids(contexts + others)
    findings = [f for ctx in contexts for f in ctx.findings]
    if repo.policy_error is not None:
        findings.append(finding("config-invalid", "pyproject.toml", repo.policy_error, task=None))
    if in_repo:
        findings += checks_repo.check_registries(in_repo, root, every_task=not tasks)
    if null_runner is not None:
        findings += check_free_credit([ctx.path for ctx in contexts], root, null_runner)
    findings.sort(key=lambda f: (f.task or "", f.file, f.line or 0, f.rule))
    return Report(tasks=len(contexts), findings=findings)
