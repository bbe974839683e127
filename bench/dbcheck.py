"""Is a live service DB sound? SQLite's own ``integrity_check``, and the audit log against the
rows: no request may be half applied.

Every mutating request writes its rows and its audit entry (with each row's values after it) in
one transaction. So, read in one snapshot, each row a request touched must hold the values of
the last audit change to it (or be gone after a delete), and every other row must equal the
seed's. A request applied in part, or applied without its audit entry, breaks one of the two.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from sqlalchemy import inspect, select
from sqlalchemy.orm import Session

from mock_services.core.data.audit import row_values
from mock_services.core.data.db import AuditChange, make_engine, table_of
from mock_services.core.spec.service import ServiceSpec


class DbVerdict(BaseModel):
    integrity: str  # "ok", or SQLite's first complaint
    audited_requests: int
    checked_rows: int
    mismatches: int
    examples: list[str]  # "orders 12: holds {...}, the seed and the audit say {...}"

    @property
    def ok(self) -> bool:
        return self.integrity == "ok" and not self.mismatches


def integrity(path: Path) -> str:
    """``PRAGMA integrity_check``'s first line: "ok" for a sound file."""
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30) as conn:
        return conn.execute("PRAGMA integrity_check").fetchone()[0]


def _rows(session: Session, spec: ServiceSpec) -> dict[tuple[str, str], dict[str, Any]]:
    rows = {}
    for mapper in spec.base.registry.mappers:
        table = table_of(mapper.class_).name
        for obj in session.scalars(select(mapper.class_)):
            key = ",".join(str(part) for part in inspect(obj).identity)
            rows[(table, key)] = row_values(obj)
    return rows


def check_db(spec: ServiceSpec, live: Path, seed: Path) -> DbVerdict:
    """The verdict on ``live`` (read in one snapshot while the service may keep writing)."""
    first = integrity(live)
    engine, seed_engine = make_engine(live), make_engine(seed)
    try:
        with Session(engine) as session, Session(seed_engine) as seeded:
            # one transaction, so one snapshot, for every read below
            changes = session.execute(
                select(
                    AuditChange.table, AuditChange.row_id, AuditChange.action, AuditChange.after
                ).order_by(AuditChange.id)
            ).all()
            requests = (
                session.connection()
                .exec_driver_sql("SELECT count(*) FROM _audit_requests")
                .scalar_one()
            )
            rows, expected = _rows(session, spec), _rows(seeded, spec)
            session.rollback()
    finally:
        engine.dispose()
        seed_engine.dispose()
    for table, row_id, action, after in changes:  # a row's last change says what it holds
        if action == "delete":
            expected.pop((table, row_id), None)
        else:
            expected[(table, row_id)] = after
    mismatches = [
        f"{table} {row_id}: holds {rows.get((table, row_id))}, "
        f"the seed and the audit say {expected.get((table, row_id))}"
        for table, row_id in sorted(rows.keys() | expected.keys())
        if rows.get((table, row_id)) != expected.get((table, row_id))
    ]
    return DbVerdict(
        integrity=first,
        audited_requests=requests,
        checked_rows=len(rows),
        mismatches=len(mismatches),
        examples=mismatches[:3],
    )
