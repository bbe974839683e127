"""Tool-call latency over MCP next to the same operations over HTTP, at 16 concurrent sessions.

Every side is driven the same way: one asyncio loop, 16 sessions each calling in a loop, over
``httpx2`` (the HTTP library the official MCP client uses): ``http`` is plain JSON requests with
a bearer token; ``mcp`` the official SDK's streamable-HTTP ``Client`` after a ``login`` tool
call; ``mcp_post`` the same JSON-RPC POSTs without the SDK's client (what the server and the
protocol cost, the client's own work left out). Every client decodes each answer's JSON, as a
caller that uses the answer would. The three kinds take turns in ``ROUNDS`` short slices, so a
change in the (shared) machine's load hits each alike. Target (issue 13): MCP's p50 and p99
within 1.5x of HTTP's.

``python -m bench.mcp_latency [--runs N] [--seconds S]`` runs this part alone, N times, and
records each run, with the load average around it, and the medians in
``results/services.json`` (``mcp_vs_http_measured``).
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from contextlib import AsyncExitStack
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx2
from mcp import Client

from bench.common import RESULTS, percentile, print_table
from mock_services.core.base.settings import Settings
from mock_services.core.serve.process import ServiceProcess, free_port
from mock_services.core.serve.seeding import seed_service
from mock_services.registry import get_spec

SESSIONS = 16
ROUNDS = 5
TARGET_RATIO = 1.5
USER = {"username": "alice", "password": "alice-pass"}


@dataclass(frozen=True)
class Operation:
    """One user operation, as an HTTP request and as the tool of the same name."""

    tool: str
    method: str
    path: str
    arguments: Callable[[int], dict[str, Any]]  # call number -> the tool's arguments
    body: bool  # the arguments are the request's JSON body (else they are in the path)


OPERATIONS = {
    "read": Operation(
        "get_product",
        "GET",
        "/api/products/{product_id}",
        lambda n: {"product_id": n % 60 + 1},
        False,
    ),
    "write": Operation(
        "update_profile",
        "PATCH",
        "/api/profile",
        lambda n: {"phone": f"+1 415 555 {n % 10_000:04d}"},
        True,
    ),
}

Call = Callable[[int], Awaitable[None]]


async def _http_session(url: str, operation: Operation, stack: AsyncExitStack) -> Call:
    client = await stack.enter_async_context(httpx2.AsyncClient(base_url=url, timeout=30))
    login = await client.post("/api/auth/login", json=USER)
    login.raise_for_status()
    client.headers["Authorization"] = f"Bearer {login.json()['token']}"

    async def call(n: int) -> None:
        arguments = operation.arguments(n)
        if operation.body:
            response = await client.request(operation.method, operation.path, json=arguments)
        else:
            response = await client.request(operation.method, operation.path.format(**arguments))
        response.raise_for_status()
        response.json()

    return call


async def _mcp_session(url: str, operation: Operation, stack: AsyncExitStack) -> Call:
    client = await stack.enter_async_context(Client(url + "/mcp"))
    await _tool(client, "login", USER)

    async def call(n: int) -> None:
        await _tool(client, operation.tool, operation.arguments(n))

    return call


async def _tool(client: Client, name: str, arguments: dict[str, Any]) -> None:
    result = await client.call_tool(name, arguments)
    if result.is_error:
        raise RuntimeError(f"{name}: {result.content[0]}")


async def _mcp_post_session(url: str, operation: Operation, stack: AsyncExitStack) -> Call:
    """MCP without the SDK's client: the JSON-RPC POSTs it would send, over the same httpx2 as
    the HTTP side, so the difference to HTTP is the server's (and the protocol's) alone."""
    client = await stack.enter_async_context(httpx2.AsyncClient(base_url=url, timeout=30))
    client.headers.update({"Accept": "application/json, text/event-stream"})
    hello = await client.post("/mcp", json=_rpc("initialize", INITIALIZE))
    hello.raise_for_status()
    client.headers.update({"Mcp-Session-Id": hello.headers["Mcp-Session-Id"]})
    client.headers.update({"MCP-Protocol-Version": hello.json()["result"]["protocolVersion"]})
    await _post_tool(client, "login", USER)

    async def call(n: int) -> None:
        await _post_tool(client, operation.tool, operation.arguments(n))

    return call


INITIALIZE = {
    "protocolVersion": "2025-06-18",
    "capabilities": {},
    "clientInfo": {"name": "bench", "version": "1"},
}


def _rpc(method: str, params: dict[str, Any]) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": 1, "method": method, "params": params}


async def _post_tool(client: httpx2.AsyncClient, name: str, arguments: dict[str, Any]) -> None:
    response = await client.post(
        "/mcp", json=_rpc("tools/call", {"name": name, "arguments": arguments})
    )
    response.raise_for_status()
    if response.json()["result"].get("isError"):
        raise RuntimeError(f"{name}: {response.text[:300]}")


SESSION_KINDS = {"http": _http_session, "mcp": _mcp_session, "mcp_post": _mcp_post_session}


async def _measure(url: str, kind: str, operation: Operation, seconds: float) -> list[float]:
    """Milliseconds per call of every call made in ``seconds`` by the sessions (after a warm-up
    of as long, at most a second, that is not counted)."""
    numbers = itertools.count()
    latencies: list[float] = []

    async def loop(call: Call, warm_until: float, stop: float) -> None:
        while (started := time.perf_counter()) < stop:
            await call(next(numbers))
            if started >= warm_until:
                latencies.append((time.perf_counter() - started) * 1000)

    async with AsyncExitStack() as stack:
        calls = [await SESSION_KINDS[kind](url, operation, stack) for _ in range(SESSIONS)]
        warm_until = time.perf_counter() + min(seconds, 1.0)
        await asyncio.gather(*(loop(call, warm_until, warm_until + seconds) for call in calls))
    return latencies


def _figures(latencies: list[float], seconds: float) -> dict[str, float]:
    return {
        "calls": len(latencies),
        "calls_per_second": round(len(latencies) / seconds, 1),
        "p50_ms": round(percentile(latencies, 50), 2),
        "p99_ms": round(percentile(latencies, 99), 2),
    }


def bench_mcp(workdir: Path, seconds: float) -> dict[str, Any]:
    """A read (``get_product``) and a write (``update_profile``) on a freshly seeded shop, by
    16 sessions over HTTP and over MCP; the ratios are MCP's latency over HTTP's."""
    data_dir = workdir / "mcp"
    spec = get_spec("shop")
    seed_service(spec, spec.default_seed(), Settings(data_dir=data_dir))
    load = _load_average()
    with ServiceProcess("shop", free_port(), data_dir, workers=2) as shop:
        results = measure(shop.url, seconds)
    return {"load_average_before": load, "load_average_after": _load_average(), **results}


def _load_average() -> list[float]:
    return [round(x, 1) for x in os.getloadavg()]


def measure(url: str, seconds: float) -> dict[str, Any]:
    """The figures of each operation and session kind against the shop at ``url``: ``seconds``
    of calls for each, in ``ROUNDS`` slices taken in turn."""
    results: dict[str, Any] = {"sessions": SESSIONS, "seconds": seconds, "rounds": ROUNDS}
    for name, operation in OPERATIONS.items():
        latencies: dict[str, list[float]] = {kind: [] for kind in SESSION_KINDS}
        for _ in range(ROUNDS):
            for kind in SESSION_KINDS:
                latencies[kind] += asyncio.run(_measure(url, kind, operation, seconds / ROUNDS))
        figures = {kind: _figures(latencies[kind], seconds) for kind in SESSION_KINDS}
        results[name] = {
            "tool": operation.tool,
            "request": f"{operation.method} {operation.path}",
            **figures,
            "ratios": {
                kind: {
                    q: round(figures[kind][f"{q}_ms"] / figures["http"][f"{q}_ms"], 2)
                    for q in ("p50", "p99")
                }
                for kind in ("mcp", "mcp_post")
            },
        }
    return results


def report_rows(results: dict[str, Any]) -> list[tuple[str, str, str]]:
    rows = []
    for name in OPERATIONS:
        r = results[name]
        for kind in SESSION_KINDS:
            f = r[kind]
            rows.append(
                (
                    f"{kind}: {name} ({r['tool']}), {SESSIONS} sessions",
                    f"{f['calls_per_second']:,.0f} calls/s",
                    f"p50 {f['p50_ms']:.2f} ms, p99 {f['p99_ms']:.2f} ms",
                )
            )
        for kind, ratio in r["ratios"].items():
            rows.append(
                (
                    f"{kind} / http latency: {name}",
                    f"p50 {ratio['p50']}x, p99 {ratio['p99']}x",
                    f"target <= {TARGET_RATIO}x",
                )
            )
    return rows


def medians(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Each figure's and each ratio's median over ``runs`` (each ratio was measured within one
    run, its sides taking turns, so the medians of ratios are the figures to compare)."""
    out: dict[str, Any] = {}
    for name in OPERATIONS:
        out[name] = {"tool": runs[0][name]["tool"]} | {
            kind: {
                q: round(statistics.median(r[name][kind][q] for r in runs), 2)
                for q in ("calls_per_second", "p50_ms", "p99_ms")
            }
            for kind in SESSION_KINDS
        }
        out[name]["ratios"] = {
            kind: {
                q: round(statistics.median(r[name]["ratios"][kind][q] for r in runs), 2)
                for q in ("p50", "p99")
            }
            for kind in ("mcp", "mcp_post")
        }
    return out


def record(runs: list[dict[str, Any]], note: str | None) -> Path:
    """Keep ``runs`` and their medians as ``mcp_vs_http_measured`` in results/services.json."""
    path = RESULTS / "services.json"
    document = json.loads(path.read_text())
    document["mcp_vs_http_measured"] = {
        "at": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version()},
        **({"note": note} if note else {}),
        "medians": medians(runs),
        "runs": runs,
    }
    path.write_text(json.dumps(document, indent=2) + "\n")
    return path


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.mcp_latency", description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=10.0, help="of calls per side")
    parser.add_argument("--note", help="a remark kept with the recorded runs")
    args = parser.parse_args(argv)
    runs = []
    for number in range(args.runs):
        with tempfile.TemporaryDirectory(prefix="bench-mcp-") as workdir:
            runs.append(bench_mcp(Path(workdir), args.seconds))
        load = f"load average {runs[-1]['load_average_before']} -> {runs[-1]['load_average_after']}"
        print_table(f"run {number + 1} ({load})", report_rows(runs[-1]))
    print_table(f"medians of {args.runs} runs", report_rows(medians(runs)))
    print(f"\nwritten to {record(runs, args.note)}")


if __name__ == "__main__":
    main(sys.argv[1:])
