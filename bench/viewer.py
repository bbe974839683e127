"""The results viewer's targets (issue 32): a 1,000-trial run opens in under 2 s and a trial
with 2,000 calls in under 1 s.

A synthetic run of that size, written as ``invoke oracle --record`` writes one (each trial
with checkpoints, 20 calls and their row changes; one trial with 2,000 calls), served as
``invoke view`` serves it: the time from reading the folder to the run page's first render
(the server's start), and the time Debian's headless Chromium takes to load each page from the
server until its ``load`` event (median of several loads; the trial page is rendered on each
request, its 2,000 calls read and checked). Also the time ``invoke view --out`` takes to
write every page.

    python -m bench.viewer [--quick]
"""

from __future__ import annotations

import argparse
import http.server
import json
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from bench.common import print_table, stage, write_results
from mock_services.browser import chromium
from taskkit.runview.cli import handler_for
from taskkit.runview.load import load_run
from taskkit.runview.record import CALLS_FILE, STATE_FILE, TRIALS, start_run
from taskkit.runview.render import Site, write_site

TRIALS_TARGET, RUN_SECONDS = 1000, 2.0
CALLS_TARGET, TRIAL_SECONDS = 2000, 1.0
LOADS, QUICK_LOADS = 7, 3


def _call(index: int) -> dict[str, Any]:
    return {
        "service": "shop",
        "id": index,
        "at": f"2026-03-02 09:{index // 60 % 60:02d}:{index % 60:02d}",
        "method": "POST" if index % 3 == 0 else "GET",
        "path": f"/api/orders/ORD-{index}/cancel" if index % 3 == 0 else "/api/orders",
        "operation": "cancel_order" if index % 3 == 0 else "list_orders",
        "params": {"code": f"ORD-{index}"},
        "username": "alice",
        "status": 200,
        "body": {"reason": "duplicate order"} if index % 3 == 0 else None,
        "via": "http",
        "logged_ns": index,
        "changes": [
            {
                "table": "orders",
                "row_id": str(index),
                "action": "update",
                "before": {"id": index, "status": "processing"},
                "after": {"id": index, "status": "cancelled"},
            }
        ]
        if index % 3 == 0
        else [],
    }


def synthetic_run(folder: Path, trials: int, calls_each: int, big_calls: int) -> str:
    """Write a run of ``trials`` trials (one with ``big_calls`` calls); returns that one's id."""
    start_run(folder, runner="local", agent="oracle", command="bench.viewer", commit="")
    big = ""
    for index in range(trials):
        task = f"task-{index % 40:02d}"
        agent = ("oracle", "null", "wrong:skips-check")[index % 3]
        trial = folder / TRIALS / f"{task}__{agent.replace(':', '-')}__{index:05d}"
        (trial / "checkpoints").mkdir(parents=True)
        reward = 1.0 if agent == "oracle" else 0.25 * (index % 4)
        result = {
            "task": task,
            "agent": agent,
            "reward": reward,
            "stages": {"agent": 2.0, "verifier": 1.0, "total": 3.0 + index % 7},
            "steps": [],
            "error": None,
            "not_scored": None,
        }
        (trial / "result.json").write_text(json.dumps(result))
        count = big_calls if index == 0 else calls_each
        calls = [_call(i) for i in range(count)]
        meta = {
            "_meta_checkpoints": {
                f"check_{n}": {
                    "score": float((index + n) % 2),
                    "rationale": "a check",
                    "goal": n < 2,
                    # as the SDK records a check on the audit log: every call read, the
                    # first check picking out the cancels
                    "evidence": {
                        "calls": [
                            {
                                "service": "shop",
                                "id": c["id"],
                                "matched": n == 0 and c["id"] % 3 == 0,
                            }
                            for c in calls
                        ],
                        "state": [{"service": "shop", "table": "orders", "rows": None}],
                    },
                }
                for n in range(5)
            }
        }
        (trial / "checkpoints" / "main.json").write_text(json.dumps(meta))
        (trial / CALLS_FILE).write_text(json.dumps(calls))
        state = [
            {"service": "shop", "table": c["table"], "row_id": c["row_id"], **c}
            for call in calls[:50]
            for c in call["changes"]
        ]
        (trial / STATE_FILE).write_text(json.dumps(state))
        (trial / "agent.log").write_text("done\n" * 20)
        if index == 0:
            big = trial.name
    return big


def _load_seconds(page: Any, address: str, loads: int) -> float:
    times = []
    for _ in range(loads):
        started = time.perf_counter()
        page.goto(address, wait_until="load")
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer page loads")
    args = parser.parse_args()
    loads = QUICK_LOADS if args.quick else LOADS
    with tempfile.TemporaryDirectory(prefix="bench-viewer-") as work:
        run_dir, site = Path(work) / "run", Path(work) / "site"
        with stage(f"a synthetic run of {TRIALS_TARGET} trials"):
            big = synthetic_run(run_dir, TRIALS_TARGET, 20, CALLS_TARGET)
        with stage("read it as the server does and render the run page"):
            started = time.perf_counter()
            served = Site(load_run(run_dir, details=False))
            run_kb = round(len(served.index().encode()) / 1024, 1)
            ready = time.perf_counter() - started
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler_for(served))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}"
        with stage("load the pages in Chromium"), chromium() as browser:
            page = browser.new_page()
            run_page = _load_seconds(page, f"{base}/index.html", loads)
            trial_page = _load_seconds(page, f"{base}/trials/{big}.html", loads)
            trial_kb = round(len(page.content().encode()) / 1024, 1)
        server.shutdown()
        with stage("write every page (invoke view --out)"):
            started = time.perf_counter()
            write_site(load_run(run_dir), site)
            build = time.perf_counter() - started
        kb = {"run_page_kb": run_kb, "trial_page_kb": trial_kb}
    results = {
        "trials": TRIALS_TARGET,
        "calls_in_one_trial": CALLS_TARGET,
        "build_seconds": round(build, 2),
        "server_ready_seconds": round(ready, 3),
        "run_page_seconds": round(run_page, 3),
        "trial_page_seconds": round(trial_page, 3),
        **kb,
        "targets": {"run_page_seconds": RUN_SECONDS, "trial_page_seconds": TRIAL_SECONDS},
        "met": ready + run_page < RUN_SECONDS and trial_page < TRIAL_SECONDS,
    }
    print_table(
        "Results viewer (Chromium, page load to its load event, median)",
        [
            (
                f"run page, {TRIALS_TARGET} trials",
                f"{ready:.2f} + {run_page:.2f} s",
                f"folder read and page rendered + loaded in Chromium; target < {RUN_SECONDS} s "
                f"in all; {kb['run_page_kb']} KB",
            ),
            (
                f"trial page, {CALLS_TARGET} calls",
                f"{trial_page:.3f} s",
                f"rendered on request and loaded; target < {TRIAL_SECONDS} s; "
                f"{kb['trial_page_kb']} KB",
            ),
            (
                "pages written (invoke view --out)",
                f"{build:.1f} s",
                "read the run, write every page",
            ),
        ],
    )
    print(f"written: {write_results('viewer', results, quick=args.quick)}")


if __name__ == "__main__":
    main()
