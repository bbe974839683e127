"""How often a service's writes pay for a WAL checkpoint: an audited write puts two pages in the
WAL (its row's and its audit row's, which holds its changes), and the service lets three
thousand gather (1,500 writes; SQLite's default gives a plain app a thousand) before a commit
copies them into the DB file."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from mock_services.core.data.db import WAL_CHECKPOINT_PAGES
from tests.helpers import expect
from tests.service_fixtures import serve

WRITES = 400
"""Some 800 pages' worth (two each), fewer than the service's threshold."""


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
    # two a write, and now and then a page the audit table's growth adds (872 for 400 writes)
    assert 2 * WRITES - 10 <= frames < 2.5 * WRITES < WAL_CHECKPOINT_PAGES, (
        f"expected the {WRITES} writes' ~{2 * WRITES} WAL frames (two a write: its row's and its "
        f"audit row's, which holds its changes) still in the WAL (no checkpoint before "
        f"{WAL_CHECKPOINT_PAGES} pages), found {frames}"
    )
