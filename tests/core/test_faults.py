"""Declarative fault injection, reproducible across workers and reset with the DB."""

from __future__ import annotations

import time
from pathlib import Path

from tests.core.conftest import start_notes
from tests.core.notes_service import DEFAULT_SEED
from tests.helpers import ApiClient, expect, expect_error


def test_first_calls_fail_with_retry_after_then_succeed(tmp_path: Path) -> None:
    seed = {
        **DEFAULT_SEED,
        "faults": [
            {"route": "POST /api/notes", "first_n": 2, "status": 503, "retry_after": 1},
            {"route": "GET /api/notes*", "skip": 1, "first_n": 1, "status": 429, "retry_after": 5},
        ],
    }
    process = start_notes(tmp_path, seed, workers=2)
    try:
        client = ApiClient(process.url, process.admin_token).login("alice", "alice-pass")
        statuses = []
        for _ in range(3):
            response = client.post("/api/notes", json={"title": "x"})
            statuses.append(response.status_code)
            if response.status_code == 503:
                assert response.headers["Retry-After"] == "1"
                assert expect_error(response, 503, "service_unavailable")
        assert statuses == [503, 503, 201]
        assert [client.get("/api/notes").status_code for _ in range(3)] == [200, 429, 200]
        expect(client.admin("POST", "/admin/reset"), 200)
        assert client.post("/api/notes", json={"title": "x"}).status_code == 503
        assert expect(client.get("/health"), 200)["status"] == "ok"  # health is never faulted
    finally:
        process.stop()


def test_slow_fault_delays_the_answer(tmp_path: Path) -> None:
    seed = {**DEFAULT_SEED, "faults": [{"route": "GET /api/notes", "delay_ms": 400}]}
    process = start_notes(tmp_path, seed)
    try:
        client = ApiClient(process.url, process.admin_token).login("alice", "alice-pass")
        started = time.monotonic()
        expect(client.get("/api/notes"), 200)
        assert time.monotonic() - started >= 0.4
    finally:
        process.stop()
