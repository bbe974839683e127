"""The reliability benchmark's DB check (``bench.dbcheck``) passes a DB whose rows the audit
log explains, and names the row of a change made without its audit entry."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bench.dbcheck import check_db
from mock_services.core.data.audit_ids import change_ids
from mock_services.core.serve.app import create_app
from mock_services.registry import get_spec
from tests.conftest import seed_dir


def _shop_after_a_checkout(data_dir: Path) -> None:
    client = create_app(get_spec("shop"), seed_dir(data_dir, "shop")).test_client()
    login = client.post("/api/auth/login", json={"username": "alice", "password": "alice-pass"})
    headers = {"Authorization": f"Bearer {login.get_json()['token']}"}
    added = client.post("/api/cart/items", json={"product_id": 3, "quantity": 2}, headers=headers)
    assert added.status_code == 201
    body = {"address_id": 1, "payment_method_id": 1}
    assert client.post("/api/checkout", json=body, headers=headers).status_code == 201


def test_rows_explained_by_the_seed_and_the_audit_log_pass(tmp_path: Path) -> None:
    _shop_after_a_checkout(tmp_path)
    verdict = check_db(get_spec("shop"), tmp_path / "shop.db", tmp_path / "shop.seed.db")
    assert verdict.ok and verdict.integrity == "ok"
    assert verdict.audited_requests == 2 and verdict.checked_rows > 100


def test_a_change_without_its_audit_entry_is_named(tmp_path: Path) -> None:
    _shop_after_a_checkout(tmp_path)
    with sqlite3.connect(tmp_path / "shop.db") as conn:
        conn.execute("UPDATE products SET stock = stock - 1 WHERE id = 7")  # half of a request
    verdict = check_db(get_spec("shop"), tmp_path / "shop.db", tmp_path / "shop.seed.db")
    assert not verdict.ok and verdict.mismatches == 1
    assert verdict.examples[0].startswith("products 7: holds {")


def test_a_lost_audit_change_is_found(tmp_path: Path) -> None:
    _shop_after_a_checkout(tmp_path)
    with sqlite3.connect(tmp_path / "shop.db") as conn:
        request_id, change_id = conn.execute(
            "SELECT request_id, max(id) FROM _audit_changes WHERE table_name = 'orders'"
        ).fetchone()
        place = change_id - change_ids(request_id)[0]  # its place in its request's changes
        conn.execute(
            "UPDATE _audit_requests SET changes = json_remove(changes, ?) WHERE id = ?",
            (f"$[{place}]", request_id),
        )
    verdict = check_db(get_spec("shop"), tmp_path / "shop.db", tmp_path / "shop.seed.db")
    assert not verdict.ok and any(e.startswith("orders ") for e in verdict.examples)
