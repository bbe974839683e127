"""Where a request's time goes, without a server: every service's loads of ``bench.versus_bare``
(the same requests, seed and SQLite file) sent straight to our WSGI app and to the bare
reference's, alternating in blocks, read as per-request medians. ``invoke bench services``
runs it for every service (``in_process`` in its results); alone, ``--profile OP`` also prints
where ours spends its time (cProfile, by cumulative time):

    python -m bench.in_process [--service shop] [--profile write] [--quick]

Quicker and steadier than the HTTP run (no server, no ``wrk``), so it is the tool for making a
layer cheaper; the HTTP run stays the figure of record.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from werkzeug.test import EnvironBuilder

from bench import bare_app
from bench.common import print_table
from bench.versus_bare import bare_tables, seeded_data_dir, service_loads
from bench.wrk import WrkLoad
from mock_services.core.base.settings import Settings
from mock_services.core.serve.app import create_app
from mock_services.core.serve.process import ServiceProcess, free_port
from mock_services.registry import SERVICE_MODULES, get_spec

BLOCKS, QUICK_BLOCKS = 20, 6
"""Blocks of 100 requests per side and operation."""
WsgiApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


def request_maker(load: WrkLoad, seed: int = 0) -> Callable[[], dict[str, Any]]:
    """WSGI environs of ``load``'s request for random values, as ``wrk`` would send them."""
    rng = random.Random(seed)

    headers = list(load.headers.items())

    def make() -> dict[str, Any]:
        body = load.body.replace("{n}", str(rng.randint(1, 9))) if load.body else None
        return EnvironBuilder(
            method=load.method,
            path=load.path % rng.choice(load.values),
            headers=headers,
            data=body,
            content_type="application/json" if body else None,
        ).get_environ()

    return make


def answer(app: WsgiApp, environ: dict[str, Any]) -> None:
    """Run one request through ``app``; anything but a 2xx is an error of the benchmark."""
    statuses: list[str] = []
    chunks = app(environ, lambda status, _headers, _exc=None: statuses.append(status))
    body = b"".join(chunks)
    getattr(chunks, "close", lambda: None)()
    if not statuses[0].startswith("2"):
        raise RuntimeError(f"{environ['PATH_INFO']}: {statuses[0]}: {body[:300]!r}")


Maker = Callable[[], dict[str, Any]]


def per_request_us(
    apps: dict[str, WsgiApp], make: Maker | dict[str, Maker], blocks: int, per_block: int
) -> dict[str, float]:
    """Median microseconds per request of each app, the apps taking turns block by block;
    ``make`` gives the requests, or by app name the requests of each (each its own login)."""
    makers = make if isinstance(make, dict) else dict.fromkeys(apps, make)
    times: dict[str, list[float]] = {name: [] for name in apps}
    for name, app in apps.items():
        for _ in range(50):  # warm caches and pools
            answer(app, makers[name]())
    for block in range(blocks):
        order = list(apps.items()) if block % 2 == 0 else list(apps.items())[::-1]
        for name, app in order:
            for environ in [makers[name]() for _ in range(per_block)]:
                started = time.perf_counter()
                answer(app, environ)
                times[name].append(time.perf_counter() - started)
    return {name: round(statistics.median(t) * 1e6, 1) for name, t in times.items()}


def profile(app: WsgiApp, make: Callable[[], dict[str, Any]], calls: int = 3000) -> str:
    environs = [make() for _ in range(calls)]
    profiler = cProfile.Profile()
    profiler.enable()
    for environ in environs:
        answer(app, environ)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(45)
    return out.getvalue()


def seeded_with_loads(service: str, workdir: Path) -> tuple[Path, dict[str, WrkLoad]]:
    """A freshly seeded data directory and the benchmark's requests on it (a bench user
    logged in, the cart lines the write changes put in its cart)."""
    data_dir = seeded_data_dir(service, workdir)
    with ServiceProcess(service, free_port(), data_dir, workers=1) as ours_process:
        return data_dir, service_loads(service, ours_process.url)


def wsgi_apps(service: str, data_dir: Path) -> dict[str, WsgiApp]:
    """Ours and the bare app, as WSGI apps on the service's DB in ``data_dir``."""
    return {side: wsgi_app(service, data_dir, side) for side in ("ours", "bare")}


def wsgi_app(service: str, data_dir: Path, side: str) -> WsgiApp:
    """``side`` ("ours" or the "bare" app) as a WSGI app on the service's DB in ``data_dir``."""
    settings = Settings(data_dir=data_dir)
    if side == "ours":
        return create_app(get_spec(service), settings)
    return bare_app.create_app(
        {
            "db": str(settings.db_path(service)),
            "service": service,
            "secret": (settings.secrets_dir / f"{service}.key").read_text().strip(),
            "tables": bare_tables(service),
        }
    )


def measure(service: str, workdir: Path, blocks: int, profile_op: str | None) -> dict[str, Any]:
    data_dir, loads = seeded_with_loads(service, workdir)
    apps = wsgi_apps(service, data_dir)
    results: dict[str, Any] = {}
    for op, load in loads.items():
        us = per_request_us(apps, request_maker(load), blocks, 100)
        results[op] = us | {"bare_over_ours": round(us["bare"] / us["ours"], 2)}
        if op == profile_op:
            print(profile(apps["ours"], request_maker(load, seed=1)))
    return results


def bench_in_process(
    workdir: Path, blocks: int, services: list[str] | None = None, profile_op: str | None = None
) -> dict[str, Any]:
    """Per service and operation: ours' and the bare app's median microseconds per request."""
    return {
        name: measure(name, workdir, blocks, profile_op) for name in services or SERVICE_MODULES
    }


def report_rows(results: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [
        (
            f"{name} {op}: bare / ours, in process",
            f"{r['bare_over_ours']}x",
            f"ours {r['ours']} us, bare {r['bare']} us per request (median)",
        )
        for name, ops in results.items()
        for op, r in ops.items()
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--service", action="append", choices=sorted(SERVICE_MODULES))
    parser.add_argument("--profile", metavar="OP", help="also profile ours on this operation")
    parser.add_argument("--quick", action="store_true", help="fewer blocks")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as workdir:
        blocks = QUICK_BLOCKS if args.quick else BLOCKS
        results = bench_in_process(Path(workdir), blocks, args.service, args.profile)
    print_table("per request, in process", report_rows(results))


if __name__ == "__main__":
    main()
