"""The handler of ``python -m taskkit oracle``: the runner chosen by name (``--runner``), the
stand-in judge where ``--judge local`` asks for it."""

from __future__ import annotations

import argparse
import shlex
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from taskkit import stand_in_judge
from taskkit.images.docker_build import docker_client
from taskkit.registries import BINARY_MAP
from taskkit.runners import Runner, UnknownRunner, get_runner


def cmd_oracle(args: argparse.Namespace) -> int:
    try:
        runner = get_runner(args.runner)
    except UnknownRunner as exc:
        print(f"oracle: {exc}", file=sys.stderr)
        return 2
    if args.tasks_dir and (args.tasks_dir.parent / BINARY_MAP).exists():
        args.root = args.tasks_dir.parent  # an import's output: a task tree with its registries
    elif runner.needs_binary_map and args.tasks_dir:
        print(
            f"oracle: --runner {runner.name} builds images from a task tree with "
            f"{BINARY_MAP} (an `invoke import` output); {args.tasks_dir.parent} has "
            "none: run it with --runner local or --runner harbor",
            file=sys.stderr,
        )
        return 2
    if args.sidecar and runner.in_containers:
        print(f"oracle: --sidecar is for the local runner, not {runner.name}", file=sys.stderr)
        return 2
    with _judge(args, runner):
        return runner.load().main(args)


@contextmanager
def _judge(args: argparse.Namespace, runner: Runner) -> Iterator[None]:
    """``--judge local``: the stand-in judge for every trial (``args.env`` points the
    verifiers at it): a sidecar in each local trial, else a server containers reach."""
    args.env = {}
    if args.judge != "local":
        yield
        return
    if not runner.in_containers:
        args.env = stand_in_judge.judge_env("127.0.0.1", stand_in_judge.LOOPBACK_PORT)
        args.sidecar = [*args.sidecar, shlex.join(stand_in_judge.trial_sidecar())]
        yield
        return
    with stand_in_judge.host_judge(stand_in_judge.docker_host_address(docker_client())) as env:
        args.env = env
        yield
