"""Shared helpers of the benchmarks: statistics, result files, a plain table."""

from __future__ import annotations

import json
import platform
import shutil
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rich.console import Console

RESULTS = Path(__file__).parent / "results"
QUICK_RESULTS = RESULTS / "quick"  # git-ignored: a --quick run never replaces a tracked result
_progress = Console(stderr=True, highlight=False)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def summary(values: list[float]) -> dict[str, float]:
    return {
        "n": len(values),
        "median": statistics.median(values),
        "p90": percentile(values, 90),
        "min": min(values),
        "max": max(values),
    }


def timed(action: Callable[[], Any]) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def results_path(name: str, *, quick: bool) -> Path:
    """``bench/results/<name>.json``, or for a ``--quick`` run ``bench/results/quick/``'s."""
    return (QUICK_RESULTS if quick else RESULTS) / f"{name}.json"


def previous_results(name: str, *, quick: bool) -> dict[str, Any]:
    """The ``results`` of the last run's file (empty when it was never run): a run of some
    parts keeps the others'."""
    path = results_path(name, quick=quick)
    return json.loads(path.read_text())["results"] if path.exists() else {}


def write_results(name: str, results: dict[str, Any], *, quick: bool) -> Path:
    path = results_path(name, quick=quick)
    path.parent.mkdir(exist_ok=True)
    document = {
        "benchmark": name,
        "at": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": {"cpus": _cpus(), "python": platform.python_version()},
        "results": results,
    }
    path.write_text(json.dumps(document, indent=2) + "\n")
    return path


@contextmanager
def stage(label: str) -> Iterator[None]:
    """A progress line (on stderr) when a stage starts and one with its seconds when it ends."""
    started = time.perf_counter()
    _progress.print(f"[bold]>[/] {label} ...")
    yield
    _progress.print(f"  {label}: done in {time.perf_counter() - started:.1f} s")


def print_table(title: str, rows: list[tuple[str, str, str]]) -> None:
    width = max(len(r[0]) for r in rows)
    print(f"\n{title}")
    for label, value, target in rows:
        print(f"  {label:<{width}}  {value:>14}  {target}")


def require_tools(how_to_get: dict[str, str]) -> None:
    """Stop with one line naming every missing command (``{"wrk": "apt-get install wrk"}``)
    before a benchmark starts, instead of a traceback halfway through."""
    missing = [f"`{tool}` ({how})" for tool, how in how_to_get.items() if not shutil.which(tool)]
    if missing:
        raise SystemExit(f"bench: missing {', '.join(missing)}")


def require_docker() -> None:
    """Stop with one line when no Docker daemon answers."""
    from taskkit.images.docker_build import DOCKER_UNREACHABLE, docker_client, unreachable_message

    try:
        docker_client(timeout=10).ping()
    except DOCKER_UNREACHABLE as exc:
        raise SystemExit(f"bench: {unreachable_message(exc)}") from None


def _cpus() -> int:
    import os

    return os.cpu_count() or 0
