"""Image benchmark (``python -m bench.images [--quick]``), on the image tests' fixture tasks
built from a frozen snapshot of the sources, with a slim base:

- cold build time per layer (``--no-cache``) and the wheelhouse build;
- warm build time per layer (inputs changed, Docker's layer cache hot);
- the size each per-task layer adds on top of the base (target < 1 MB);
- a no-change rebuild of every image (target < 10 s);
- container start to ready for the three-service fixture task, for the first real task with
  three services when ``tasks/`` has one, and for five shipped services with their default
  data (target p50 < 2 s; the reference lifecycle sleeps 5 s).

``--five-services`` runs only the last (about a minute); the other results are kept.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from rich.console import Console

from bench.common import (
    previous_results,
    print_table,
    require_docker,
    summary,
    timed,
    write_results,
)
from mock_services.registry import get_spec
from taskkit.images.contexts import ResolvedService, startup_script
from taskkit.images.layout import base_image, task_base_image, task_image
from taskkit.images.runner import BuildOptions, BuildReport, build
from taskkit.images.wheelhouse import ensure_wheelhouse
from tests.images.fixture_repo import FIXTURE_TASKS, make_fixture_repo, snapshot_sources

READY_LINE = b"entrypoint: ready:"
TRIO = "trio-fixture"
FIVE_SERVICES = ("shop", "email", "calendar", "todolist", "expense")


def layer_seconds(report: BuildReport) -> dict[str, Any]:
    return {o.tag: {"result": o.result, "seconds": round(o.seconds, 2)} for o in report.outcomes}


def build_checked(options: BuildOptions, layout, console: Console) -> BuildReport:
    report = build(options, layout, console)
    if not report.ok:
        failed = [f"{o.tag}: {o.error}" for o in report.outcomes if o.result == "failed"]
        raise SystemExit("build failed:\n" + "\n".join(failed))
    return report


def start_to_ready(client, image: str, runs: int, **run_options: Any) -> list[float]:
    """Seconds from ``docker run`` to the entrypoint's readiness line, per run."""
    seconds = []
    for _ in range(runs):
        started = time.perf_counter()
        container = client.containers.run(image, detach=True, **run_options)
        ready = threading.Event()

        def watch(container=container, ready=ready) -> None:
            for chunk in container.logs(stream=True, follow=True):
                if READY_LINE in chunk:
                    ready.set()
                    return

        threading.Thread(target=watch, daemon=True).start()
        if not ready.wait(60):
            logs = container.logs().decode()
            container.remove(force=True)
            raise SystemExit(f"{image} not ready in 60 s:\n{logs}")
        seconds.append(time.perf_counter() - started)
        container.remove(force=True)
    return seconds


def real_task_start_to_ready(console: Console, runs: int) -> dict[str, Any] | None:
    """The same for the first real task (``tasks/``) with three or more services, if any."""
    import docker

    from taskkit.images.binary_map import load_binary_map
    from taskkit.images.layout import Layout

    layout = Layout.for_repo()
    if not layout.map_path.exists():
        return None
    entries = load_binary_map(layout.map_path).tasks
    task = next((name for name, spec in sorted(entries.items()) if len(spec.services) >= 3), None)
    if task is None:
        return None
    build_checked(BuildOptions(tasks=[task], slim=True, quiet=True), layout, console)
    seconds = start_to_ready(docker.from_env(), task_image(task), runs)
    return {"task": task, "services": entries[task].services, **summary(seconds)}


def five_services_start_to_ready(client, runs: int) -> dict[str, Any]:
    """A task image with five services: the base image (every service installed) given a
    startup declaration of :data:`FIVE_SERVICES`, their DBs seeded once into a volume (as an
    image build seeds them), then start to ready per run."""
    services = [ResolvedService(n, n, get_spec(n).port, "default") for n in FIVE_SERVICES]
    with tempfile.TemporaryDirectory(prefix="bench-five-") as tmp:
        script = Path(tmp) / "bench-five.sh"
        script.write_text(startup_script("bench-five", services, None))
        script.chmod(0o644)
        volume = client.volumes.create()
        options = {
            "environment": {"MOCK_TASK": "bench-five"},
            "volumes": {
                str(script): {"bind": "/opt/mock/startup.d/bench-five.sh", "mode": "ro"},
                volume.name: {"bind": "/var/lib/mock-data", "mode": "rw"},
            },
        }
        try:
            client.containers.run(base_image(), ["--seed-only"], remove=True, **options)
            seconds = start_to_ready(client, base_image(), runs, **options)
        finally:
            volume.remove(force=True)
    return {"services": list(FIVE_SERVICES), **summary(seconds)}


def run(quick: bool) -> dict[str, Any]:
    console = Console(stderr=True, width=200)
    options = BuildOptions(slim=True, jobs=2, quiet=True)
    with tempfile.TemporaryDirectory(prefix="bench-images-") as tmp:
        root = Path(tmp)
        layout = make_fixture_repo(root / "repo", snapshot_sources(root / "sources"))
        started = time.perf_counter()
        ensure_wheelhouse(replace(layout, wheelhouse_dir=root / "wheelhouse"), root / "wh.log")
        wheelhouse_seconds = time.perf_counter() - started

        cold = build_checked(replace(options, no_cache=True), layout, console)
        client = __import__("docker").from_env()
        base_size = client.images.get(base_image()).attrs["Size"]
        added = {
            task: client.images.get(task_base_image(task)).attrs["Size"] - base_size
            for task in FIXTURE_TASKS
        }
        # The whole command minus interpreter start: hashing, planning, Docker look-ups.
        reuse = [
            timed(lambda: build_checked(options, layout, console)) for _ in range(2 if quick else 3)
        ]
        fragment = layout.tasks_dir / "notes-fixture" / "startup.extra.sh"
        fragment.write_text(fragment.read_text() + "# bench: a changed fragment\n")
        warm_task = build_checked(options, layout, console)
        dockerfile = layout.base_dir / "Dockerfile"
        dockerfile.write_text(dockerfile.read_text() + "# bench: a changed comment\n")
        warm_base = build_checked(options, layout, console)
        ready = start_to_ready(client, task_image(TRIO), 5 if quick else 15)
        shutil.rmtree(root / "wheelhouse", ignore_errors=True)
    real = real_task_start_to_ready(console, 5 if quick else 15)
    five = five_services_start_to_ready(client, 5 if quick else 15)
    return {
        "wheelhouse_cold_seconds": round(wheelhouse_seconds, 2),
        "cold_no_cache": {"total_seconds": round(cold.seconds, 2), **layer_seconds(cold)},
        "warm_task_fragment_changed": {
            "total_seconds": round(warm_task.seconds, 2),
            **layer_seconds(warm_task),
        },
        "warm_base_inputs_changed": {
            "total_seconds": round(warm_base.seconds, 2),
            **layer_seconds(warm_base),
        },
        "base_size_bytes": base_size,
        "per_task_layer_bytes": added,
        "no_change_rebuild_seconds": summary(reuse),
        "start_to_ready_seconds_3_services": summary(ready),
        "start_to_ready_seconds_real_task": real,
        "start_to_ready_seconds_5_services": five,
        "targets": {
            "per_task_layer_bytes": 1_000_000,
            "no_change_rebuild_seconds": 10.0,
            "start_to_ready_p50_seconds": 2.0,
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer runs")
    parser.add_argument(
        "--five-services", action="store_true", help="only the five-service start to ready"
    )
    args = parser.parse_args()
    require_docker()
    if args.five_services:
        client = __import__("docker").from_env()
        five = five_services_start_to_ready(client, 5 if args.quick else 15)
        results = {
            **previous_results("images", quick=args.quick),
            "start_to_ready_seconds_5_services": five,
        }
        print_table("images: five services", _five_rows(five))
        print(f"\nwrote {write_results('images', results, quick=args.quick)}")
        return
    results = run(args.quick)
    cold, ready = results["cold_no_cache"], results["start_to_ready_seconds_3_services"]
    warm_task = results["warm_task_fragment_changed"][task_base_image("notes-fixture")]
    rows = [
        ("wheelhouse (cold)", f"{results['wheelhouse_cold_seconds']:.1f} s", ""),
        ("base, cold (--no-cache, slim)", f"{cold[base_image()]['seconds']:.1f} s", ""),
        (
            "per-task base, cold (trio)",
            f"{cold[task_base_image(TRIO)]['seconds']:.1f} s",
            "",
        ),
        ("task image, cold (trio)", f"{cold[task_image(TRIO)]['seconds']:.1f} s", ""),
        (
            "per-task base, warm (fragment changed)",
            f"{warm_task['seconds']:.1f} s",
            "",
        ),
        (
            "base, warm (inputs changed, cache hot)",
            f"{results['warm_base_inputs_changed'][base_image()]['seconds']:.1f} s",
            "",
        ),
        ("base size (slim)", f"{results['base_size_bytes'] / 1e6:.1f} MB", ""),
    ]
    rows += [
        (f"layer added by {task}", f"{size / 1e3:.0f} kB", "target < 1 MB")
        for task, size in results["per_task_layer_bytes"].items()
    ]
    rows += [
        (
            "no-change rebuild, 7 images (median; + ~0.5 s interpreter start)",
            f"{results['no_change_rebuild_seconds']['median']:.2f} s",
            "target < 10 s",
        ),
        ("start to ready, 3 services (p50)", f"{ready['median']:.2f} s", "target < 2 s"),
        ("start to ready, 3 services (p90)", f"{ready['p90']:.2f} s", "reference: 5 s sleep"),
    ]
    real = results["start_to_ready_seconds_real_task"]
    if real:
        label = f"start to ready, {real['task']} (p50)"
        rows.append((label, f"{real['median']:.2f} s", "target < 2 s"))
    rows += _five_rows(results["start_to_ready_seconds_5_services"])
    print_table("images (slim base, fixture tasks)", rows)
    print(f"\nwrote {write_results('images', results, quick=args.quick)}")


def _five_rows(five: dict[str, Any]) -> list[tuple[str, str, str]]:
    label = f"start to ready, 5 services: {', '.join(five['services'])}"
    return [
        (f"{label} (p50)", f"{five['median']:.2f} s", "target < 2 s"),
        (f"{label} (p90)", f"{five['p90']:.2f} s", ""),
    ]


if __name__ == "__main__":
    main()
