"""World events on a real server with two workers: an occurrence fires once, whichever worker
sees it due first, however many requests race for it."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from mock_services.core.serve.process import ServiceProcess, free_port
from tests.core.conftest import NOTES_REF
from tests.core.test_world_events import event, seed_world
from tests.helpers import ApiClient, expect

pytestmark = pytest.mark.process  # a real server with two workers


def test_racing_requests_fire_each_occurrence_once(tmp_path: Path) -> None:
    seed_world(tmp_path, [event("now", {"at": "-1m"}, repeat={"times": 2, "every": "1s"})])
    process = ServiceProcess(NOTES_REF, free_port(), tmp_path, workers=2).start()
    try:
        client = ApiClient(process.url, process.admin_token).login("alice", "alice-pass")
        expect(client.admin("POST", "/admin/world/start"), 200)
        with ThreadPoolExecutor(8) as pool:
            statuses = list(pool.map(lambda _: client.get("/api/notes").status_code, range(32)))
        assert statuses == [200] * 32
        fired = [e["event"] for e in client.audit() if e["via"] == "world"]
        assert fired == ["now", "now"], f"each occurrence once, got {fired}"
        titles = [n["title"] for n in expect(client.get("/api/notes"), 200)["items"]]
        assert titles.count("from now") == 2
    finally:
        process.stop()
