"""The audit log of a service, read straight from its DB (read-only, as root in the container):
which request added, changed or removed which rows."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import create_engine
from sqlalchemy.orm import Session

from mock_services.core.admin import audit_entries
from mock_services.core.schemas import AuditEntry
from mock_services.verify.state import db_path


def audit_log(
    service: str, *, since: int = 0, limit: int = 10_000, directory: Path | None = None
) -> list[AuditEntry]:
    """Every mutating request after ``since`` (refused ones too), oldest first."""
    path = db_path(service, directory=directory)
    if not path.exists():
        raise FileNotFoundError(f"{path}: no such DB; is MOCK_DATA_DIR right?")
    engine = create_engine(f"sqlite:///file:{path}?mode=ro&uri=true")
    try:
        with Session(engine) as session:
            return audit_entries(session, since, limit)
    finally:
        engine.dispose()


def calls(
    service: str, method: str | None = None, path_prefix: str = "", **kwargs
) -> list[AuditEntry]:
    """Audit entries by HTTP method and path prefix: ``calls("shop", "POST", "/api/orders")``."""
    return [
        entry
        for entry in audit_log(service, **kwargs)
        if (method is None or entry.method == method) and entry.path.startswith(path_prefix)
    ]
