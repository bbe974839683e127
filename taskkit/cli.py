"""``python -m taskkit``: validate, new-task, registry, remove-task, rename-task, harbor-check,
oracle, build-dataset, dataset-schema, publish, sources, cases, import.

``tasks.py`` (Invoke) and ``scripts/validate_tasks.py`` are thin doors onto these commands.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from mock_services.core.exact_options import ExactOptions

ROOT = Path(__file__).resolve().parent.parent


def cmd_validate(args: argparse.Namespace) -> int:
    from taskkit.registries import UnknownTask
    from taskkit.validate import RULES, validate

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
    report = validate(root, tasks, free_credit=args.free_credit)
    print(report.json() if args.json else report.text())
    return report.exit_code


def validation_targets(
    root: Path, names: list[str], tasks_dir: Path | None
) -> tuple[Path, list[Path] | None]:
    """The root and task folders ``validate`` checks: ``names`` (task names, or paths with a
    '/') under ``root/tasks`` or ``tasks_dir``; no names: all of ``tasks_dir``'s tasks, or None
    (every task of ``root``). A task tree with its own registries (an `invoke import` output)
    is its own root; raises ``UnknownTask`` for a name or path with no folder."""
    from taskkit.registries import UnknownTask

    if tasks_dir is not None and not tasks_dir.is_dir():
        raise UnknownTask(f"--tasks-dir {tasks_dir}: no such folder")
    if tasks_dir is not None and (tasks_dir.parent / "metadata" / BINARY_MAP).exists():
        root = tasks_dir.parent
    folder = tasks_dir or root / "tasks"
    tasks = named_tasks(folder, names)
    if tasks or tasks_dir is None or folder == root / "tasks":
        return root, tasks or None
    return root, sorted(p.parent for p in folder.glob("*/task.toml"))


def named_tasks(folder: Path, names: list[str]) -> list[Path]:
    """The task folders ``names`` give: a name in ``folder``, or a path (with a '/'); raises
    ``UnknownTask`` (with the closest names) for one with no folder."""
    from taskkit.registries import find_task

    paths = [Path(name) if "/" in name else folder / name for name in names]
    return [find_task(path.parent, path.name) for path in paths]


def cmd_new_task(args: argparse.Namespace) -> int:
    from taskkit.scaffold import ScaffoldError, ScaffoldOptions, new_task

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
    print(
        f"created {task.relative_to(args.root)}; next: write instruction.md, the verifier and "
        f"solve.sh, then `invoke validate --task {args.name}`"
    )
    return 0


def _csv(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def cmd_registry(args: argparse.Namespace) -> int:
    from taskkit import registries

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
    from taskkit.task_lifecycle import LifecycleError, remove_task

    return _lifecycle(
        lambda: remove_task(args.root, args.name, dry_run=args.dry_run),
        LifecycleError,
        "remove-task",
    )


def cmd_rename_task(args: argparse.Namespace) -> int:
    from taskkit.task_lifecycle import LifecycleError, rename_task

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
    from taskkit.harbor_check import check_tasks, ensure_harbor_venv
    from taskkit.registries import UnknownTask

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


def agent_argument(value: str) -> str:
    """oracle and null by name; anything else is a path, made absolute."""
    if value in ("oracle", "null"):
        return value
    path = Path(value).resolve()
    if not path.exists():
        raise argparse.ArgumentTypeError(f"{value}: expected oracle, null or an existing path")
    return str(path)


BINARY_MAP = "task-binary-map.json"


def cmd_oracle(args: argparse.Namespace) -> int:
    from taskkit.oracle import main as oracle_main

    if args.tasks_dir and (args.tasks_dir.parent / "metadata" / BINARY_MAP).exists():
        args.root = args.tasks_dir.parent  # an import's output: a task tree with its registries
    elif args.docker and args.tasks_dir:
        print(
            "oracle: --docker builds images from a task tree with metadata/task-binary-map.json "
            f"(an `invoke import` output); {args.tasks_dir.parent} has none: run it without "
            "--docker or with --harbor",
            file=sys.stderr,
        )
        return 2
    if args.sidecar and (args.docker or args.harbor):
        print("oracle: --sidecar is for the no-Docker runner", file=sys.stderr)
        return 2
    with _judge(args):
        if args.docker:
            from taskkit.oracle_docker import main as docker_main

            return docker_main(args)
        if args.harbor:
            from taskkit.oracle_harbor import main as harbor_main

            return harbor_main(args)
        return oracle_main(args)


@contextmanager
def _judge(args: argparse.Namespace) -> Iterator[None]:
    """``--judge local``: the stand-in judge for every trial (``args.env`` points the
    verifiers at it): a sidecar in each no-Docker trial, else a server containers reach."""
    args.env = {}
    if args.judge != "local":
        yield
        return
    from taskkit import stand_in_judge

    if not (args.docker or args.harbor):
        args.env = stand_in_judge.judge_env("127.0.0.1", stand_in_judge.LOOPBACK_PORT)
        args.sidecar = [*args.sidecar, shlex.join(stand_in_judge.trial_sidecar())]
        yield
        return
    from taskkit.images.docker_build import docker_client

    with stand_in_judge.host_judge(stand_in_judge.docker_host_address(docker_client())) as env:
        args.env = env
        yield


def cmd_build_dataset(args: argparse.Namespace) -> int:
    from taskkit.dataset.build import build_dataset
    from taskkit.dataset.instruction import BuildError
    from taskkit.dataset.load import DatasetError
    from taskkit.dataset.task_files import BuildOptions

    options = BuildOptions(
        image=args.image,
        grader_source=args.grader_source,
        dockerfile=args.dockerfile,
        allow_missing_document=args.allow_missing_document,
        package_index=args.package_index,
        verifier_network=args.verifier_network,
    )
    try:
        manifest = build_dataset(
            args.dataset,
            args.out,
            options=options,
            task_ids=args.task_ids,
            prompt_template=args.prompt_template,
        )
    except (DatasetError, BuildError) as exc:
        print(f"build-dataset: {exc}", file=sys.stderr)
        return 2
    built = f"{manifest.dataset} {manifest.dataset_version}"
    print(f"built {len(manifest.tasks)} task(s) of {built} in {args.out}")
    for refusal in manifest.refused:
        print(f"refused: {refusal}", file=sys.stderr)
    return 1 if manifest.refused else 0


def cmd_publish(args: argparse.Namespace) -> int:
    from taskkit.images.layout import Layout
    from taskkit.publish import PublishOptions, main

    options = PublishOptions(
        registry=args.registry,
        out=(args.out or args.root / "published").resolve(),
        tasks=args.task,
        jobs=args.jobs,
        slim=args.slim,
    )
    return main(options, Layout.for_repo(args.root))


def cmd_dataset_schema(args: argparse.Namespace) -> int:
    from taskkit.dataset.schema import write_schemas

    for path in write_schemas():
        print(f"wrote {path.relative_to(args.root)}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = ExactOptions(prog="taskkit", description=__doc__)
    parser.add_argument("--root", type=Path, default=ROOT, help="repository root")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=ExactOptions)

    validate = sub.add_parser("validate", help="check tasks/ and the registries")
    validate.add_argument("task", nargs="*", help="task names or directories (default: all)")
    validate.add_argument(
        "--tasks-dir",
        type=lambda value: Path(value).resolve(),
        help="validate the tasks of this folder (e.g. a build-dataset output) instead of tasks/",
    )
    validate.add_argument("--json", action="store_true", help="machine-readable findings")
    validate.add_argument("--rules", action="store_true", help="list the rules and exit")
    validate.add_argument(
        "--free-credit",
        action="store_true",
        help="also run each task's null agent (no Docker) and flag what it earns",
    )
    validate.add_argument(
        "--repo", type=Path, default=None, help="repository root (default: this one)"
    )
    validate.set_defaults(func=cmd_validate)

    new = sub.add_parser("new-task", help="scaffold a task directory")
    new.add_argument("name")
    new.add_argument(
        "--pattern", required=True, choices=("static", "service", "fullstack", "knowledge")
    )
    new.add_argument("--services", default=None, help="comma-separated, e.g. shop,email")
    new.add_argument("--domain")
    new.add_argument("--difficulty", choices=("easy", "medium", "hard"))
    new.add_argument("--description")
    new.add_argument("--author", action="append", help="'Name <email>'; repeatable")
    new.add_argument("--no-solution", action="store_true")
    new.add_argument(
        "--no-pytest", action="store_true", help="no Python scoring script: a custom shell test.sh"
    )
    new.add_argument("--metadata-template", type=Path)
    new.add_argument("--steps", help="comma-separated step names: a multi-step task")
    new.add_argument(
        "--mcp",
        action="store_true",
        help="declare each service's MCP server (streamable HTTP at its /mcp) for the agent",
    )
    new.set_defaults(func=cmd_new_task)

    registry = sub.add_parser("registry", help="check (default) or --write the registries")
    registry.add_argument("--check", action="store_true", help="the default")
    registry.add_argument("--write", action="store_true", help="repair them from tasks/")
    registry.set_defaults(func=cmd_registry)

    remove = sub.add_parser("remove-task", help="delete a task and its registry entries")
    remove.add_argument("name")
    remove.add_argument(
        "--dry-run", action="store_true", help="print what would be deleted; change nothing"
    )
    remove.set_defaults(func=cmd_remove_task)

    rename = sub.add_parser(
        "rename-task", help="rename a task: folder, registries, FROM, names in its files"
    )
    rename.add_argument("old")
    rename.add_argument("new")
    rename.set_defaults(func=cmd_rename_task)

    harbor = sub.add_parser("harbor-check", help="load and lint tasks with the real Harbor")
    harbor.add_argument("task", nargs="*", help="task names or directories (default: all)")
    harbor.set_defaults(func=cmd_harbor_check)

    oracle = sub.add_parser("oracle", help="run the trial lifecycle without Docker")
    oracle.add_argument("--task", action="append", default=[])
    oracle.add_argument("--jobs", type=int, default=1)
    oracle.add_argument(
        "--agent",
        type=agent_argument,
        default="oracle",
        help="oracle, null, or the path of a script to run as the agent "
        "(a folder of <step>.sh for a multi-step task)",
    )
    oracle.add_argument(
        "--wrong",
        action="store_true",
        help="run every wrong solution (tasks/<task>/wrong/) and print the checkpoint matrix",
    )
    oracle.add_argument("--json", action="store_true")
    oracle.add_argument(
        "--tasks-dir",
        type=lambda value: Path(value).resolve(),
        help="run the tasks of this folder (e.g. a build-dataset output) instead of tasks/",
    )
    oracle.add_argument(
        "--sidecar",
        action="append",
        default=[],
        metavar="COMMAND",
        help="a command started inside every trial (e.g. a stand-in judge on loopback)",
    )
    oracle.add_argument(
        "--judge",
        choices=("env", "local"),
        default="env",
        help="the LLM judge: from JUDGE_BASE_URL/JUDGE_API_KEY (env; unset: the judged task "
        "is 'not scored'), or local: the stand-in judge the tests use, offline",
    )
    oracle.add_argument(
        "--docker",
        action="store_true",
        help="run in real containers of the task images (built or reused first)",
    )
    oracle.add_argument(
        "--harbor",
        action="store_true",
        help="run the real `harbor run -a oracle|nop -e docker` per task instead",
    )
    oracle.set_defaults(func=cmd_oracle)

    from taskkit.dataset.task_files import (
        DEFAULT_IMAGE,
        DEFAULT_PACKAGE_INDEX,
        GRADER_SOURCES,
        VERIFIER_NETWORKS,
    )

    build = sub.add_parser("build-dataset", help="build a canonical dataset into Harbor tasks")
    build.add_argument("dataset", type=Path, help="the dataset folder (dataset.json, ...)")
    build.add_argument("--out", type=Path, required=True, help="where the tasks are written")
    build.add_argument("--image", default=DEFAULT_IMAGE, help="the agent's prebuilt image")
    build.add_argument("--task-ids", nargs="+", metavar="ID", help="only these records")
    build.add_argument("--prompt-template", type=Path, help="the instruction's preamble")
    build.add_argument("--grader-source", choices=GRADER_SOURCES, default="image")
    build.add_argument(
        "--package-index", default=DEFAULT_PACKAGE_INDEX, help="index of --grader-source pypi"
    )
    build.add_argument(
        "--dockerfile",
        action="store_true",
        help="copy the dataset's environment/ (Dockerfile and context) instead of --image",
    )
    build.add_argument(
        "--verifier-network",
        choices=VERIFIER_NETWORKS,
        default="allowlist",
        help="the separate verifier's network: only the judge (default), or public for a "
        "provider that cannot enforce an allowlist (Harbor's docker one, offline)",
    )
    build.add_argument(
        "--allow-missing-document",
        action="store_true",
        help="build records without their document, with a visible placeholder",
    )
    build.set_defaults(func=cmd_build_dataset)

    publish = sub.add_parser("publish", help="push the task images, write a pinned dataset")
    publish.add_argument("--registry", required=True, help="e.g. 127.0.0.1:5000/liveclaw")
    publish.add_argument("--out", type=Path, help="the dataset folder (default: published/)")
    publish.add_argument("--task", action="append", default=[], help="only this task")
    publish.add_argument("--jobs", type=int, default=2, help="parallel builds and pushes")
    publish.add_argument("--slim", action="store_true", help="base image without Chromium")
    publish.set_defaults(func=cmd_publish)

    schema = sub.add_parser("dataset-schema", help="write the dataset JSON Schemas")
    schema.set_defaults(func=cmd_dataset_schema)

    from taskkit.importers.cli import add_parsers

    add_parsers(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    args.root = args.root.resolve()
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
