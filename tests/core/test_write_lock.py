"""Writers queue in the write lock before they ask SQLite for its lock: a thread or another
process that holds it makes the next writer wait, past the timeout with SQLite's own error,
and a transaction leaves the queue when it closes, committed or not."""

from __future__ import annotations

import hashlib
import os
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from mock_services.core.base.keys import admin_token_path
from mock_services.core.base.settings import Settings
from mock_services.core.base.write_lock import WriteLock
from mock_services.core.data.db import make_engine
from mock_services.core.data.transaction import Transaction
from mock_services.core.seeding.seed import build_service_db, install_db
from mock_services.core.serve.app import create_app
from mock_services.core.serve.seeding import TASK_SEED_CHECKS, seed_service
from mock_services.core.spec import api
from mock_services.core.web.authenticator import Authenticator
from mock_services.core.web.runtime import Runtime
from mock_services.registry import get_spec
from tests.helpers import seeded_credentials

HOLD_IN_ANOTHER_PROCESS = """
import sys, time
from pathlib import Path
from mock_services.core.base.write_lock import WriteLock
lock = WriteLock(Path(sys.argv[1]), 5)
lock.acquire()
print("held", flush=True)
sys.stdin.readline()
lock.release()
"""


def test_a_writer_of_another_thread_waits_and_times_out_as_sqlite_would(tmp_path: Path) -> None:
    lock = WriteLock(tmp_path / "db.writers.lock", 0.2)
    lock.acquire()
    failures: list[Exception] = []

    def second_writer() -> None:
        try:
            lock.acquire()
        except sqlite3.OperationalError as exc:
            failures.append(exc)

    waiter = threading.Thread(target=second_writer)
    waiter.start()
    waiter.join()
    assert len(failures) == 1 and "database is locked" in str(failures[0])
    lock.release()
    lock.acquire()  # free again once released
    lock.release()


def test_the_thread_that_holds_it_takes_it_again_and_others_wait_for_its_last_release(
    tmp_path: Path,
) -> None:
    """A world holds the writers from the agent's call to the event it fires, whose own write
    transaction, in the same thread, takes the lock again."""
    lock = WriteLock(tmp_path / "db.writers.lock", 0.2)
    lock.acquire()
    lock.acquire()  # would time out were it not reentrant
    lock.release()
    assert lock.held, "released once of twice: still held"
    outcome: list[str] = []

    def other_writer() -> None:
        try:
            WriteLock(tmp_path / "db.writers.lock", 0.2).acquire()
            outcome.append("got it")
        except sqlite3.OperationalError:
            outcome.append("waited")

    waiter = threading.Thread(target=other_writer)
    waiter.start()
    waiter.join()
    assert outcome == ["waited"], "another writer got the lock while a hold remained"
    lock.release()
    assert not lock.held
    lock.acquire()
    lock.release()


@pytest.mark.process  # a writer in another process
def test_a_writer_of_another_process_keeps_this_one_waiting(tmp_path: Path) -> None:
    path = tmp_path / "db.writers.lock"
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD_IN_ANOTHER_PROCESS, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        lock = WriteLock(path, 0.3)
        with pytest.raises(sqlite3.OperationalError, match="another process's writer"):
            lock.acquire()
        holder.communicate("\n", timeout=10)
        lock.acquire()
        lock.release()
    finally:
        holder.kill()


def test_a_transaction_leaves_the_queue_when_it_closes(tmp_path: Path) -> None:
    path = tmp_path / "x.db"
    sqlite3.connect(path).execute("CREATE TABLE t (x)").connection.close()
    engine = make_engine(path)
    lock = WriteLock(tmp_path / "x.writers.lock", 0.2)
    try:
        for commit in (True, False):
            tx = Transaction(engine, write=True, write_lock=lock)
            tx.raw.execute("INSERT INTO t VALUES (1)")
            if commit:
                tx.commit()
            tx.close()
            other = WriteLock(tmp_path / "x.writers.lock", 0.2)
            other.acquire()  # would time out if the closed transaction still held it
            other.release()
        rows = sqlite3.connect(path).execute("SELECT count(*) FROM t").fetchone()
        assert rows == (1,)  # the committed insert only
    finally:
        engine.dispose()


def test_a_write_makes_its_audit_entry_and_asks_for_its_caller_outside_the_queue(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write makes its audit entry (its body summarised) and asks who its caller is before
    it queues, on the connection its transaction then begins on (the lock is held for the
    change alone); the write is audited as before, a refused one too."""
    spec = get_spec("shop")
    settings = Settings(data_dir=tmp_path)
    seed_service(spec, spec.default_seed(), settings)
    app = create_app(spec, settings)
    lock = app.wsgi_app.runtime._write_lock  # type: ignore[attr-defined]
    held_during: list[tuple[str, str, bool]] = []
    authenticate, entry = Authenticator.authenticate, api.audit_entry

    def watched_authenticate(self: Authenticator, tx: Transaction, request: Any) -> Any:
        held_during.append(("authenticate", request.path, lock.held))
        return authenticate(self, tx, request)

    def watched_entry(request: Any) -> Any:
        held_during.append(("audit_entry", request.path, lock.held))
        return entry(request)

    monkeypatch.setattr(Authenticator, "authenticate", watched_authenticate)
    monkeypatch.setattr(api, "audit_entry", watched_entry)
    client = app.test_client()
    username, password = seeded_credentials(spec.default_seed())
    token = client.post("/api/auth/login", json={"username": username, "password": password})
    headers = {"Authorization": f"Bearer {token.get_json()['token']}"}
    line = client.get("/api/cart", headers=headers).get_json()["lines"][0]
    changed = client.patch(f"/api/cart/items/{line['id']}", json={"quantity": 2}, headers=headers)
    assert changed.status_code == 200, changed.get_json()
    path = f"/api/cart/items/{line['id']}"
    assert [(step, held) for step, at, held in held_during if at == path] == [
        ("audit_entry", False),
        ("authenticate", False),
    ]
    admin = {"X-Admin-Token": admin_token_path(settings).read_text().strip()}
    last = client.get("/admin/audit", headers=admin).get_json()[-1]
    assert (last["method"], last["body"], last["username"]) == ("PATCH", {"quantity": 2}, username)
    refused = client.patch("/api/cart/items/999999", json={"quantity": 2}, headers=headers)
    assert refused.status_code == 404, refused.get_json()
    assert [(step, held) for step, at, held in held_during if at == "/api/cart/items/999999"] == [
        ("audit_entry", False),
        ("authenticate", False),
        ("authenticate", False),  # again for the refused call's audit row, written after
    ]
    last = client.get("/admin/audit", headers=admin).get_json()[-1]
    assert (last["status"], last["username"]) == (404, username)


def test_a_write_whose_db_is_replaced_before_it_queues_asks_again_on_the_new_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The caller is asked before the writers' queue, on the connection the write then uses:
    if a seed replaces the DB file in between, the write starts again on the new file (its
    caller asked there too), and the old file gets nothing."""
    spec = get_spec("shop")
    settings = Settings(data_dir=tmp_path)
    seed_service(spec, spec.default_seed(), settings)
    app = create_app(spec, settings)
    client = app.test_client()
    username, password = seeded_credentials(spec.default_seed())
    token = client.post("/api/auth/login", json={"username": username, "password": password})
    headers = {"Authorization": f"Bearer {token.get_json()['token']}"}
    line = client.get("/api/cart", headers=headers).get_json()["lines"][0]
    live = settings.db_path("shop")
    old = [tmp_path / "old.db", tmp_path / "old.db-wal"]  # kept under second names to watch
    begin_write, authenticate = Runtime.begin_write, Authenticator.authenticate
    replaced: list[list[str]] = []
    asked: list[Any] = []

    def replaced_first(self: Runtime, tx: Transaction) -> bool:
        if not replaced:
            os.link(live, old[0])
            os.link(f"{live}-wal", old[1])
            built = build_service_db(spec, spec.default_seed(), settings, checks=TASK_SEED_CHECKS)
            install_db(built, settings, "shop")
            replaced.append(_fingerprint(old))
        return begin_write(self, tx)

    def counted(self: Authenticator, tx: Transaction, request: Any) -> Any:
        asked.append(request.path)
        return authenticate(self, tx, request)

    monkeypatch.setattr(Runtime, "begin_write", replaced_first)
    monkeypatch.setattr(Authenticator, "authenticate", counted)
    path = f"/api/cart/items/{line['id']}"
    changed = client.patch(path, json={"quantity": 2}, headers=headers)
    assert changed.status_code == 200, changed.get_json()
    assert asked == [path, path], "the caller was not asked again on the new file"
    assert _fingerprint(old) == replaced[0], "a write went into the replaced DB file"
    quantity = sqlite3.connect(live).execute(
        "SELECT quantity FROM cart_items WHERE id = ?", (line["id"],)
    )
    assert quantity.fetchone() == (2,)


def _fingerprint(paths: list[Path]) -> list[str]:
    return [hashlib.sha256(p.read_bytes()).hexdigest() if p.exists() else "-" for p in paths]
