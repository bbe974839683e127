"""Writers queue in the write lock before they ask SQLite for its lock: a thread or another
process that holds it makes the next writer wait, past the timeout with SQLite's own error,
and a transaction leaves the queue when it closes, committed or not."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from mock_services.core.db import make_engine
from mock_services.core.transaction import Transaction
from mock_services.core.write_lock import WriteLock

HOLD_IN_ANOTHER_PROCESS = """
import sys, time
from pathlib import Path
from mock_services.core.write_lock import WriteLock
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
