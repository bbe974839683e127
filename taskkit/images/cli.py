"""``python -m taskkit.images build|bootstrap-os``: the command line behind the Invoke tasks."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from rich.console import Console

from mock_services.core.exact_options import ExactOptions
from taskkit.images.bootstrap import BootstrapError, bootstrap_os
from taskkit.images.layout import NAMESPACE_VARIABLE, OS_IMAGE, Layout, NamespaceError, image_tag
from taskkit.images.runner import BuildOptions, build_images


def _layout(args: argparse.Namespace) -> Layout:
    return Layout.for_repo(
        tasks_dir=args.tasks_dir, map_path=args.binary_map, per_task_dir=args.per_task_dir
    )


def cmd_build(args: argparse.Namespace) -> int:
    if args.push and not args.registry:
        print("error: --push needs --registry", file=sys.stderr)
        return 2
    if args.namespace:
        os.environ[NAMESPACE_VARIABLE] = args.namespace
    try:
        image_tag()
    except NamespaceError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    options = BuildOptions(
        tasks=args.task or (),
        jobs=args.jobs,
        no_cache=args.no_cache,
        dry_run=args.dry_run,
        slim=args.slim,
        registry=args.registry or "",
        push=args.push,
        quiet=args.quiet,
    )
    return build_images(options, _layout(args))


def cmd_bootstrap(args: argparse.Namespace) -> int:
    from taskkit.images.docker_build import (
        DOCKER_UNREACHABLE,
        docker_client,
        find_image,
        unreachable_message,
    )

    layout = _layout(args)
    console = Console(stderr=True)
    try:  # a daemon that does not answer is an error, never a missing image
        client = docker_client()
        image = None if args.force else find_image(client, OS_IMAGE)
    except DOCKER_UNREACHABLE as exc:
        console.print(f"[bold red]error:[/bold red] {unreachable_message(exc)}")
        return 2
    if image is not None:
        console.print(f"{OS_IMAGE} exists ({image.short_id}); --force rebuilds it")
        return 0
    log = layout.logs_dir / "liveclawbench-os.log"
    console.print(f"bootstrapping {OS_IMAGE} with debootstrap (log: {log})")
    try:
        image_id = bootstrap_os(client, log, mirror=args.mirror)
    except BootstrapError as exc:
        console.print(f"[bold red]error:[/bold red] {exc}")
        return 1
    console.print(f"{OS_IMAGE} is {image_id[:19]}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = ExactOptions(prog="python -m taskkit.images", description=__doc__)
    parser.add_argument("--tasks-dir", type=Path, default=None, help="default: tasks/")
    parser.add_argument(
        "--binary-map", type=Path, default=None, help="default: metadata/task-binary-map.json"
    )
    parser.add_argument("--per-task-dir", type=Path, default=None, help="default: images/per_task/")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=ExactOptions)
    build = sub.add_parser("build", help="build base, per-task base and task images")
    build.add_argument("--task", action="append", help="only this task (repeatable)")
    build.add_argument("--jobs", type=int, default=2, help="parallel builds")
    build.add_argument("--no-cache", action="store_true", help="rebuild everything, no layer cache")
    build.add_argument("--dry-run", action="store_true", help="write contexts, print the plan")
    build.add_argument("--slim", action="store_true", help="base image without Chromium")
    build.add_argument("--registry", default=None, help="also tag images as REGISTRY/name")
    build.add_argument("--push", action="store_true", help="push the REGISTRY tags")
    build.add_argument("--quiet", action="store_true", help="only the closing table")
    build.add_argument(
        "--namespace",
        help=f"tag the images NAME instead of latest (default: ${NAMESPACE_VARIABLE})",
    )
    build.set_defaults(func=cmd_build)
    boot = sub.add_parser("bootstrap-os", help=f"debootstrap + docker import {OS_IMAGE}")
    boot.add_argument("--force", action="store_true", help="rebuild even if it exists")
    boot.add_argument("--mirror", default=None, help="Debian mirror (default: deb.debian.org)")
    boot.set_defaults(func=cmd_bootstrap)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return args.func(args)
