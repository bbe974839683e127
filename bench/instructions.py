"""Instructions per request, counted by valgrind's callgrind: the CPU work ours and the bare app
do for the benchmark's requests (``bench.in_process``'s, answered straight by the WSGI apps).
A count moves by a few parts in a thousand from run to run, where timings on a shared machine
move by a tenth, so a change worth a hundredth of a request shows: the tool for making a layer
cheaper, one change at a time. The HTTP run (``invoke bench services``) stays the figure of
record: a count leaves out the server, waits and contention. A write's count includes SQLite's
WAL checkpoint (a one-off some 40 million instructions) when one falls inside the window, so
compare writes counted over the same number of requests.

    python -m bench.instructions [--service shop] [--requests 300] [--quick]

Each app runs in a process of its own under callgrind, on its own copy of one seeded data
directory, and is counted from after a warm-up of 50 requests to its last request, with the
garbage collector paused in between: a collection costs millions of instructions at a moment
set by every allocation before it, so it fell in one window and not in a longer one.
"""

from __future__ import annotations

import argparse
import gc
import os
import pickle
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from bench.common import previous_results, print_table, require_tools, write_results
from bench.in_process import answer, request_maker, seeded_with_loads, wsgi_apps
from bench.wrk import WrkLoad
from mock_services.registry import SERVICE_MODULES

PREREQUISITES = {
    "valgrind": "apt-get install valgrind",
    "callgrind_control": "apt-get install valgrind",
}
ROOT = Path(__file__).resolve().parent.parent
WARMUP = 50
PREPARED = "prepared.pickle"
SIDES = ("ours", "bare")


def prepare(service: str, workdir: Path) -> dict[str, WrkLoad]:
    """Seed the data directory and save its requests for the counted processes to replay."""
    data_dir, loads = seeded_with_loads(service, workdir)
    (workdir / PREPARED).write_bytes(pickle.dumps((data_dir, loads)))
    return loads


def count(workdir: Path, service: str, side: str, op: str, requests: int) -> int:
    """Instructions per request of ``side`` answering ``requests`` of ``op``, under callgrind."""
    command = [
        "valgrind",
        "--tool=callgrind",
        "--instr-atstart=no",
        f"--callgrind-out-file={workdir / 'callgrind.out'}",
        sys.executable,
        "-m",
        "bench.instructions",
        "--replay",
        str(workdir),
        service,
        side,
        op,
        str(requests),
    ]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    collected = re.search(r"Collected : (\d+)", run.stderr)
    if run.returncode != 0 or collected is None:
        raise SystemExit(
            f"bench: {side} answering {service} {op} under valgrind failed "
            f"(exit {run.returncode}): {run.stderr[-1500:]}"
        )
    return int(collected.group(1)) // requests


def replay(workdir: Path, service: str, side: str, op: str, requests: int) -> None:
    """The counted process: warm up, then switch callgrind's counting on around the requests."""
    data_dir, loads = pickle.loads((workdir / PREPARED).read_bytes())
    copy = Path(tempfile.mkdtemp(dir=workdir)) / "data"
    shutil.copytree(data_dir, copy)
    app = wsgi_apps(service, copy)[side]
    make = request_maker(loads[op])
    environs = [make() for _ in range(WARMUP + requests)]
    for environ in environs[:WARMUP]:
        answer(app, environ)
    gc.collect()
    gc.disable()  # a collection is a one-off of millions that falls in one window, not another
    _counting("on")
    for environ in environs[WARMUP:]:
        answer(app, environ)
    _counting("off")
    gc.enable()


def _counting(state: str) -> None:
    subprocess.run(
        ["callgrind_control", "-i", state, str(os.getpid())], check=True, stdout=subprocess.DEVNULL
    )


def bench_instructions(workdir: Path, service: str, requests: int) -> dict[str, Any]:
    """Per operation of ``service``: both apps' instructions per request and bare / ours."""
    require_tools(PREREQUISITES)
    results: dict[str, Any] = {}
    for op in prepare(service, workdir):
        counts = {side: count(workdir, service, side, op, requests) for side in SIDES}
        results[op] = counts | {"bare_over_ours": round(counts["bare"] / counts["ours"], 3)}
    return results


def main() -> None:
    if sys.argv[1:2] == ["--replay"]:
        workdir, service, side, op, requests = sys.argv[2:]
        replay(Path(workdir), service, side, op, int(requests))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--service", default="shop", choices=sorted(SERVICE_MODULES))
    parser.add_argument("--requests", type=int, default=300, help="counted per app and operation")
    parser.add_argument("--quick", action="store_true", help="count 100 requests, not 300")
    args = parser.parse_args()
    counted = 100 if args.quick else args.requests
    if counted < 1:
        parser.error(f"--requests: expected a whole number of at least 1, got {counted}")
    with tempfile.TemporaryDirectory() as workdir:
        results = bench_instructions(Path(workdir), args.service, counted)
    rows = [
        (
            f"{args.service} {op}: bare / ours",
            f"{r['bare_over_ours']}x",
            f"{r['ours']:,} / {r['bare']:,} instructions per request",
        )
        for op, r in results.items()
    ]
    print_table("instructions per request, in process (callgrind)", rows)
    path = write_results(
        "instructions",
        previous_results("instructions", quick=args.quick) | {args.service: results},
        quick=args.quick,
    )
    print(f"\nwritten: {path}")


if __name__ == "__main__":
    main()
