"""``python -m taskkit.images build|bootstrap-os``: the command line behind the Invoke tasks."""

from __future__ import annotations

import argparse
import os
import sys

from rich.console import Console

from mock_services.core.base.exact_options import ExactOptions
from taskkit.commands import add_leading_options, add_to_parser, commands_of
from taskkit.file_lock import held
from taskkit.images import docker_build
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
    layout = _layout(args)
    console = Console(stderr=True)
    with held(OS_IMAGE):
        try:  # a daemon that does not answer is an error, never a missing image
            client = docker_build.docker_client()
            image = None if args.force else docker_build.find_image(client, OS_IMAGE)
        except docker_build.DOCKER_UNREACHABLE as exc:
            console.print(f"[bold red]error:[/bold red] {docker_build.unreachable_message(exc)}")
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
    add_leading_options(commands_of("taskkit.images"), parser)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=ExactOptions)
    for each in commands_of("taskkit.images"):
        add_to_parser(each, sub.add_parser(each.word, help=each.summary, description=each.doc))
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.declaration.function()(args))
