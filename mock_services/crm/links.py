"""What points at a record: the rows of other tables naming it, moved to another record (a
merge) or cleared (a delete) in one place, each through the ORM so the audit log sees it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session


def relink(
    session: Session, models: Iterable[type[Any]], column: str, old: int, new: int | None
) -> None:
    """Every row of ``models`` whose ``column`` is ``old`` gets ``new`` (None: no link)."""
    for model in models:
        for row in session.scalars(select(model).where(getattr(model, column) == old)):
            setattr(row, column, new)
    session.flush()
