"""Declarative fault injection, reproducible across workers and reset with the DB."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.core.conftest import start_notes
from tests.core.notes_service import DEFAULT_SEED
from tests.helpers import ApiClient, expect, expect_error

pytestmark = pytest.mark.process  # faults over real HTTP


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


def test_fault_answers_read_as_a_real_outage_and_the_audit_names_the_rule(tmp_path: Path) -> None:
    seed = {
        **DEFAULT_SEED,
        "faults": [
            {"route": "GET /api/notes", "first_n": 1, "status": 429, "retry_after": 3},
            {"route": "POST /api/notes", "first_n": 1, "delay_ms": 1},
            {"route": "POST /api/notes", "skip": 1, "first_n": 1, "status": 503},
            {"route": "DELETE /api/notes/*", "first_n": 1, "status": 504},
            {"route": "DELETE /api/notes/*", "first_n": 1, "status": 502, "message": "no"},
        ],
    }
    process = start_notes(tmp_path, seed)
    try:
        client = ApiClient(process.url, process.admin_token).login("alice", "alice-pass")
        said = {
            "429": expect_error(client.get("/api/notes"), 429, "rate_limited")["message"],
            "delayed": expect(client.post("/api/notes", json={"title": "x"}), 201),
            "503": expect_error(client.post("/api/notes", json={"title": "y"}), 503)["message"],
            "504": expect_error(client.delete("/api/notes/1"), 504)["message"],
            "502": expect_error(client.delete("/api/notes/1"), 502)["message"],
        }
        assert said["429"] == "Too many requests. Please slow down and retry after 3 seconds."
        assert said["503"] == "The service is temporarily unavailable. Please try again later."
        assert said["502"] == "no", "a seed's own message is kept"
        for text in (said["429"], said["503"], said["504"]):
            assert "inject" not in text.lower() and "fault" not in text.lower(), text
        faults = [(e["method"], e["status"], e["fault"]) for e in client.audit()]
        assert faults == [
            ("POST", 201, "faults[1]"),
            ("POST", 503, "faults[2]"),
            ("DELETE", 504, "faults[3]"),
            ("DELETE", 502, "faults[4]"),
        ], f"expected each audited call to name the rule that fired on it, got {faults}"
    finally:
        process.stop()
