"""``invoke bench services``' MCP part (``bench.mcp_latency``): every kind of session really
calls the read and the write tool (the writes land in the shop's audit log, marked by how they
came), and the figures and ratios are reported for each."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from bench import mcp_latency
from tests.conftest import running_service
from tests.helpers import ApiClient

pytestmark = [pytest.mark.slow, pytest.mark.process]  # runs a subprocess


def test_each_session_kind_calls_the_read_and_the_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(mcp_latency, "SESSIONS", 2)
    with running_service("shop", tmp_path, workers=2) as shop:
        # on a thread of its own: the session's Playwright keeps an event loop running on the
        # main thread, where the benchmark's asyncio.run would refuse to start
        with ThreadPoolExecutor(max_workers=1) as pool:
            results = pool.submit(mcp_latency.measure, shop.url, 0.5).result()
        audit = ApiClient(shop.url, shop.admin_token).audit()
    for name in ("read", "write"):
        for kind in ("http", "mcp", "mcp_post"):
            figures = results[name][kind]
            assert figures["calls"] > 0 and figures["p99_ms"] >= figures["p50_ms"] > 0, (name, kind)
        assert set(results[name]["ratios"]) == {"mcp", "mcp_post"}
    writes = {e["via"] for e in audit if e["path"] == "/api/profile" and e["status"] == 200}
    assert writes == {"http", "mcp"}
    rows = mcp_latency.report_rows(results)
    assert any(r[0] == "mcp / http latency: write" and "target <= 1.5x" in r[2] for r in rows)
