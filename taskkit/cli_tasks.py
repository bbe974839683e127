"""The handlers of ``python -m taskkit`` validate, new-task, registry, remove-task, rename-task
and harbor-check (declared in ``taskkit.commands``)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from taskkit import registries
from taskkit.harbor_check import check_tasks, ensure_harbor_venv
from taskkit.registries import BINARY_MAP, UnknownTask, find_task
from taskkit.runners import DEFAULT_RUNNER, get_runner
from taskkit.scaffold import ScaffoldError, ScaffoldOptions, new_task
from taskkit.service_scaffold import ServiceScaffoldError, new_service, parse
from taskkit.task_lifecycle import LifecycleError, remove_task, rename_task
from taskkit.validate import RULES, validate


def cmd_validate(args: argparse.Namespace) -> int:
    if args.rules:
        for rule in RULES.values():
            print(f"{rule.name:<28} {rule.severity:<8} {rule.summary}")
        return 0
    root = (args.repo or args.root).resolve()
    try:
        root, tasks = validation_targets(root, args.task, args.tasks_dir)
    except UnknownTask as exc:
        print(f"validate: {exc}", file=sys.stderr)
        return 2
    null_runner = get_runner(DEFAULT_RUNNER).load().run_many if args.free_credit else None
    report = validate(root, tasks, null_runner=null_runner)
    print(report.json() if args.json else report.text())
    return report.exit_code


def validation_targets(
    root: Path, names: list[str], tasks_dir: Path | None
) -> tuple[Path, list[Path] | None]:
    """The root and task folders ``validate`` checks: ``names`` (task names, or paths with a
    '/') under ``root/tasks`` or ``tasks_dir``; no names: all of ``tasks_dir``'s tasks, or None
    (every task of ``root``). A task tree with its own registries (an `invoke import` output)
    is its own root; raises ``UnknownTask`` for a name or path with no folder."""
    if tasks_dir is not None and not tasks_dir.is_dir():
        raise UnknownTask(f"--tasks-dir {tasks_dir}: no such folder")
    if tasks_dir is not None and (tasks_dir.parent / BINARY_MAP).exists():
        root = tasks_dir.parent
    folder = tasks_dir or root / "tasks"
    tasks = named_tasks(folder, names)
    if tasks or tasks_dir is None or folder == root / "tasks":
        return root, tasks or None
    return root, sorted(p.parent for p in folder.glob("*/task.toml"))


def named_tasks(folder: Path, names: list[str]) -> list[Path]:
    """The task folders ``names`` give: a name in ``folder``, or a path (with a '/'); raises
    ``UnknownTask`` (with the closest names) for one with no folder."""
    paths = [Path(name) if "/" in name else folder / name for name in names]
    return [find_task(path.parent, path.name) for path in paths]


def cmd_new_task(args: argparse.Namespace) -> int:
    options = ScaffoldOptions(
        name=args.name,
        pattern=args.pattern,
        services=_csv(args.services) if args.services is not None else None,
        domain=args.domain,
        difficulty=args.difficulty,
        description=args.description,
        authors=args.author or [],
        no_solution=args.no_solution,
        no_pytest=args.no_pytest,
        metadata_template=args.metadata_template,
        steps=_csv(args.steps) if args.steps else [],
        mcp=args.mcp,
    )
    try:
        task = new_task(args.root, options)
    except ScaffoldError as exc:
        print(f"new-task: {exc}", file=sys.stderr)
        return 2
    ui = ", solution/ui.py" if any(task.glob("**/solution/ui.py")) else ""
    print(
        f"created {task.relative_to(args.root)}; next: write instruction.md, the verifier, "
        f"solve.sh{ui}, wrong solutions (wrong/) and correct alternatives (alternatives/), then "
        f"`invoke validate --task {args.name}` (it says what the task still lacks)"
    )
    return 0


def cmd_new_service(args: argparse.Namespace) -> int:
    try:
        options = parse(args.name, args.title or "", args.port or 0, args.domain or "")
        made = new_service(args.root, options)
    except ServiceScaffoldError as exc:
        print(f"new-service: {exc}", file=sys.stderr)
        return 2
    print(
        f"created mock_services/{args.name}/ (port {made.port}) and tests/{args.name}/, "
        f"registered in mock_services/registry.py; next: `invoke test --args tests/{args.name}`, "
        f"then `mock-services serve {args.name}` and open http://127.0.0.1:{made.port}/docs"
    )
    return 0


def _csv(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def cmd_registry(args: argparse.Namespace) -> int:
    if args.check and args.write:
        print(
            "registry: --check writes nothing and --write rewrites the registries; give one",
            file=sys.stderr,
        )
        return 2
    if args.write:
        try:
            changed = registries.write(args.root)
        except registries.RegistryWriteError as exc:
            print(f"registry: {exc}", file=sys.stderr)
            return 2
        print("rewrote " + ", ".join(changed) if changed else "registries already agree")
    problems = registries.check(args.root)
    for problem in problems:
        print(f"{problem.file}: {problem.task}: {problem.message}")
    print(f"{len(problems)} registry problem(s)")
    return 1 if problems else 0


def cmd_remove_task(args: argparse.Namespace) -> int:
    return _lifecycle(
        lambda: remove_task(args.root, args.name, dry_run=args.dry_run),
        LifecycleError,
        "remove-task",
    )


def cmd_rename_task(args: argparse.Namespace) -> int:
    return _lifecycle(
        lambda: rename_task(args.root, args.old, args.new), LifecycleError, "rename-task"
    )


def _lifecycle(action: Callable[[], list[str]], error: type[Exception], command: str) -> int:
    try:
        changed = action()
    except error as exc:
        print(f"{command}: {exc}", file=sys.stderr)
        return 2
    print("\n".join(changed))
    return 0


def cmd_harbor_check(args: argparse.Namespace) -> int:
    try:
        tasks = named_tasks(args.root / "tasks", args.task)
    except UnknownTask as exc:
        print(f"harbor-check: {exc}", file=sys.stderr)
        return 2
    python = ensure_harbor_venv()
    tasks = tasks or [t.parent for t in sorted((args.root / "tasks").glob("*/task.toml"))]
    results = check_tasks(python, tasks)
    failed = 0
    for result in results:
        status = "ok" if result.ok else "FAIL"
        failed += not result.ok
        print(f"{status:<4} {result.task}")
        for problem in result.problems:
            print(f"     {problem}")
    print(
        f"{len(results) - failed}/{len(results)} task(s) accepted by Harbor's Task loader and lint"
    )
    return 1 if failed else 0
