"""How often a service's writes pay for a WAL checkpoint: an audited write puts three pages in
the WAL, so the service lets three thousand gather (a thousand writes, as SQLite's default gives
a plain app) before a commit copies them into the DB file."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from mock_services.core.data.db import WAL_CHECKPOINT_PAGES
from tests.helpers import expect
from tests.service_fixtures import serve

WRITES = 400
"""More than a thousand pages' worth (three each), fewer than the service's threshold."""


def _wal_frames(db: Path) -> int:
    """Frames in the WAL now (a passive checkpoint reports them, and copies them in)."""
    with sqlite3.connect(db) as conn:
        _busy, frames, _copied = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    return int(frames)


def test_four_hundred_audited_writes_pay_no_checkpoint(tmp_path: Path) -> None:
    with serve("shop", tmp_path) as shop:
        client = shop.client().login("alice", "alice-pass")
        cart = expect(client.post("/api/cart/items", json={"product_id": 1}), 201)
        line = cart["lines"][0]["id"]
        db = tmp_path / "shop.db"
        _wal_frames(db)  # the seed's and login's pages copied in: the WAL starts over
        for n in range(WRITES):
            expect(client.patch(f"/api/cart/items/{line}", json={"quantity": 1 + n % 2}), 200)
        frames = _wal_frames(db)
    assert 3 * WRITES - 10 <= frames < WAL_CHECKPOINT_PAGES, (
        f"expected the {WRITES} writes' ~{3 * WRITES} WAL frames still in the WAL (no checkpoint "
        f"before {WAL_CHECKPOINT_PAGES} pages), found {frames}"
    )
