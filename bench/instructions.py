"""Instructions per request, counted by valgrind's callgrind: the CPU work ours and the bare app
do for the benchmark's requests (``bench.in_process``'s, answered straight by the WSGI apps).
A count moves by a few parts in a thousand from run to run, where timings on a shared machine
move by a tenth, so a change worth a hundredth of a request shows: the tool for making a layer
cheaper, one change at a time. The HTTP run (``invoke bench services``) stays the figure of
record: a count leaves out the server, waits and contention. A write's count includes SQLite's
WAL checkpoint (a one-off some 40 million instructions) when one falls inside the window, so
compare writes counted over the same number of requests.

    python -m bench.instructions [--service shop] [--requests 300] [--quick]

All the counts of a run come from one process under callgrind (its start-up under valgrind
costs more than a few hundred counted requests): each app on its own copy of one seeded data
directory, each counting window dumped on its own (``callgrind_control --dump``). A window counts
from after a warm-up of 50 requests of its app and operation to its last request, with the
garbage collector paused in between: a collection costs millions of instructions at a moment set
by every allocation before it, so it fell in one window and not in a longer one.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import pickle
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from bench.common import previous_results, print_table, require_tools, write_results
from bench.in_process import WsgiApp, answer, request_maker, seeded_with_loads, wsgi_app
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


class Window(NamedTuple):
    """``requests`` of ``op`` answered by ``side`` ("ours" or "bare"), counted together."""

    side: str
    op: str
    requests: int


def count(workdir: Path, service: str, windows: Sequence[Window]) -> list[int]:
    """Instructions per request in each window, in order, all counted in one process under
    callgrind (``prepare`` first)."""
    dumps = Path(tempfile.mkdtemp(dir=workdir, prefix="callgrind-"))
    command = [
        "valgrind",
        "--tool=callgrind",
        "--instr-atstart=no",
        f"--callgrind-out-file={dumps / 'out'}",
        sys.executable,
        "-m",
        "bench.instructions",
        "--replay",
        str(workdir),
        service,
        json.dumps([list(window) for window in windows]),
    ]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    dumped = [_dumped_total(dumps / f"out.{n}") for n in range(1, len(windows) + 1)]
    totals = [total for total in dumped if total is not None]
    if run.returncode != 0 or len(totals) != len(windows):
        counted = ", ".join(f"{w.side} answering {service} {w.op}" for w in windows)
        raise SystemExit(
            f"bench: {counted} under valgrind failed (exit {run.returncode}): {run.stderr[-1500:]}"
        )
    return [total // window.requests for total, window in zip(totals, windows, strict=True)]


def _dumped_total(path: Path) -> int | None:
    """The instructions one ``callgrind_control --dump`` wrote (its ``totals:`` line)."""
    if not path.is_file():
        return None
    found = re.search(r"^totals: (\d+)$", path.read_text(errors="replace"), re.MULTILINE)
    return int(found.group(1)) if found else None


def replay(workdir: Path, service: str, windows: list[Window]) -> None:
    """The counted process: per window, warm up its app and operation the first time, then
    switch callgrind's counting on around the window's requests and dump its count."""
    data_dir, loads = pickle.loads((workdir / PREPARED).read_bytes())
    apps: dict[str, WsgiApp] = {}
    makers: dict[tuple[str, str], Callable[[], dict[str, Any]]] = {}
    for side, op, requests in windows:
        if side not in apps:
            copy = Path(tempfile.mkdtemp(dir=workdir)) / "data"
            shutil.copytree(data_dir, copy)
            apps[side] = wsgi_app(service, copy, side)
        app = apps[side]
        if (side, op) not in makers:
            makers[side, op] = request_maker(loads[op])
            for _ in range(WARMUP):
                answer(app, makers[side, op]())
        environs = [makers[side, op]() for _ in range(requests)]
        gc.collect()
        gc.disable()  # a collection is a one-off of millions that falls in one window, not another
        _callgrind("--instr=on")
        for environ in environs:
            answer(app, environ)
        _callgrind("--instr=off")
        _callgrind("--dump")
        gc.enable()


def _callgrind(option: str) -> None:
    subprocess.run(
        ["callgrind_control", option, str(os.getpid())], check=True, stdout=subprocess.DEVNULL
    )


def bench_instructions(workdir: Path, service: str, requests: int) -> dict[str, Any]:
    """Per operation of ``service``: both apps' instructions per request and bare / ours."""
    require_tools(PREREQUISITES)
    windows = [Window(side, op, requests) for op in prepare(service, workdir) for side in SIDES]
    counted = dict(zip(windows, count(workdir, service, windows), strict=True))
    results: dict[str, Any] = {}
    for op in dict.fromkeys(window.op for window in windows):
        counts = {side: counted[Window(side, op, requests)] for side in SIDES}
        results[op] = counts | {"bare_over_ours": round(counts["bare"] / counts["ours"], 3)}
    return results


def main() -> None:
    if sys.argv[1:2] == ["--replay"]:
        workdir, service, windows = sys.argv[2:]
        replay(Path(workdir), service, [Window(*window) for window in json.loads(windows)])
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
