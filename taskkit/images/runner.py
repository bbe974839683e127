"""``invoke build-images``: plan, then build in dependency order and in parallel, with a live
display, one log per image and a closing table. Failed builds name their log; the rest go on."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from io import BytesIO
from typing import Any

from rich.console import Console, JustifyMethod
from rich.live import Live
from rich.table import Table
from rich.text import Text

from taskkit.file_lock import held
from taskkit.images.binary_map import BinaryMapError
from taskkit.images.bootstrap import BootstrapError, bootstrap_os
from taskkit.images.contexts import base_context_tar
from taskkit.images.docker_build import (
    DOCKER_UNREACHABLE,
    BuildOutcome,
    build_image,
    docker_client,
    existing_inputs_hash,
    find_image,
    image_size,
    push_image,
    unreachable_message,
)
from taskkit.images.layout import OS_IMAGE, Layout, remote_repository
from taskkit.images.plan import BuildPlan, ImageNode, make_plan
from taskkit.images.wheelhouse import WheelhouseError, ensure_wheelhouse

STYLES = {"built": "green", "reused": "cyan", "failed": "bold red", "skipped": "yellow"}


@dataclass
class BuildOptions:
    tasks: Sequence[str] = ()
    jobs: int = 2
    no_cache: bool = False
    dry_run: bool = False
    slim: bool = False
    registry: str = ""
    push: bool = False
    quiet: bool = False


@dataclass
class BuildReport:
    outcomes: list[BuildOutcome] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return all(o.result in ("built", "reused") for o in self.outcomes)

    def outcome(self, tag: str) -> BuildOutcome:
        return next(o for o in self.outcomes if o.tag == tag)


class Display:
    """The live table while building; plain lines when the output is not a terminal."""

    def __init__(self, console: Console, plan: BuildPlan, quiet: bool) -> None:
        self.console, self.quiet = console, quiet
        # tag -> [status, last line, since when]
        self.state: dict[str, list[Any]] = {n.tag: ["waiting", "", 0.0] for n in plan.nodes}
        self.lock = threading.Lock()
        self.live: Live | None = None

    def __enter__(self) -> Display:
        if self.console.is_terminal and not self.quiet:
            self.live = Live(get_renderable=self.render, console=self.console, refresh_per_second=4)
            self.live.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.live is not None:
            self.live.__exit__(None, None, None)

    def set(self, tag: str, status: str, line: str = "") -> None:
        with self.lock:
            entry = self.state[tag]
            if status != entry[0]:
                entry[2] = time.monotonic()
                if self.live is None and not self.quiet:
                    self.console.print(f"{tag}: {status}{f' ({line})' if line else ''}")
            entry[0], entry[1] = status, line

    def render(self) -> Table:
        table = Table(box=None, show_header=False, pad_edge=False)
        with self.lock:
            for tag, (status, line, since) in self.state.items():
                clock = f"{time.monotonic() - since:5.0f}s" if status == "building" else ""
                table.add_row(
                    tag, Text(status, style=STYLES.get(status, "")), clock, Text(line[-70:])
                )
        return table


def summary_table(report: BuildReport) -> Table:
    table = Table(title=f"images ({report.seconds:.1f}s in total)")
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("image", "left"),
        ("size", "right"),
        ("seconds", "right"),
    )
    for column, justify in columns:
        table.add_column(column, justify=justify)
    table.add_column("result")
    for outcome in report.outcomes:
        size = f"{outcome.size / 1e6:,.1f} MB" if outcome.size else ""
        result = Text(outcome.result, style=STYLES.get(outcome.result, ""))
        if outcome.error:
            result.append(f"  {outcome.error}")
        table.add_row(outcome.tag, size, f"{outcome.seconds:.1f}", result)
    return table


def plan_table(plan: BuildPlan) -> Table:
    table = Table(title="build plan (dry run: nothing is built)")
    for column in ("image", "layer", "inputs", "context", "after"):
        table.add_column(column)
    for node in plan.nodes:
        context = str(node.context) if not callable(node.context) else "images/base + wheelhouse"
        table.add_row(node.tag, node.layer, node.short_hash, context, ", ".join(node.depends_on))
    return table


def _ensure_os_image(client, layout: Layout, console: Console) -> str:
    with held(OS_IMAGE):  # another build making it is waited for, not repeated
        image = find_image(client, OS_IMAGE)
        if image is not None and image.id is not None:  # the daemon always gives an id
            return image.id
        log = layout.logs_dir / "liveclawbench-os.log"
        console.print(
            f"[yellow]{OS_IMAGE} is missing and no registry is used: bootstrapping it with "
            f"debootstrap + docker import (about a minute, once per machine; log: {log})[/yellow]"
        )
        return bootstrap_os(client, log)


def _build_one(
    node: ImageNode, layout: Layout, options: BuildOptions, display: Display
) -> BuildOutcome:
    client = docker_client()
    log = layout.logs_dir / node.log_name
    started = time.monotonic()
    if not options.no_cache and existing_inputs_hash(client, node.tag) == node.inputs_hash:
        display.set(node.tag, "reused")
        result = "reused"
    else:
        display.set(node.tag, "building")
        build_image(
            client,
            node,
            log,
            no_cache=options.no_cache,
            on_line=lambda line: display.set(node.tag, "building", line),
        )
        display.set(node.tag, "built")
        result = "built"
    if options.registry and options.push:
        display.set(node.tag, "pushing")
        push_image(client, node.tag, options.registry, log)
        display.set(node.tag, result)
    elif options.registry:
        version = node.tag.partition(":")[2]
        client.images.get(node.tag).tag(remote_repository(options.registry, node.tag), version)
    seconds = time.monotonic() - started
    return BuildOutcome(node.tag, result, seconds, image_size(client, node.tag), log=log)


def run_plan(
    plan: BuildPlan, layout: Layout, options: BuildOptions, console: Console
) -> BuildReport:
    report = BuildReport()
    outcomes: dict[str, BuildOutcome] = {}
    pending = list(plan.nodes)
    running: dict[Future, ImageNode] = {}
    started = time.monotonic()
    with (
        Display(console, plan, options.quiet) as display,
        ThreadPoolExecutor(max(1, options.jobs)) as pool,
    ):
        while pending or running:
            for node in list(pending):
                deps = [outcomes.get(d) for d in node.depends_on]
                if any(d is not None and d.result in ("failed", "skipped") for d in deps):
                    pending.remove(node)
                    outcomes[node.tag] = BuildOutcome(
                        node.tag, "skipped", error=f"needs {', '.join(node.depends_on)}"
                    )
                    display.set(node.tag, "skipped")
                elif all(d is not None for d in deps):
                    pending.remove(node)
                    running[pool.submit(_build_one, node, layout, options, display)] = node
            if not running:
                continue
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                node = running.pop(future)
                try:
                    outcomes[node.tag] = future.result()
                except Exception as exc:  # one failed image must not stop the others
                    log = getattr(exc, "log", layout.logs_dir / node.log_name)
                    reason = getattr(exc, "reason", str(exc))
                    outcomes[node.tag] = BuildOutcome(
                        node.tag, "failed", error=f"{reason[:200]} (log: {log})", log=log
                    )
                    display.set(node.tag, "failed")
    report.outcomes = [outcomes[n.tag] for n in plan.nodes]
    report.seconds = time.monotonic() - started
    return report


def build_images(options: BuildOptions, layout: Layout | None = None) -> int:
    """The whole command; returns the process exit code (0 when every image is there)."""
    layout = layout or Layout.for_repo()
    console = Console(stderr=True)
    if not console.is_terminal:
        console = Console(stderr=True, width=200)
    try:
        if options.dry_run:
            plan = make_plan(
                layout,
                os_image_id="(dry run)",
                tasks=options.tasks,
                slim=options.slim,
                base_context=lambda: BytesIO(),
            )
            console.print(plan_table(plan))
            console.print(f"per-task contexts written under {layout.per_task_dir}")
            return 0
        report = build(options, layout, console)
    except (BinaryMapError, BootstrapError, WheelhouseError) as exc:
        console.print(f"[bold red]error:[/bold red] {exc}")
        return 2
    except DOCKER_UNREACHABLE as exc:
        console.print(f"[bold red]error:[/bold red] {unreachable_message(exc)}")
        return 2
    console.print(summary_table(report))
    for outcome in report.outcomes:
        if outcome.result == "failed":
            console.print(f"[red]{outcome.tag} failed; see {outcome.log}[/red]")
    return 0 if report.ok else 1


def build(options: BuildOptions, layout: Layout, console: Console) -> BuildReport:
    client = docker_client()
    client.ping()
    os_id = _ensure_os_image(client, layout, console)

    def base_context() -> BytesIO:
        wheelhouse = ensure_wheelhouse(layout, layout.logs_dir / "wheelhouse.log")
        return base_context_tar(layout, wheelhouse)

    plan = make_plan(
        layout, os_image_id=os_id, tasks=options.tasks, slim=options.slim, base_context=base_context
    )
    return run_plan(plan, layout, options, console)
