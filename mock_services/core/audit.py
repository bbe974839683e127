"""The audit log: which request added, changed or removed which rows.

Changes are captured from the ORM unit of work, so a handler must mutate rows through mapped
objects (``session.add``, attribute assignment, ``session.delete``), never bulk ``UPDATE``.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from enum import Enum
from typing import Any

from sqlalchemy import event, inspect
from sqlalchemy.orm import Session

from mock_services.core.db import AuditChange, CoreBase

_CHANGES_KEY = "audit_changes"


def _plain(value: Any) -> Any:
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, Enum):
        return value.value
    return value


def row_values(obj: Any) -> dict[str, Any]:
    """The column values of a mapped object, JSON-ready."""
    state = inspect(obj)
    return {attr.key: _plain(getattr(obj, attr.key)) for attr in state.mapper.column_attrs}


def _before_values(obj: Any) -> dict[str, Any]:
    state = inspect(obj)
    values = {}
    for attr in state.mapper.column_attrs:
        history = state.attrs[attr.key].history
        old = history.deleted[0] if history.deleted else getattr(obj, attr.key)
        values[attr.key] = _plain(old)
    return values


def _primary_key(obj: Any) -> str:
    identity = inspect(obj).identity or inspect(obj).mapper.primary_key_from_instance(obj)
    return ",".join(str(part) for part in identity)


def _tracked(obj: Any) -> bool:
    return not isinstance(obj, CoreBase)


def _capture(session: Session, _flush_context: Any) -> None:
    if not session.info.get("audit_request_id"):
        return
    changes = session.info.setdefault(_CHANGES_KEY, [])
    for obj in session.new:
        if _tracked(obj):
            changes.append(
                (
                    inspect(obj).mapper.local_table.name,
                    _primary_key(obj),
                    "insert",
                    None,
                    row_values(obj),
                )
            )
    for obj in session.dirty:
        if _tracked(obj) and session.is_modified(obj, include_collections=False):
            before, after = _before_values(obj), row_values(obj)
            if before != after:
                changes.append(
                    (
                        inspect(obj).mapper.local_table.name,
                        _primary_key(obj),
                        "update",
                        before,
                        after,
                    )
                )
    for obj in session.deleted:
        if _tracked(obj):
            changes.append(
                (
                    inspect(obj).mapper.local_table.name,
                    _primary_key(obj),
                    "delete",
                    row_values(obj),
                    None,
                )
            )


def install_audit(session: Session) -> None:
    """Record every ORM change made in ``session`` against its current audit request."""
    event.listen(session, "after_flush", _capture)


def write_changes(session: Session) -> int:
    """Turn the changes captured so far into ``_audit_changes`` rows; returns how many."""
    session.flush()
    request_id = session.info["audit_request_id"]
    changes = session.info.pop(_CHANGES_KEY, [])
    merged: dict[tuple[str, str], list[Any]] = {}
    for table, row_id, action, before, after in changes:
        key = (table, row_id)
        if key not in merged:
            merged[key] = [action, before, after]
            continue
        entry = merged[key]  # several flushes touched one row: keep first "before", last "after"
        entry[0] = "insert" if entry[0] == "insert" else action
        entry[2] = after
    for (table, row_id), (action, before, after) in merged.items():
        if action == "insert" and after is None:
            continue  # added and removed within one request
        session.add(
            AuditChange(
                request_id=request_id,
                table=table,
                row_id=row_id,
                action=action,
                before=before,
                after=after,
            )
        )
    return len(merged)
