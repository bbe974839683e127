"""How orders, products and bins are named in paths and bodies: ``PO-1001``, ``SO-2001``, a SKU
or bin code, each in one spelling (upper case, trimmed) whatever the caller typed."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session


def po_code(order_id: int) -> str:
    return f"PO-{order_id}"


def so_code(order_id: int) -> str:
    return f"SO-{order_id}"


def canonical(key: str) -> str:
    """A code's one spelling: ``so-2001 `` is ``SO-2001``, ``tnt-2p`` is ``TNT-2P``."""
    return key.strip().upper()


def next_number(session: Session, model: Any, first: int) -> int:
    """The id, and so the code's number, of the next order of ``model``: one past the highest
    (a seed may pin any), ``first`` for the first one."""
    return max(first, (session.scalar(select(func.max(model.id))) or 0) + 1)
