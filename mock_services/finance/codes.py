"""How invoices are named: ``INV-0007`` is invoice 7."""

from __future__ import annotations


def invoice_code(invoice_id: int) -> str:
    return f"INV-{invoice_id:04d}"
