"""Every service's HTTP load next to the bare reference (``bench/bare_app.py``): the same
requests, the same server, workers and SQLite file, ``wrk`` runs of ours and the bare app
interleaved (the order alternating per round) and read as medians, so that the machine's load
falls on both alike. Ours / bare is the throughput ratio of the medians."""

from __future__ import annotations

import os
import signal
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

from bench.load import logged_in
from bench.wrk import WrkLoad, run_wrk
from mock_services.core.base.settings import Settings
from mock_services.core.serve.process import ServiceProcess, free_port
from mock_services.core.serve.seeding import seed_service
from mock_services.core.spec.service import MainRecord
from mock_services.registry import SERVICE_MODULES, get_spec
from mock_services.shop.catalogue import generate_catalogue

SHOP_PRODUCTS = 10_000


def main_record(service: str) -> MainRecord:
    """The read by key the bench loads on ``service``: its spec's (shop: a product by id)."""
    read = get_spec(service).main_record
    if read is None:
        raise ValueError(f"{service}: its ServiceSpec declares no main_record to bench")
    return read


def bare_tables(service: str) -> dict[str, str]:
    """The bare app's ``--table`` of ``service``'s read by key: ``RESOURCE -> TABLE.KEY``."""
    read = main_record(service)
    return {read.resource: f"{read.table}.{read.key}"}


class BareProcess:
    """``python -m bench.bare_app`` on a free port, stopped with its process group."""

    def __init__(self, db: Path, service: str, tables: dict[str, str], workers: int = 2) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        command = [sys.executable, "-m", "bench.bare_app", "--db", str(db)]
        command += ["--service", service, "--port", str(self.port), "--workers", str(workers)]
        command += [arg for r, t in tables.items() for arg in ("--table", f"{r}={t}")]
        self._proc = subprocess.Popen(
            command,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        wait_http(self.url + "/health")

    def stop(self) -> None:
        os.killpg(self._proc.pid, signal.SIGTERM)
        self._proc.wait(timeout=10)


def wait_http(url: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=1):
                return
        except (urllib.error.URLError, OSError):
            time.sleep(0.05)
    raise RuntimeError(f"{url} did not answer within {timeout}s")


def seeded_data_dir(service: str, workdir: Path) -> Path:
    """A freshly seeded data dir: the shop with a ``SHOP_PRODUCTS`` catalogue, the others with
    their default seed."""
    spec = get_spec(service)
    data_dir = workdir / f"versus-{service}"
    seed = generate_catalogue(SHOP_PRODUCTS) if service == "shop" else spec.default_seed()
    seed_service(spec, seed, Settings(data_dir=data_dir))
    return data_dir


@contextmanager
def side_by_side(service: str, workdir: Path) -> Iterator[tuple[ServiceProcess, BareProcess]]:
    """Ours and the bare app, both serving one freshly seeded DB."""
    data_dir = seeded_data_dir(service, workdir)
    with ServiceProcess(service, free_port(), data_dir, workers=2) as ours:
        bare = BareProcess(
            Settings(data_dir=data_dir).db_path(service), service, bare_tables(service)
        )
        try:
            yield ours, bare
        finally:
            bare.stop()


def service_loads(service: str, url: str) -> dict[str, WrkLoad]:
    """The operations loaded on ``service``: a GET by key everywhere; on the shop also a
    filtered listing (a brand, by price) and a write (a cart line's quantity, 1 to 9)."""
    http = logged_in(service, url)
    auth = {"Authorization": http.headers["Authorization"]}
    read = main_record(service)
    if service == "shop":  # its catalogue is the one seeded here, every product readable
        ids = [str(i) for i in range(1, SHOP_PRODUCTS + 1)]
    else:
        answer = http.get(url + read.listing, timeout=30)
        answer.raise_for_status()
        ids = sorted({str(item[read.key]) for item in answer.json()["items"]})
    loads = {"get_by_id": WrkLoad(path=f"/api/{read.resource}/%s", values=ids, headers=auth)}
    if service == "shop":
        loads["filtered_listing"] = WrkLoad(
            path="/api/products?brand=%s&sort=price_asc",
            values=[quote(b) for b in _shop_brands(http, url)],
            headers=auth,
        )
        loads["write"] = WrkLoad(
            method="PATCH",
            path="/api/cart/items/%s",
            values=_cart_lines(http, url),
            body='{"quantity": {n}}',
            headers=auth,
        )
    return loads


def _shop_brands(http: Any, url: str) -> list[str]:
    answer = http.get(url + "/api/products?per_page=100", timeout=30)
    answer.raise_for_status()
    return sorted({p["brand"] for p in answer.json()["items"]})


def _cart_lines(http: Any, url: str, lines: int = 3) -> list[str]:
    """Cart line ids of ``lines`` products with at least 9 in stock, put in the cart."""
    answer = http.get(url + "/api/products?in_stock=true&sort=rating&per_page=100", timeout=30)
    answer.raise_for_status()
    products = [p["id"] for p in answer.json()["items"] if p["stock"] >= 9][:lines]
    cart: dict[str, Any] = {}
    for product in products:
        added = http.post(url + "/api/cart/items", json={"product_id": product}, timeout=30)
        added.raise_for_status()
        cart = added.json()
    return [str(line["id"]) for line in cart["lines"]]


def median_run(runs: list[dict[str, Any]]) -> dict[str, Any]:
    keys = ("requests_per_second", "p50_ms", "p99_ms")
    return {k: round(statistics.median(r[k] for r in runs), 2) for k in keys} | {
        "non_2xx": sum(r["non_2xx"] for r in runs)
    }


def compare(service: str, workdir: Path, rounds: int, seconds: int) -> dict[str, Any]:
    """Per operation: each side's runs, their medians and ours / bare (throughput)."""
    results: dict[str, Any] = {}
    with side_by_side(service, workdir) as (ours, bare):
        loads = service_loads(service, ours.url)
        runs: dict[str, dict[str, list[dict[str, Any]]]] = {
            op: {"ours": [], "bare": []} for op in loads
        }
        for round_number in range(rounds):
            for op, load in loads.items():
                sides = [("ours", ours.url), ("bare", bare.url)]
                for side, url in sides if round_number % 2 == 0 else sides[::-1]:
                    runs[op][side].append(run_wrk(url, load, seconds, workdir))
        for op, by_side in runs.items():
            medians = {side: median_run(side_runs) for side, side_runs in by_side.items()}
            ratio = medians["ours"]["requests_per_second"] / medians["bare"]["requests_per_second"]
            results[op] = {
                "request": f"{loads[op].method} {loads[op].path}",
                "distinct_values": len(loads[op].values),
                "ours": medians["ours"],
                "bare": medians["bare"],
                "ours_over_bare": round(ratio, 2),
                "runs": by_side,
            }
    return results


def bench_versus_bare(
    workdir: Path, rounds: int, seconds: int, services: list[str] | None = None
) -> dict[str, Any]:
    """Each service (default: every one) against the bare app, with the machine's load average
    before and after."""
    started = os.getloadavg()
    measured = {
        name: compare(name, workdir, rounds, seconds) for name in services or SERVICE_MODULES
    }
    return {
        "clients": 16,
        "workers": 2,
        "threads": 2,
        "rounds": rounds,
        "seconds_per_run": seconds,
        "load_average_before": [round(x, 2) for x in started],
        "load_average_after": [round(x, 2) for x in os.getloadavg()],
        "services": measured,
    }
