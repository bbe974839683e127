"""Live services for the MCP tests, and real MCP clients (the official SDK's) on both transports:
``streamable-http`` to the service's ``/mcp``, ``stdio`` through ``mock-services mcp``."""

from __future__ import annotations

import asyncio
import sqlite3
import sys
from collections.abc import Awaitable, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from typing import Any

import pytest
from mcp import Client, StdioServerParameters

from mock_services.core.serve.process import ServiceProcess
from tests.airline.conftest import test_seed as airline_test_seed
from tests.conftest import running_service
from tests.helpers import ApiClient, expect

TRANSPORTS = ("streamable-http", "stdio")
SEEDS: dict[str, Callable[[], dict[str, Any] | None]] = {
    "shop": lambda: None,
    "airline": airline_test_seed,
    "email": lambda: None,
    "calendar": lambda: None,
}


def mcp_client(process: ServiceProcess, transport: str) -> Client:
    """An MCP client of ``process`` over ``transport`` (enter it with ``async with``)."""
    if transport == "stdio":
        bridge = ["-m", "mock_services.cli", "mcp", process.service, "--url", process.url + "/mcp"]
        return Client(StdioServerParameters(command=sys.executable, args=bridge))
    return Client(process.url + "/mcp")


def run_session(
    process: ServiceProcess, transport: str, steps: Callable[[Client], Awaitable[Any]]
) -> Any:
    """Run ``steps`` in one MCP session and return what it returns, on a thread of its own:
    the session's Playwright (the ``browser`` fixture) keeps an event loop running on the main
    thread, where ``asyncio.run`` would refuse to start."""

    async def main() -> Any:
        async with mcp_client(process, transport) as client:
            return await steps(client)

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, main()).result()


@pytest.fixture(scope="package")
def services(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, ServiceProcess]]:
    """The four services, each seeded (airline with its tests' seed) and serving."""
    with ExitStack() as stack:
        yield {
            name: stack.enter_context(
                running_service(name, tmp_path_factory.mktemp(name), seed(), workers=2)
            )
            for name, seed in SEEDS.items()
        }


@pytest.fixture
def service(services: dict[str, ServiceProcess]) -> Callable[[str], ServiceProcess]:
    """``service("shop")``: that service, reset to its seed."""

    def get(name: str) -> ServiceProcess:
        process = services[name]
        expect(ApiClient(process.url, process.admin_token).admin("POST", "/admin/reset"), 200)
        return process

    return get


def db_rows(process: ServiceProcess, sql: str) -> list[tuple]:
    """A read-only query on the served DB, as a verifier runs it."""
    path = process.data_dir / f"{process.service}.db"
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        return db.execute(sql).fetchall()


def audit(process: ServiceProcess) -> list[dict[str, Any]]:
    return ApiClient(process.url, process.admin_token).audit()
