"""``invoke bench reliability``: what breaks the services, and what does not.

- crash safety, per service: ``kill -9`` of a granian worker at a random moment under 16
  concurrent writers (the service's workload in ``bench.load``: the shop adds to cart and
  checks out), N times; after each restart the DB passes ``PRAGMA integrity_check`` and the
  audit log matches the rows (``bench.dbcheck``: no request half applied). Target: 0 failures.
- soak: 64 clients mixing reads and writes on every service, one after the other: 0 5xx, RSS
  growth under 10%, p99 latency of the first and the last minute.
- disk full, per service: its data directory on a small tmpfs, filled while writing (its
  workload's writes): the statuses, the DB's integrity, and whether the service works again
  once space is freed (needs root).
- fuzz: schemathesis over every service's OpenAPI (as ``tests/services/test_conformance.py``):
  0 5xx, the number of requests sent.
- bad inputs: how many collected test cases feed each service bad input (body, query, path,
  seed), by test name; see ``BAD_INPUT_KINDS`` for exactly what is counted.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import requests

from bench.common import (
    percentile,
    previous_results,
    print_table,
    stage,
    summary,
    write_results,
)
from bench.dbcheck import check_db, integrity
from bench.load import Load, Sample, logged_in, read_cost_ratios, soak_workload
from mock_services.core.base.settings import Settings
from mock_services.core.serve.process import ServiceProcess, free_port
from mock_services.core.serve.seeding import seed_service
from mock_services.registry import SERVICE_MODULES, get_spec
from mock_services.shop.catalogue import generate_catalogue
from tests.helpers import fill_disk, run_schemathesis, schemathesis_binary

ROOT = Path(__file__).resolve().parent.parent
WORKERS = 2


def _seeded(workdir: Path, service: str, document: dict[str, Any] | None = None) -> Settings:
    settings = Settings(data_dir=workdir)
    spec = get_spec(service)
    seed_service(spec, document or spec.default_seed(), settings)
    return settings


def worker_pids(server_pid: int) -> list[int]:
    """The granian workers of a server: its child processes."""
    children = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # the process ended while we looked
            continue
        if int(fields[1]) == server_pid:
            children.append(int(stat.parent.name))
    return children


def rss_bytes(pids: list[int]) -> int:
    total = 0
    for pid in pids:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        match = re.search(r"^VmRSS:\s+(\d+) kB", status, re.MULTILINE)
        total += int(match[1]) * 1024 if match else 0
    return total


def _healthy(url: str) -> bool:
    try:
        return requests.get(url + "/health", timeout=2).status_code == 200
    except requests.RequestException:
        return False


def _recover(process: ServiceProcess, killed: int, timeout: float = 60) -> tuple[str, float]:
    """Wait until the server has all its workers again (none of them ``killed``) and is healthy:
    granian respawns a killed worker, but exits when one dies within 5.5 s of its respawn (its
    crash-loop guard); then the server is started again, as the image's supervisor does.
    Returns what came back ("worker" or "server") and the seconds it took."""
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        if process.pid is None:
            process.start()
            return "server", time.monotonic() - started
        workers = worker_pids(process.pid)
        if len(workers) == WORKERS and killed not in workers and _healthy(process.url):
            return "worker", time.monotonic() - started
        time.sleep(0.02)
    raise TimeoutError(f"no worker came back within {timeout:.0f}s:\n{process.log_tail()}")


def _statuses(samples: list[Sample]) -> dict[str, int]:
    counts = Counter("no answer" if s.status == 0 else f"{s.status // 100}xx" for s in samples)
    return dict(sorted(counts.items()))


def _seeded_for_load(workdir: Path, service: str) -> Settings:
    """The service's default world (the shop: a 2,000-product catalogue to buy from)."""
    catalogue = generate_catalogue(2_000) if service == "shop" else None
    return _seeded(workdir, service, catalogue)


def bench_crash(workdir: Path, service: str, kills: int, rng: random.Random) -> dict[str, Any]:
    """``kills`` times: kill -9 a worker under 16 writers, wait for its respawn, check the DB."""
    spec = get_spec(service)
    settings = _seeded_for_load(workdir / f"crash-{service}", service)
    live, seed = settings.db_path(service), settings.pristine_path(service)
    failures: list[dict[str, Any]] = []
    restart_seconds: list[float] = []
    restarted: Counter[str] = Counter()
    process = ServiceProcess(service, free_port(), settings.data_dir, workers=WORKERS)
    with process:
        load = Load(service, process.url, clients=16, write_share=1.0).start()
        try:
            for run in range(kills):
                time.sleep(rng.uniform(0.05, 0.5))
                workers = worker_pids(process.pid or 0)  # a new pid after a server restart
                if not workers:  # the server itself went down since: start it, as before a kill
                    _recover(process, killed=0)
                    workers = worker_pids(process.pid or 0)
                victim = rng.choice(workers)
                os.kill(victim, signal.SIGKILL)
                what, seconds = _recover(process, victim)
                restarted[what] += 1
                restart_seconds.append(seconds)
                verdict = check_db(spec, live, seed)
                if not verdict.ok:
                    failures.append({"kill": run + 1, **verdict.model_dump()})
        finally:
            samples = load.stop()
        last = check_db(spec, live, seed)
    return {
        "kills": kills,
        "writers": 16,
        "failures": len(failures) + (0 if last.ok else 1),
        "failed_checks": failures[:3],
        "final_check": last.model_dump(),
        "requests": _statuses(samples),
        "restart_seconds": summary(restart_seconds),
        "restarted": dict(restarted),  # worker: respawned by granian; server: its crash-loop guard
    }


def _window_p99_ms(samples: list[Sample], start: float, end: float) -> float:
    latencies = [s.seconds * 1000 for s in samples if start <= s.at < end]
    return round(percentile(latencies, 99), 2) if latencies else 0.0


def soak_one(workdir: Path, service: str, clients: int, seconds: float) -> dict[str, Any]:
    """``clients`` clients (20% writes) for ``seconds`` on one service, on a free port."""
    settings = _seeded(workdir / f"soak-{service}", service)
    window = min(60.0, seconds / 4)
    with ServiceProcess(service, free_port(), settings.data_dir, workers=WORKERS) as process:
        server_pid = process.pid
        assert server_pid is not None  # started by the with block
        pids = [server_pid, *worker_pids(server_pid)]
        load = Load(service, process.url, clients=clients, write_share=0.2)
        started = time.monotonic()
        load.start()
        rss_after_first_window = 0
        load_first = 0.0
        while (elapsed := time.monotonic() - started) < seconds:
            time.sleep(min(1.0, seconds - elapsed))
            if not rss_after_first_window and time.monotonic() - started >= window:
                rss_after_first_window = rss_bytes(pids)
                load_first = os.getloadavg()[0]
        rss_end = rss_bytes(pids)
        load_last = os.getloadavg()[0]
        samples = load.stop()
        fresh_settings = _seeded(workdir / f"soak-{service}-fresh", service)
        with ServiceProcess(
            service, free_port(), fresh_settings.data_dir, workers=WORKERS
        ) as fresh:
            reads = read_cost_ratios(service, process.url, fresh.url)
    ended = started + seconds
    reads_refused = sum(1 for s in samples if not s.write and s.status != 200)
    return {
        "clients": clients,
        "seconds": seconds,
        "requests": len(samples),
        "statuses": _statuses(samples),
        "server_errors": sum(1 for s in samples if s.status >= 500),
        "reads_not_200": reads_refused,
        "p99_ms": {
            f"first_{window:.0f}s": _window_p99_ms(samples, started, started + window),
            f"last_{window:.0f}s": _window_p99_ms(samples, ended - window, ended + 60),
        },
        "rss_mb": {
            f"after_{window:.0f}s": round(rss_after_first_window / 2**20, 1),
            "end": round(rss_end / 2**20, 1),
        },
        "rss_growth_percent": round((rss_end / max(1, rss_after_first_window) - 1) * 100, 1),
        # the machine's 1-minute load average at the end of each window: other jobs sharing
        # the cores move a closed-loop p99 as much as the service does
        "load_average": {"first": round(load_first, 2), "last": round(load_last, 2)},
        # each read alone on the soaked server and on a fresh one, alternately: a read whose
        # cost grows with the soak's data shows here, whatever the machine's load did
        "read_ms_single_client": reads,
        "read_cost_growth": max(entry["ratio"] for entry in reads.values()),
    }


def bench_soak(workdir: Path, seconds: float, services: list[str]) -> dict[str, Any]:
    return {service: soak_one(workdir, service, 64, seconds) for service in services}


def bench_disk_full(
    workdir: Path, service: str, size_mb: int = 8, writes: int = 200
) -> dict[str, Any]:
    """The service on a ``size_mb`` tmpfs: fill it, write (its workload's writes), free it,
    write again."""
    mount = workdir / f"small-disk-{service}"
    mount.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size_mb}m", "tmpfs", str(mount)],
        capture_output=True,
        text=True,
    )
    if mounted.returncode != 0:
        return {"skipped": f"cannot mount a tmpfs (needs root): {mounted.stderr.strip()}"}
    try:
        settings = _seeded(mount, service)
        spec = get_spec(service)
        process = ServiceProcess(
            service,
            free_port(),
            mount,
            workers=WORKERS,
            log_path=workdir / f"disk-full-{service}.log",
        )
        with process:
            http = logged_in(service, process.url)
            workload, rng = soak_workload(service), random.Random(20261203)
            context = workload.context(http, process.url)

            def send(call: tuple[str, str, dict[str, Any] | None]) -> requests.Response:
                method, path, body = call
                return http.request(method, process.url + path, json=body, timeout=30)

            filled = fill_disk(mount / "filler")
            answers = [send(workload.writes(rng, context)) for _ in range(writes)]
            statuses = Counter(
                f"{a.status_code} {a.json()['error']['code']}"
                if a.headers.get("Content-Type", "").startswith("application/json")
                and a.status_code >= 400
                else f"{a.status_code} {a.headers.get('Content-Type', '')}"
                for a in answers
            )
            integrity_when_full = integrity(settings.db_path(service))
            read_when_full = send(workload.reads(rng, context)).status_code
            (mount / "filler").unlink()
            after = send(workload.writes(rng, context)).status_code
            healthy_after = _healthy(process.url)
        verdict = check_db(spec, settings.db_path(service), settings.pristine_path(service))
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)
    return {
        "tmpfs_mb": size_mb,
        "filler_mb": round(filled / 2**20, 2),
        "writes_while_full": writes,
        "statuses_while_full": dict(statuses),
        "read_while_full": read_when_full,
        "integrity_while_full": integrity_when_full,
        "write_after_freeing": after,
        "healthy_after_freeing": healthy_after,
        "db_check_after": verdict.model_dump(),
    }


def _har_statuses(path: Path) -> Counter[int]:
    entries = json.loads(path.read_text())["log"]["entries"]
    return Counter(entry["response"]["status"] for entry in entries)


def bench_fuzz(workdir: Path, max_examples: int, services: list[str]) -> dict[str, Any]:
    """Schemathesis (all checks) over each service's OpenAPI; requests and 5xx from its HAR."""
    results = {}
    for service in services:
        settings = _seeded(workdir / f"fuzz-{service}", service)
        har = workdir / f"fuzz-{service}.har"
        with ServiceProcess(service, free_port(), settings.data_dir, workers=1) as process:
            run = run_schemathesis(
                process,
                service,
                "--report",
                "har",
                "--report-har-path",
                str(har),
                max_examples=max_examples,
            )
        statuses = _har_statuses(har) if har.exists() else Counter()
        results[service] = {
            "requests": sum(statuses.values()),
            "server_errors": sum(n for status, n in statuses.items() if status >= 500),
            "max_examples_per_operation": max_examples,
            "schemathesis_exit": run.returncode,  # 0: none of its checks failed
        }
    return results


# What counts as a bad-input test case: a collected test item (each parametrised case once; a
# test that tries several inputs in one body counts once) whose name says it feeds bad input,
# sorted into the first kind whose pattern its "file::name" matches.
BAD_INPUT = r"bad|invalid|refus|reject|unknown|malformed|out_of_range|input_errors|freebusy_errors"
BAD_INPUT += r"|every_error"
BAD_INPUT_KINDS = {
    "seed": r"test_seed|test_clock|test_settings",
    "query": r"query|search_input|freebusy_errors",
    "path": r"_404",
    "command_line": r"test_cli",
    "body": r".",  # the rest: request bodies and form fields
}


def bench_bad_inputs() -> dict[str, Any]:
    """Per service (its tests and the core's, which every service runs): bad-input cases."""
    folders = [*SERVICE_MODULES, "core"]
    listed = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", *(f"tests/{f}" for f in folders)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    counts: dict[str, Counter[str]] = {folder: Counter() for folder in folders}
    for node in listed:
        match = re.match(r"tests/(\w+)/([^:]+::(\w+))", node)
        if not match or not re.search(BAD_INPUT, match[3]):
            continue
        kind = next(k for k, pattern in BAD_INPUT_KINDS.items() if re.search(pattern, match[2]))
        counts[match[1]][kind] += 1
    core = counts.pop("core")
    return {
        "counted": "collected test items (parametrised cases each) whose names match "
        f"{BAD_INPUT!r}, sorted by kind (pattern on file::name): {BAD_INPUT_KINDS}",
        "core_shared_by_every_service": {k: core[k] for k in BAD_INPUT_KINDS},
        **{s: {k: c[k] for k in BAD_INPUT_KINDS} for s, c in counts.items()},
    }


PARTS = ("crash_safety", "soak", "disk_full", "fuzz", "bad_inputs")
PER_SERVICE = ("crash_safety", "soak", "disk_full", "fuzz")
"""The parts run per service (``--service`` picks some; the others keep their last results)."""


def run_part(
    part: str,
    workdir: Path,
    quick: bool,
    kills: int | None,
    soak: float | None,
    services: list[str],
) -> Any:
    if part == "crash_safety":
        kills = kills or (20 if quick else 200)
        return {
            name: bench_crash(workdir, name, kills, random.Random(20261201)) for name in services
        }
    if part == "soak":
        return bench_soak(workdir, soak or (20 if quick else 300), services)
    if part == "disk_full":
        return {name: bench_disk_full(workdir, name) for name in services}
    if part == "fuzz":
        return bench_fuzz(workdir, max_examples=10 if quick else 40, services=services)
    return bench_bad_inputs()


def by_service(results: dict[str, Any]) -> dict[str, Any]:
    """Results of older runs, when crash safety and disk full ran on the shop alone, in
    today's shape: each per-service part keyed by service."""
    for part, marker in (("crash_safety", "kills"), ("disk_full", "tmpfs_mb")):
        if marker in results.get(part, {}):
            results[part] = {"shop": results[part]}
    return results


def main(
    quick: bool = False,
    kills: int | None = None,
    soak_seconds: float | None = None,
    only: list[str] | None = None,
    services: list[str] | None = None,
) -> None:
    """Run every part, or only some: then the other parts keep their last results (each part
    says when it ran, in ``ran_at``)."""
    if schemathesis_binary() is None:
        raise SystemExit(
            "bench: missing `schemathesis` (the dev extras: `pip install -e '.[dev]'`)"
        )
    results = by_service(previous_results("reliability", quick=quick)) if only else {}
    ran_at = results.setdefault("ran_at", {})
    workdir = Path(tempfile.mkdtemp(prefix="bench-reliability-"))
    try:
        for index, part in enumerate(only or PARTS, 1):
            with stage(f"reliability {index}/{len(only or PARTS)}: {part}"):
                fresh = run_part(
                    part, workdir, quick, kills, soak_seconds, services or list(SERVICE_MODULES)
                )
            if part in PER_SERVICE and services:  # the others keep their last results
                fresh = {**results.get(part, {}), **fresh}
            results[part] = fresh
            ran_at[part] = {"at": datetime.now(UTC).isoformat(timespec="seconds"), "quick": quick}
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    results.pop("quick", None)  # older files: one flag for the whole run
    path = write_results("reliability", results, quick=quick)
    report(results)
    print(f"\nwritten to {path}")


def _crash_rows(crashes: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [
        (
            f"crash {service}: kill -9 a worker x{crash['kills']}, 16 writers",
            f"{crash['failures']} failures",
            f"target 0; restart p50 {crash['restart_seconds']['median']:.2f} s; "
            f"{crash['final_check']['audited_requests']:,} audited writes checked",
        )
        for service, crash in crashes.items()
    ]


def _soak_rows(soaks: dict[str, Any]) -> list[tuple[str, str, str]]:
    rows = []
    for service, soak in soaks.items():
        first, last = soak["p99_ms"].values()
        rows.append(
            (
                f"soak {service}: {soak['clients']} clients, {soak['seconds']:.0f} s",
                f"{soak['server_errors']} 5xx",
                f"RSS {soak['rss_growth_percent']:+.1f}% (target < 10%); p99 first {first} ms, "
                f"last {last} ms; a read alone x{soak.get('read_cost_growth', '?')} after it; "
                f"{soak['requests']:,} requests; load average "
                f"{soak.get('load_average', {}).get('first', '?')} / "
                f"{soak.get('load_average', {}).get('last', '?')}",
            )
        )
    return rows


def _disk_rows(disks: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [
        (f"disk full {service}", "skipped", disk["skipped"])
        if "skipped" in disk
        else (
            f"disk full {service}: writes",
            ", ".join(f"{n}x {s}" for s, n in disk["statuses_while_full"].items()),
            f"integrity {disk['integrity_while_full']}; after freeing: write "
            f"{disk['write_after_freeing']}, healthy {disk['healthy_after_freeing']}",
        )
        for service, disk in disks.items()
    ]


def _fuzz_rows(fuzzes: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [
        (
            f"fuzz {service}",
            f"{fuzz['server_errors']} 5xx",
            f"{fuzz['requests']:,} requests; schemathesis exit {fuzz['schemathesis_exit']}",
        )
        for service, fuzz in fuzzes.items()
    ]


def _bad_input_rows(counts: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [
        (f"bad-input test cases: {service}", str(sum(kinds.values())), json.dumps(kinds))
        for service, kinds in counts.items()
        if service in SERVICE_MODULES
    ]


ROWS = {
    "crash_safety": _crash_rows,
    "soak": _soak_rows,
    "disk_full": _disk_rows,
    "fuzz": _fuzz_rows,
    "bad_inputs": _bad_input_rows,
}


def report(results: dict[str, Any]) -> None:
    rows = [row for part in PARTS if part in results for row in ROWS[part](results[part])]
    print_table("reliability benchmark", rows)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="20 kills, 20 s soaks, fewer fuzz")
    parser.add_argument(
        "--kills", type=int, default=None, help="per service; default 200 (--quick: 20)"
    )
    parser.add_argument("--soak-seconds", type=float, default=None, help="default 300 (20)")
    parser.add_argument(
        "--only",
        action="append",
        choices=PARTS,
        help="run only this part (repeatable); the others keep their last results",
    )
    parser.add_argument(
        "--service",
        action="append",
        choices=list(SERVICE_MODULES),
        help="run the per-service parts (crash safety, soak, disk full, fuzz) on this service only"
        " (repeatable); the others keep their last results",
    )
    args = parser.parse_args()
    main(
        quick=args.quick,
        kills=args.kills,
        soak_seconds=args.soak_seconds,
        only=args.only,
        services=args.service,
    )
