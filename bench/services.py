"""``invoke bench services``: start-up, reset, seeding and HTTP load, side by side with json-server
and with a bare Flask app (``bench/versus_bare.py``), and tool-call latency over MCP next to the
same operations over HTTP.

Targets (issues 2 and 12, on a 2-core machine): start-to-healthy p50 < 1 s for every service;
reset of a 10 MB DB < 50 ms; seeding >= 100k rows/s; a GET by id on every service at 16 clients:
p50 < 5 ms, p99 < 25 ms; ours / bare >= 0.8 for each operation loaded; (issue 13) MCP tool calls
at 16 sessions within 1.5x of HTTP's p50 and p99.
"""

from __future__ import annotations

import json
import math
import shutil
import sqlite3
import subprocess
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from bench.common import (
    previous_results,
    print_table,
    require_tools,
    stage,
    summary,
    timed,
    write_results,
)
from bench.in_process import BLOCKS, QUICK_BLOCKS, bench_in_process
from bench.in_process import report_rows as in_process_rows
from bench.mcp_latency import bench_mcp, report_rows
from bench.versus_bare import bench_versus_bare, wait_http
from bench.wrk import WrkLoad, run_wrk
from mock_services.core.base.settings import Settings
from mock_services.core.serve.process import ServiceProcess, free_port
from mock_services.core.serve.seeding import seed_service, seed_task
from mock_services.core.web.runtime import restore_pristine
from mock_services.registry import SERVICE_MODULES, get_spec
from mock_services.shop.catalogue import generate_catalogue

NODE_DIR = Path(__file__).parent / ".node"
JSON_SERVER_VERSION = "0.17.4"


def bench_startup(workdir: Path, runs: int, services: list[str]) -> dict[str, Any]:
    """Seconds from process start to the first 200 on /health, per service (DB already seeded)."""
    results = {}
    for service in services:
        data_dir = workdir / f"startup-{service}"
        spec = get_spec(service)
        seed_service(spec, spec.default_seed(), Settings(data_dir=data_dir))
        times = []
        for _ in range(runs):
            process = ServiceProcess(service, free_port(), data_dir, workers=2)
            started = time.perf_counter()
            process.start()
            times.append(time.perf_counter() - started)
            process.stop()
        results[service] = summary(times)
    return results


def _rows(path: Path) -> int:
    with sqlite3.connect(path) as conn:
        tables = [  # the service's and the core's tables, not SQLite's own (planner statistics)
            t
            for (t,) in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        ]
        return sum(conn.execute(f'SELECT count(*) FROM "{t}"').fetchone()[0] for t in tables)


def bench_seeding(workdir: Path, products: int, runs: int) -> dict[str, Any]:
    """Rows per second when building a shop DB with ``products`` products: from the document in
    memory (the seeding layer alone) and from a ``seed.json`` on disk (``mock-services seed``)."""
    spec = get_spec("shop")
    document = generate_catalogue(products)
    seed_file = workdir / "catalogue-seed.json"
    seed_file.write_text(json.dumps({"shop": document}))
    builds: dict[str, Callable[[Settings], object]] = {
        "document": lambda settings: seed_service(spec, document, settings),
        "file": lambda settings: seed_task({"shop": spec}, seed_file, settings),
    }
    results: dict[str, Any] = {"products": products, "runs": runs}
    for source, build in builds.items():
        seconds = []
        for run in range(runs):
            settings = Settings(data_dir=workdir / f"seeding-{source}-{run}")
            seconds.append(timed(partial(build, settings)))
        rows = _rows(settings.db_path("shop"))
        results[source] = {
            "rows": rows,
            "seconds": summary(seconds),
            "rows_per_second": summary([rows / s for s in seconds]),
        }
    return results


def bench_reset(workdir: Path, target_mb: float, runs: int) -> dict[str, Any]:
    """Milliseconds to put a live DB of at least ``target_mb`` back to its seed (after a change)."""
    spec = get_spec("shop")
    settings = Settings(data_dir=workdir / "reset")
    live = settings.db_path("shop")
    products = 20_000
    while True:  # grow the catalogue until the DB reaches the target size
        seed_service(spec, generate_catalogue(products), settings)
        size_mb = live.stat().st_size / 1024 / 1024
        if size_mb >= target_mb:
            break
        products = math.ceil(products * target_mb / size_mb * 1.05)
    times = []
    for _ in range(runs):
        with sqlite3.connect(live) as conn:
            conn.execute("UPDATE products SET stock = stock + 1 WHERE id % 7 = 0")
        times.append(timed(lambda: restore_pristine(settings, "shop")) * 1000)
    return {
        "db_mb": round(live.stat().st_size / 1024 / 1024, 2),
        "products": products,
        "ms": summary(times),
    }


def _json_server() -> Path:
    binary = NODE_DIR / "node_modules" / ".bin" / "json-server"
    if not binary.exists():
        subprocess.run(
            [
                "npm",
                "install",
                "--silent",
                "--no-audit",
                "--no-fund",
                "--prefix",
                str(NODE_DIR),
                f"json-server@{JSON_SERVER_VERSION}",
            ],
            check=True,
        )
    return binary


def bench_json_server(workdir: Path, products: int, seconds: int) -> dict[str, Any]:
    """GET a random product by id at 16 concurrent clients: ours vs json-server, same data."""
    document = generate_catalogue(products)
    data_dir = workdir / "http"
    seed_service(get_spec("shop"), document, Settings(data_dir=data_dir))
    ids = [str(i) for i in range(1, products + 1)]
    with ServiceProcess("shop", free_port(), data_dir, workers=2) as shop:
        ours = run_wrk(shop.url, WrkLoad(path="/api/products/%s", values=ids), seconds, workdir)
    db_json = workdir / "db.json"
    rows = [{"id": i + 1, **p} for i, p in enumerate(document["products"])]
    db_json.write_text(json.dumps({"products": rows}))
    port = free_port()
    peer = subprocess.Popen(
        [str(_json_server()), "--port", str(port), "--quiet", str(db_json)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_http(f"http://127.0.0.1:{port}/products/1")
        url = f"http://127.0.0.1:{port}"
        theirs = run_wrk(url, WrkLoad(path="/products/%s", values=ids), seconds, workdir)
    finally:
        peer.terminate()
        peer.wait()
    return {
        "products": products,
        "clients": 16,
        "seconds": seconds,
        "mock_services": ours,
        f"json_server_{JSON_SERVER_VERSION}": theirs,
        "throughput_ratio": round(
            float(ours["requests_per_second"]) / float(theirs["requests_per_second"]), 2
        ),
    }


PREREQUISITES = {
    "wrk": "the HTTP load generator: `apt-get install wrk`",
    "npm": "fetches json-server, the comparison: `apt-get install npm`",
}


PER_SERVICE = ("startup_seconds", "versus_bare")
"""The stages run per service (``--service`` picks some; the others keep their last results)."""


def main(quick: bool = False, services: list[str] | None = None) -> dict[str, Any]:
    """Every stage, or with ``services`` only the per-service stages on those services (the
    other services and stages keep their last results)."""
    require_tools(PREREQUISITES)
    workdir = Path(tempfile.mkdtemp(prefix="bench-services-"))
    chosen = services or list(SERVICE_MODULES)
    stages: dict[str, Callable[[], Any]] = {
        "startup_seconds": lambda: bench_startup(workdir, runs=3 if quick else 7, services=chosen),
        "seeding": lambda: bench_seeding(
            workdir, products=20_000 if quick else 100_000, runs=1 if quick else 7
        ),
        "reset": lambda: bench_reset(workdir, target_mb=10, runs=5 if quick else 20),
        "http_get_by_id": lambda: bench_json_server(
            workdir, products=10_000, seconds=3 if quick else 10
        ),
        "versus_bare": lambda: bench_versus_bare(
            workdir, rounds=1 if quick else 3, seconds=2 if quick else 5, services=chosen
        ),
        "mcp_vs_http": lambda: bench_mcp(workdir, seconds=2 if quick else 10),
        "in_process": lambda: bench_in_process(workdir, blocks=QUICK_BLOCKS if quick else BLOCKS),
    }
    if services:
        stages = {name: stages[name] for name in PER_SERVICE}
    results: dict[str, Any] = previous_results("services", quick=quick) if services else {}
    try:
        for index, (name, measure) in enumerate(stages.items(), 1):
            with stage(f"services {index}/{len(stages)}: {name}"):
                fresh = measure()
            if services and name == "startup_seconds":
                fresh = {**results.get(name, {}), **fresh}
            elif services and name == "versus_bare":  # the run's own load averages, by service
                last = results.get(name, {})
                load = [fresh["load_average_before"], fresh["load_average_after"]]
                fresh = {
                    **last,
                    "services": {**last.get("services", {}), **fresh["services"]},
                    "load_average_by_service": {
                        **last.get("load_average_by_service", {}),
                        **dict.fromkeys(services, load),
                    },
                }
            results[name] = fresh
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    path = write_results("services", results, quick=quick)
    report(results, services)
    print(f"\nwritten to {path}")
    return results


def report(results: dict[str, Any], services: list[str] | None = None) -> None:
    """The table of every stage, or with ``services`` only what this run measured: those
    services' start-up and side-by-side rows and their load averages (the rest of the record
    holds earlier runs' results)."""
    if services:
        by_service = results["versus_bare"]["load_average_by_service"]
        loads = [by_service[name] for name in services]
        rows = per_service_rows(results, services)
        rows.append(
            (
                "load average before / after (1 min)",
                ", ".join(f"{before[0]} / {after[0]}" for before, after in loads),
                "",
            )
        )
        print_table("mock services benchmark (this run's services)", rows)
        return
    rows = per_service_rows(results, list(results["startup_seconds"]))
    for source, label in (("document", "from a document"), ("file", "from seed.json")):
        seeding = results["seeding"][source]
        rows.append(
            (
                f"seeding {seeding['rows']:,} rows {label} (median)",
                f"{seeding['rows_per_second']['median']:,.0f} rows/s",
                "target >= 100,000",
            )
        )
    reset = results["reset"]
    rows.append(
        (
            f"reset a {reset['db_mb']} MB DB (median)",
            f"{reset['ms']['median']:.1f} ms",
            "target < 50 ms",
        )
    )
    http = results["http_get_by_id"]
    for name in ("mock_services", f"json_server_{JSON_SERVER_VERSION}"):
        r = http[name]
        rows.append(
            (
                f"{name}: GET by id, 16 clients",
                f"{r['requests_per_second']:,.0f} req/s",
                f"p50 {r.get('p50_ms', 0):.2f} ms, p99 {r.get('p99_ms', 0):.2f} ms"
                f" (target p50 < 5, p99 < 25); non-2xx {r['non_2xx']}",
            )
        )
    rows.append(("throughput ratio (ours / json-server)", f"{http['throughput_ratio']}x", ""))
    versus = results["versus_bare"]
    rows.append(
        (
            "load average before / after (1 min)",
            f"{versus['load_average_before'][0]} / {versus['load_average_after'][0]}",
            "",
        )
    )
    rows += report_rows(results["mcp_vs_http"])
    rows += in_process_rows(results["in_process"])
    print_table("mock services benchmark", rows)


def per_service_rows(results: dict[str, Any], services: list[str]) -> list[tuple[str, str, str]]:
    """Start to healthy and ours against the bare app, for ``services`` (those measured)."""
    startup = results["startup_seconds"]
    rows = [
        (
            f"start to healthy: {name} (p50)",
            f"{startup[name]['median'] * 1000:.0f} ms",
            "target < 1000 ms",
        )
        for name in services
        if name in startup
    ]
    measured = results["versus_bare"]["services"]
    for service in (name for name in services if name in measured):
        for op, r in measured[service].items():
            ours, bare = r["ours"], r["bare"]
            latency = f"p50 {ours['p50_ms']:.2f} ms, p99 {ours['p99_ms']:.2f} ms"
            target = " (target p50 < 5, p99 < 25)" if op == "get_by_id" else ""
            rows.append(
                (
                    f"{service} {op}: ours / bare (median req/s)",
                    f"{r['ours_over_bare']}x",
                    f"{ours['requests_per_second']:,.0f} / {bare['requests_per_second']:,.0f}"
                    f" (target >= 0.8); ours {latency}{target}; non-2xx {ours['non_2xx']}",
                )
            )
    return rows


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer runs, shorter loads")
    parser.add_argument(
        "--service",
        action="append",
        choices=list(SERVICE_MODULES),
        help="only the per-service stages (start to healthy, ours against the bare app) on this"
        " service (repeatable); the other services and stages keep their last results",
    )
    args = parser.parse_args()
    main(quick=args.quick, services=args.service)
