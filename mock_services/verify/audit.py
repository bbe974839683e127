"""The audit log of a service, read straight from its DB (read-only, as root in the container):
which request added, changed or removed which rows."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import create_engine
from sqlalchemy.orm import Session

from mock_services.core.admin import audit_page
from mock_services.core.schemas import AUDIT_PAGE_MAX, AuditEntry
from mock_services.verify.state import db_path


def audit_log(
    service: str, *, since: int = 0, limit: int | None = None, directory: Path | None = None
) -> list[AuditEntry]:
    """Every mutating request after ``since`` (refused ones too), oldest first, read page by
    page; ``limit`` keeps only the first that many."""
    path = db_path(service, directory=directory)
    if not path.exists():
        raise FileNotFoundError(f"{path}: no such DB; is MOCK_DATA_DIR right?")
    engine = create_engine(f"sqlite:///file:{path}?mode=ro&uri=true")
    entries: list[AuditEntry] = []
    try:
        with Session(engine) as session:
            next_since: int | None = since
            while next_since is not None and (limit is None or len(entries) < limit):
                page = audit_page(session, next_since, AUDIT_PAGE_MAX)
                entries += page.entries
                next_since = page.next_since
    finally:
        engine.dispose()
    return entries if limit is None else entries[:limit]


def calls(
    service: str, method: str | None = None, path_prefix: str = "", **kwargs
) -> list[AuditEntry]:
    """Audit entries by HTTP method and path prefix: ``calls("shop", "POST", "/api/orders")``."""
    return [
        entry
        for entry in audit_log(service, **kwargs)
        if (method is None or entry.method == method) and entry.path.startswith(path_prefix)
    ]
