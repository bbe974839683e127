"""``invoke publish --registry REF [--out DIR]``: build (or reuse) every task image, push it to
``REF`` (an image the registry already serves is not pushed again) and write a dataset folder
Harbor runs anywhere, each task pinned to its image by digest (``taskkit/published_dataset.py``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.table import Table

from taskkit.images.binary_map import BinaryMapError, load_binary_map
from taskkit.images.docker_build import (
    DOCKER_UNREACHABLE,
    ImageBuildError,
    docker_client,
    unreachable_message,
)
from taskkit.images.layout import Layout, task_image
from taskkit.images.plan import select_tasks
from taskkit.images.publish import PinnedImage, publish_image
from taskkit.images.runner import BuildOptions, build, summary_table
from taskkit.published_dataset import PublishError, write_published_dataset

# host[:port] then path components, as Docker spells a repository prefix (no scheme, no tag)
REGISTRY_REF = re.compile(
    r"^[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:[0-9]+)?(/[a-z0-9]+([._-][a-z0-9]+)*)*$"
)


@dataclass
class PublishOptions:
    registry: str
    out: Path
    tasks: Sequence[str] = ()
    jobs: int = 2
    slim: bool = False


def check_registry_ref(registry: str) -> str:
    if not REGISTRY_REF.match(registry.rstrip("/")):
        raise PublishError(
            f"--registry {registry!r}: expected a registry host and optional path in lower "
            "case, such as 127.0.0.1:5000/liveclaw or ghcr.io/my-org (no scheme, no tag)"
        )
    return registry.rstrip("/")


def publish(options: PublishOptions, layout: Layout, console: Console) -> dict[str, PinnedImage]:
    """Build, push and write; returns task -> pinned image (raises on any failure)."""
    registry = check_registry_ref(options.registry)
    tasks = select_tasks(
        list(load_binary_map(layout.map_path).tasks), options.tasks, str(layout.map_path)
    )
    build_options = BuildOptions(tasks=tasks, jobs=options.jobs, slim=options.slim, quiet=True)
    report = build(build_options, layout, console)
    if not report.ok:
        console.print(summary_table(report))
        failed = next(o for o in report.outcomes if o.result not in ("built", "reused"))
        reason = f"{failed.result} {failed.error}; nothing was pushed"
        raise ImageBuildError(failed.tag, reason, failed.log or layout.logs_dir)
    client = docker_client()

    def push(task: str) -> PinnedImage:
        tag = task_image(task)
        return publish_image(client, tag, registry, layout.logs_dir / f"publish-{task}.log")

    with ThreadPoolExecutor(max(1, options.jobs)) as pool:
        pins = dict(zip(tasks, pool.map(push, tasks), strict=True))
    write_published_dataset(layout.tasks_dir, pins, registry, options.out)
    return pins


def pins_table(pins: dict[str, PinnedImage], out: Path) -> Table:
    table = Table(title=f"published to {out}")
    for column in ("task", "image", "push"):
        table.add_column(column)
    for task, pin in sorted(pins.items()):
        table.add_row(task, pin.reference, "pushed" if pin.pushed else "unchanged")
    return table


def main(options: PublishOptions, layout: Layout | None = None) -> int:
    """The command; exit 0 when every image is pushed and the folder written, 1 when a build or
    push failed, 2 on bad input (registry, task names, output folder, no Docker)."""
    layout = layout or Layout.for_repo()
    console = Console(stderr=True, width=200)
    try:
        pins = publish(options, layout, console)
    except (PublishError, BinaryMapError) as exc:
        console.print(f"[bold red]publish:[/bold red] {exc}")
        return 2
    except DOCKER_UNREACHABLE as exc:
        console.print(f"[bold red]publish:[/bold red] {unreachable_message(exc)}")
        return 2
    except ImageBuildError as exc:
        console.print(f"[bold red]publish:[/bold red] {exc}")
        return 1
    console.print(pins_table(pins, options.out))
    pushed = sum(pin.pushed for pin in pins.values())
    console.print(f"{pushed} pushed, {len(pins) - pushed} unchanged; run it with:")
    console.print(f"  harbor run -p {options.out} -a oracle -e docker")
    return 0
