"""32 parallel writers on one service: no lost writes, no 5xx, consistent audit."""

from __future__ import annotations

import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.core.conftest import start_notes
from tests.helpers import ApiClient

pytestmark = pytest.mark.process  # parallel writers on a real server

WRITERS, WRITES_EACH = 32, 10


@pytest.mark.slow
def test_parallel_writers_lose_nothing(tmp_path: Path) -> None:
    process = start_notes(tmp_path, workers=2)
    try:
        token = ApiClient(process.url, "").login("alice", "alice-pass").http.headers

        def writer(n: int) -> list[int]:
            client = ApiClient(process.url, "")
            client.http.headers.update(token)
            return [
                client.post("/api/notes", json={"title": f"w{n}-{i}"}).status_code
                for i in range(WRITES_EACH)
            ]

        with ThreadPoolExecutor(WRITERS) as pool:
            statuses = [s for batch in pool.map(writer, range(WRITERS)) for s in batch]
    finally:
        process.stop()
    assert statuses == [201] * (WRITERS * WRITES_EACH)
    with sqlite3.connect(tmp_path / "notes.db") as conn:
        titles = {t for (t,) in conn.execute("SELECT title FROM notes")}
        ticks = [t for (t,) in conn.execute("SELECT id FROM _audit_requests ORDER BY id")]
        created = [c for (c,) in conn.execute("SELECT created_at FROM notes ORDER BY id")]
    assert titles == {"Buy milk"} | {
        f"w{n}-{i}" for n in range(WRITERS) for i in range(WRITES_EACH)
    }
    assert ticks == list(range(1, WRITERS * WRITES_EACH + 1))
    assert len(set(created)) == len(created)  # one clock tick per write, never shared
