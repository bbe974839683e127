"""Invoke front door: ``invoke --list``. Thin wrappers only; the logic lives in the packages."""

from __future__ import annotations

import sys

from invoke import Context, task

PY = sys.executable


@task(help={"marker": "pytest -m expression, e.g. 'not docker'", "args": "extra pytest args"})
def test(c: Context, marker: str = "", args: str = "") -> None:
    """Run the test suite (the same command CI runs)."""
    selection = f'-m "{marker}"' if marker else ""
    c.run(f"{PY} -m pytest {selection} {args}", pty=False)


@task(help={"service": "a service name or 'all'", "seed_file": "a task's seed.json"})
def seed(c: Context, service: str = "all", seed_file: str = "", data_dir: str = "") -> None:
    """Build service DBs from a seed.json (or the embedded default data)."""
    source = f"--from {seed_file}" if seed_file else ""
    target = f"--data-dir {data_dir}" if data_dir else ""
    c.run(f"{PY} -m mock_services.cli {target} seed {service} {source}")


@task(help={"service": "shop | airline | email | calendar", "port": "default: the service's"})
def serve(c: Context, service: str, port: int = 0, data_dir: str = "") -> None:
    """Serve one mock service on localhost (seeds its default data when no DB exists)."""
    target = f"--data-dir {data_dir}" if data_dir else ""
    chosen = f"--port {port}" if port else ""
    c.run(f"{PY} -m mock_services.cli {target} serve {service} {chosen}", pty=False)


@task(help={"name": "services | images | validate | all", "quick": "fewer runs, for a smoke test"})
def bench(c: Context, name: str = "services", quick: bool = False) -> None:
    """Run a benchmark; results are printed and written as JSON under bench/results/."""
    names = ["services", "images", "validate"] if name == "all" else [name]
    for each in names:
        c.run(f"{PY} -m bench.{each}{' --quick' if quick else ''}", pty=False)
