"""How orders, products and bins are named in paths and bodies: ``PO-1001``, ``SO-2001``, a SKU
or bin code, each in one spelling (upper case, trimmed) whatever the caller typed."""

from __future__ import annotations


def po_code(order_id: int) -> str:
    return f"PO-{order_id}"


def so_code(order_id: int) -> str:
    return f"SO-{order_id}"


def canonical(key: str) -> str:
    """A code's one spelling: ``so-2001 `` is ``SO-2001``, ``tnt-2p`` is ``TNT-2P``."""
    return key.strip().upper()
