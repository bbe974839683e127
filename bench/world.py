"""What a live world costs per request: the running clock and the event engine (a seed with
events waiting on time and on a call), against the bare app (``bench/bare_app.py``) on the same
DB, next to the same service with a still world. ``wrk`` runs of the three interleaved (order
rotating per round), read as medians; the target is live / bare >= 0.8."""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path
from typing import Any, NamedTuple

from bench.common import print_table, require_tools, stage, write_results
from bench.in_process import WsgiApp, per_request_us, request_maker
from bench.versus_bare import BareProcess, bare_tables, main_record, median_run, service_loads
from bench.wrk import run_wrk
from mock_services.core.base.settings import Settings
from mock_services.core.data.world_marks import mark_data_dir
from mock_services.core.seeding.seed import TaskSeed
from mock_services.core.serve.app import create_app
from mock_services.core.serve.process import ServiceProcess, free_port
from mock_services.core.serve.seeding import TASK_SEED_CHECKS
from mock_services.registry import get_spec

SERVICES = ("email", "helpdesk")
"""Measured by default: the email service (the live tasks' usual home) and the helpdesk, a
service whose still world is above the bar, so the engine's own cost decides the target."""
TARGET = 0.8
WAITING_EVENTS = 20
"""Events that wait all through the load (far in the world's future, or on a call the load
never makes): each request asks which are due, none fires."""


class WaitingEvent(NamedTuple):
    """What a service's waiting events do if they ever fired, and the call the on-call one
    waits for (one the load never makes)."""

    operation: str
    params: dict[str, str]
    body: dict[str, Any]
    waits_for: str


WAITING = {
    "email": WaitingEvent(
        "deliver",
        {},
        {
            "sender": "news@example.test",
            "to": ["alice@example.test"],
            "subject": "Later",
            "body": "A mail of the world.",
        },
        "send_message",
    ),
    "helpdesk": WaitingEvent(
        "add_requester_comment", {"code": "TK-1001"}, {"body": "Any news?"}, "create_ticket"
    ),
}


def world_header(service: str, live: bool) -> dict[str, Any]:
    """A still world, or a running clock with events that never come due under the load."""
    if not live:
        return {}
    waiting = WAITING[service]
    does = {
        "service": service,
        "operation": waiting.operation,
        "params": waiting.params,
        "body": waiting.body,
    }
    timed = [
        {"id": f"later-{n}", **does, "when": {"at": f"+{n + 1}d"}}
        for n in range(WAITING_EVENTS - 1)
    ]
    on_call = {
        "id": "on-call",
        **does,
        "when": {"after_operation": {"operation": waiting.waits_for}},
    }
    return {"clock": "running", "events": [*timed, on_call]}


def seeded(workdir: Path, service: str, live: bool) -> Path:
    spec = get_spec(service)
    data_dir = workdir / service / ("live" if live else "still")
    document = {**world_header(service, live), service: spec.default_seed()}
    TaskSeed.parse(document, [service], "bench").seed(
        {service: spec}, Settings(data_dir=data_dir), TASK_SEED_CHECKS
    )
    mark_data_dir(data_dir, "start", [service])
    return data_dir


def bench_world(
    workdir: Path, service: str, rounds: int, seconds: int, blocks: int
) -> dict[str, Any]:
    read = main_record(service)
    still_dir, live_dir = seeded(workdir, service, False), seeded(workdir, service, True)
    runs: dict[str, list[dict[str, Any]]] = {"still": [], "live": [], "bare": []}
    with (
        ServiceProcess(service, free_port(), still_dir, workers=2) as still,
        ServiceProcess(service, free_port(), live_dir, workers=2) as live,
    ):
        bare = BareProcess(
            Settings(data_dir=live_dir).db_path(service), service, bare_tables(service)
        )
        try:
            # each side its own login: a token is signed with its data folder's key
            loads = {
                "still": service_loads(service, still.url)["get_by_id"],
                "live": service_loads(service, live.url)["get_by_id"],
            }
            loads["bare"] = loads["live"]  # the bare app reads the live world's DB and key
            sides = [("still", still.url), ("live", live.url), ("bare", bare.url)]
            for round_number in range(rounds):
                shift = round_number % len(sides)
                for side, url in sides[shift:] + sides[:shift]:
                    runs[side].append(run_wrk(url, loads[side], seconds, workdir))
        finally:
            bare.stop()
    medians = {side: median_run(side_runs) for side, side_runs in runs.items()}
    refused = {side: m["non_2xx"] for side, m in medians.items() if m["non_2xx"]}
    if refused:
        raise RuntimeError(f"answers other than 2xx, by side: {refused}: the runs measure nothing")
    rps = {side: medians[side]["requests_per_second"] for side in medians}
    apps: dict[str, WsgiApp] = {
        "still": create_app(get_spec(service), Settings(data_dir=still_dir)),
        "live": create_app(get_spec(service), Settings(data_dir=live_dir)),
    }
    makers = {side: request_maker(loads[side]) for side in apps}
    in_process = per_request_us(apps, makers, blocks, 100)
    return {
        "service": service,
        "request": f"GET /api/{read.resource}/<{read.key}>",
        "events_waiting": WAITING_EVENTS,
        "rounds": rounds,
        "seconds_per_run": seconds,
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "medians": medians,
        "live_over_bare": round(rps["live"] / rps["bare"], 2),
        "still_over_bare": round(rps["still"] / rps["bare"], 2),
        "live_over_still": round(rps["live"] / rps["still"], 2),
        "in_process_us": in_process,
        "in_process_still_over_live": round(in_process["still"] / in_process["live"], 2),
        "target_live_over_bare": TARGET,
        "runs": runs,
    }


def verdict(result: dict[str, Any]) -> str:
    """Met when the live world is at the bar; where the service is under it without a world
    (still / bare < target), the engine's own share is what is left to judge."""
    if result["live_over_bare"] >= TARGET:
        return f">= {TARGET}: met"
    if result["still_over_bare"] < TARGET:
        return f"NOT met: the service is at {result['still_over_bare']} without a world"
    return f">= {TARGET}: NOT met"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer and shorter runs")
    parser.add_argument(
        "--service", action="append", choices=sorted(WAITING), help="repeatable; default: all"
    )
    args = parser.parse_args()
    require_tools({"wrk": "apt-get install wrk"})
    rounds, seconds, blocks = (1, 2, 4) if args.quick else (5, 5, 20)
    results: dict[str, Any] = {"target_live_over_bare": TARGET, "services": {}}
    rows = []
    for service in args.service or SERVICES:
        label = f"{service}: still world, live world and bare app, {rounds} rounds"
        with tempfile.TemporaryDirectory(prefix="bench-world-") as work, stage(label):
            result = bench_world(Path(work), service, rounds, seconds, blocks)
        results["services"][service] = result
        rows += [
            (f"{service}: live / bare", str(result["live_over_bare"]), verdict(result)),
            (f"{service}: still / bare", str(result["still_over_bare"]), "no world"),
            (f"{service}: live / still", str(result["live_over_still"]), "the engine's share"),
            (
                f"{service}: in process, still / live",
                str(result["in_process_still_over_live"]),
                f"{result['in_process_us']['live']} us live, "
                f"{result['in_process_us']['still']} us still (median per request)",
            ),
        ]
    path = write_results("world", results, quick=args.quick)
    print_table("live world cost (GET by id, 16 clients, medians)", rows)
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
